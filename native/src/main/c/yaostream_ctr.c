/* AES in counter mode, under one key (ys_ctr) or under each of many expanded once (ys_expand_keys, ys_ctr_keys). */
#include "yaostream_aes.h"
#include "yaostream_cpu.h"
#include "yaostream_kernel.h"

#include <immintrin.h>
#include <string.h>

/* Counter blocks (counter + i, 0), sixteen at a time in four VAES-512 registers; returns the blocks done. */
__attribute__((target("avx512f,vaes")))
static size_t ctr_vaes512(const __m128i *rk, uint64_t counter, uint8_t *out, size_t blocks) {
    __m512i k[11];
    broadcast_schedule(rk, k);
    const __m512i four = _mm512_set_epi64(0, 4, 0, 4, 0, 4, 0, 4);
    __m512i next = _mm512_set_epi64(0, (long long) (counter + 3), 0, (long long) (counter + 2),
                                    0, (long long) (counter + 1), 0, (long long) counter);
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m512i x[4];
        for (int j = 0; j < 4; j++) {
            x[j] = _mm512_xor_si512(next, k[0]);
            next = _mm512_add_epi64(next, four);
        }
        finish_and_store4(k, x, out + 16 * i);
    }
    return i;
}

/* Counter blocks on VAES-256, sixteen at a time in eight registers; returns the blocks done. */
__attribute__((target("avx2,vaes")))
static size_t ctr_vaes256(const __m128i *rk, uint64_t counter, uint8_t *out, size_t blocks) {
    __m256i k[11];
    broadcast_schedule256(rk, k);
    const __m256i two = _mm256_set_epi64x(0, 2, 0, 2);
    __m256i next = _mm256_set_epi64x(0, (long long) (counter + 1), 0, (long long) counter);
    size_t i = 0;
    for (; i + 2 * YS_V256 <= blocks; i += 2 * YS_V256) {
        __m256i x[YS_V256];
        for (int j = 0; j < YS_V256; j++) {
            x[j] = _mm256_xor_si256(next, k[0]);
            next = _mm256_add_epi64(next, two);
        }
        finish_and_store256(k, x, out + 16 * i);
    }
    return i;
}

static void ctr_blocks(const __m128i *rk, uint64_t counter, uint8_t *out, size_t blocks) {
    size_t i = use_vaes512 ? ctr_vaes512(rk, counter, out, blocks) : use_vaes256 ? ctr_vaes256(rk, counter, out, blocks) : 0;
    __m128i x[8];
    for (; i + 8 <= blocks; i += 8) {
        for (int j = 0; j < 8; j++) {
            x[j] = _mm_set_epi64x(0, (long long) (counter + i + (uint64_t) j));
        }
        encrypt8(rk, x);
        for (int j = 0; j < 8; j++) {
            _mm_storeu_si128((__m128i *) (out + 16 * (i + j)), x[j]);
        }
    }
    for (; i < blocks; i++) {
        _mm_storeu_si128((__m128i *) (out + 16 * i), encrypt1(rk, _mm_set_epi64x(0, (long long) (counter + i))));
    }
}

void ys_ctr(const uint8_t key[16], uint64_t counter, uint8_t *out, size_t blocks) {
    __m128i rk[11];
    expand_key(_mm_loadu_si128((const __m128i *) key), rk);
    ctr_blocks(rk, counter, out, blocks);
}

void ys_expand_keys(const uint8_t *keys, size_t n, uint8_t *schedules) {
    for (size_t j = 0; j < n; j++) {
        __m128i rk[11];
        expand_key(_mm_loadu_si128((const __m128i *) (keys + 16 * j)), rk);
        memcpy(schedules + YS_SCHEDULE_BYTES * j, rk, sizeof rk);
    }
}

void ys_ctr_keys(const uint8_t *schedules, size_t n, uint64_t counter, uint8_t *out, size_t blocks) {
    for (size_t j = 0; j < n; j++) {
        __m128i rk[11];
        memcpy(rk, schedules + YS_SCHEDULE_BYTES * j, sizeof rk); /* the Java array is only 8-byte aligned */
        ctr_blocks(rk, counter, out + 16 * blocks * j, blocks);
    }
}
