/* AES-128 on every path: fixed-key encryption and multi-key encryption (each block under a key of its own). */
#include "yaostream_aes.h"
#include "yaostream_cpu.h"
#include "yaostream_kernel.h"
#include "yaostream_vaes512.h"

#include <immintrin.h>
#include <string.h>

__thread ys_schedule fixed_schedule;
/* The key fixed_schedule was expanded from, and whether it was (a thread starts with none). */
static __thread uint64_t fixed_key[2];
static __thread int fixed_ready;

void ys_init(void) {
    choose_path();
}

void ys_use_fixed_key(const uint8_t key[16]) {
    uint64_t k[2];
    memcpy(k, key, 16);
    if (fixed_ready && k[0] == fixed_key[0] && k[1] == fixed_key[1]) {
        return;
    }
    expand_key(_mm_loadu_si128((const __m128i *) key), fixed_schedule.rk);
    fixed_key[0] = k[0];
    fixed_key[1] = k[1];
    fixed_ready = 1;
}

/* VAES-512: four blocks per register, four registers in flight (16 blocks); the 128-bit path does the rest. */
__attribute__((target("avx512f,vaes")))
static size_t encrypt_blocks_vaes512(const __m128i *rk, const uint8_t *in, uint8_t *out, size_t blocks) {
    __m512i k[11];
    broadcast_schedule(rk, k);
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m512i x[4];
        for (int j = 0; j < 4; j++) {
            x[j] = _mm512_xor_si512(_mm512_loadu_si512((const void *) (in + 16 * (i + 4 * (size_t) j))), k[0]);
        }
        finish_and_store4(k, x, out + 16 * i);
    }
    return i;
}

/* VAES-256: two blocks per register, eight registers in flight (16 blocks); the 128-bit path does the rest. */
__attribute__((target("avx2,vaes")))
static size_t encrypt_blocks_vaes256(const __m128i *rk, const uint8_t *in, uint8_t *out, size_t blocks) {
    __m256i k[11];
    broadcast_schedule256(rk, k);
    size_t i = 0;
    for (; i + 2 * YS_V256 <= blocks; i += 2 * YS_V256) {
        __m256i x[YS_V256];
        for (int j = 0; j < YS_V256; j++) {
            x[j] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *) (in + 16 * (i + 2 * (size_t) j))), k[0]);
        }
        finish_and_store256(k, x, out + 16 * i);
    }
    return i;
}

static void encrypt_blocks(const __m128i *rk, const uint8_t *in, uint8_t *out, size_t blocks) {
    size_t i = use_vaes512 ? encrypt_blocks_vaes512(rk, in, out, blocks)
               : use_vaes256 ? encrypt_blocks_vaes256(rk, in, out, blocks) : 0;
    __m128i x[8];
    for (; i + 8 <= blocks; i += 8) {
        for (int j = 0; j < 8; j++) {
            x[j] = _mm_loadu_si128((const __m128i *) (in + 16 * (i + j)));
        }
        encrypt8(rk, x);
        for (int j = 0; j < 8; j++) {
            _mm_storeu_si128((__m128i *) (out + 16 * (i + j)), x[j]);
        }
    }
    for (; i < blocks; i++) {
        _mm_storeu_si128((__m128i *) (out + 16 * i), encrypt1(rk, _mm_loadu_si128((const __m128i *) (in + 16 * i))));
    }
}

void ys_fixed_key_schedule(uint8_t rk[176]) {
    memcpy(rk, fixed_schedule.rk, sizeof fixed_schedule.rk);
}

void encrypt_fixed(const uint8_t *in, uint8_t *out, size_t blocks) {
    encrypt_blocks(fixed_schedule.rk, in, out, blocks);
}

void ys_fixed_key_encrypt(const uint8_t *in, uint8_t *out, size_t blocks) {
    encrypt_fixed(in, out, blocks);
}

/* VAES-512 multi-key: sixteen keys in four registers (YS_KEYED_ROUNDS). */
__attribute__((target("avx512f,avx512bw,vaes")))
static size_t multi_key_encrypt_vaes512(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks) {
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m512i k[4], x[4];
        for (int j = 0; j < 4; j++) {
            k[j] = _mm512_loadu_si512((const void *) (keys + 16 * (i + 4 * (size_t) j)));
            x[j] = _mm512_xor_si512(_mm512_loadu_si512((const void *) (in + 16 * (i + 4 * (size_t) j))), k[j]);
        }
        YS_KEYED_ROUNDS(k, x, 4);
        for (int j = 0; j < 4; j++) {
            _mm512_storeu_si512((void *) (out + 16 * (i + 4 * (size_t) j)), x[j]);
        }
    }
    return i;
}

/* Blocks i..i+n-1 of a VAES-256 multi-key encryption (n < 16) in z = ceil(n / 2) registers, z constant where
 * inlined: an odd last block alone in its register's low half (the high half encrypts zeros under a zero key). */
__attribute__((target("avx2,vaes"))) static inline __attribute__((always_inline)) void
multi_key_vaes256(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t i, size_t n, const int z) {
    __m256i k[8], x[8];
    for (int j = 0; j < z; j++) {
        size_t b = i + 2 * (size_t) j;
        if (b + 1 < i + n) {
            k[j] = _mm256_loadu_si256((const __m256i *) (keys + 16 * b));
            x[j] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *) (in + 16 * b)), k[j]);
        } else {
            k[j] = _mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *) (keys + 16 * b)));
            x[j] = _mm256_xor_si256(_mm256_zextsi128_si256(_mm_loadu_si128((const __m128i *) (in + 16 * b))), k[j]);
        }
    }
    YS_KEYED_ROUNDS2(k, x, z);
    for (int j = 0; j < z; j++) {
        size_t b = i + 2 * (size_t) j;
        if (b + 1 < i + n) {
            _mm256_storeu_si256((__m256i *) (out + 16 * b), x[j]);
        } else {
            _mm_storeu_si128((__m128i *) (out + 16 * b), _mm256_castsi256_si128(x[j]));
        }
    }
}

/* VAES-256 multi-key: sixteen keys in eight registers (YS_KEYED_ROUNDS2), the last few in as many registers as they
 * fill (a few blocks' time is the latency of one key schedule, so all of them on the 128-bit path would take as
 * long as sixteen). */
__attribute__((target("avx2,vaes")))
static size_t multi_key_encrypt_vaes256(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks) {
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m256i k[8], x[8];
        for (int j = 0; j < 8; j++) {
            k[j] = _mm256_loadu_si256((const __m256i *) (keys + 16 * (i + 2 * (size_t) j)));
            x[j] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *) (in + 16 * (i + 2 * (size_t) j))), k[j]);
        }
        YS_KEYED_ROUNDS2(k, x, 8);
        for (int j = 0; j < 8; j++) {
            _mm256_storeu_si256((__m256i *) (out + 16 * (i + 2 * (size_t) j)), x[j]);
        }
    }
    size_t n = blocks - i;
    switch ((n + 1) / 2) {
    case 1: multi_key_vaes256(keys, in, out, i, n, 1); break;
    case 2: multi_key_vaes256(keys, in, out, i, n, 2); break;
    case 3: multi_key_vaes256(keys, in, out, i, n, 3); break;
    case 4: multi_key_vaes256(keys, in, out, i, n, 4); break;
    case 5: multi_key_vaes256(keys, in, out, i, n, 5); break;
    case 6: multi_key_vaes256(keys, in, out, i, n, 6); break;
    case 7: multi_key_vaes256(keys, in, out, i, n, 7); break;
    case 8: multi_key_vaes256(keys, in, out, i, n, 8); break;
    default: break;
    }
    return blocks;
}

/* Blocks i..i+z-1 of ys_multi_key_encrypt on 128-bit registers, z constant where inlined. */
static inline __attribute__((always_inline)) void multi_key_tail(const uint8_t *keys, const uint8_t *in, uint8_t *out,
                                                                 size_t i, const int z) {
    __m128i k[8], x[8];
    for (int j = 0; j < z; j++) {
        k[j] = _mm_loadu_si128((const __m128i *) (keys + 16 * (i + (size_t) j)));
        x[j] = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (in + 16 * (i + (size_t) j))), k[j]);
    }
    YS_KEYED_ROUNDS1(k, x, z);
    for (int j = 0; j < z; j++) {
        _mm_storeu_si128((__m128i *) (out + 16 * (i + (size_t) j)), x[j]);
    }
}

void ys_multi_key_encrypt(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks) {
    size_t i = use_vaes512 ? multi_key_encrypt_vaes512(keys, in, out, blocks)
               : use_vaes256 ? multi_key_encrypt_vaes256(keys, in, out, blocks) : 0;
    for (; i + 8 <= blocks; i += 8) {
        /* Eight key schedules a round ahead of eight encryptions, interleaved by round (GLNP15 §2.2), with the
         * byte shuffle and AESENCLAST rather than AESKEYGENASSIST (YS_KEYED_ROUNDS1). */
        __m128i k[8], x[8];
        for (int j = 0; j < 8; j++) {
            k[j] = _mm_loadu_si128((const __m128i *) (keys + 16 * (i + (size_t) j)));
            x[j] = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (in + 16 * (i + (size_t) j))), k[j]);
        }
        YS_KEYED_ROUNDS1(k, x, 8);
        for (int j = 0; j < 8; j++) {
            _mm_storeu_si128((__m128i *) (out + 16 * (i + (size_t) j)), x[j]);
        }
    }
    /* The last few (a small group's whole call): all their schedules interleaved too, as the time of a few is the
     * latency of one key schedule. */
    switch (blocks - i) {
    case 1: multi_key_tail(keys, in, out, i, 1); break;
    case 2: multi_key_tail(keys, in, out, i, 2); break;
    case 3: multi_key_tail(keys, in, out, i, 3); break;
    case 4: multi_key_tail(keys, in, out, i, 4); break;
    case 5: multi_key_tail(keys, in, out, i, 5); break;
    case 6: multi_key_tail(keys, in, out, i, 6); break;
    case 7: multi_key_tail(keys, in, out, i, 7); break;
    default: break;
    }
}

/* Key pairs p..p+z-1 of ys_multi_key_encrypt_twice on VAES-256 registers (a pair per register, its four blocks in
 * two), z constant where inlined. */
__attribute__((target("avx2,vaes"))) static inline __attribute__((always_inline)) void
multi_key_twice_vaes256(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t p, const int z) {
    __m256i k[4], x[8];
    for (int j = 0; j < z; j++) {
        k[j] = _mm256_loadu_si256((const __m256i *) (keys + 32 * (p + (size_t) j)));
        for (int h = 0; h < 2; h++) {
            const uint8_t *b = in + 64 * (p + (size_t) j) + 32 * (size_t) h;
            x[2 * j + h] = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *) b), k[j]);
        }
    }
    YS_KEYED_ROUNDS2_PER(k, x, z, 2);
    for (int j = 0; j < 2 * z; j++) {
        _mm256_storeu_si256((__m256i *) (out + 64 * p + 32 * (size_t) j), x[j]);
    }
}

/* ys_multi_key_encrypt_twice on VAES-256 registers: four key pairs (sixteen blocks) in flight. */
__attribute__((target("avx2,vaes")))
static void multi_key_twice_vaes256_all(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t pairs) {
    size_t p = 0;
    for (; p + 4 <= pairs; p += 4) {
        multi_key_twice_vaes256(keys, in, out, p, 4);
    }
    switch (pairs - p) {
    case 1: multi_key_twice_vaes256(keys, in, out, p, 1); break;
    case 2: multi_key_twice_vaes256(keys, in, out, p, 2); break;
    case 3: multi_key_twice_vaes256(keys, in, out, p, 3); break;
    default: break;
    }
}

/* Key pairs p..p+z-1 of ys_multi_key_encrypt_twice on 128-bit registers, z constant where inlined. */
static inline __attribute__((always_inline)) void multi_key_twice_aesni(const uint8_t *keys, const uint8_t *in,
                                                                       uint8_t *out, size_t p, const int z) {
    __m128i k[4], x[8];
    for (int j = 0; j < 2 * z; j++) {
        /* Key j of the pairs encrypts blocks j + (j & ~1) and j + (j & ~1) + 2 of their four. */
        size_t first = 4 * p + (size_t) (j + (j & ~1));
        k[j] = _mm_loadu_si128((const __m128i *) (keys + 16 * (2 * p + (size_t) j)));
        x[2 * j] = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (in + 16 * first)), k[j]);
        x[2 * j + 1] = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (in + 16 * (first + 2))), k[j]);
    }
    YS_KEYED_ROUNDS1_PER(k, x, 2 * z, 2);
    for (int j = 0; j < 2 * z; j++) {
        size_t first = 4 * p + (size_t) (j + (j & ~1));
        _mm_storeu_si128((__m128i *) (out + 16 * first), x[2 * j]);
        _mm_storeu_si128((__m128i *) (out + 16 * (first + 2)), x[2 * j + 1]);
    }
}

void ys_multi_key_encrypt_twice(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t pairs) {
    /* The VAES-512 path takes the 256-bit registers too: every CPU with it has them. */
    if (use_vaes512 || use_vaes256) {
        multi_key_twice_vaes256_all(keys, in, out, pairs);
        return;
    }
    size_t p = 0;
    for (; p + 2 <= pairs; p += 2) {
        multi_key_twice_aesni(keys, in, out, p, 2);
    }
    if (p < pairs) {
        multi_key_twice_aesni(keys, in, out, p, 1);
    }
}
