/* The orthomorphism of the fixed-key hash H(x, t) = AES_fixed(sigma(x) ^ t) ^ sigma(x) (Guo-Katz-Wang-Yu; core's
 * CorrelationRobustHash): sigma(lo, hi) = (hi, hi ^ lo), hi the high 64-bit word of a block. One definition for the
 * kernel's hashes (yaostream_hash.c) and the free-XOR walks (yaostream_walk.c), on one block and per 128-bit lane of
 * AVX2 and AVX-512 registers; static inline, as the hot loops use it on every label. Internal.
 *
 * The forms, as measured in both users: on 128 and 256 bits two unpacks and an XOR (a shuffle and an AND with a
 * mask made the hash's range loops 5-10% slower and the walks no faster); on 512 bits one shuffle and a masked XOR,
 * as the VAES-512 walks are short of shuffle-port slots (the hash is no slower with it). */
#ifndef YAOSTREAM_SIGMA_H
#define YAOSTREAM_SIGMA_H

#include <immintrin.h>

/* Low word x_hi, high word x_hi ^ x_lo. */
static inline __m128i sigma(__m128i x) {
    return _mm_xor_si128(_mm_unpackhi_epi64(x, x), _mm_slli_si128(x, 8));
}

/* sigma per lane of two blocks. */
__attribute__((target("avx2"))) static inline __m256i sigma2(__m256i x) {
    return _mm256_xor_si256(_mm256_unpackhi_epi64(x, x), _mm256_unpacklo_epi64(_mm256_setzero_si256(), x));
}

/* sigma per lane of four blocks. */
__attribute__((target("avx512f"))) static inline __m512i sigma4(__m512i x) {
    __m512i swapped = _mm512_shuffle_epi32(x, (_MM_PERM_ENUM) 0x4e);
    return _mm512_mask_xor_epi64(swapped, 0xaa, swapped, x);
}

#endif
