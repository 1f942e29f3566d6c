#include "yaostream_kernel.h"

#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

typedef struct {
    __m128i rk[11];
} ys_schedule;

static ys_schedule fixed_schedule;
/* Set once by ys_set_fixed_key (called at load): 1 when the CPU has VAES with AVX-512. */
static int use_vaes512;

/* VAES, AVX-512F and AVX-512BW (CPUID leaf 7: ECX bit 9, EBX bits 16 and 30), with the OS saving the ZMM state
 * (XCR0 bits 5-7). Every CPU with VAES-512 so far has BW, which the multi-key path's byte shuffle needs. */
static int cpu_has_vaes512(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || (c & bit_OSXSAVE) == 0) {
        return 0;
    }
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || (c & bit_VAES) == 0 || (b & bit_AVX512F) == 0
        || (b & bit_AVX512BW) == 0) {
        return 0;
    }
    unsigned int xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void) xcr0_hi;
    return (xcr0_lo & 0xe6) == 0xe6;
}

int ys_cpu_supported(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return 0;
    }
    return (c & bit_AES) != 0 && (c & bit_SSE4_1) != 0;
}

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

void ys_set_fixed_key(const uint8_t key[16]) {
    expand_key(_mm_loadu_si128((const __m128i *) key), fixed_schedule.rk);
    use_vaes512 = cpu_has_vaes512();
}

/* VAES-512: four blocks per register, four registers in flight (16 blocks); the 128-bit path does the rest. */
__attribute__((target("avx512f,vaes")))
static size_t encrypt_blocks_vaes512(const __m128i *rk, const uint8_t *in, uint8_t *out, size_t blocks) {
    __m512i k[11];
    for (int r = 0; r < 11; r++) {
        k[r] = _mm512_broadcast_i32x4(rk[r]);
    }
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m512i x[4];
        for (int j = 0; j < 4; j++) {
            x[j] = _mm512_xor_si512(_mm512_loadu_si512((const void *) (in + 16 * (i + 4 * (size_t) j))), k[0]);
        }
        for (int r = 1; r < 10; r++) {
            for (int j = 0; j < 4; j++) {
                x[j] = _mm512_aesenc_epi128(x[j], k[r]);
            }
        }
        for (int j = 0; j < 4; j++) {
            _mm512_storeu_si512((void *) (out + 16 * (i + 4 * (size_t) j)), _mm512_aesenclast_epi128(x[j], k[10]));
        }
    }
    return i;
}

/* 1 when the VAES-512 path is in use (for reports and tests). */
int ys_uses_vaes512(void) {
    return use_vaes512;
}

static void encrypt_blocks(const __m128i *rk, const uint8_t *in, uint8_t *out, size_t blocks) {
    size_t i = use_vaes512 ? encrypt_blocks_vaes512(rk, in, out, blocks) : 0;
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

void ys_fixed_key_encrypt(const uint8_t *in, uint8_t *out, size_t blocks) {
    encrypt_blocks(fixed_schedule.rk, in, out, blocks);
}

/* VAES-512 multi-key: sixteen keys in four registers, each key schedule computed a round ahead of the round that
 * uses it (GLNP15's interleaved expansion). A round key comes from the last through AESENCLAST rather than
 * AESKEYGENASSIST, whose throughput is poor: with RotWord(w3) broadcast to all four columns, ShiftRows does
 * nothing, so AESENCLAST gives SubWord(RotWord(w3)) ^ rcon in every word. */
__attribute__((target("avx512f,avx512bw,vaes")))
static size_t multi_key_encrypt_vaes512(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks) {
    static const int RCON[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};
    const __m512i rot_word3 = _mm512_set1_epi32(0x0c0f0e0d);
    size_t i = 0;
    for (; i + 16 <= blocks; i += 16) {
        __m512i k[4], x[4];
        for (int j = 0; j < 4; j++) {
            k[j] = _mm512_loadu_si512((const void *) (keys + 16 * (i + 4 * (size_t) j)));
            x[j] = _mm512_xor_si512(_mm512_loadu_si512((const void *) (in + 16 * (i + 4 * (size_t) j))), k[j]);
        }
        for (int r = 0; r < 10; r++) {
            __m512i rcon = _mm512_set1_epi32(RCON[r]);
            for (int j = 0; j < 4; j++) {
                __m512i t = _mm512_aesenclast_epi128(_mm512_shuffle_epi8(k[j], rot_word3), rcon);
                __m512i w = _mm512_xor_si512(k[j], _mm512_bslli_epi128(k[j], 4));
                w = _mm512_xor_si512(w, _mm512_bslli_epi128(w, 4));
                w = _mm512_xor_si512(w, _mm512_bslli_epi128(w, 4));
                k[j] = _mm512_xor_si512(w, t);
                x[j] = r < 9 ? _mm512_aesenc_epi128(x[j], k[j]) : _mm512_aesenclast_epi128(x[j], k[j]);
            }
        }
        for (int j = 0; j < 4; j++) {
            _mm512_storeu_si512((void *) (out + 16 * (i + 4 * (size_t) j)), x[j]);
        }
    }
    return i;
}

void ys_multi_key_encrypt(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks) {
    size_t i = use_vaes512 ? multi_key_encrypt_vaes512(keys, in, out, blocks) : 0;
    __m128i rk[4][11];
    for (; i + 4 <= blocks; i += 4) {
        /* Four key schedules, then four encryptions, interleaved by round (GLNP15 KS4_ENC4). */
        for (int j = 0; j < 4; j++) {
            expand_key(_mm_loadu_si128((const __m128i *) (keys + 16 * (i + j))), rk[j]);
        }
        __m128i x[4];
        for (int j = 0; j < 4; j++) {
            x[j] = _mm_xor_si128(_mm_loadu_si128((const __m128i *) (in + 16 * (i + j))), rk[j][0]);
        }
        for (int r = 1; r < 10; r++) {
            for (int j = 0; j < 4; j++) {
                x[j] = _mm_aesenc_si128(x[j], rk[j][r]);
            }
        }
        for (int j = 0; j < 4; j++) {
            _mm_storeu_si128((__m128i *) (out + 16 * (i + j)), _mm_aesenclast_si128(x[j], rk[j][10]));
        }
    }
    for (; i < blocks; i++) {
        expand_key(_mm_loadu_si128((const __m128i *) (keys + 16 * i)), rk[0]);
        _mm_storeu_si128((__m128i *) (out + 16 * i), encrypt1(rk[0], _mm_loadu_si128((const __m128i *) (in + 16 * i))));
    }
}

void ys_ctr(const uint8_t key[16], uint64_t counter, uint8_t *out, size_t blocks) {
    __m128i rk[11];
    expand_key(_mm_loadu_si128((const __m128i *) key), rk);
    size_t i = 0;
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

void ys_transpose128(const uint8_t *in, size_t n, uint8_t *out) {
    size_t row_bytes = n / 8;
    uint16_t *out16 = (uint16_t *) out; /* block c = out16[8c .. 8c+7]; word g holds rows 16g..16g+15 */
    for (size_t byte = 0; byte < row_bytes; byte++) {
        for (int g = 0; g < 8; g++) {
            /* Byte `byte` of rows 16g..16g+15: bit t of each is column 8*byte + t. */
            uint8_t gather[16];
            for (int k = 0; k < 16; k++) {
                gather[k] = in[(size_t) (16 * g + k) * row_bytes + byte];
            }
            __m128i v = _mm_loadu_si128((const __m128i *) gather);
            for (int t = 7; t >= 0; t--) {
                /* movemask takes bit 7 of each byte: column 8*byte + t after shifting left by 7 - t. */
                out16[8 * (8 * byte + (size_t) t) + (size_t) g] = (uint16_t) _mm_movemask_epi8(v);
                v = _mm_slli_epi64(v, 1);
            }
        }
    }
}
