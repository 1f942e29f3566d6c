/* prf-only (GLNP15, "Pipe-garbl+KS; XOR-1; AND-2") over ranges of a circuit: the formulas of core's PrfOnly and
 * docs/garbling-schemes.md section 5, which the Java kernel's JavaPrfOnly also follows, bit for bit. Every PRF call
 * is AES keyed by a label, so gates are gathered into groups and their AES runs in one ys_multi_key_encrypt (key
 * schedules of a group interleaved, on the widest path): XOR gates a group at a time up to the first that reads a
 * waiting gate's output, AND gates a batch at a time. */
#include "yaostream_gates.h"
#include "yaostream_kernel.h"

#include <immintrin.h>
#include <string.h>

/* XOR gates per group: three PRF blocks each to garble, so 48 blocks per multi-key call (a multiple of every path's
 * sixteen or eight). */
enum { XOR_GROUP = 16 };

/* AND gates per multi-key call: eight PRF blocks each to garble. */
enum { AND_GROUP = 16 };

static const uint64_t COLOUR = 1;

static inline __m128i load_block(const uint8_t *base, size_t block) {
    return _mm_loadu_si128((const __m128i *) (base + 16 * block));
}

static inline void store_block(uint8_t *base, size_t block, __m128i v) {
    _mm_storeu_si128((__m128i *) (base + 16 * block), v);
}

static inline uint64_t low_word(__m128i x) {
    return (uint64_t) _mm_cvtsi128_si64(x);
}

/* All ones if bit (0 or 1) is 1, else zero: selections by masks, as the bits are random and branches on them would
 * be mispredicted half the time. */
static inline __m128i mask_of(int bit) {
    return _mm_set1_epi64x(-(long long) bit);
}

/* x with its colour bit (bit 0) cleared, or set. */
static inline __m128i clear_colour(__m128i x) {
    return _mm_andnot_si128(_mm_set_epi64x(0, 1), x);
}

static inline __m128i with_colour(__m128i x, uint64_t c) {
    return _mm_or_si128(clear_colour(x), _mm_set_epi64x(0, (long long) (c & 1)));
}

/* The PRF input of gate j for the left (side 0) or right (side 1) key in row or colour r: (j, side | r << 8). */
static inline __m128i prf_input(uint64_t j, int side, int r) {
    return _mm_set_epi64x((long long) ((uint64_t) side | (uint64_t) r << 8), (long long) j);
}

/* Whether slot s is the output of one of the n waiting gates. */
static inline int waits_for(const int32_t *outs, int n, int32_t s) {
    for (int k = 0; k < n; k++) {
        if (outs[k] == s) return 1;
    }
    return 0;
}

/* The next AND batch at or after the walk's gate (stepping over ended ones), as ys_walk's batch. */
static int32_t next_batch_start(ys_walk *w) {
    while (w->batch < w->batch_count && w->batches[2 * w->batch] + w->batches[2 * w->batch + 1] <= w->gate) {
        w->batch++;
    }
    return w->batch < w->batch_count ? w->batches[2 * w->batch] : w->gates;
}

/* ---- Garbler. A slot holds both labels: the label of 0 at block 2s, of 1 at block 2s + 1. ---- */

typedef struct {
    int n;
    int32_t out[XOR_GROUP];
    int meta[XOR_GROUP]; /* pa | pb << 1 | xnor << 2 */
    __m128i b0[XOR_GROUP];
    __m128i keys[3 * XOR_GROUP];
    __m128i x[3 * XOR_GROUP];
} garble_group;

/* GLNP15 Fig. 8 (G') for the waiting XOR gates: translate the left keys, keep the right colour-0 key, one ciphertext
 * each, to out. Returns the blocks written, one per gate. */
static size_t garble_xors(garble_group *g, uint8_t *pair, uint8_t *out) {
    if (g->n == 0) return 0;
    ys_multi_key_encrypt((const uint8_t *) g->keys, (const uint8_t *) g->x, (uint8_t *) g->x, 3 * (size_t) g->n);
    for (int k = 0; k < g->n; k++) {
        int pa = g->meta[k] & 1, pb = (g->meta[k] >> 1) & 1, z = (g->meta[k] >> 2) & 1;
        __m128i ta0 = clear_colour(g->x[3 * k]);
        __m128i ta1 = with_colour(g->x[3 * k + 1], 1);
        __m128i d = _mm_xor_si128(ta0, ta1);
        /* T = F_{B_1}(j, right, 1) ^ B~_1, with B~_1 = B_0 ^ d. */
        store_block(out, (size_t) k, _mm_xor_si128(_mm_xor_si128(g->x[3 * k + 2], g->b0[k]), d));
        /* Value 0 of A is colour pa, of B colour pb: C_0 = T_A(pa) ^ B~_pb = TA_0 ^ B_0 ^ (pa ^ pb) d. */
        __m128i c0 = _mm_xor_si128(_mm_xor_si128(ta0, g->b0[k]), _mm_and_si128(d, mask_of(pa ^ pb)));
        store_block(pair, 2 * (size_t) g->out[k] + (size_t) z, c0);
        store_block(pair, 2 * (size_t) g->out[k] + (size_t) (1 - z), _mm_xor_si128(c0, d));
    }
    size_t n = (size_t) g->n;
    g->n = 0;
    return n;
}

size_t ys_prf_only_garble_free(ys_walk *w, uint8_t *pair, uint8_t *tables, size_t capacity) {
    garble_group g;
    g.n = 0;
    size_t done = 0;
    int32_t end = next_batch_start(w);
    int32_t gate = w->gate;
    uint64_t index = w->index;
    for (; gate < end; gate++) {
        const int32_t *r = w->records + YS_GATE_STRIDE * (size_t) gate;
        int form = FORM[r[0]];
        if (form == 3 || form == 7) { /* XOR or XNOR */
            if (done + (size_t) g.n >= capacity) break;
            if (g.n == XOR_GROUP || waits_for(g.out, g.n, r[1]) || waits_for(g.out, g.n, r[2])) {
                done += garble_xors(&g, pair, tables + 16 * done);
            }
            int k = g.n;
            int32_t a = r[1], b = r[2];
            int pa = (int) (low_word(load_block(pair, 2 * (size_t) a)) & COLOUR);
            int pb = (int) (low_word(load_block(pair, 2 * (size_t) b)) & COLOUR);
            /* The label of colour c of a wire is its label of value c ^ p. */
            g.keys[3 * k] = load_block(pair, 2 * (size_t) a + (size_t) pa);
            g.keys[3 * k + 1] = load_block(pair, 2 * (size_t) a + (size_t) (1 - pa));
            g.keys[3 * k + 2] = load_block(pair, 2 * (size_t) b + (size_t) (1 - pb));
            g.b0[k] = load_block(pair, 2 * (size_t) b + (size_t) pb);
            g.x[3 * k] = prf_input(index, 0, 0);
            g.x[3 * k + 1] = prf_input(index, 0, 1);
            g.x[3 * k + 2] = prf_input(index, 1, 1);
            g.meta[k] = pa | pb << 1 | (form == 7) << 2;
            g.out[k] = r[3];
            g.n++;
            index++;
            continue;
        }
        if ((form & IS_AND) || (form & 3) == 0) break; /* a constant, the caller's (AND gates are all in batches) */
        int32_t from = (form & 1) ? r[1] : r[2];
        if (waits_for(g.out, g.n, from) || waits_for(g.out, g.n, r[3])) {
            done += garble_xors(&g, pair, tables + 16 * done);
        }
        /* A copy, the labels swapped for a negation (the evaluator's label stays as it is). */
        __m128i l0 = load_block(pair, 2 * (size_t) from), l1 = load_block(pair, 2 * (size_t) from + 1);
        int swap = (form >> 2) & 1;
        store_block(pair, 2 * (size_t) r[3] + (size_t) swap, l0);
        store_block(pair, 2 * (size_t) r[3] + (size_t) (1 - swap), l1);
    }
    done += garble_xors(&g, pair, tables + 16 * done);
    w->gate = gate;
    w->index = index;
    return done;
}

/* GLNP15 Fig. 9 with the XOR-only 4-2 row reduction for AND gates first..first+n-1 (n <= AND_GROUP), gate indices
 * from index: two table blocks each to tables, four bits each into nibbles (gate k of the batch at bit 4 (k % 2) of
 * byte k / 2), the output label colour of gate k from bit 0 of colours[k]. */
static void garble_and_group(const int32_t *records, int32_t first, int n, uint64_t index, int k0, uint8_t *pair,
                             const uint8_t *colours, uint8_t *tables, uint8_t *nibbles) {
    __m128i keys[4 * AND_GROUP], x[8 * AND_GROUP];
    int meta[AND_GROUP];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        int32_t a = r[1], b = r[2];
        int pa = (int) (low_word(load_block(pair, 2 * (size_t) a)) & COLOUR);
        int pb = (int) (low_word(load_block(pair, 2 * (size_t) b)) & COLOUR);
        meta[k] = pa << 3 | pb << 4 | (FORM[r[0]] & 7);
        uint64_t j = index + (uint64_t) k;
        /* Row r = 2 ca + cb calls F under A's label of colour ca and under B's of colour cb: each of the four keys
         * twice, one key schedule for both (ys_multi_key_encrypt_twice), its pairs (A colour c, B colour c). */
        for (int c = 0; c < 2; c++) {
            keys[4 * k + 2 * c] = load_block(pair, 2 * (size_t) a + (size_t) (c ^ pa));
            keys[4 * k + 2 * c + 1] = load_block(pair, 2 * (size_t) b + (size_t) (c ^ pb));
            x[8 * k + 4 * c] = prf_input(j, 0, 2 * c);
            x[8 * k + 4 * c + 1] = prf_input(j, 1, c);
            x[8 * k + 4 * c + 2] = prf_input(j, 0, 2 * c + 1);
            x[8 * k + 4 * c + 3] = prf_input(j, 1, c + 2);
        }
    }
    ys_multi_key_encrypt_twice((const uint8_t *) keys, (const uint8_t *) x, (uint8_t *) x, 2 * (size_t) n);
    for (int k = 0; k < n; k++) {
        int form = meta[k] & 7, alpha = form & 1, beta = (form >> 1) & 1, gamma = (form >> 2) & 1;
        int pa = (meta[k] >> 3) & 1, pb = (meta[k] >> 4) & 1;
        /* K_r = F_{A_a}(j, left, r) ^ F_{B_b}(j, right, r), from where the pairs above put them. */
        const __m128i *f = x + 8 * k;
        __m128i kr[4] = {_mm_xor_si128(f[0], f[1]), _mm_xor_si128(f[2], f[5]), _mm_xor_si128(f[4], f[3]),
                         _mm_xor_si128(f[6], f[7])};
        int s = 2 * (pa ^ 1 ^ alpha) + (pb ^ 1 ^ beta); /* colour row of the odd output */
        int odd = 1 ^ gamma;
        __m128i r0 = clear_colour(kr[0]);
        __m128i rs = clear_colour(_mm_xor_si128(_mm_xor_si128(kr[1], kr[2]), kr[3]));
        __m128i all = _mm_xor_si128(_mm_xor_si128(kr[0], kr[1]), _mm_xor_si128(kr[2], kr[3]));
        /* The odd output's label is R_0 when s = 0, else R_s; the other output's label the other one. */
        __m128i swap = _mm_and_si128(_mm_xor_si128(r0, rs), mask_of(s == 0));
        int pc = colours[k] & 1;
        int32_t out = records[YS_GATE_STRIDE * (size_t) (first + k) + 3];
        store_block(pair, 2 * (size_t) out + (size_t) odd, with_colour(_mm_xor_si128(rs, swap), (uint64_t) (odd ^ pc)));
        store_block(pair, 2 * (size_t) out + (size_t) gamma, with_colour(_mm_xor_si128(r0, swap), (uint64_t) (gamma ^ pc)));
        /* T1 = K_0 ^ K_1 when s >= 2, else K_2 ^ K_3; T2 = K_0 ^ K_2 when s is odd, else K_1 ^ K_3. */
        __m128i k23 = _mm_xor_si128(kr[2], kr[3]), k13 = _mm_xor_si128(kr[1], kr[3]);
        store_block(tables, 2 * (size_t) k, clear_colour(_mm_xor_si128(k23, _mm_and_si128(all, mask_of(s >> 1)))));
        store_block(tables, 2 * (size_t) k + 1, clear_colour(_mm_xor_si128(k13, _mm_and_si128(all, mask_of(s & 1)))));
        /* t_r = m_r ^ p_C ^ v_r, m_r the colour bit of K_r and v_r the output value of row r. */
        int m = (int) ((low_word(kr[0]) & 1) | (low_word(kr[1]) & 1) << 1 | (low_word(kr[2]) & 1) << 2 | (low_word(kr[3]) & 1) << 3);
        int v = (gamma ? 15 : 0) ^ ((odd ^ gamma) << s);
        int t = m ^ (pc ? 15 : 0) ^ v;
        int g = k0 + k;
        nibbles[g >> 1] = (uint8_t) (nibbles[g >> 1] | t << (4 * (g & 1)));
    }
}

void ys_prf_only_garble_ands(const int32_t *records, int32_t first, int32_t n, uint64_t index, uint8_t *pair,
                             const uint8_t *colours, uint8_t *tables, uint8_t *nibbles) {
    memset(nibbles, 0, ((size_t) n + 1) / 2);
    for (int32_t k = 0; k < n; k += AND_GROUP) {
        int m = n - k < AND_GROUP ? (int) (n - k) : AND_GROUP;
        garble_and_group(records, first + k, m, index + (uint64_t) k, k, pair, colours + k, tables + 32 * (size_t) k,
                         nibbles);
    }
}

/* ---- Evaluator: one active label per slot. ---- */

typedef struct {
    int n;
    size_t blocks;
    int32_t out[XOR_GROUP];
    int meta[XOR_GROUP]; /* ca | cb << 1 */
    __m128i held[XOR_GROUP]; /* B for colour 0, else the ciphertext */
    __m128i keys[2 * XOR_GROUP];
    __m128i x[2 * XOR_GROUP];
} evaluate_group;

/* GLNP15 Fig. 8 (E') for the waiting XOR gates: the left key's PRF, and the right key's when its colour is 1. */
static void evaluate_xors(evaluate_group *g, uint8_t *label) {
    if (g->n == 0) return;
    ys_multi_key_encrypt((const uint8_t *) g->keys, (const uint8_t *) g->x, (uint8_t *) g->x, g->blocks);
    size_t q = 0;
    for (int k = 0; k < g->n; k++) {
        int ca = g->meta[k] & 1, cb = (g->meta[k] >> 1) & 1;
        /* x[q + 1] is this gate's right PRF when cb, else the next gate's or unused (but written). */
        __m128i tb = _mm_xor_si128(g->held[k], _mm_and_si128(g->x[q + 1], mask_of(cb)));
        store_block(label, (size_t) g->out[k], _mm_xor_si128(with_colour(g->x[q], (uint64_t) ca), tb));
        q += 1 + (size_t) cb;
    }
    g->n = 0;
    g->blocks = 0;
}

size_t ys_prf_only_evaluate_free(ys_walk *w, uint8_t *label, const uint8_t *tables, size_t blocks) {
    evaluate_group g;
    g.n = 0;
    g.blocks = 0;
    size_t used = 0;
    int32_t end = next_batch_start(w);
    int32_t gate = w->gate;
    uint64_t index = w->index;
    for (; gate < end; gate++) {
        const int32_t *r = w->records + YS_GATE_STRIDE * (size_t) gate;
        int form = FORM[r[0]];
        if (form == 3 || form == 7) { /* XOR or XNOR */
            if (used == blocks) break;
            if (g.n == XOR_GROUP || waits_for(g.out, g.n, r[1]) || waits_for(g.out, g.n, r[2])) {
                evaluate_xors(&g, label);
            }
            int k = g.n;
            __m128i a = load_block(label, (size_t) r[1]), b = load_block(label, (size_t) r[2]);
            int ca = (int) (low_word(a) & 1), cb = (int) (low_word(b) & 1);
            __m128i t = load_block(tables, used);
            g.held[k] = _mm_xor_si128(b, _mm_and_si128(_mm_xor_si128(t, b), mask_of(cb)));
            used++;
            g.keys[g.blocks] = a;
            g.x[g.blocks] = prf_input(index, 0, ca);
            /* The right key's PRF, kept only when cb (a later gate's blocks overwrite it otherwise). */
            g.keys[g.blocks + 1] = b;
            g.x[g.blocks + 1] = prf_input(index, 1, 1);
            g.blocks += 1 + (size_t) cb;
            g.meta[k] = ca | cb << 1;
            g.out[k] = r[3];
            g.n++;
            index++;
            continue;
        }
        if ((form & IS_AND) || (form & 3) == 0) break;
        int32_t from = (form & 1) ? r[1] : r[2];
        if (waits_for(g.out, g.n, from) || waits_for(g.out, g.n, r[3])) {
            evaluate_xors(&g, label);
        }
        store_block(label, (size_t) r[3], load_block(label, (size_t) from));
    }
    evaluate_xors(&g, label);
    w->gate = gate;
    w->index = index;
    return used;
}

/* The evaluator's side of garble_and_group: row r = 2 ca + cb gives C = K_r ^ (r & 1) T1 ^ (r & 2 ? T2 : 0), its
 * colour bit flipped by t_r. Returns 0, or 1 + k when gate k's tables have a colour bit set. */
static int evaluate_and_group(const int32_t *records, int32_t first, int n, uint64_t index, int k0, uint8_t *label,
                              const uint8_t *tables, const uint8_t *nibbles) {
    __m128i keys[2 * AND_GROUP], x[2 * AND_GROUP];
    int rows[AND_GROUP];
    for (int k = 0; k < n; k++) {
        const int32_t *r = records + YS_GATE_STRIDE * (size_t) (first + k);
        keys[2 * k] = load_block(label, (size_t) r[1]);
        keys[2 * k + 1] = load_block(label, (size_t) r[2]);
        rows[k] = (int) ((low_word(keys[2 * k]) & 1) << 1 | (low_word(keys[2 * k + 1]) & 1));
        x[2 * k] = prf_input(index + (uint64_t) k, 0, rows[k]);
        x[2 * k + 1] = prf_input(index + (uint64_t) k, 1, rows[k]);
    }
    ys_multi_key_encrypt((const uint8_t *) keys, (const uint8_t *) x, (uint8_t *) x, 2 * (size_t) n);
    for (int k = 0; k < n; k++) {
        __m128i t1 = load_block(tables, 2 * (size_t) k), t2 = load_block(tables, 2 * (size_t) k + 1);
        if (((low_word(t1) | low_word(t2)) & 1) != 0) return 1 + k;
        int row = rows[k], g = k0 + k;
        int t = (nibbles[g >> 1] >> (4 * (g & 1))) & 15;
        __m128i c = _mm_xor_si128(x[2 * k], x[2 * k + 1]);
        c = _mm_xor_si128(c, _mm_and_si128(t1, mask_of(row & 1)));
        c = _mm_xor_si128(c, _mm_and_si128(t2, mask_of(row >> 1)));
        c = _mm_xor_si128(c, _mm_set_epi64x(0, (t >> row) & 1));
        store_block(label, (size_t) records[YS_GATE_STRIDE * (size_t) (first + k) + 3], c);
    }
    return 0;
}

int ys_prf_only_evaluate_ands(const int32_t *records, int32_t first, int32_t n, uint64_t index, uint8_t *label,
                              const uint8_t *tables, const uint8_t *nibbles) {
    if ((n & 1) != 0 && (nibbles[n / 2] >> 4) != 0) {
        return -1;
    }
    for (int32_t k = 0; k < n; k += AND_GROUP) {
        int m = n - k < AND_GROUP ? (int) (n - k) : AND_GROUP;
        int bad = evaluate_and_group(records, first + k, m, index + (uint64_t) k, k, label, tables + 32 * (size_t) k,
                                     nibbles);
        if (bad != 0) return k + bad;
    }
    return 0;
}
