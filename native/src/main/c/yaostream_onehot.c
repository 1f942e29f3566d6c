/* A one-hot gate's leaf stage (ys_one_hot_leaves): the leaves' hashes made a batch at a time and folded into the
 * columns and the outputs of the rows that select them. */
#include "yaostream_cpu.h"
#include "yaostream_kernel.h"

#include <immintrin.h>
#include <string.h>

/* Leaf hashes per ys_one_hot_leaves batch, 16 KiB on the stack: with what they are folded into (at the outer
 * product's n = 6, m = 128, r = 6, 12 KiB of outputs and 2 KiB of columns) they stay within a 32 KiB L1, and a
 * batch of 8 leaves of 128 reads and writes each destination half as often as 4 (at that shape the leaf stage took
 * 1.13 times as long with 512, about as long with 2048). A multiple of the VAES-256 groups of 16 outputs, so whole
 * groups when m divides it. */
#define YS_LEAF_SCRATCH 1024
#define YS_LEAF_WORDS (YS_LEAF_SCRATCH / 64)

/* Leaves of a batch, leaf k at bit k % 64 of word k / 64: those whose hashes one destination takes. */
typedef struct {
    uint64_t w[YS_LEAF_WORDS];
} leaf_set;

/* The fold of a batch of hashes into one destination, hash k's blocks at src + k * stride: the sum over the set's
 * leaves (in its first `words` words) of `regs` registers of each, made in registers and then XORed into dst, so
 * that each destination is read and written once a batch. XORing each leaf's hashes into its destinations in
 * memory instead, one leaf after another, chains loads and stores through the same blocks: at n = 8 and m = 8 the
 * leaf stage took three times as long. regs is a constant where inlined. */
static inline __attribute__((always_inline)) void fold128(const leaf_set *set, size_t words, const uint8_t *src,
                                                          size_t stride, uint8_t *dst, const int regs) {
    __m128i acc[8];
    for (int q = 0; q < regs; q++) {
        acc[q] = _mm_setzero_si128();
    }
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = set->w[w]; bits != 0; bits &= bits - 1) {
            const __m128i *h = (const __m128i *) (src + stride * (64 * w + (size_t) __builtin_ctzll(bits)));
            for (int q = 0; q < regs; q++) {
                acc[q] = _mm_xor_si128(acc[q], _mm_loadu_si128(h + q));
            }
        }
    }
    __m128i *d = (__m128i *) dst;
    for (int q = 0; q < regs; q++) {
        _mm_storeu_si128(d + q, _mm_xor_si128(_mm_loadu_si128(d + q), acc[q]));
    }
}

/* fold128 on AVX2 registers, two blocks each. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void
fold256(const leaf_set *set, size_t words, const uint8_t *src, size_t stride, uint8_t *dst, const int regs) {
    __m256i acc[8];
    for (int q = 0; q < regs; q++) {
        acc[q] = _mm256_setzero_si256();
    }
    for (size_t w = 0; w < words; w++) {
        for (uint64_t bits = set->w[w]; bits != 0; bits &= bits - 1) {
            const __m256i *h = (const __m256i *) (src + stride * (64 * w + (size_t) __builtin_ctzll(bits)));
            for (int q = 0; q < regs; q++) {
                acc[q] = _mm256_xor_si256(acc[q], _mm256_loadu_si256(h + q));
            }
        }
    }
    __m256i *d = (__m256i *) dst;
    for (int q = 0; q < regs; q++) {
        _mm256_storeu_si256(d + q, _mm256_xor_si256(_mm256_loadu_si256(d + q), acc[q]));
    }
}

/* dst block j ^= the XOR of block j of the set's hashes, for j < blocks: eight blocks at a time, then four, two, one. */
static void fold_sse2(const leaf_set *set, size_t words, const uint8_t *hashes, size_t stride, uint8_t *dst,
                      size_t blocks) {
    size_t j = 0;
    for (; j + 8 <= blocks; j += 8) {
        fold128(set, words, hashes + 16 * j, stride, dst + 16 * j, 8);
    }
    if (blocks - j >= 4) {
        fold128(set, words, hashes + 16 * j, stride, dst + 16 * j, 4);
        j += 4;
    }
    if (blocks - j >= 2) {
        fold128(set, words, hashes + 16 * j, stride, dst + 16 * j, 2);
        j += 2;
    }
    if (blocks - j >= 1) {
        fold128(set, words, hashes + 16 * j, stride, dst + 16 * j, 1);
    }
}

/* fold_sse2 on AVX2: sixteen blocks at a time, then eight, four, two, and a last one on a 128-bit register. */
__attribute__((target("avx2")))
static void fold_avx2(const leaf_set *set, size_t words, const uint8_t *hashes, size_t stride, uint8_t *dst,
                      size_t blocks) {
    size_t j = 0;
    for (; j + 16 <= blocks; j += 16) {
        fold256(set, words, hashes + 16 * j, stride, dst + 16 * j, 8);
    }
    if (blocks - j >= 8) {
        fold256(set, words, hashes + 16 * j, stride, dst + 16 * j, 4);
        j += 8;
    }
    if (blocks - j >= 4) {
        fold256(set, words, hashes + 16 * j, stride, dst + 16 * j, 2);
        j += 4;
    }
    if (blocks - j >= 2) {
        fold256(set, words, hashes + 16 * j, stride, dst + 16 * j, 1);
        j += 2;
    }
    if (blocks - j >= 1) {
        fold128(set, words, hashes + 16 * j, stride, dst + 16 * j, 1);
    }
}

void ys_one_hot_leaves(const uint8_t *seeds, size_t leaves, size_t m, uint64_t first, uint64_t domain,
                       const uint64_t *rows, size_t r, int64_t skip, uint8_t *out, uint8_t *columns) {
    memset(columns, 0, 16 * m);
    memset(out, 0, 16 * r * m);
    uint64_t in_table = r < 64 ? ((uint64_t) 1 << r) - 1 : ~(uint64_t) 0; /* bits of a row past r are not outputs */
    /* The folds go as wide as the AES path: every CPU with VAES has AVX2, and a narrower path tests the 128-bit
     * fold on the same machine. */
    int wide = use_vaes512 || use_vaes256;
    _Alignas(32) uint8_t hashes[16 * YS_LEAF_SCRATCH];
    leaf_set sets[1 + 64]; /* the columns', then output o's at 1 + o */
    /* Whole leaves per hash call while m fits the scratch; otherwise a leaf's hashes in pieces of the scratch. */
    size_t per_call = m <= YS_LEAF_SCRATCH ? YS_LEAF_SCRATCH / m : 1;
    size_t piece = m <= YS_LEAF_SCRATCH ? m : YS_LEAF_SCRATCH;
    for (size_t from = 0; from < leaves; from += per_call) {
        size_t count = leaves - from < per_call ? leaves - from : per_call;
        size_t words = (count + 63) / 64;
        memset(sets, 0, sizeof sets[0] * (1 + r));
        for (size_t k = 0; k < count; k++) {
            size_t i = from + k;
            if ((int64_t) i == skip) {
                continue;
            }
            uint64_t bit = (uint64_t) 1 << (k % 64);
            sets[0].w[k / 64] |= bit;
            for (uint64_t bits = rows[i] & in_table; bits != 0; bits &= bits - 1) {
                sets[1 + __builtin_ctzll(bits)].w[k / 64] |= bit;
            }
        }
        for (size_t j0 = 0; j0 < m; j0 += piece) {
            size_t width = m - j0 < piece ? m - j0 : piece;
            /* Output k·width + j of the call hashes leaf from + k under tweak first + (from + k)·m + j0 + j: count
             * is 1 unless width is m (and j0 is 0). */
            ys_cr_hash_expand(seeds + 16 * from, count, width, first + (uint64_t) from * m + j0, domain, hashes);
            for (size_t t = 0; t <= r; t++) {
                uint8_t *dst = t == 0 ? columns + 16 * j0 : out + 16 * ((t - 1) * m + j0);
                if (wide) {
                    fold_avx2(&sets[t], words, hashes, 16 * width, dst, width);
                } else {
                    fold_sse2(&sets[t], words, hashes, 16 * width, dst, width);
                }
            }
        }
    }
}
