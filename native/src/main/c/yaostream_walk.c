/* The free-XOR schemes over whole ranges of a circuit, free gates included (JustGarble-style: the per-gate work is
 * a few vector instructions, so garbling runs near the speed of AES): half-gates and GRR3, each with either hash. The
 * formulas are those of core's HalfGates and Grr3; the Java kernel's JavaFreeXorWalk does the same and the two
 * must agree bit for bit. */
#include "yaostream_aes.h"
#include "yaostream_gates.h"
#include "yaostream_kernel.h"
#include "yaostream_sigma.h"
#include "yaostream_vaes512.h"

#include <immintrin.h>
#include <string.h>

/* AND gates hashed together on the 128-bit path: enough blocks in flight to pipeline AES (4 per garbled gate). */
enum { GROUP = 16 };

/* What a walk works on: the hash, the label array (one block per slot), Δ for the garbler (a negation XORs it
 * in) or zero for the evaluator, the tables (written by the garbler, read by the evaluator), and the fixed
 * key's round keys. */
typedef struct {
    int hash;
    int per_and; /* table blocks per AND gate */
    uint8_t *labels;
    __m128i delta;
    uint8_t *tables_out;
    const uint8_t *tables_in;
    /* NULL, or the gate index of each record (pieces in lockstep, whose indices are not consecutive) */
    const uint64_t *lane_index;
    __m128i rk[11];
} ys_ctx;

/* The gate index of record `gate`, which is `seq` where records' indices run on consecutively. */
static inline uint64_t index_of(const ys_ctx *c, int32_t gate, uint64_t seq) {
    return c->lane_index ? c->lane_index[gate] : seq;
}


/* The same forms as the qword-mask bits of lane 0 of a VAES register, for AND-type ops: bits 0-1 when alpha (the
 * left label is shifted by Δ), 8-9 for beta (right), 16-17 for gamma (output); shifted left by 2l for lane l. */
#define LANE_MASK(form) (((form) & 1 ? 3u : 0u) | ((form) & 2 ? 3u << 8 : 0u) | ((form) & 4 ? 3u << 16 : 0u))
#define LANE_ENTRY(op, form) [op] = ((form) & IS_AND ? LANE_MASK(form) : 0u),
static const uint32_t LANE_MASKS[19] = {GATE_FORMS(LANE_ENTRY)};

static inline __m128i load(const uint8_t *labels, int32_t slot) {
    return _mm_loadu_si128((const __m128i *) (labels + 16 * (size_t) slot));
}

/* The block at a byte offset. */
static inline __m128i load_at(const uint8_t *labels, uint64_t offset) {
    return _mm_loadu_si128((const __m128i *) (labels + offset));
}

static inline void store(uint8_t *labels, int32_t slot, __m128i v) {
    _mm_storeu_si128((__m128i *) (labels + 16 * (size_t) slot), v);
}

/* All ones when bit 0 of x (the colour) is set, else zero. */
static inline __m128i colour_mask(__m128i x) {
    return _mm_set1_epi64x(-(long long) (_mm_cvtsi128_si64(x) & 1));
}

/* The tweak block (t, domain 0). */
static inline __m128i tweak(uint64_t t) {
    return _mm_set_epi64x(0, (long long) t);
}

/* TMMO, pi(pi(x) ^ t) ^ pi(x), on the 128-bit path: eight blocks at a time through both passes in registers (eight
 * aesenc in flight, the first pass's outputs kept for the feed-forward), the last few one at a time. */
static void tmmo_blocks(const __m128i *rk, const __m128i *keys, const __m128i *tweaks, __m128i *out, size_t n) {
    size_t i = 0;
    for (; i + 8 <= n; i += 8) {
        __m128i x[8], p[8];
        for (int j = 0; j < 8; j++) {
            x[j] = keys[i + (size_t) j];
        }
        encrypt8(rk, x);
        for (int j = 0; j < 8; j++) {
            p[j] = x[j];
            x[j] = _mm_xor_si128(p[j], tweaks[i + (size_t) j]);
        }
        encrypt8(rk, x);
        for (int j = 0; j < 8; j++) {
            out[i + (size_t) j] = _mm_xor_si128(x[j], p[j]);
        }
    }
    for (; i < n; i++) {
        __m128i p = encrypt1(rk, keys[i]);
        out[i] = _mm_xor_si128(encrypt1(rk, _mm_xor_si128(p, tweaks[i])), p);
    }
}

/* out[i] = H(keys[i], tweak(t[i])), where the one-call hash's inputs already hold sigma(key) ^ tweak and sig the
 * sigmas, and TMMO's (and the keyed hash's) hold the tweaks. */
static void hash_blocks(const ys_ctx *c, const __m128i *keys, __m128i *in, __m128i *sig, __m128i *out, size_t n) {
    int hash = c->hash;
    if (hash == YS_HASH_KEYED) {
        ys_multi_key_encrypt((const uint8_t *) keys, (const uint8_t *) in, (uint8_t *) out, n);
        return;
    }
    if (hash == YS_HASH_TMMO) {
        tmmo_blocks(c->rk, keys, in, out, n);
        return;
    }
    ys_fixed_key_encrypt((const uint8_t *) in, (uint8_t *) out, n);
    for (size_t i = 0; i < n; i++) {
        out[i] = _mm_xor_si128(out[i], sig[i]);
    }
}

/* The AES input of label x under tweak t for the hash in use (keyed: the tweak block, the key is x itself; TMMO: the
 * tweak block, XORed with pi(x) once that is known). */
static inline __m128i hash_input(int hash, __m128i x, __m128i t, __m128i *sig) {
    if (hash == YS_HASH_KEYED || hash == YS_HASH_TMMO) {
        return t;
    }
    *sig = sigma(x);
    return _mm_xor_si128(*sig, t);
}

/* The 128-bit path, any hash: gates first..first+n-1 (n <= GROUP), independent AND gates; their tables to out. */
static void garble_group(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index, __m128i *out) {
    __m128i keys[4 * GROUP], in[4 * GROUP], sig[4 * GROUP], h[4 * GROUP];
    int gamma[GROUP];
    __m128i delta = c->delta;
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        int form = FORM[r[0]];
        __m128i a0 = _mm_xor_si128(load(c->labels, r[1]), (form & 1) ? delta : _mm_setzero_si128());
        __m128i b0 = _mm_xor_si128(load(c->labels, r[2]), (form & 2) ? delta : _mm_setzero_si128());
        gamma[k] = (form >> 2) & 1;
        uint64_t j = 2 * index_of(c, first + k, index + (uint64_t) k);
        __m128i ta = tweak(j), tb = tweak(j + 1);
        keys[4 * k] = a0;
        keys[4 * k + 1] = _mm_xor_si128(a0, delta);
        keys[4 * k + 2] = b0;
        keys[4 * k + 3] = _mm_xor_si128(b0, delta);
        in[4 * k] = hash_input(c->hash, keys[4 * k], ta, &sig[4 * k]);
        in[4 * k + 1] = hash_input(c->hash, keys[4 * k + 1], ta, &sig[4 * k + 1]);
        in[4 * k + 2] = hash_input(c->hash, keys[4 * k + 2], tb, &sig[4 * k + 2]);
        in[4 * k + 3] = hash_input(c->hash, keys[4 * k + 3], tb, &sig[4 * k + 3]);
    }
    hash_blocks(c, keys, in, sig, h, 4 * (size_t) n);
    for (int k = 0; k < n; k++) {
        const __m128i *hk = h + 4 * k;
        __m128i a0 = keys[4 * k];
        __m128i pa = colour_mask(a0);
        __m128i pb = colour_mask(keys[4 * k + 2]);
        __m128i tg = _mm_xor_si128(_mm_xor_si128(hk[0], hk[1]), _mm_and_si128(pb, delta));
        __m128i wg = _mm_xor_si128(hk[0], _mm_and_si128(pa, tg));
        __m128i te = _mm_xor_si128(_mm_xor_si128(hk[2], hk[3]), a0);
        __m128i we = _mm_xor_si128(hk[2], _mm_and_si128(pb, _mm_xor_si128(te, a0)));
        __m128i c0 = _mm_xor_si128(_mm_xor_si128(wg, we), gamma[k] ? delta : _mm_setzero_si128());
        store(c->labels, records[YS_GATE_STRIDE * (size_t) (first + k) + 3], c0);
        _mm_storeu_si128(out + 2 * k, tg);
        _mm_storeu_si128(out + 2 * k + 1, te);
    }
}

/* The evaluator's side of garble_group, reading the tables from tab. */
static void evaluate_group(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                           const __m128i *tab) {
    __m128i keys[2 * GROUP], in[2 * GROUP], sig[2 * GROUP], h[2 * GROUP];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        uint64_t j = 2 * index_of(c, first + k, index + (uint64_t) k);
        keys[2 * k] = load(c->labels, r[1]);
        keys[2 * k + 1] = load(c->labels, r[2]);
        in[2 * k] = hash_input(c->hash, keys[2 * k], tweak(j), &sig[2 * k]);
        in[2 * k + 1] = hash_input(c->hash, keys[2 * k + 1], tweak(j + 1), &sig[2 * k + 1]);
    }
    hash_blocks(c, keys, in, sig, h, 2 * (size_t) n);
    for (int k = 0; k < n; k++) {
        __m128i a = keys[2 * k];
        __m128i sa = colour_mask(a);
        __m128i sb = colour_mask(keys[2 * k + 1]);
        __m128i tg = _mm_loadu_si128(tab + 2 * k);
        __m128i te = _mm_loadu_si128(tab + 2 * k + 1);
        __m128i v = _mm_xor_si128(_mm_xor_si128(h[2 * k], _mm_and_si128(sa, tg)),
                                  _mm_xor_si128(h[2 * k + 1], _mm_and_si128(sb, _mm_xor_si128(te, a))));
        store(c->labels, records[YS_GATE_STRIDE * (size_t) (first + k) + 3], v);
    }
}

/* n independent AND gates from the walk's gate, tables from block `at` of the table buffer: 128-bit path. */
static void garble_ands(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n, size_t at) {
    for (int32_t k = 0; k < n; k += GROUP) {
        int m = n - k < GROUP ? (int) (n - k) : GROUP;
        garble_group(c, records, first + k, m, index + (uint64_t) k, (__m128i *) c->tables_out + at + 2 * (size_t) k);
    }
}

static void evaluate_ands(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n, size_t at) {
    for (int32_t k = 0; k < n; k += GROUP) {
        int m = n - k < GROUP ? (int) (n - k) : GROUP;
        evaluate_group(c, records, first + k, m, index + (uint64_t) k,
                       (const __m128i *) c->tables_in + at + 2 * (size_t) k);
    }
}

/* ---- VAES-512 path, every hash: four gates per register, everything in registers ---- */
/* The fixed-key path is compiled without AVX-512BW: with it, gcc cuts the gates' lane masks with mask-register
 * shifts on the shuffle port, and garbling ran ~15% slower. Only the keyed path's key schedule needs BW. */
#define YS_VAES __attribute__((target("avx512f,vaes")))
#define YS_VAES_BW __attribute__((target("avx512f,avx512bw,vaes")))

/* Lane k (k < 4) gets block x[k]. */
YS_VAES static inline __m512i quad(__m128i x0, __m128i x1, __m128i x2, __m128i x3) {
    __m256i lo = _mm256_inserti128_si256(_mm256_castsi128_si256(x0), x1, 1);
    __m256i hi = _mm256_inserti128_si256(_mm256_castsi128_si256(x2), x3, 1);
    return _mm512_inserti64x4(_mm512_castsi256_si512(lo), hi, 1);
}

/* Both qword bits of every lane whose block has colour 1. */
YS_VAES static inline __mmask8 colours4(__m512i x) {
    __mmask8 m = _mm512_test_epi64_mask(x, _mm512_set_epi64(0, 1, 0, 1, 0, 1, 0, 1));
    return (__mmask8) (m | m << 1);
}

/* x ^ y ^ z in one instruction (vpternlogq with the truth table of three-way XOR). */
#define XOR3(x, y, z) _mm512_ternarylogic_epi64((x), (y), (z), 0x96)

/* Tweak blocks (t, 0), (t + 2, 0), (t + 4, 0), (t + 6, 0): gate indices 2j of four consecutive gates. */
YS_VAES static inline __m512i tweaks4(uint64_t t) {
    return _mm512_add_epi64(_mm512_maskz_set1_epi64(0x55, (long long) t), _mm512_set_epi64(0, 6, 0, 4, 0, 2, 0, 0));
}

/* Rounds 1 to 10 of fixed-key AES on Z registers together (Z * 4 blocks in flight); round 0's key XOR is folded
 * into the inputs, which are built with three-way XORs anyway. */
#define AES_ROUNDS(k, x, Z)                                              \
    do {                                                                 \
        for (int r_ = 1; r_ < 10; r_++)                                  \
            for (int j_ = 0; j_ < (Z); j_++) (x)[j_] = _mm512_aesenc_epi128((x)[j_], (k)[r_]); \
        for (int j_ = 0; j_ < (Z); j_++) (x)[j_] = _mm512_aesenclast_epi128((x)[j_], (k)[10]); \
    } while (0)


/* Records of the four gates of quad q of a group of n gates from first; past n, gate first again (its
 * results are not stored). */
static inline const int32_t *gate_of(const int32_t *records, int32_t first, int n, int k) {
    return records + YS_GATE_STRIDE * (size_t) (first + (k < n ? k : 0));
}

/* The colour (bit 0) of the label in a slot, as both qword bits of lane l of a mask. The garbler reads colours
 * with byte loads rather than with colours4: a vector test and mask shifts take the two ports that AES and the
 * lane shuffles need, while loads and scalar arithmetic have ports to spare (measured ~9% faster). The evaluator,
 * with half the AES per gate, was faster with colours4. */
static inline uint32_t colour_bits(const uint8_t *labels, int32_t slot, int l) {
    return (uint32_t) (labels[16 * (size_t) slot] & 1) * 3u << (2 * l);
}

/* Stores lanes 0..v-1 of x as the labels of the out slots of gates first.. (v <= 4). Through memory rather
 * than lane extracts: the shuffle port is the one the rest of the gate logic needs (measured ~20% faster). */
YS_VAES static inline void store_outputs(uint8_t *labels, const int32_t *records, int32_t first, int v, __m512i x) {
    __m512i lanes[1];
    _mm512_store_si512(lanes, x);
    const __m128i *lane = (const __m128i *) lanes;
    for (int l = 0; l < v; l++) {
        store(labels, records[YS_GATE_STRIDE * (size_t) (first + l) + 3], _mm_load_si128(lane + l));
    }
}

/* Qword mask of the first g blocks of a register (g clamped to 0..4). */
static inline __mmask8 first_blocks(int g) {
    return (__mmask8) (((1u << (2 * (g < 0 ? 0 : g > 4 ? 4 : g))) - 1) & 0xff);
}

/* The most quads a VAES-512 step takes. Steps size their arrays by it rather than by their Q: arrays sized by a
 * parameter are variable-length to gcc even when inlined with a constant, and it kept them on a stack it adjusted
 * every step (~7% of garbling). */
enum { MAX_QUADS = 4 };

/* Round keys, Δ and the constants of the AES inputs broadcast to every lane, once per run. sigma is linear, so
 * sigma(A1) = sigma(A0) ^ sigma(Δ); the evaluator's tweak 2j + 1 is 2j ^ 1. */
typedef struct {
    __m512i k[11];
    __m512i d;
    __m512i sd;          /* sigma(Δ) */
    __m512i k0_sd;       /* round key 0 ^ sigma(Δ) */
    __m512i k0_one;      /* round key 0 ^ (1, 0) */
    __m512i k0_one_sd;   /* round key 0 ^ (1, 0) ^ sigma(Δ) */
    __m512i k0_d;        /* round key 0 ^ Δ (TMMO's first pass over A1, B1) */
    __m512i one;         /* (1, 0) */
    __m512i eight;       /* (8, 0): four gates on, in tweak units */
    __mmask8 d_colour;   /* 0xff when Δ has colour 1 (then A0 has the colour of A ^ αΔ flipped by α), else 0 */
    const uint64_t *li;  /* the walk's lane_index */
} ys_wide;

/* Tweak blocks of gates first + k0 .. first + k0 + 3 (of m; past m, gate first) from their indices in li. */
YS_VAES static inline __m512i lane_tweaks4(const uint64_t *li, int32_t first, int m, int k0) {
    uint64_t t[4];
    for (int l = 0; l < 4; l++) {
        t[l] = 2 * li[first + (k0 + l < m ? k0 + l : 0)];
    }
    return _mm512_set_epi64(0, (long long) t[3], 0, (long long) t[2], 0, (long long) t[1], 0, (long long) t[0]);
}

YS_VAES static inline void widen(const ys_ctx *c, ys_wide *z) {
    for (int r = 0; r < 11; r++) z->k[r] = _mm512_broadcast_i32x4(c->rk[r]);
    z->d = _mm512_broadcast_i32x4(c->delta);
    z->sd = sigma4(z->d);
    z->one = _mm512_maskz_set1_epi64(0x55, 1);
    z->k0_sd = _mm512_xor_si512(z->k[0], z->sd);
    z->k0_one = _mm512_xor_si512(z->k[0], z->one);
    z->k0_one_sd = XOR3(z->k[0], z->one, z->sd);
    z->k0_d = _mm512_xor_si512(z->k[0], z->d);
    z->eight = _mm512_maskz_set1_epi64(0x55, 8);
    z->d_colour = (__mmask8) -(int) (_mm_cvtsi128_si64(c->delta) & 1);
    z->li = c->lane_index;
}

/* TMMO's two passes over the `per` * Q registers of a step, all in registers: x holds the labels XOR round key 0, a
 * quad's first per / 2 registers hash under its tweaks tk[q] (2j, XOR round key 0), the others under 2j + 1. On
 * return x[i] = pi(pi(L) ^ t) ^ pi(L). The first pass's outputs stay in registers for the feed-forward. */
YS_VAES __attribute__((always_inline)) static inline void tmmo_rounds(const ys_wide *z, __m512i *x, const __m512i *tk,
                                                                     const int Q, const int per) {
    __m512i p[4 * MAX_QUADS];
    AES_ROUNDS(z->k, x, per * Q);
    for (int q = 0; q < Q; q++) {
        for (int i = 0; i < per; i++) {
            int j = per * q + i;
            p[j] = x[j];
            x[j] = 2 * i < per ? _mm512_xor_si512(p[j], tk[q]) : XOR3(p[j], tk[q], z->one);
        }
    }
    AES_ROUNDS(z->k, x, per * Q);
    for (int j = 0; j < per * Q; j++) {
        x[j] = _mm512_xor_si512(x[j], p[j]);
    }
}

/* The hash of a step's AES inputs x, by `hash`: AES under the labels as keys (keyed; x holds the tweaks XOR the keys),
 * TMMO (tmmo_rounds), or the one-call form (x holds sigma(L) ^ t ^ round key 0; the caller XORs in the sigmas). */
#define STEP_HASH(hash, z, keys, tk, x, Q, per)          \
    do {                                                 \
        if ((hash) == YS_HASH_KEYED) {                   \
            YS_KEYED_ROUNDS(keys, x, (per) * (Q));       \
        } else if ((hash) == YS_HASH_TMMO) {             \
            tmmo_rounds(z, x, tk, Q, per);               \
        } else {                                         \
            AES_ROUNDS((z)->k, x, (per) * (Q));          \
        }                                                \
    } while (0)

/* Garbles m gates (m <= 4 * Q) from gate `first` with gate indices from `index`, tables to t: Q quads, so
 * 4 * Q registers of AES in flight. Inlined with Q constant so the registers stay registers. The formulas of
 * garble_group, regrouped so that most steps are one three-way XOR: with X the AES outputs of A0, A1, B0, B1,
 * TG = X0 ^ X1 ^ sigma(Δ) ^ pb Δ, TE = X2 ^ X3 ^ sigma(Δ) ^ A0 and
 * C0 = X0 ^ X2 ^ sigma(A0) ^ sigma(B0) ^ pa TG ^ pb (X2 ^ X3 ^ sigma(Δ)) ^ γΔ. Keyed and TMMO, X are the hashes
 * themselves and the sigma terms are 0. */
YS_VAES __attribute__((always_inline)) static inline void garble_step(const ys_wide *z, uint8_t *labels,
        const int32_t *records, int32_t first, int m, uint64_t index, uint8_t *t, const int Q, const int hash, const int lanes) {
    __m512i a0[MAX_QUADS], sab[MAX_QUADS], x[4 * MAX_QUADS], keys[4 * MAX_QUADS], tk[MAX_QUADS];
    __m512i sd = hash == YS_HASH_FIXED_KEY ? z->sd : _mm512_setzero_si512();
    __mmask8 pa[MAX_QUADS], pb[MAX_QUADS], gm[MAX_QUADS];
    __m512i tq = tweaks4(2 * index);
    for (int q = 0; q < Q; q++) {
        uint32_t masks = 0, ca = 0, cb = 0;
        __m128i la[4], lb[4];
        if (lanes) {
            tq = lane_tweaks4(z->li, first, m, 4 * q);
        }
        for (int l = 0; l < 4; l++) {
            const int32_t *r = gate_of(records, first, m, 4 * q + l);
            la[l] = load(labels, r[1]);
            lb[l] = load(labels, r[2]);
            ca |= colour_bits(labels, r[1], l);
            cb |= colour_bits(labels, r[2], l);
            masks |= LANE_MASKS[r[0]] << (2 * l);
        }
        __mmask8 am = (__mmask8) masks, bm = (__mmask8) (masks >> 8);
        gm[q] = (__mmask8) (masks >> 16);
        pa[q] = (__mmask8) (ca ^ (am & z->d_colour));
        pb[q] = (__mmask8) (cb ^ (bm & z->d_colour));
        a0[q] = quad(la[0], la[1], la[2], la[3]);
        __m512i b0 = quad(lb[0], lb[1], lb[2], lb[3]);
        a0[q] = _mm512_mask_xor_epi64(a0[q], am, a0[q], z->d);
        b0 = _mm512_mask_xor_epi64(b0, bm, b0, z->d);
        if (hash == YS_HASH_KEYED) { /* H(L, t) = AES_L(t): the keys are the labels, the inputs the tweaks */
            sab[q] = _mm512_setzero_si512();
            keys[4 * q] = a0[q];
            keys[4 * q + 1] = _mm512_xor_si512(a0[q], z->d);
            keys[4 * q + 2] = b0;
            keys[4 * q + 3] = _mm512_xor_si512(b0, z->d);
            x[4 * q] = _mm512_xor_si512(keys[4 * q], tq);
            x[4 * q + 1] = _mm512_xor_si512(keys[4 * q + 1], tq);
            x[4 * q + 2] = XOR3(keys[4 * q + 2], tq, z->one);
            x[4 * q + 3] = XOR3(keys[4 * q + 3], tq, z->one);
        } else if (hash == YS_HASH_TMMO) { /* the first pass's inputs are the labels; the tweaks come in the second */
            sab[q] = _mm512_setzero_si512();
            tk[q] = _mm512_xor_si512(tq, z->k[0]);
            x[4 * q] = _mm512_xor_si512(a0[q], z->k[0]);
            x[4 * q + 1] = _mm512_xor_si512(a0[q], z->k0_d);
            x[4 * q + 2] = _mm512_xor_si512(b0, z->k[0]);
            x[4 * q + 3] = _mm512_xor_si512(b0, z->k0_d);
        } else {
            __m512i sa = sigma4(a0[q]), sb = sigma4(b0);
            sab[q] = _mm512_xor_si512(sa, sb);
            x[4 * q] = XOR3(sa, tq, z->k[0]);
            x[4 * q + 1] = XOR3(sa, tq, z->k0_sd);
            x[4 * q + 2] = XOR3(sb, tq, z->k0_one);
            x[4 * q + 3] = XOR3(sb, tq, z->k0_one_sd);
        }
        tq = _mm512_add_epi64(tq, z->eight);
    }
    STEP_HASH(hash, z, keys, tk, x, Q, 4);
    for (int q = 0; q < Q; q++) {
        int v = m - 4 * q < 4 ? m - 4 * q : 4; /* gates of this quad */
        if (v <= 0) break;
        __m512i tg = XOR3(x[4 * q], x[4 * q + 1], sd);
        tg = _mm512_mask_xor_epi64(tg, pb[q], tg, z->d);
        __m512i hb = XOR3(x[4 * q + 2], x[4 * q + 3], sd);
        __m512i te = _mm512_xor_si512(hb, a0[q]);
        __m512i c0 = XOR3(x[4 * q], x[4 * q + 2], sab[q]);
        c0 = _mm512_mask_xor_epi64(c0, pa[q], c0, tg);
        c0 = _mm512_mask_xor_epi64(c0, pb[q], c0, hb);
        c0 = _mm512_mask_xor_epi64(c0, gm[q], c0, z->d);
        store_outputs(labels, records, first + 4 * q, v, c0);
        /* Per gate TG then TE: gates 0, 1 in one register, 2, 3 in the next. */
        uint8_t *tt = t + 16 * 8 * (size_t) q;
        __m512i lo = _mm512_permutex2var_epi64(tg, _mm512_set_epi64(11, 10, 3, 2, 9, 8, 1, 0), te);
        __m512i hi = _mm512_permutex2var_epi64(tg, _mm512_set_epi64(15, 14, 7, 6, 13, 12, 5, 4), te);
        _mm512_mask_storeu_epi64(tt, first_blocks(2 * v), lo);
        _mm512_mask_storeu_epi64(tt + 64, first_blocks(2 * (v - 2)), hi);
    }
}

/* The evaluator's step: m gates (m <= 4 * Q), tables read from t. C = X0 ^ X1 ^ sigma(A) ^ sigma(B) ^ sa TG ^
 * sb (TE ^ A), X the AES outputs of A and B (keyed and TMMO: their hashes, the sigma terms 0). */
YS_VAES __attribute__((always_inline)) static inline void evaluate_step(const ys_wide *z, uint8_t *labels,
        const int32_t *records, int32_t first, int m, uint64_t index, const uint8_t *t, const int Q, const int hash, const int lanes) {
    __m512i a[MAX_QUADS], sab[MAX_QUADS], x[2 * MAX_QUADS], keys[2 * MAX_QUADS], tk[MAX_QUADS];
    __mmask8 ca[MAX_QUADS], cb[MAX_QUADS];
    __m512i tq = tweaks4(2 * index);
    for (int q = 0; q < Q; q++) {
        __m128i la[4], lb[4];
        if (lanes) {
            tq = lane_tweaks4(z->li, first, m, 4 * q);
        }
        for (int l = 0; l < 4; l++) {
            const int32_t *r = gate_of(records, first, m, 4 * q + l);
            la[l] = load(labels, r[1]);
            lb[l] = load(labels, r[2]);
        }
        a[q] = quad(la[0], la[1], la[2], la[3]);
        __m512i bq = quad(lb[0], lb[1], lb[2], lb[3]);
        ca[q] = colours4(a[q]);
        cb[q] = colours4(bq);
        if (hash == YS_HASH_KEYED) {
            sab[q] = _mm512_setzero_si512();
            keys[2 * q] = a[q];
            keys[2 * q + 1] = bq;
            x[2 * q] = _mm512_xor_si512(a[q], tq);
            x[2 * q + 1] = XOR3(bq, tq, z->one);
        } else if (hash == YS_HASH_TMMO) {
            sab[q] = _mm512_setzero_si512();
            tk[q] = _mm512_xor_si512(tq, z->k[0]);
            x[2 * q] = _mm512_xor_si512(a[q], z->k[0]);
            x[2 * q + 1] = _mm512_xor_si512(bq, z->k[0]);
        } else {
            __m512i sa = sigma4(a[q]), sb = sigma4(bq);
            sab[q] = _mm512_xor_si512(sa, sb);
            x[2 * q] = XOR3(sa, tq, z->k[0]);
            x[2 * q + 1] = XOR3(sb, tq, z->k0_one);
        }
        tq = _mm512_add_epi64(tq, z->eight);
    }
    STEP_HASH(hash, z, keys, tk, x, Q, 2);
    for (int q = 0; q < Q; q++) {
        int v = m - 4 * q < 4 ? m - 4 * q : 4; /* gates of this quad */
        if (v <= 0) break;
        const uint8_t *tt = t + 16 * 8 * (size_t) q;
        __m512i lo = _mm512_maskz_loadu_epi64(first_blocks(2 * v), tt);
        __m512i hi = _mm512_maskz_loadu_epi64(first_blocks(2 * (v - 2)), tt + 64);
        __m512i tg = _mm512_permutex2var_epi64(lo, _mm512_set_epi64(13, 12, 9, 8, 5, 4, 1, 0), hi);
        __m512i te = _mm512_permutex2var_epi64(lo, _mm512_set_epi64(15, 14, 11, 10, 7, 6, 3, 2), hi);
        __m512i h = XOR3(x[2 * q], x[2 * q + 1], sab[q]);
        h = _mm512_mask_xor_epi64(h, ca[q], h, tg);
        h = _mm512_mask_ternarylogic_epi64(h, cb[q], te, a[q], 0x96);
        store_outputs(labels, records, first + 4 * q, v, h);
    }
}

/* Runs of AND gates on the VAES-512 path: 8 AES registers in flight, fewer for the last few gates of a run
 * (circuits such as AES have runs of two or three gates, which must not pay for eight registers). Inlined into
 * one function per hash, so `hash` folds away. */
YS_VAES __attribute__((always_inline)) static inline void garble_run(const ys_ctx *c, const int32_t *records,
        int32_t first, uint64_t index, int32_t n, size_t at, const int hash, const int lanes) {
    ys_wide z;
    widen(c, &z);
    uint8_t *t = c->tables_out + 16 * at;
    int32_t done = 0;
    /* Full steps with a constant width, so lane counts and clamps fold away; then the rest. */
    for (; done + 8 <= n; done += 8) {
        garble_step(&z, c->labels, records, first + done, 8, index + (uint64_t) done, t + 32 * (size_t) done, 2, hash, lanes);
    }
    int m = n - done;
    if (m > 4) {
        garble_step(&z, c->labels, records, first + done, m, index + (uint64_t) done, t + 32 * (size_t) done, 2, hash, lanes);
    } else if (m > 0) {
        garble_step(&z, c->labels, records, first + done, m, index + (uint64_t) done, t + 32 * (size_t) done, 1, hash, lanes);
    }
}

YS_VAES __attribute__((always_inline)) static inline void evaluate_run(const ys_ctx *c, const int32_t *records,
        int32_t first, uint64_t index, int32_t n, size_t at, const int hash, const int lanes) {
    ys_wide z;
    widen(c, &z);
    const uint8_t *t = c->tables_in + 16 * at;
    int32_t done = 0;
    for (; done + 16 <= n; done += 16) {
        evaluate_step(&z, c->labels, records, first + done, 16, index + (uint64_t) done, t + 32 * (size_t) done, 4, hash, lanes);
    }
    int m = n - done;
    const uint8_t *tm = t + 32 * (size_t) done;
    if (m > 8) {
        evaluate_step(&z, c->labels, records, first + done, m, index + (uint64_t) done, tm, 4, hash, lanes);
    } else if (m > 4) {
        evaluate_step(&z, c->labels, records, first + done, m, index + (uint64_t) done, tm, 2, hash, lanes);
    } else if (m > 0) {
        evaluate_step(&z, c->labels, records, first + done, m, index + (uint64_t) done, tm, 1, hash, lanes);
    }
}

/* The entry points: each run inlined with its hash, so the choice between them costs nothing per gate; and twice,
 * since lockstep's steps read each gate's index from c->lane_index and the others, compiled apart, do not test for it. */
#define VAES_ANDS(target, name, run, hash)                                                                   \
    target static void name(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n,  \
                            size_t at) {                                                                     \
        if (c->lane_index) {                                                                                 \
            run(c, records, first, index, n, at, hash, 1);                                                   \
        } else {                                                                                             \
            run(c, records, first, index, n, at, hash, 0);                                                   \
        }                                                                                                    \
    }
VAES_ANDS(YS_VAES, garble_ands_vaes, garble_run, YS_HASH_FIXED_KEY)
VAES_ANDS(YS_VAES_BW, garble_ands_vaes_keyed, garble_run, YS_HASH_KEYED)
VAES_ANDS(YS_VAES, garble_ands_vaes_tmmo, garble_run, YS_HASH_TMMO)
VAES_ANDS(YS_VAES, evaluate_ands_vaes, evaluate_run, YS_HASH_FIXED_KEY)
VAES_ANDS(YS_VAES_BW, evaluate_ands_vaes_keyed, evaluate_run, YS_HASH_KEYED)
VAES_ANDS(YS_VAES, evaluate_ands_vaes_tmmo, evaluate_run, YS_HASH_TMMO)

/* ---- VAES-256 path (AVX2), the one-call hash and TMMO: two gates per register ---- */
/* The VAES-512 step's formulas on 256-bit registers. AVX2 has no mask registers or three-way XOR: a lane's
 * condition is a vector of all-ones or zero qwords, ANDed in; and only 16 registers, so the round keys stay in
 * memory (a vaesenc takes its key from there at no cost) and steps keep at most 8 AES registers in flight. */
#define YS_V2 __attribute__((target("avx2,vaes")))

/* The most pairs a VAES-256 step takes (arrays sized by it, as MAX_QUADS). */
enum { MAX_PAIRS = 4 };

/* Lane 0 gets x0, lane 1 x1. */
YS_V2 static inline __m256i pair(__m128i x0, __m128i x1) {
    return _mm256_inserti128_si256(_mm256_castsi128_si256(x0), x1, 1);
}

/* All ones in a lane whose block has colour 1. */
YS_V2 static inline __m256i colours2(__m256i x) {
    __m256i low = _mm256_shuffle_epi32(x, 0x44); /* each lane's low word in both halves */
    return _mm256_sub_epi64(_mm256_setzero_si256(), _mm256_and_si256(low, _mm256_set1_epi64x(1)));
}

/* Per-lane conditions, indexed by two flags f0 | f1 << 1: one load rather than building a vector from scalars,
 * which takes the shuffle port the AES and the lane moves need. */
static const uint64_t LANES2[4][4] __attribute__((aligned(32))) = {
    {0, 0, 0, 0}, {~0ULL, ~0ULL, 0, 0}, {0, 0, ~0ULL, ~0ULL}, {~0ULL, ~0ULL, ~0ULL, ~0ULL}};

/* Per-lane condition from bit 0 of two flags. */
YS_V2 static inline __m256i lanes2(uint64_t f0, uint64_t f1) {
    return _mm256_load_si256((const __m256i *) LANES2[(f0 & 1) | (f1 & 1) << 1]);
}

/* Per lane: the colour of a gate's input label (side 1 or 2) in its slot, XOR the form's shift by Δ (whose colour
 * is 1) when `shifted`, read with byte loads as garble_step2 does. */
YS_V2 static inline __m256i input_colours2(const uint8_t *labels, const int32_t *r0, const int32_t *r1, int side,
                                           int shifted) {
    int f0 = shifted ? FORM[r0[0]] >> (side - 1) : 0, f1 = shifted ? FORM[r1[0]] >> (side - 1) : 0;
    return lanes2((uint64_t) (labels[16 * (size_t) r0[side]] ^ f0), (uint64_t) (labels[16 * (size_t) r1[side]] ^ f1));
}

typedef struct {
    __m256i k[11];
    __m256i d;
    __m256i sd;        /* sigma(Δ) */
    __m256i k0_sd;     /* round key 0 ^ sigma(Δ) */
    __m256i k0_one;    /* round key 0 ^ (1, 0) */
    __m256i k0_one_sd; /* round key 0 ^ (1, 0) ^ sigma(Δ) */
    __m256i k0_d;      /* round key 0 ^ Δ (TMMO's first pass over A1, B1) */
    __m256i one;       /* (1, 0) */
    __m256i four;      /* (4, 0): two gates on, in tweak units */
    __m256i dl[4];     /* Δ in the lanes of lanes2's flags: one load instead of a mask and an AND */
    __m256i dl_sd[4];  /* the same XOR sigma(Δ) */
    const uint64_t *li; /* the walk's lane_index */
} ys_wide2;

/* Tweak blocks of gates first + k0 and first + k0 + 1 (of m; past m, gate first) from their indices in li. */
YS_V2 static inline __m256i lane_tweaks2(const uint64_t *li, int32_t first, int m, int k0) {
    uint64_t t1 = 2 * li[first + (k0 + 1 < m ? k0 + 1 : 0)];
    return _mm256_set_epi64x(0, (long long) t1, 0, (long long) (2 * li[first + k0]));
}

/* Δ in lane 0 when bit 0 of f0 is set, in lane 1 when bit 0 of f1 is. */
YS_V2 static inline __m256i delta_lanes2(const ys_wide2 *z, uint64_t f0, uint64_t f1) {
    return z->dl[(f0 & 1) | (f1 & 1) << 1];
}

YS_V2 static inline void widen2(const ys_ctx *c, ys_wide2 *z) {
    for (int r = 0; r < 11; r++) z->k[r] = _mm256_broadcastsi128_si256(c->rk[r]);
    z->d = _mm256_broadcastsi128_si256(c->delta);
    z->sd = sigma2(z->d);
    __m256i one = _mm256_set_epi64x(0, 1, 0, 1);
    z->k0_sd = _mm256_xor_si256(z->k[0], z->sd);
    z->k0_one = _mm256_xor_si256(z->k[0], one);
    z->k0_one_sd = _mm256_xor_si256(z->k0_one, z->sd);
    z->k0_d = _mm256_xor_si256(z->k[0], z->d);
    z->one = one;
    z->four = _mm256_set_epi64x(0, 4, 0, 4);
    for (int i = 0; i < 4; i++) {
        z->dl[i] = _mm256_and_si256(lanes2(i & 1, i >> 1), z->d);
        z->dl_sd[i] = _mm256_xor_si256(z->dl[i], z->sd);
    }
    z->li = c->lane_index;
}

#define AES_ROUNDS2(k, x, Z)                                                                              \
    do {                                                                                                  \
        for (int r_ = 1; r_ < 10; r_++)                                                                   \
            for (int j_ = 0; j_ < (Z); j_++) (x)[j_] = _mm256_aesenc_epi128((x)[j_], (k)[r_]);             \
        for (int j_ = 0; j_ < (Z); j_++) (x)[j_] = _mm256_aesenclast_epi128((x)[j_], (k)[10]);             \
    } while (0)

/* tmmo_rounds on 256-bit registers: per * P registers, a pair's first per / 2 under tk[q] (2j ^ round key 0), the
 * others under 2j + 1. */
YS_V2 __attribute__((always_inline)) static inline void tmmo_rounds2(const ys_wide2 *z, __m256i *x, const __m256i *tk,
                                                                    const int P, const int per) {
    __m256i p[4 * MAX_PAIRS];
    AES_ROUNDS2(z->k, x, per * P);
    for (int q = 0; q < P; q++) {
        for (int i = 0; i < per; i++) {
            int j = per * q + i;
            p[j] = x[j];
            x[j] = _mm256_xor_si256(p[j], 2 * i < per ? tk[q] : _mm256_xor_si256(tk[q], z->one));
        }
    }
    AES_ROUNDS2(z->k, x, per * P);
    for (int j = 0; j < per * P; j++) {
        x[j] = _mm256_xor_si256(x[j], p[j]);
    }
}

/* Stores lanes 0..v-1 of x as the labels of the out slots of gates first.. (v <= 2). */
YS_V2 static inline void store_outputs2(uint8_t *labels, const int32_t *records, int32_t first, int v, __m256i x) {
    store(labels, records[YS_GATE_STRIDE * (size_t) first + 3], _mm256_castsi256_si128(x));
    if (v > 1) {
        store(labels, records[YS_GATE_STRIDE * (size_t) (first + 1) + 3], _mm256_extracti128_si256(x, 1));
    }
}

/* garble_step on 256-bit registers: m gates (m <= 2 * P) in P pairs, 4 * P AES registers in flight; the one-call
 * hash, or TMMO (`tmmo`: X the hashes, the sigma terms 0). */
YS_V2 __attribute__((always_inline)) static inline void garble_step2(const ys_wide2 *z, uint8_t *labels,
        const int32_t *records, int32_t first, int m, uint64_t index, uint8_t *t, const int P, const int tmmo, const int lanes) {
    /* Live across the AES: a0 and sab per pair and the 4 * P AES registers (12 of the 16 for P = 2); the colours
     * of A0 and B0 and the γ lanes are read again after it, with byte and table loads. */
    __m256i a0[MAX_PAIRS], sab[MAX_PAIRS], x[4 * MAX_PAIRS], tk[MAX_PAIRS];
    __m256i tq = _mm256_set_epi64x(0, (long long) (2 * index + 2), 0, (long long) (2 * index));
    for (int q = 0; q < P; q++) {
        const int32_t *r0 = gate_of(records, first, m, 2 * q);
        const int32_t *r1 = gate_of(records, first, m, 2 * q + 1);
        if (lanes) {
            tq = lane_tweaks2(z->li, first, m, 2 * q);
        }
        int f0 = FORM[r0[0]], f1 = FORM[r1[0]];
        a0[q] = _mm256_xor_si256(pair(load(labels, r0[1]), load(labels, r1[1])), delta_lanes2(z, f0, f1));
        __m256i b0 = _mm256_xor_si256(pair(load(labels, r0[2]), load(labels, r1[2])), delta_lanes2(z, f0 >> 1, f1 >> 1));
        if (tmmo) {
            sab[q] = _mm256_setzero_si256();
            tk[q] = _mm256_xor_si256(tq, z->k[0]);
            x[4 * q] = _mm256_xor_si256(a0[q], z->k[0]);
            x[4 * q + 1] = _mm256_xor_si256(a0[q], z->k0_d);
            x[4 * q + 2] = _mm256_xor_si256(b0, z->k[0]);
            x[4 * q + 3] = _mm256_xor_si256(b0, z->k0_d);
        } else {
            __m256i sa = sigma2(a0[q]), sb = sigma2(b0);
            sab[q] = _mm256_xor_si256(sa, sb);
            __m256i sat = _mm256_xor_si256(sa, tq), sbt = _mm256_xor_si256(sb, tq);
            x[4 * q] = _mm256_xor_si256(sat, z->k[0]);
            x[4 * q + 1] = _mm256_xor_si256(sat, z->k0_sd);
            x[4 * q + 2] = _mm256_xor_si256(sbt, z->k0_one);
            x[4 * q + 3] = _mm256_xor_si256(sbt, z->k0_one_sd);
        }
        tq = _mm256_add_epi64(tq, z->four);
    }
    if (tmmo) {
        tmmo_rounds2(z, x, tk, P, 4);
    } else {
        AES_ROUNDS2(z->k, x, 4 * P);
    }
    __m256i sd = tmmo ? _mm256_setzero_si256() : z->sd;
    for (int q = 0; q < P; q++) {
        int v = m - 2 * q < 2 ? m - 2 * q : 2; /* gates of this pair */
        if (v <= 0) break;
        const int32_t *r0 = gate_of(records, first, m, 2 * q), *r1 = gate_of(records, first, m, 2 * q + 1);
        int f0 = FORM[r0[0]], f1 = FORM[r1[0]];
        /* The colours of A0 and B0: the slots' colours XOR the forms' shifts (Δ has colour 1). */
        uint64_t ca0 = labels[16 * (size_t) r0[1]] ^ (uint64_t) f0, ca1 = labels[16 * (size_t) r1[1]] ^ (uint64_t) f1;
        uint64_t cb0 = labels[16 * (size_t) r0[2]] ^ (uint64_t) (f0 >> 1), cb1 = labels[16 * (size_t) r1[2]] ^ (uint64_t) (f1 >> 1);
        __m256i tg = _mm256_xor_si256(_mm256_xor_si256(x[4 * q], x[4 * q + 1]),
                                      (tmmo ? z->dl : z->dl_sd)[(cb0 & 1) | (cb1 & 1) << 1]);
        __m256i hb = _mm256_xor_si256(_mm256_xor_si256(x[4 * q + 2], x[4 * q + 3]), sd);
        __m256i te = _mm256_xor_si256(hb, a0[q]);
        __m256i c0 = _mm256_xor_si256(_mm256_xor_si256(x[4 * q], x[4 * q + 2]), sab[q]);
        c0 = _mm256_xor_si256(c0, _mm256_and_si256(lanes2(ca0, ca1), tg));
        c0 = _mm256_xor_si256(c0, _mm256_and_si256(lanes2(cb0, cb1), hb));
        c0 = _mm256_xor_si256(c0, delta_lanes2(z, f0 >> 2, f1 >> 2));
        store_outputs2(labels, records, first + 2 * q, v, c0);
        uint8_t *tt = t + 64 * (size_t) q; /* per gate TG then TE */
        _mm256_storeu_si256((__m256i *) tt, _mm256_permute2x128_si256(tg, te, 0x20));
        if (v > 1) {
            _mm256_storeu_si256((__m256i *) (tt + 32), _mm256_permute2x128_si256(tg, te, 0x31));
        }
    }
}

/* evaluate_step on 256-bit registers: m gates (m <= 2 * P), 2 * P AES registers in flight; either hash, as
 * garble_step2. */
YS_V2 __attribute__((always_inline)) static inline void evaluate_step2(const ys_wide2 *z, uint8_t *labels,
        const int32_t *records, int32_t first, int m, uint64_t index, const uint8_t *t, const int P, const int tmmo, const int lanes) {
    __m256i a[MAX_PAIRS], bq[MAX_PAIRS], sab[MAX_PAIRS], x[2 * MAX_PAIRS], tk[MAX_PAIRS];
    __m256i tq = _mm256_set_epi64x(0, (long long) (2 * index + 2), 0, (long long) (2 * index));
    for (int q = 0; q < P; q++) {
        const int32_t *r0 = gate_of(records, first, m, 2 * q);
        const int32_t *r1 = gate_of(records, first, m, 2 * q + 1);
        if (lanes) {
            tq = lane_tweaks2(z->li, first, m, 2 * q);
        }
        a[q] = pair(load(labels, r0[1]), load(labels, r1[1]));
        bq[q] = pair(load(labels, r0[2]), load(labels, r1[2]));
        if (tmmo) {
            sab[q] = _mm256_setzero_si256();
            tk[q] = _mm256_xor_si256(tq, z->k[0]);
            x[2 * q] = _mm256_xor_si256(a[q], z->k[0]);
            x[2 * q + 1] = _mm256_xor_si256(bq[q], z->k[0]);
        } else {
            __m256i sa = sigma2(a[q]), sb = sigma2(bq[q]);
            sab[q] = _mm256_xor_si256(sa, sb);
            x[2 * q] = _mm256_xor_si256(_mm256_xor_si256(sa, tq), z->k[0]);
            x[2 * q + 1] = _mm256_xor_si256(_mm256_xor_si256(sb, tq), z->k0_one);
        }
        tq = _mm256_add_epi64(tq, z->four);
    }
    if (tmmo) {
        tmmo_rounds2(z, x, tk, P, 2);
    } else {
        AES_ROUNDS2(z->k, x, 2 * P);
    }
    for (int q = 0; q < P; q++) {
        int v = m - 2 * q < 2 ? m - 2 * q : 2;
        if (v <= 0) break;
        const uint8_t *tt = t + 64 * (size_t) q;
        __m256i lo = _mm256_loadu_si256((const __m256i *) tt);
        __m256i hi = v > 1 ? _mm256_loadu_si256((const __m256i *) (tt + 32)) : _mm256_setzero_si256();
        __m256i tg = _mm256_permute2x128_si256(lo, hi, 0x20);
        __m256i te = _mm256_permute2x128_si256(lo, hi, 0x31);
        __m256i h = _mm256_xor_si256(_mm256_xor_si256(x[2 * q], x[2 * q + 1]), sab[q]);
        h = _mm256_xor_si256(h, _mm256_and_si256(colours2(a[q]), tg));
        h = _mm256_xor_si256(h, _mm256_and_si256(colours2(bq[q]), _mm256_xor_si256(te, a[q])));
        store_outputs2(labels, records, first + 2 * q, v, h);
    }
}

/* Runs of AND gates on the VAES-256 path: steps of 4 gates (8 AES registers) to garble, 8 gates to evaluate,
 * narrower for the last few gates of a run; inlined into one function per hash. */
YS_V2 __attribute__((always_inline)) static inline void garble_run2(const ys_ctx *c, const int32_t *records,
        int32_t first, uint64_t index, int32_t n, size_t at, const int tmmo, const int lanes) {
    ys_wide2 z;
    widen2(c, &z);
    uint8_t *t = c->tables_out + 16 * at;
    int32_t done = 0;
    for (; done + 4 <= n; done += 4) {
        garble_step2(&z, c->labels, records, first + done, 4, index + (uint64_t) done, t + 32 * (size_t) done, 2, tmmo, lanes);
    }
    int m = n - done;
    if (m > 2) {
        garble_step2(&z, c->labels, records, first + done, m, index + (uint64_t) done, t + 32 * (size_t) done, 2, tmmo, lanes);
    } else if (m > 0) {
        garble_step2(&z, c->labels, records, first + done, m, index + (uint64_t) done, t + 32 * (size_t) done, 1, tmmo, lanes);
    }
}

YS_V2 __attribute__((always_inline)) static inline void evaluate_run2(const ys_ctx *c, const int32_t *records,
        int32_t first, uint64_t index, int32_t n, size_t at, const int tmmo, const int lanes) {
    ys_wide2 z;
    widen2(c, &z);
    const uint8_t *t = c->tables_in + 16 * at;
    int32_t done = 0;
    for (; done + 8 <= n; done += 8) {
        evaluate_step2(&z, c->labels, records, first + done, 8, index + (uint64_t) done, t + 32 * (size_t) done, 4, tmmo, lanes);
    }
    int m = n - done;
    const uint8_t *tm = t + 32 * (size_t) done;
    if (m > 4) {
        evaluate_step2(&z, c->labels, records, first + done, m, index + (uint64_t) done, tm, 4, tmmo, lanes);
    } else if (m > 2) {
        evaluate_step2(&z, c->labels, records, first + done, m, index + (uint64_t) done, tm, 2, tmmo, lanes);
    } else if (m > 0) {
        evaluate_step2(&z, c->labels, records, first + done, m, index + (uint64_t) done, tm, 1, tmmo, lanes);
    }
}

VAES_ANDS(YS_V2, garble_ands_vaes256, garble_run2, 0)
VAES_ANDS(YS_V2, garble_ands_vaes256_tmmo, garble_run2, 1)
VAES_ANDS(YS_V2, evaluate_ands_vaes256, evaluate_run2, 0)
VAES_ANDS(YS_V2, evaluate_ands_vaes256_tmmo, evaluate_run2, 1)

/* All-zero and all-one blocks, indexed by a form bit: the branch-free selection of a free gate's terms. */
static const uint64_t SELECT[2][2] = {{0, 0}, {~(uint64_t) 0, ~(uint64_t) 0}};

static inline __m128i select_mask(int bit) {
    return _mm_loadu_si128((const __m128i *) SELECT[bit]);
}

/* ---- GRR3, both rules, every path: a group's row pads from one AES call on the widest path (fixed-key through
 * ys_fixed_key_encrypt, keyed through the multi-key AES), the rows from them per gate ---- */

/* AND gates per GRR3 group: 4 fixed-key AES blocks each to garble, so 128 blocks per ys_fixed_key_encrypt call; keyed,
 * 8 blocks under 4 key schedules each, 256 blocks per multi-key call. */
enum { GROUP3 = 32 };

/* 2x in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1 (core's JavaFreeXorWalk.doubleLo and doubleHi): both words
 * shifted left, the top bit of the high word folded into the low one as 0x87, that of the low word carried. */
static inline __m128i gf_double(__m128i x) {
    __m128i tops = _mm_shuffle_epi32(_mm_srai_epi32(x, 31), _MM_SHUFFLE(1, 1, 3, 3));
    return _mm_xor_si128(_mm_slli_epi64(x, 1), _mm_and_si128(tops, _mm_set_epi64x(1, 0x87)));
}

/* GRR3's key K = 2A ^ 4B ^ (index, 0), as 2(A ^ 2B) ^ (index, 0). */
static inline __m128i grr3_key(__m128i a, __m128i b, uint64_t index) {
    return _mm_xor_si128(gf_double(_mm_xor_si128(a, gf_double(b))), tweak(index));
}

/* Keyed GRR3's PRF input for gate index j, side 0 (left label as key) or 1 (right), row r: (j, side | r << 8), the
 * blocks of prf-only's AND gates (JavaPrfOnly.tweakHi). */
static inline __m128i grr3_keyed_input(uint64_t j, int side, int row) {
    return _mm_set_epi64x((long long) ((uint64_t) side | (uint64_t) row << 8), (long long) j);
}

/* An AND gate's inputs for the garbler: with its form's shifts by αΔ and βΔ, the colours pa, pb of its labels of 0
 * (as masks) and its labels of colour 0, ca and cb (Δ has colour 1). */
static inline void grr3_inputs(const ys_ctx *c, const int32_t *r, __m128i *ca, __m128i *cb, __m128i *pa, __m128i *pb) {
    int form = FORM[r[0]];
    __m128i a0 = _mm_xor_si128(load(c->labels, r[1]), _mm_and_si128(select_mask(form & 1), c->delta));
    __m128i b0 = _mm_xor_si128(load(c->labels, r[2]), _mm_and_si128(select_mask((form >> 1) & 1), c->delta));
    *pa = colour_mask(a0);
    *pb = colour_mask(b0);
    *ca = _mm_xor_si128(a0, _mm_and_si128(*pa, c->delta));
    *cb = _mm_xor_si128(b0, _mm_and_si128(*pb, c->delta));
}

/* One gate's garbling from its row pads P_0..P_3 (row r = 2i + j under the labels of colours i and j): C0 = P_0 ^
 * pa pb Δ, then ^ γΔ, to its out slot; to out, the rows P_1 ^ P_0 ^ pa Δ, P_2 ^ P_0 ^ pb Δ and P_3 ^ P_0 ^
 * (1 ^ pa ^ pb) Δ, the values of the rows giving the Δ terms (JavaFreeXorWalk.garbleGrr3). */
static inline void grr3_rows(const ys_ctx *c, const int32_t *r, const __m128i pad[4], __m128i pa, __m128i pb,
                             __m128i *out) {
    __m128i delta = c->delta;
    __m128i c0 = _mm_xor_si128(pad[0], _mm_and_si128(_mm_and_si128(pa, pb), delta));
    __m128i odd = _mm_andnot_si128(_mm_xor_si128(pa, pb), delta); /* (1 ^ pa ^ pb) Δ */
    _mm_storeu_si128(out, _mm_xor_si128(pad[1], _mm_xor_si128(pad[0], _mm_and_si128(pa, delta))));
    _mm_storeu_si128(out + 1, _mm_xor_si128(pad[2], _mm_xor_si128(pad[0], _mm_and_si128(pb, delta))));
    _mm_storeu_si128(out + 2, _mm_xor_si128(pad[3], _mm_xor_si128(pad[0], odd)));
    store(c->labels, r[3], _mm_xor_si128(c0, _mm_and_si128(select_mask((FORM[r[0]] >> 2) & 1), delta)));
}

/* Gates first..first+n-1 (n <= GROUP3), independent AND gates, three table blocks each to out. Row r's key is row
 * 0's XOR i 2Δ XOR j 4Δ, and its pad P_r = π(K_r) ^ K_r. */
static void grr3_garble_group(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                              __m128i *out) {
    __m128i keys[4 * GROUP3], p[4 * GROUP3], pa[GROUP3], pb[GROUP3];
    __m128i d2 = gf_double(c->delta), d4 = gf_double(d2), d6 = _mm_xor_si128(d2, d4);
    for (int k = 0; k < n; k++) {
        __m128i ca, cb;
        grr3_inputs(c, records + YS_GATE_STRIDE * (size_t) (first + k), &ca, &cb, &pa[k], &pb[k]);
        __m128i base = grr3_key(ca, cb, index + (uint64_t) k);
        keys[4 * k] = base;
        keys[4 * k + 1] = _mm_xor_si128(base, d4);
        keys[4 * k + 2] = _mm_xor_si128(base, d2);
        keys[4 * k + 3] = _mm_xor_si128(base, d6);
    }
    ys_fixed_key_encrypt((const uint8_t *) keys, (uint8_t *) p, 4 * (size_t) n);
    for (int k = 0; k < n; k++) {
        __m128i pad[4];
        for (int row = 0; row < 4; row++) {
            pad[row] = _mm_xor_si128(p[4 * k + row], keys[4 * k + row]);
        }
        grr3_rows(c, records + YS_GATE_STRIDE * (size_t) (first + k), pad, pa[k], pb[k], out + 3 * k);
    }
}

/* grr3_garble_group keyed: P_r = AES_{A^i}(j, 0 | r << 8) ^ AES_{B^j}(j, 1 | r << 8) for row r = 2i + j. Each label
 * keys two rows, so the four keys of a gate go through ys_multi_key_encrypt_twice, one key schedule for the two
 * blocks of each (GLNP15's KS4_ENC8), in pairs (A^i, B^i): A^i for rows 2i and 2i + 1, B^i for rows i and i + 2. */
static void grr3_keyed_garble_group(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                                    __m128i *out) {
    __m128i keys[4 * GROUP3], x[8 * GROUP3], pa[GROUP3], pb[GROUP3];
    for (int k = 0; k < n; k++) {
        __m128i ca, cb;
        grr3_inputs(c, records + YS_GATE_STRIDE * (size_t) (first + k), &ca, &cb, &pa[k], &pb[k]);
        uint64_t j = index + (uint64_t) k;
        for (int i = 0; i < 2; i++) {
            __m128i shift = _mm_and_si128(select_mask(i), c->delta);
            keys[4 * k + 2 * i] = _mm_xor_si128(ca, shift);
            keys[4 * k + 2 * i + 1] = _mm_xor_si128(cb, shift);
            x[8 * k + 4 * i] = grr3_keyed_input(j, 0, 2 * i);
            x[8 * k + 4 * i + 1] = grr3_keyed_input(j, 1, i);
            x[8 * k + 4 * i + 2] = grr3_keyed_input(j, 0, 2 * i + 1);
            x[8 * k + 4 * i + 3] = grr3_keyed_input(j, 1, i + 2);
        }
    }
    ys_multi_key_encrypt_twice((const uint8_t *) keys, (const uint8_t *) x, (uint8_t *) x, 2 * (size_t) n);
    for (int k = 0; k < n; k++) {
        /* Rows 0..3 from where the pairs above put their left and right halves. */
        const __m128i *f = x + 8 * k;
        __m128i pad[4] = {_mm_xor_si128(f[0], f[1]), _mm_xor_si128(f[2], f[5]), _mm_xor_si128(f[4], f[3]),
                          _mm_xor_si128(f[6], f[7])};
        grr3_rows(c, records + YS_GATE_STRIDE * (size_t) (first + k), pad, pa[k], pb[k], out + 3 * k);
    }
}

/* The colours (i, j) of a gate's active labels as its row 2i + j, read before its output is stored. */
static inline int grr3_row(const ys_ctx *c, const int32_t *r) {
    return (c->labels[16 * (size_t) r[1]] & 1) << 1 | (c->labels[16 * (size_t) r[2]] & 1);
}

/* The evaluator's output of one gate: the pad of its row, XORed with the row's table block unless row 0. */
static inline void grr3_output(const ys_ctx *c, const int32_t *r, int row, __m128i pad, const __m128i *tab) {
    /* Row 0 XORs in zeros: this gate's first row, masked away (without a branch on the random colours, and never
     * the block before the gate's rows, which for the first gate of a buffer lies outside it). */
    __m128i t = _mm_and_si128(_mm_loadu_si128(tab + row - (row != 0)), select_mask(row != 0));
    store(c->labels, r[3], _mm_xor_si128(pad, t));
}

/* The evaluator's side, tables from tab: with colours (i, j), C = π(K) ^ K, XORed with row 2i + j unless row 0. */
static void grr3_evaluate_group(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                                const __m128i *tab) {
    __m128i keys[GROUP3], p[GROUP3];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        keys[k] = grr3_key(load(c->labels, r[1]), load(c->labels, r[2]), index + (uint64_t) k);
    }
    ys_fixed_key_encrypt((const uint8_t *) keys, (uint8_t *) p, (size_t) n);
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        grr3_output(c, r, grr3_row(c, r), _mm_xor_si128(p[k], keys[k]), tab + 3 * k);
    }
}

/* The keyed evaluator: row r's pad from two AES calls, under its left label of (j, 0 | r << 8) and under its right
 * label of (j, 1 | r << 8). */
static void grr3_keyed_evaluate_group(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                                      const __m128i *tab) {
    __m128i keys[2 * GROUP3], x[2 * GROUP3];
    int rows[GROUP3];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        uint64_t j = index + (uint64_t) k;
        rows[k] = grr3_row(c, r);
        keys[2 * k] = load(c->labels, r[1]);
        keys[2 * k + 1] = load(c->labels, r[2]);
        x[2 * k] = grr3_keyed_input(j, 0, rows[k]);
        x[2 * k + 1] = grr3_keyed_input(j, 1, rows[k]);
    }
    ys_multi_key_encrypt((const uint8_t *) keys, (const uint8_t *) x, (uint8_t *) x, 2 * (size_t) n);
    for (int k = 0; k < n; k++) {
        grr3_output(c, records + YS_GATE_STRIDE * (size_t) (first + k), rows[k], _mm_xor_si128(x[2 * k], x[2 * k + 1]),
                    tab + 3 * k);
    }
}

typedef void grr3_garble_fn(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                            __m128i *out);
typedef void grr3_evaluate_fn(const ys_ctx *c, const int32_t *records, int32_t first, int n, uint64_t index,
                              const __m128i *tab);

/* n independent AND gates a group at a time, tables from block `at` on; inlined with the group function known. */
static inline void grr3_garble_groups(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n,
                                      size_t at, grr3_garble_fn *group) {
    for (int32_t k = 0; k < n; k += GROUP3) {
        int m = n - k < GROUP3 ? (int) (n - k) : GROUP3;
        group(c, records, first + k, m, index + (uint64_t) k, (__m128i *) c->tables_out + at + 3 * (size_t) k);
    }
}

static inline void grr3_evaluate_groups(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index,
                                        int32_t n, size_t at, grr3_evaluate_fn *group) {
    for (int32_t k = 0; k < n; k += GROUP3) {
        int m = n - k < GROUP3 ? (int) (n - k) : GROUP3;
        group(c, records, first + k, m, index + (uint64_t) k, (const __m128i *) c->tables_in + at + 3 * (size_t) k);
    }
}

static void grr3_garble_ands(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n,
                             size_t at) {
    grr3_garble_groups(c, records, first, index, n, at, grr3_garble_group);
}

static void grr3_keyed_garble_ands(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n,
                                   size_t at) {
    grr3_garble_groups(c, records, first, index, n, at, grr3_keyed_garble_group);
}

static void grr3_evaluate_ands(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n,
                               size_t at) {
    grr3_evaluate_groups(c, records, first, index, n, at, grr3_evaluate_group);
}

static void grr3_keyed_evaluate_ands(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n,
                                     size_t at) {
    grr3_evaluate_groups(c, records, first, index, n, at, grr3_keyed_evaluate_group);
}

/* 2x in GF(2^128) per lane, as gf_double. */
YS_V2 static inline __m256i gf_double2(__m256i x) {
    __m256i tops = _mm256_shuffle_epi32(_mm256_srai_epi32(x, 31), _MM_SHUFFLE(1, 1, 3, 3));
    return _mm256_xor_si256(_mm256_slli_epi64(x, 1), _mm256_and_si256(tops, _mm256_set_epi64x(1, 0x87, 1, 0x87)));
}


/* grr3_garble_group on 256-bit registers with the AES in registers: m gates (m <= 2 * P), 4 * P AES registers.
 * With π_r the AES of row r's key K_r = K_0 ^ {0, 4Δ, 2Δ, 6Δ}[r]: C0 = π_0 ^ K_0 ^ pa pb Δ, and the rows are
 * π_1 ^ π_0 ^ 4Δ ^ pa Δ, π_2 ^ π_0 ^ 2Δ ^ pb Δ and π_3 ^ π_0 ^ 6Δ ^ (1 ^ pa ^ pb) Δ. Only K_0 and the AES
 * registers live across the AES; the colours are read again after it. */
YS_V2 __attribute__((always_inline)) static inline void grr3_garble_step2(const ys_wide2 *z, const __m256i *dd,
        uint8_t *labels, const int32_t *records, int32_t first, int m, uint64_t index, uint8_t *t, const int P) {
    __m256i k0[MAX_PAIRS], x[4 * MAX_PAIRS];
    __m256i tq = _mm256_set_epi64x(0, (long long) (index + 1), 0, (long long) index);
    for (int q = 0; q < P; q++) {
        const int32_t *r0 = gate_of(records, first, m, 2 * q);
        const int32_t *r1 = gate_of(records, first, m, 2 * q + 1);
        /* The labels of colour 0: the slot's label XOR its colour times Δ, whatever the form. */
        __m256i ca = _mm256_xor_si256(pair(load(labels, r0[1]), load(labels, r1[1])),
                                      _mm256_and_si256(input_colours2(labels, r0, r1, 1, 0), z->d));
        __m256i cb = _mm256_xor_si256(pair(load(labels, r0[2]), load(labels, r1[2])),
                                      _mm256_and_si256(input_colours2(labels, r0, r1, 2, 0), z->d));
        k0[q] = _mm256_xor_si256(gf_double2(_mm256_xor_si256(ca, gf_double2(cb))), tq);
        x[4 * q] = _mm256_xor_si256(k0[q], z->k[0]);
        x[4 * q + 1] = _mm256_xor_si256(k0[q], dd[1]);
        x[4 * q + 2] = _mm256_xor_si256(k0[q], dd[0]);
        x[4 * q + 3] = _mm256_xor_si256(k0[q], dd[2]);
        tq = _mm256_add_epi64(tq, _mm256_set_epi64x(0, 2, 0, 2));
    }
    AES_ROUNDS2(z->k, x, 4 * P);
    for (int q = 0; q < P; q++) {
        int v = m - 2 * q < 2 ? m - 2 * q : 2;
        if (v <= 0) break;
        const int32_t *r0 = gate_of(records, first, m, 2 * q);
        const int32_t *r1 = gate_of(records, first, m, 2 * q + 1);
        /* The colours of the labels of 0 (pa, pb): read after the AES, as no register is left to keep them. */
        __m256i pa = input_colours2(labels, r0, r1, 1, 1), pb = input_colours2(labels, r0, r1, 2, 1);
        __m256i gm = lanes2(FORM[r0[0]] >> 2, FORM[r1[0]] >> 2);
        __m256i c0 = _mm256_xor_si256(x[4 * q], k0[q]);
        c0 = _mm256_xor_si256(c0, _mm256_and_si256(_mm256_xor_si256(_mm256_and_si256(pa, pb), gm), z->d));
        __m256i t1 = _mm256_xor_si256(_mm256_xor_si256(x[4 * q + 1], x[4 * q]),
                                      _mm256_xor_si256(dd[4], _mm256_and_si256(pa, z->d)));
        __m256i t2 = _mm256_xor_si256(_mm256_xor_si256(x[4 * q + 2], x[4 * q]),
                                      _mm256_xor_si256(dd[3], _mm256_and_si256(pb, z->d)));
        __m256i t3 = _mm256_xor_si256(_mm256_xor_si256(x[4 * q + 3], x[4 * q]),
                                      _mm256_xor_si256(dd[5], _mm256_andnot_si256(_mm256_xor_si256(pa, pb), z->d)));
        store_outputs2(labels, records, first + 2 * q, v, c0);
        /* Gate 0's rows 1, 2, 3 then gate 1's: three blocks each. */
        uint8_t *tt = t + 96 * (size_t) q;
        _mm256_storeu_si256((__m256i *) tt, _mm256_permute2x128_si256(t1, t2, 0x20));
        __m256i mid = _mm256_permute2x128_si256(t3, t1, 0x30);
        if (v > 1) {
            _mm256_storeu_si256((__m256i *) (tt + 32), mid);
            _mm256_storeu_si256((__m256i *) (tt + 64), _mm256_permute2x128_si256(t2, t3, 0x31));
        } else {
            _mm_storeu_si128((__m128i *) (tt + 32), _mm256_castsi256_si128(mid));
        }
    }
}

/* Runs of GRR3 AND gates on the VAES-256 path: steps of 4 gates (16 AES blocks, 8 registers). dd holds, broadcast:
 * round key 0 ^ 2Δ, 4Δ, 6Δ (the AES inputs of rows 2, 1, 3), then 2Δ, 4Δ, 6Δ. */
YS_V2 static void grr3_garble_ands_vaes256(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index,
                                           int32_t n, size_t at) {
    ys_wide2 z;
    widen2(c, &z);
    __m256i dd[6];
    dd[3] = gf_double2(z.d);
    dd[4] = gf_double2(dd[3]);
    dd[5] = _mm256_xor_si256(dd[3], dd[4]);
    for (int i = 0; i < 3; i++) dd[i] = _mm256_xor_si256(z.k[0], dd[3 + i]);
    uint8_t *t = c->tables_out + 16 * at;
    int32_t done = 0;
    for (; done + 4 <= n; done += 4) {
        grr3_garble_step2(&z, dd, c->labels, records, first + done, 4, index + (uint64_t) done, t + 48 * (size_t) done, 2);
    }
    int m = n - done;
    if (m > 2) {
        grr3_garble_step2(&z, dd, c->labels, records, first + done, m, index + (uint64_t) done, t + 48 * (size_t) done, 2);
    } else if (m > 0) {
        grr3_garble_step2(&z, dd, c->labels, records, first + done, m, index + (uint64_t) done, t + 48 * (size_t) done, 1);
    }
}

/* ---- The walk ---- */

/* Whether the gates from r on chain: one of the next four reads the output of the gate before it. */
static inline int chained(const int32_t *r, const int32_t *stop) {
    for (int k = 1; k < 5 && r + YS_GATE_STRIDE * k < stop; k++) {
        const int32_t *g = r + YS_GATE_STRIDE * k;
        if (g[1] == g[3 - YS_GATE_STRIDE] || g[2] == g[3 - YS_GATE_STRIDE]) {
            return 1;
        }
    }
    return 0;
}

/* Runs free gates from `gate` up to `end`, stopping early at a constant; returns the gate it stopped at. Gates
 * other than XOR go without branches on the op: the circuits mix XNOR and NOT at random, and a term a gate does
 * not read is masked to zero (its slot index to 0, which every circuit with gates has). The position stays in a register: kept in the
 * walk struct, every gate would wait on a store of the previous one. */
static int32_t free_run(const ys_ctx *c, const int32_t *records, int32_t gate, int32_t end) {
    uint8_t *labels = c->labels;
    const int32_t *stop = records + YS_GATE_STRIDE * (size_t) end;
    for (; gate < end; gate++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) gate;
        /* Most free gates are XOR, in long runs: a loop of their own with few instructions per gate (this loop
         * is bound by how many it issues). A record is read as two little-endian words, (op, left) and (right,
         * out), and a slot's byte offset is 16 times it, which fits 32 bits (GateOp's MAX_SLOTS is 2^26). */
        if (chained(r, stop)) {
            /* A chain (an adder's sum, t = a ^ b then t ^ c) reads the output just stored: taken from the register
             * rather than through the store, whose forwarding the next gate would wait on. Where gates do not chain
             * (AES's layers), the two tests would only cost, so the loop below goes without them. */
            uint64_t last = ~(uint64_t) 0; /* byte offset of the previous XOR's output, held in `held` */
            __m128i held = _mm_setzero_si128();
            for (; r < stop; r += YS_GATE_STRIDE) {
                uint64_t op_left, right_out;
                memcpy(&op_left, r, 8);
                memcpy(&right_out, r + 2, 8);
                if ((uint32_t) op_left != OP_XOR) {
                    break;
                }
                uint64_t a = (op_left >> 28) & ~(uint64_t) 15, b = (uint64_t) (uint32_t) right_out << 4;
                __m128i x = a == last ? held : load_at(labels, a);
                __m128i y = b == last ? held : load_at(labels, b);
                held = _mm_xor_si128(x, y);
                last = (right_out >> 28) & ~(uint64_t) 15;
                _mm_storeu_si128((__m128i *) (labels + last), held);
            }
        } else {
            _Pragma("GCC unroll 2")
            for (; r < stop; r += YS_GATE_STRIDE) {
                uint64_t op_left, right_out;
                memcpy(&op_left, r, 8);
                memcpy(&right_out, r + 2, 8);
                if ((uint32_t) op_left != OP_XOR) {
                    break;
                }
                __m128i v = _mm_xor_si128(load_at(labels, (op_left >> 28) & ~(uint64_t) 15),
                                          load_at(labels, (uint64_t) (uint32_t) right_out << 4));
                _mm_storeu_si128((__m128i *) (labels + ((right_out >> 28) & ~(uint64_t) 15)), v);
            }
        }
        gate = (int32_t) ((r - records) / YS_GATE_STRIDE);
        if (gate == end) {
            break;
        }
        int form = FORM[r[0]];
        if ((form & (FREE_LEFT | FREE_RIGHT)) == 0) {
            break;
        }
        int left = form & 1, right = (form >> 1) & 1, negate = (form >> 2) & 1;
        __m128i v = _mm_and_si128(load(labels, r[1] & -left), select_mask(left));
        v = _mm_xor_si128(v, _mm_and_si128(load(labels, r[2] & -right), select_mask(right)));
        v = _mm_xor_si128(v, _mm_and_si128(c->delta, select_mask(negate)));
        store(labels, r[3], v);
    }
    return gate;
}

typedef void ands_fn(const ys_ctx *c, const int32_t *records, int32_t first, uint64_t index, int32_t n, size_t at);

/* Free gates a run at a time up to the next AND batch, AND gates a run at a time through `ands` (c->per_and table
 * blocks each, up to `blocks`); returns the table blocks handled. Every AND gate is in a batch (the circuit checks it),
 * so the gates between batches are free or constants. */
static size_t walk(ys_walk *w, const ys_ctx *c, size_t blocks, ands_fn *ands) {
    const int32_t *records = w->records, *batches = w->batches;
    const int32_t gates = w->gates, batch_count = w->batch_count;
    int32_t gate = w->gate, batch = w->batch;
    uint64_t index = w->index;
    size_t done = 0;
    while (gate < gates) {
        while (batch < batch_count && batches[2 * batch] + batches[2 * batch + 1] <= gate) {
            batch++;
        }
        int32_t next = batch < batch_count ? batches[2 * batch] : gates;
        if (gate < next) {
            int32_t stopped = free_run(c, records, gate, next);
            gate = stopped;
            if (stopped < next) {
                break; /* a constant: the caller makes its label */
            }
            continue;
        }
        int32_t left = batches[2 * batch] + batches[2 * batch + 1] - gate;
        size_t room = (blocks - done) / (size_t) c->per_and;
        int32_t n = (size_t) left < room ? left : (int32_t) room;
        if (n == 0) {
            break;
        }
        ands(c, records, gate, index, n, done);
        done += (size_t) c->per_and * (size_t) n;
        gate += n;
        index += (uint64_t) n;
        if (n == left) {
            batch++;
        }
    }
    w->gate = gate;
    w->batch = batch;
    w->index = index;
    return done;
}

static void init_ctx(ys_ctx *c, int rule, uint8_t *labels) {
    c->hash = rule == YS_RULE_HALF_GATES_KEYED || rule == YS_RULE_GRR3_KEYED ? YS_HASH_KEYED
              : rule == YS_RULE_HALF_GATES ? YS_HASH_TMMO : YS_HASH_FIXED_KEY;
    c->per_and = YS_RULE_BLOCKS(rule);
    c->labels = labels;
    c->delta = _mm_setzero_si128();
    c->tables_out = NULL;
    c->tables_in = NULL;
    c->lane_index = NULL;
    ys_fixed_key_schedule((uint8_t *) c->rk);
}

/* The AND-gate steps of a rule on this CPU's widest path, to garble and to evaluate. */
typedef struct {
    ands_fn *garble;
    ands_fn *evaluate;
} ys_ands;

static ys_ands ands_for(int rule) {
    int tmmo = rule == YS_RULE_HALF_GATES, keyed = rule == YS_RULE_HALF_GATES_KEYED;
    if (rule == YS_RULE_GRR3) {
        return (ys_ands) {ys_path() == YS_PATH_VAES256 ? grr3_garble_ands_vaes256 : grr3_garble_ands, grr3_evaluate_ands};
    }
    if (rule == YS_RULE_GRR3_KEYED) {
        return (ys_ands) {grr3_keyed_garble_ands, grr3_keyed_evaluate_ands};
    }
    if (ys_path() == YS_PATH_VAES512) {
        return keyed ? (ys_ands) {garble_ands_vaes_keyed, evaluate_ands_vaes_keyed}
               : tmmo ? (ys_ands) {garble_ands_vaes_tmmo, evaluate_ands_vaes_tmmo}
                      : (ys_ands) {garble_ands_vaes, evaluate_ands_vaes};
    }
    if (ys_path() == YS_PATH_VAES256 && !keyed) {
        return tmmo ? (ys_ands) {garble_ands_vaes256_tmmo, evaluate_ands_vaes256_tmmo}
                    : (ys_ands) {garble_ands_vaes256, evaluate_ands_vaes256};
    }
    return (ys_ands) {garble_ands, evaluate_ands};
}

size_t ys_free_xor_garble(ys_walk *w, int rule, uint8_t *zero, const uint8_t delta[16], uint8_t *tables,
                          size_t capacity) {
    ys_ctx c;
    init_ctx(&c, rule, zero);
    c.delta = _mm_loadu_si128((const __m128i *) delta);
    c.tables_out = tables;
    return walk(w, &c, capacity, ands_for(rule).garble);
}

size_t ys_free_xor_evaluate(ys_walk *w, int rule, uint8_t *label, const uint8_t *tables, size_t blocks) {
    ys_ctx c;
    init_ctx(&c, rule, label);
    c.tables_in = tables;
    return walk(w, &c, blocks, ands_for(rule).evaluate);
}

/* ---- Pieces in lockstep ---- */

/* AND gates a lockstep step takes from all the pieces' batch at once. */
enum { LOCKSTEP_GATES = 256 };

/* The circuit's AND gates: its batches' lengths summed. */
static uint64_t and_gates(const ys_walk *w) {
    uint64_t n = 0;
    for (int32_t b = 0; b < w->batch_count; b++) {
        n += (uint64_t) w->batches[2 * b + 1];
    }
    return n;
}

int ys_lockstep_suits(int rule, const ys_walk *w) {
    return rule != YS_RULE_GRR3 && rule != YS_RULE_GRR3_KEYED && w->batch_count > 0
           && and_gates(w) < (uint64_t) YS_LOCKSTEP_MEAN_BATCH * (uint64_t) w->batch_count;
}

/* free_run over every piece at once: each gate for piece 0, 1, ... in turn, so consecutive moves are independent
 * (a piece's own free gates are often a chain, each waiting on the store of the one before). Returns the gate it
 * stopped at, as free_run. */
static int32_t free_run_lockstep(const ys_ctx *c, const int32_t *records, int32_t gate, int32_t end, int32_t pieces,
                                 size_t stride) {
    for (; gate < end; gate++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) gate;
        int form = FORM[r[0]];
        if ((form & (FREE_LEFT | FREE_RIGHT)) == 0) {
            break;
        }
        uint8_t *l = c->labels;
        size_t a = 16 * (size_t) r[1], b = 16 * (size_t) r[2], o = 16 * (size_t) r[3];
        if (r[0] == OP_XOR) {
            for (int32_t p = 0; p < pieces; p++, l += stride) {
                _mm_storeu_si128((__m128i *) (l + o), _mm_xor_si128(load_at(l, a), load_at(l, b)));
            }
            continue;
        }
        int left = form & 1, right = (form >> 1) & 1, negate = (form >> 2) & 1;
        __m128i ml = select_mask(left), mr = select_mask(right), d = _mm_and_si128(c->delta, select_mask(negate));
        a &= (size_t) -left;
        b &= (size_t) -right;
        for (int32_t p = 0; p < pieces; p++, l += stride) {
            __m128i v = _mm_xor_si128(_mm_and_si128(load_at(l, a), ml), _mm_and_si128(load_at(l, b), mr));
            _mm_storeu_si128((__m128i *) (l + o), _mm_xor_si128(v, d));
        }
    }
    return gate;
}

/* Both sides of the lockstep walk: with `garble`, the tables go to `tables`; else they are read from `tables_in`. */
static int lockstep(const ys_walk *w, ys_ctx *c, ands_fn *ands, int garble, uint8_t *tables, const uint8_t *tables_in,
                    int32_t slots, int32_t pieces) {
    uint64_t ands_per_piece = and_gates(w);
    const size_t per = 16 * (size_t) c->per_and; /* table bytes per AND gate */
    int32_t records[YS_GATE_STRIDE * LOCKSTEP_GATES];
    uint64_t index[LOCKSTEP_GATES];
    __m128i scratch[2 * LOCKSTEP_GATES];
    uint64_t first = w->index, before = 0; /* AND gates of a piece before the batch */
    int32_t gate = 0;
    for (int32_t b = 0; b <= w->batch_count; b++) {
        int32_t next = b < w->batch_count ? w->batches[2 * b] : w->gates;
        if (gate < next && free_run_lockstep(c, w->records, gate, next, pieces, 16 * (size_t) slots) != next) {
            return -1; /* a constant gate: pieces have none */
        }
        if (b == w->batch_count) {
            break;
        }
        int32_t len = w->batches[2 * b + 1];
        /* The batch of every piece, piece by piece, LOCKSTEP_GATES at a time: records moved to the piece's slots,
         * each with its gate index; the tables go through scratch, where the steps find them consecutive. */
        int32_t n = 0, p = 0, k = 0;
        while (p < pieces) {
            const int32_t *r = w->records + YS_GATE_STRIDE * (size_t) (next + k);
            int32_t *to = records + YS_GATE_STRIDE * n;
            int32_t offset = slots * p;
            to[0] = r[0];
            to[1] = r[1] + offset;
            to[2] = r[2] + offset;
            to[3] = r[3] + offset;
            index[n] = first + ands_per_piece * (uint64_t) p + before + (uint64_t) k;
            n++;
            if (++k == len) {
                k = 0;
                p++;
            }
            if (n == LOCKSTEP_GATES || p == pieces) {
                c->lane_index = index;
                if (garble) {
                    c->tables_out = (uint8_t *) scratch;
                    ands(c, records, 0, 0, n, 0);
                    for (int32_t j = 0; j < n; j++) {
                        memcpy(tables + per * (index[j] - first), (const uint8_t *) scratch + per * (size_t) j, per);
                    }
                } else {
                    for (int32_t j = 0; j < n; j++) {
                        memcpy((uint8_t *) scratch + per * (size_t) j, tables_in + per * (index[j] - first), per);
                    }
                    c->tables_in = (const uint8_t *) scratch;
                    ands(c, records, 0, 0, n, 0);
                }
                c->lane_index = NULL;
                n = 0;
            }
        }
        gate = next + len;
        before += (uint64_t) len;
    }
    return 0;
}

int ys_free_xor_garble_lockstep(const ys_walk *w, int rule, uint8_t *zero, int32_t slots, int32_t pieces,
                                const uint8_t delta[16], uint8_t *tables) {
    ys_ctx c;
    init_ctx(&c, rule, zero);
    c.delta = _mm_loadu_si128((const __m128i *) delta);
    return lockstep(w, &c, ands_for(rule).garble, 1, tables, NULL, slots, pieces);
}

int ys_free_xor_evaluate_lockstep(const ys_walk *w, int rule, uint8_t *label, int32_t slots, int32_t pieces,
                                  const uint8_t *tables) {
    ys_ctx c;
    init_ctx(&c, rule, label);
    return lockstep(w, &c, ands_for(rule).evaluate, 0, NULL, tables, slots, pieces);
}
