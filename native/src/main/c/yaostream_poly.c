/* The three-party protocol's stream hash, core's io.yaostream.core.kernel.PolynomialHash, with carry-less
 * multiplication: the running sum takes four blocks per reduction, acc' = (acc ^ b0) h^4 ^ b1 h^3 ^ b2 h^2 ^ b3 h,
 * whose products are summed unreduced (reduction is linear). Blocks are the natural representation: bit i of the low
 * quadword is the coefficient of x^i, modulo x^128 + x^7 + x^2 + x + 1. */
#include "yaostream_kernel.h"

#include <immintrin.h>
#include <string.h>

#define YS_POLY_TARGET __attribute__((target("pclmul,sse4.1")))

/* The 256-bit product a b as (lo, hi). */
YS_POLY_TARGET static inline void clmul128(__m128i a, __m128i b, __m128i *lo, __m128i *hi) {
    __m128i low = _mm_clmulepi64_si128(a, b, 0x00);
    __m128i high = _mm_clmulepi64_si128(a, b, 0x11);
    __m128i mid = _mm_xor_si128(_mm_clmulepi64_si128(a, b, 0x10), _mm_clmulepi64_si128(a, b, 0x01));
    *lo = _mm_xor_si128(low, _mm_slli_si128(mid, 8));
    *hi = _mm_xor_si128(high, _mm_srli_si128(mid, 8));
}

/* (lo, hi) modulo the field polynomial: x^128 = x^7 + x^2 + x + 1 (0x87), folded twice. */
YS_POLY_TARGET static inline __m128i reduce(__m128i lo, __m128i hi) {
    const __m128i r = _mm_set_epi64x(0, 0x87);
    __m128i a = _mm_clmulepi64_si128(hi, r, 0x00);
    __m128i b = _mm_clmulepi64_si128(hi, r, 0x01);
    __m128i res = _mm_xor_si128(_mm_xor_si128(lo, a), _mm_slli_si128(b, 8));
    return _mm_xor_si128(res, _mm_clmulepi64_si128(_mm_srli_si128(b, 8), r, 0x00));
}

YS_POLY_TARGET static inline __m128i mul(__m128i a, __m128i b) {
    __m128i lo, hi;
    clmul128(a, b, &lo, &hi);
    return reduce(lo, hi);
}

/* Eight blocks per reduction with VPCLMULQDQ, two blocks per register: acc' = (acc ^ b0) h^8 ^ b1 h^7 ^ ... ^ b7 h,
 * the four registers' products summed unreduced, then the two lanes. Returns the bytes it took (a multiple of 128). */
__attribute__((target("vpclmulqdq,avx2,pclmul,sse4.1")))
static size_t poly_wide(const __m128i *h, const uint8_t *data, size_t length, __m128i *accp) {
    __m128i p[9];
    for (int k = 1; k <= 4; k++) {
        p[k] = h[k];
    }
    for (int k = 5; k <= 8; k++) {
        p[k] = mul(p[k - 1], h[1]);
    }
    /* register r holds blocks 2r (low lane) and 2r + 1, multiplied by h^(8 - 2r) and h^(7 - 2r) */
    __m256i keys[4];
    for (int r = 0; r < 4; r++) {
        keys[r] = _mm256_set_m128i(p[7 - 2 * r], p[8 - 2 * r]);
    }
    __m128i acc = *accp;
    size_t i = 0;
    for (; i + 128 <= length; i += 128) {
        __m256i lo = _mm256_setzero_si256(), hi = _mm256_setzero_si256(), mid = _mm256_setzero_si256();
        for (int r = 0; r < 4; r++) {
            __m256i b = _mm256_loadu_si256((const __m256i *) (data + i + 32 * r));
            if (r == 0) {
                b = _mm256_xor_si256(b, _mm256_zextsi128_si256(acc));
            }
            lo = _mm256_xor_si256(lo, _mm256_clmulepi64_epi128(b, keys[r], 0x00));
            hi = _mm256_xor_si256(hi, _mm256_clmulepi64_epi128(b, keys[r], 0x11));
            mid = _mm256_xor_si256(mid, _mm256_xor_si256(_mm256_clmulepi64_epi128(b, keys[r], 0x10),
                                                         _mm256_clmulepi64_epi128(b, keys[r], 0x01)));
        }
        __m128i l = _mm_xor_si128(_mm256_castsi256_si128(lo), _mm256_extracti128_si256(lo, 1));
        __m128i h = _mm_xor_si128(_mm256_castsi256_si128(hi), _mm256_extracti128_si256(hi, 1));
        __m128i m = _mm_xor_si128(_mm256_castsi256_si128(mid), _mm256_extracti128_si256(mid, 1));
        acc = reduce(_mm_xor_si128(l, _mm_slli_si128(m, 8)), _mm_xor_si128(h, _mm_srli_si128(m, 8)));
    }
    *accp = acc;
    return i;
}

YS_POLY_TARGET void ys_poly_hash(uint64_t key_lo, uint64_t key_hi, const uint8_t *data, size_t length, uint64_t index,
                                 uint8_t *out) {
    __m128i h[5];
    h[1] = _mm_set_epi64x((long long) key_hi, (long long) key_lo);
    for (int k = 2; k <= 4; k++) {
        h[k] = mul(h[k - 1], h[1]);
    }
    __m128i h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4];
    __m128i acc = _mm_setzero_si128();
    size_t i = 0;
    if (ys_use_wide_clmul() && length >= 128) {
        i = poly_wide(h, data, length, &acc);
    }
    for (; i + 64 <= length; i += 64) {
        __m128i lo, hi, l, h;
        clmul128(_mm_xor_si128(acc, _mm_loadu_si128((const __m128i *) (data + i))), h4, &lo, &hi);
        clmul128(_mm_loadu_si128((const __m128i *) (data + i + 16)), h3, &l, &h);
        lo = _mm_xor_si128(lo, l);
        hi = _mm_xor_si128(hi, h);
        clmul128(_mm_loadu_si128((const __m128i *) (data + i + 32)), h2, &l, &h);
        lo = _mm_xor_si128(lo, l);
        hi = _mm_xor_si128(hi, h);
        clmul128(_mm_loadu_si128((const __m128i *) (data + i + 48)), h1, &l, &h);
        lo = _mm_xor_si128(lo, l);
        hi = _mm_xor_si128(hi, h);
        acc = reduce(lo, hi);
    }
    for (; i + 16 <= length; i += 16) {
        acc = mul(_mm_xor_si128(acc, _mm_loadu_si128((const __m128i *) (data + i))), h1);
    }
    if (i < length) {
        uint8_t last[16] = {0};
        memcpy(last, data + i, length - i);
        acc = mul(_mm_xor_si128(acc, _mm_loadu_si128((const __m128i *) last)), h1);
    }
    acc = mul(_mm_xor_si128(acc, _mm_set_epi64x((long long) index, (long long) length)), h1);
    _mm_storeu_si128((__m128i *) out, acc);
}
