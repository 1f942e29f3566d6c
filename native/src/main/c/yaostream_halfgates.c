/* Half-gates with free XOR over whole ranges of a circuit, free gates included (JustGarble-style: the per-gate
 * work is a few vector instructions, so garbling runs near the speed of AES). The formulas are those of core's
 * HalfGates; the Java kernel's JavaHalfGates does the same and the two must agree bit for bit. */
#include "yaostream_kernel.h"

#include <immintrin.h>

/* AND gates hashed together: enough blocks in flight to pipeline AES (the garbler hashes 4 per gate). */
enum { GROUP = 16 };

/* Per op (0..18): how a gate reads its inputs. Free gates: FREE_LEFT | FREE_RIGHT | FREE_NOT as in GateOp.freeForm
 * (neither input: a constant); AND-type gates: IS_AND | GateOp.andForm (alpha | beta << 1 | gamma << 2). */
enum { FREE_LEFT = 1, FREE_RIGHT = 2, FREE_NOT = 4, IS_AND = 8 };
static const uint8_t FORM[19] = {
    0,                           /* 0: constant 0 */
    IS_AND | 0,                  /* 1: AND */
    IS_AND | 2,                  /* 2: l AND NOT r */
    FREE_LEFT,                   /* 3: l */
    IS_AND | 1,                  /* 4: NOT l AND r */
    FREE_RIGHT,                  /* 5: r */
    FREE_LEFT | FREE_RIGHT,      /* 6: XOR */
    IS_AND | 7,                  /* 7: OR */
    IS_AND | 3,                  /* 8: NOR */
    FREE_LEFT | FREE_RIGHT | FREE_NOT, /* 9: XNOR */
    FREE_RIGHT | FREE_NOT,       /* 10: NOT r */
    IS_AND | 5,                  /* 11: l OR NOT r */
    FREE_LEFT | FREE_NOT,        /* 12: NOT l */
    IS_AND | 6,                  /* 13: NOT l OR r */
    IS_AND | 4,                  /* 14: NAND */
    FREE_NOT,                    /* 15: constant 1 */
    FREE_LEFT | FREE_NOT,        /* 16: INV */
    0,                           /* 17: ZERO */
    FREE_NOT,                    /* 18: ONE */
};

static inline __m128i load(const uint8_t *labels, int32_t slot) {
    return _mm_loadu_si128((const __m128i *) (labels + 16 * (size_t) slot));
}

static inline void store(uint8_t *labels, int32_t slot, __m128i v) {
    _mm_storeu_si128((__m128i *) (labels + 16 * (size_t) slot), v);
}

/* All ones when bit 0 of x (the colour) is set, else zero. */
static inline __m128i colour_mask(__m128i x) {
    return _mm_set1_epi64x(-(long long) (_mm_cvtsi128_si64(x) & 1));
}

/* sigma(lo, hi) = (hi, hi ^ lo): core's CorrelationRobustHash. */
static inline __m128i sigma(__m128i x) {
    __m128i swapped = _mm_shuffle_epi32(x, 0x4e);
    return _mm_xor_si128(swapped, _mm_and_si128(x, _mm_set_epi64x(-1, 0)));
}

/* The tweak block (t, domain 0). */
static inline __m128i tweak(uint64_t t) {
    return _mm_set_epi64x(0, (long long) t);
}

/* out[i] = H(keys[i], tweak(t[i])), where fixed-key inputs already hold sigma(key) ^ tweak and sig the sigmas. */
static void hash_blocks(int hash, const __m128i *keys, __m128i *in, const __m128i *sig, __m128i *out, size_t n) {
    if (hash == YS_HASH_KEYED) {
        ys_multi_key_encrypt((const uint8_t *) keys, (const uint8_t *) in, (uint8_t *) out, n);
        return;
    }
    ys_fixed_key_encrypt((const uint8_t *) in, (uint8_t *) out, n);
    for (size_t i = 0; i < n; i++) {
        out[i] = _mm_xor_si128(out[i], sig[i]);
    }
}

/* The AES input of label x under tweak t for the hash in use (keyed: the tweak block; the key is x itself). */
static inline __m128i hash_input(int hash, __m128i x, __m128i t, __m128i *sig) {
    if (hash == YS_HASH_KEYED) {
        return t;
    }
    *sig = sigma(x);
    return _mm_xor_si128(*sig, t);
}

/* Gates first..first+n-1 (n <= GROUP), independent AND gates: tables to out (2 blocks per gate). */
static void garble_ands(int hash, const int32_t *records, int32_t first, int n, uint64_t index, uint8_t *zero,
                        __m128i delta, __m128i *out) {
    __m128i keys[4 * GROUP], in[4 * GROUP], sig[4 * GROUP], h[4 * GROUP];
    int gamma[GROUP];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + 4 * (size_t) (first + k);
        int form = FORM[r[0]];
        __m128i a0 = _mm_xor_si128(load(zero, r[1]), (form & 1) ? delta : _mm_setzero_si128());
        __m128i b0 = _mm_xor_si128(load(zero, r[2]), (form & 2) ? delta : _mm_setzero_si128());
        gamma[k] = (form >> 2) & 1;
        uint64_t j = 2 * (index + (uint64_t) k);
        __m128i ta = tweak(j), tb = tweak(j + 1);
        keys[4 * k] = a0;
        keys[4 * k + 1] = _mm_xor_si128(a0, delta);
        keys[4 * k + 2] = b0;
        keys[4 * k + 3] = _mm_xor_si128(b0, delta);
        in[4 * k] = hash_input(hash, keys[4 * k], ta, &sig[4 * k]);
        in[4 * k + 1] = hash_input(hash, keys[4 * k + 1], ta, &sig[4 * k + 1]);
        in[4 * k + 2] = hash_input(hash, keys[4 * k + 2], tb, &sig[4 * k + 2]);
        in[4 * k + 3] = hash_input(hash, keys[4 * k + 3], tb, &sig[4 * k + 3]);
    }
    hash_blocks(hash, keys, in, sig, h, 4 * (size_t) n);
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
        store(zero, records[4 * (size_t) (first + k) + 3], c0);
        _mm_storeu_si128(out + 2 * k, tg);
        _mm_storeu_si128(out + 2 * k + 1, te);
    }
}

/* The evaluator's side of garble_ands, reading the tables from tab. */
static void evaluate_ands(int hash, const int32_t *records, int32_t first, int n, uint64_t index, uint8_t *label,
                          const __m128i *tab) {
    __m128i keys[2 * GROUP], in[2 * GROUP], sig[2 * GROUP], h[2 * GROUP];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + 4 * (size_t) (first + k);
        uint64_t j = 2 * (index + (uint64_t) k);
        keys[2 * k] = load(label, r[1]);
        keys[2 * k + 1] = load(label, r[2]);
        in[2 * k] = hash_input(hash, keys[2 * k], tweak(j), &sig[2 * k]);
        in[2 * k + 1] = hash_input(hash, keys[2 * k + 1], tweak(j + 1), &sig[2 * k + 1]);
    }
    hash_blocks(hash, keys, in, sig, h, 2 * (size_t) n);
    for (int k = 0; k < n; k++) {
        __m128i a = keys[2 * k];
        __m128i sa = colour_mask(a);
        __m128i sb = colour_mask(keys[2 * k + 1]);
        __m128i tg = _mm_loadu_si128(tab + 2 * k);
        __m128i te = _mm_loadu_si128(tab + 2 * k + 1);
        __m128i c = _mm_xor_si128(_mm_xor_si128(h[2 * k], _mm_and_si128(sa, tg)),
                                  _mm_xor_si128(h[2 * k + 1], _mm_and_si128(sb, _mm_xor_si128(te, a))));
        store(label, records[4 * (size_t) (first + k) + 3], c);
    }
}

/* AND gates from the walk's gate to the end of its batch, or 0 when the gate is in no batch (core's
 * GateCursor.andsLeftInBatch, stepping over batches that end at or before the gate). */
static int32_t ands_left_in_batch(ys_walk *w) {
    while (w->batch < w->batch_count && w->batches[2 * w->batch] + w->batches[2 * w->batch + 1] <= w->gate) {
        w->batch++;
    }
    if (w->batch >= w->batch_count || w->gate < w->batches[2 * w->batch]) {
        return 0;
    }
    return w->batches[2 * w->batch] + w->batches[2 * w->batch + 1] - w->gate;
}

static void ands_done(ys_walk *w, int32_t n, int32_t left) {
    w->gate += n;
    w->index += (uint64_t) n;
    if (n == left) {
        w->batch++;
    }
}

/* Runs the free gate at the walk's position; 0 (doing nothing) when it is a constant. The garbler passes Δ
 * (a negation XORs it in), the evaluator zero. */
static int free_gate(ys_walk *w, uint8_t *labels, __m128i negation) {
    const int32_t *r = w->records + 4 * (size_t) w->gate;
    int form = FORM[r[0]];
    if ((form & (FREE_LEFT | FREE_RIGHT)) == 0) {
        return 0;
    }
    __m128i v = (form & FREE_NOT) ? negation : _mm_setzero_si128();
    if (form & FREE_LEFT) {
        v = _mm_xor_si128(v, load(labels, r[1]));
    }
    if (form & FREE_RIGHT) {
        v = _mm_xor_si128(v, load(labels, r[2]));
    }
    store(labels, r[3], v);
    w->gate++;
    return 1;
}

size_t ys_half_gates_garble(ys_walk *w, int hash, uint8_t *zero, const uint8_t delta[16], uint8_t *tables,
                            size_t capacity) {
    __m128i d = _mm_loadu_si128((const __m128i *) delta);
    __m128i *out = (__m128i *) tables;
    size_t written = 0;
    while (w->gate < w->gates) {
        int32_t left = ands_left_in_batch(w);
        if (left > 0) {
            size_t room = (capacity - written) / 2;
            int32_t n = (size_t) left < room ? left : (int32_t) room;
            if (n == 0) {
                break;
            }
            int32_t step = n < GROUP ? n : GROUP;
            garble_ands(hash, w->records, w->gate, step, w->index, zero, d, out + written);
            written += 2 * (size_t) step;
            ands_done(w, step, left);
            continue;
        }
        if (!free_gate(w, zero, d)) {
            break;
        }
    }
    return written;
}

size_t ys_half_gates_evaluate(ys_walk *w, int hash, uint8_t *label, const uint8_t *tables, size_t blocks) {
    const __m128i *tab = (const __m128i *) tables;
    size_t used = 0;
    while (w->gate < w->gates) {
        int32_t left = ands_left_in_batch(w);
        if (left > 0) {
            size_t room = (blocks - used) / 2;
            int32_t n = (size_t) left < room ? left : (int32_t) room;
            if (n == 0) {
                break;
            }
            int32_t step = n < GROUP ? n : GROUP;
            evaluate_ands(hash, w->records, w->gate, step, w->index, label, tab + used);
            used += 2 * (size_t) step;
            ands_done(w, step, left);
            continue;
        }
        if (!free_gate(w, label, _mm_setzero_si128())) {
            break;
        }
    }
    return used;
}
