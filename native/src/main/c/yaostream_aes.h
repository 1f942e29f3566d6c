/* Fixed-key AES-128 for the kernel's files that run it (yaostream_aes.c, yaostream_ctr.c, yaostream_hash.c): the key
 * expansion and the round loops of each path, static inline so that hot loops keep them in registers rather than
 * call them. Only for functions compiled for the matching targets, called on their path. Internal. */
#ifndef YAOSTREAM_AES_H
#define YAOSTREAM_AES_H

#include "yaostream_cpu.h"

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
    __m128i rk[11];
} ys_schedule;

/* The round keys of the calling thread's key of pi (ys_use_fixed_key). */
YS_INTERNAL extern __thread ys_schedule fixed_schedule;

/* out[i] = AES_fixed(in[i]) on the path in use (ys_fixed_key_encrypt); in may equal out. */
YS_INTERNAL void encrypt_fixed(const uint8_t *in, uint8_t *out, size_t blocks);

static inline __m128i expand_step(__m128i key, __m128i assist) {
    assist = _mm_shuffle_epi32(assist, 0xff);
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
    key = _mm_xor_si128(key, _mm_slli_si128(key, 4));
    return _mm_xor_si128(key, assist);
}

#define YS_EXPAND(rk, i, rcon) (rk)[i] = expand_step((rk)[(i) - 1], _mm_aeskeygenassist_si128((rk)[(i) - 1], rcon))

static inline void expand_key(__m128i key, __m128i *rk) {
    rk[0] = key;
    YS_EXPAND(rk, 1, 0x01);
    YS_EXPAND(rk, 2, 0x02);
    YS_EXPAND(rk, 3, 0x04);
    YS_EXPAND(rk, 4, 0x08);
    YS_EXPAND(rk, 5, 0x10);
    YS_EXPAND(rk, 6, 0x20);
    YS_EXPAND(rk, 7, 0x40);
    YS_EXPAND(rk, 8, 0x80);
    YS_EXPAND(rk, 9, 0x1b);
    YS_EXPAND(rk, 10, 0x36);
}

static inline __m128i encrypt1(const __m128i *rk, __m128i x) {
    x = _mm_xor_si128(x, rk[0]);
    for (int r = 1; r < 10; r++) {
        x = _mm_aesenc_si128(x, rk[r]);
    }
    return _mm_aesenclast_si128(x, rk[10]);
}

/* Eight independent blocks in flight hide the latency of aesenc. */
static inline void encrypt8(const __m128i *rk, __m128i *x) {
    for (int j = 0; j < 8; j++) {
        x[j] = _mm_xor_si128(x[j], rk[0]);
    }
    for (int r = 1; r < 10; r++) {
        for (int j = 0; j < 8; j++) {
            x[j] = _mm_aesenc_si128(x[j], rk[r]);
        }
    }
    for (int j = 0; j < 8; j++) {
        x[j] = _mm_aesenclast_si128(x[j], rk[10]);
    }
}

/* The round keys of rk broadcast to every lane of k (11 registers). */
__attribute__((target("avx512f,vaes")))
static inline void broadcast_schedule(const __m128i *rk, __m512i k[11]) {
    for (int r = 0; r < 11; r++) {
        k[r] = _mm512_broadcast_i32x4(rk[r]);
    }
}

/* Rounds 1-10 of AES on four registers (sixteen blocks) already whitened with k[0], then stored to out. */
__attribute__((target("avx512f,vaes")))
static inline void finish_and_store4(const __m512i k[11], __m512i x[4], uint8_t *out) {
    for (int r = 1; r < 10; r++) {
        for (int j = 0; j < 4; j++) {
            x[j] = _mm512_aesenc_epi128(x[j], k[r]);
        }
    }
    for (int j = 0; j < 4; j++) {
        _mm512_storeu_si512((void *) (out + 64 * (size_t) j), _mm512_aesenclast_epi128(x[j], k[10]));
    }
}

/* The round keys of rk in both lanes of k (11 registers). */
__attribute__((target("avx2,vaes")))
static inline void broadcast_schedule256(const __m128i *rk, __m256i k[11]) {
    for (int r = 0; r < 11; r++) {
        k[r] = _mm256_broadcastsi128_si256(rk[r]);
    }
}

/* Rounds 1-10 on YS_V256 registers (two blocks each) already whitened with k[0], then stored to out. */
#define YS_V256 8
__attribute__((target("avx2,vaes")))
static inline void finish_and_store256(const __m256i k[11], __m256i x[YS_V256], uint8_t *out) {
    for (int r = 1; r < 10; r++) {
        for (int j = 0; j < YS_V256; j++) {
            x[j] = _mm256_aesenc_epi128(x[j], k[r]);
        }
    }
    for (int j = 0; j < YS_V256; j++) {
        _mm256_storeu_si256((__m256i *) (out + 32 * (size_t) j), _mm256_aesenclast_epi128(x[j], k[10]));
    }
}

#endif
