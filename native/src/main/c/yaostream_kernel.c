#include "yaostream_kernel.h"
#include "yaostream_vaes512.h"

#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

typedef struct {
    __m128i rk[11];
} ys_schedule;

static ys_schedule fixed_schedule;
/* The widest path allowed (ys_set_path_limit); the path in use is the widest the CPU has up to it. */
static int path_limit = YS_PATH_VAES512;
static int path = YS_PATH_AESNI;
/* Set with path: 1 on the VAES-512 path, 1 on the VAES-256 path. */
static int use_vaes512;
static int use_vaes256;
/* Set with use_vaes512: 1 when the CPU has AVX-512BW and VBMI for the wide transpose. */
static int use_avx512_transpose;
static int cpu_has_avx512_transpose(void);

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

/* VAES and AVX2 (CPUID leaf 7: ECX bit 9, EBX bit 5) with AVX (leaf 1 ECX bit 28), the OS saving the YMM state
 * (XCR0 bits 1-2). Zen 3, Ice Lake and later have it; Zen 3 has no AVX-512. */
static int cpu_has_vaes256(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || (c & bit_OSXSAVE) == 0 || (c & bit_AVX) == 0) {
        return 0;
    }
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d) || (c & bit_VAES) == 0 || (b & bit_AVX2) == 0) {
        return 0;
    }
    unsigned int xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void) xcr0_hi;
    return (xcr0_lo & 0x6) == 0x6;
}

int ys_cpu_path(void) {
    return cpu_has_vaes512() ? YS_PATH_VAES512 : cpu_has_vaes256() ? YS_PATH_VAES256 : YS_PATH_AESNI;
}

/* VPCLMULQDQ (CPUID leaf 7 ECX bit 10): the polynomial hash's 256-bit multiplications, on the VAES paths (every CPU
 * with VAES so far has it, and the path limit then covers the hash's paths too). */
static int cpu_has_vpclmul(void) {
    unsigned int a, b, c, d;
    return __get_cpuid_count(7, 0, &a, &b, &c, &d) && (c & (1u << 10)) != 0;
}

static int use_wide_clmul;

int ys_use_wide_clmul(void) {
    return use_wide_clmul;
}

/* Picks the path from the CPU and the limit. */
static void choose_path(void) {
    int cpu = ys_cpu_path();
    path = cpu < path_limit ? cpu : path_limit;
    use_vaes512 = path == YS_PATH_VAES512;
    use_vaes256 = path == YS_PATH_VAES256;
    use_avx512_transpose = use_vaes512 && cpu_has_avx512_transpose();
    use_wide_clmul = (use_vaes256 || use_vaes512) && cpu_has_vpclmul();
}

int ys_path(void) {
    return path;
}

void ys_set_path_limit(int limit) {
    path_limit = limit < YS_PATH_AESNI ? YS_PATH_AESNI : limit > YS_PATH_VAES512 ? YS_PATH_VAES512 : limit;
    choose_path();
}

/* AVX-512 BW and VBMI (CPUID leaf 7: EBX bit 30, ECX bit 1), with the ZMM state saved as for VAES-512. */
static int cpu_has_avx512_transpose(void) {
    unsigned int a, b, c, d;
    if (!cpu_has_vaes512() || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        return 0;
    }
    return (b & bit_AVX512BW) != 0 && (c & bit_AVX512VBMI) != 0;
}

int ys_cpu_supported(void) {
    unsigned int a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) {
        return 0;
    }
    return (c & bit_AES) != 0 && (c & bit_SSE4_1) != 0 && (c & bit_PCLMUL) != 0;
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
    choose_path();
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

void ys_fixed_key_encrypt(const uint8_t *in, uint8_t *out, size_t blocks) {
    encrypt_blocks(fixed_schedule.rk, in, out, blocks);
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

/* sigma(x) = (x_L ^ x_R) || x_L, x_L the high half: low word x_hi, high word x_hi ^ x_lo. */
static inline __m128i sigma(__m128i x) {
    return _mm_xor_si128(_mm_unpackhi_epi64(x, x), _mm_slli_si128(x, 8));
}

/* The end of a hash on the 128-bit path: out holds `blocks` AES inputs sigma ^ tweak and masks their sigmas; out is
 * encrypted in place, then XORed with the sigmas. */
static inline void cr_hash_finish(const __m128i *masks, uint8_t *out, size_t blocks) {
    __m128i *o = (__m128i *) out;
    encrypt_blocks(fixed_schedule.rk, out, out, blocks);
    for (size_t k = 0; k < blocks; k++) {
        _mm_storeu_si128(o + k, _mm_xor_si128(_mm_loadu_si128(o + k), masks[k]));
    }
}

/* ys_cr_hash_range for up to 64 outputs (64 >> with_offset inputs from input index `first`) on the 128-bit path:
 * sigma goes to a buffer in L1, the AES inputs straight to out, which is encrypted in place and then XORed with
 * sigma. with_offset is a constant at each call, so the compiler makes a loop for each case. */
static inline void cr_hash_chunk(const uint8_t *in, uint64_t first, uint64_t domain, int with_offset,
                                 __m128i sigma_offset, uint8_t *out, size_t inputs) {
    __m128i masks[64];
    __m128i tweak = _mm_set_epi64x((long long) domain, (long long) first);
    const __m128i one = _mm_set_epi64x(0, 1);
    __m128i *o = (__m128i *) out;
    for (size_t k = 0; k < inputs; k++) {
        __m128i s = sigma(_mm_loadu_si128((const __m128i *) (in + 16 * k)));
        if (with_offset) {
            __m128i s2 = _mm_xor_si128(s, sigma_offset);
            masks[2 * k] = s;
            masks[2 * k + 1] = s2;
            _mm_storeu_si128(o + 2 * k, _mm_xor_si128(s, tweak));
            _mm_storeu_si128(o + 2 * k + 1, _mm_xor_si128(s2, tweak));
        } else {
            masks[k] = s;
            _mm_storeu_si128(o + k, _mm_xor_si128(s, tweak));
        }
        tweak = _mm_add_epi64(tweak, one);
    }
    cr_hash_finish(masks, out, inputs << with_offset);
}

/* sigma of four blocks: per 128-bit lane, low word x_hi and high word x_hi ^ x_lo. */
__attribute__((target("avx512f")))
static inline __m512i sigma4(__m512i x) {
    return _mm512_xor_si512(_mm512_unpackhi_epi64(x, x), _mm512_unpacklo_epi64(_mm512_setzero_si512(), x));
}

/* ys_cr_hash_range on VAES-512, sixteen outputs (four registers) at a time, all in registers: 16 inputs, or 8 with
 * the offset, whose registers each hold two inputs twice (the second copy XOR the offset). Returns inputs done. */
__attribute__((target("avx512f,vaes")))
static size_t cr_hash_vaes512(const uint8_t *in, uint64_t first, uint64_t domain, int with_offset,
                              __m128i sigma_offset, uint8_t *out, size_t n) {
    __m512i k[11];
    for (int r = 0; r < 11; r++) {
        k[r] = _mm512_broadcast_i32x4(fixed_schedule.rk[r]);
    }
    long long d = (long long) domain;
    /* the tweaks of register 0; register q adds q * per_register, each step 4 * per_register */
    long long f = (long long) first;
    __m512i tweak = with_offset ? _mm512_set_epi64(d, f + 1, d, f + 1, d, f, d, f)
                                : _mm512_set_epi64(d, f + 3, d, f + 2, d, f + 1, d, f);
    long long per_register = with_offset ? 2 : 4;
    const __m512i next_register = _mm512_set_epi64(0, per_register, 0, per_register, 0, per_register, 0, per_register);
    const __m512i offset = _mm512_maskz_broadcast_i32x4(0xf0f0, sigma_offset); /* lanes 1 and 3 */
    const __m512i first_two = _mm512_set_epi64(3, 2, 3, 2, 1, 0, 1, 0);
    const __m512i last_two = _mm512_set_epi64(7, 6, 7, 6, 5, 4, 5, 4);
    size_t step = with_offset ? 8 : 16;
    size_t i = 0;
    for (; i + step <= n; i += step) {
        __m512i sg[4], x[4];
        for (int q = 0; q < 4; q++) {
            if (with_offset) {
                __m512i v = _mm512_loadu_si512((const void *) (in + 16 * (i + 4 * (size_t) (q / 2))));
                sg[q] = _mm512_xor_si512(sigma4(_mm512_permutexvar_epi64((q & 1) ? last_two : first_two, v)), offset);
            } else {
                sg[q] = sigma4(_mm512_loadu_si512((const void *) (in + 16 * (i + 4 * (size_t) q))));
            }
            x[q] = _mm512_xor_si512(_mm512_xor_si512(sg[q], tweak), k[0]);
            tweak = _mm512_add_epi64(tweak, next_register);
        }
        for (int r = 1; r < 10; r++) {
            for (int q = 0; q < 4; q++) {
                x[q] = _mm512_aesenc_epi128(x[q], k[r]);
            }
        }
        uint8_t *o = out + 16 * (i << with_offset);
        for (int q = 0; q < 4; q++) {
            _mm512_storeu_si512((void *) (o + 64 * q), _mm512_xor_si512(_mm512_aesenclast_epi128(x[q], k[10]), sg[q]));
        }
    }
    return i;
}

/* sigma of two blocks: per 128-bit lane, low word x_hi and high word x_hi ^ x_lo. */
__attribute__((target("avx2")))
static inline __m256i sigma2(__m256i x) {
    return _mm256_xor_si256(_mm256_unpackhi_epi64(x, x), _mm256_unpacklo_epi64(_mm256_setzero_si256(), x));
}

/* The end of sixteen hashes on VAES-256: x holds the AES inputs sigma ^ tweak already whitened with k[0], last the
 * last round key XOR the sigmas; out gets AES(x) ^ sigma, as AESENCLAST ends by adding its key. */
__attribute__((target("avx2,vaes")))
static inline void cr_hash_finish256(const __m256i k[11], __m256i x[8], const __m256i last[8], uint8_t *out) {
    for (int r = 1; r < 10; r++) {
        for (int q = 0; q < 8; q++) {
            x[q] = _mm256_aesenc_epi128(x[q], k[r]);
        }
    }
    for (int q = 0; q < 8; q++) {
        _mm256_storeu_si256((__m256i *) (out + 32 * q), _mm256_aesenclast_epi128(x[q], last[q]));
    }
}

/* ys_cr_hash_range on VAES-256, sixteen outputs (eight registers) at a time, all in registers: 16 inputs, or 8 with
 * the offset, whose registers each hold one input twice (the second copy XOR the offset). Returns inputs done. */
__attribute__((target("avx2,vaes")))
static size_t cr_hash_vaes256(const uint8_t *in, uint64_t first, uint64_t domain, int with_offset,
                              __m128i sigma_offset, uint8_t *out, size_t n) {
    __m256i k[11];
    broadcast_schedule256(fixed_schedule.rk, k);
    long long d = (long long) domain;
    long long f = (long long) first;
    /* the tweaks of register 0; each register on adds per_register */
    __m256i tweak = with_offset ? _mm256_set_epi64x(d, f, d, f) : _mm256_set_epi64x(d, f + 1, d, f);
    long long per_register = with_offset ? 1 : 2;
    const __m256i next_register = _mm256_set_epi64x(0, per_register, 0, per_register);
    const __m256i offset = _mm256_inserti128_si256(_mm256_setzero_si256(), sigma_offset, 1); /* lane 1 */
    size_t step = with_offset ? 8 : 16;
    size_t i = 0;
    for (; i + step <= n; i += step) {
        __m256i last[8], x[8];
        for (int q = 0; q < 8; q++) {
            __m256i sg;
            if (with_offset) {
                __m128i v = _mm_loadu_si128((const __m128i *) (in + 16 * (i + (size_t) q)));
                sg = _mm256_xor_si256(sigma2(_mm256_broadcastsi128_si256(v)), offset);
            } else {
                sg = sigma2(_mm256_loadu_si256((const __m256i *) (in + 16 * (i + 2 * (size_t) q))));
            }
            x[q] = _mm256_xor_si256(_mm256_xor_si256(sg, tweak), k[0]);
            last[q] = _mm256_xor_si256(sg, k[10]);
            tweak = _mm256_add_epi64(tweak, next_register);
        }
        cr_hash_finish256(k, x, last, out + 16 * (i << with_offset));
    }
    return i;
}

void ys_cr_hash_range(const uint8_t *in, uint64_t first, uint64_t domain, const uint8_t *offset, uint8_t *out,
                      size_t n) {
    int with_offset = offset != NULL;
    __m128i sigma_offset = with_offset ? sigma(_mm_loadu_si128((const __m128i *) offset)) : _mm_setzero_si128();
    size_t done = use_vaes512   ? cr_hash_vaes512(in, first, domain, with_offset, sigma_offset, out, n)
                  : use_vaes256 ? cr_hash_vaes256(in, first, domain, with_offset, sigma_offset, out, n) : 0;
    size_t chunk = (size_t) 64 >> with_offset;
    for (; done < n; done += chunk) {
        size_t inputs = n - done < chunk ? n - done : chunk;
        if (with_offset) {
            cr_hash_chunk(in + 16 * done, first + done, domain, 1, sigma_offset, out + 32 * done, inputs);
        } else {
            cr_hash_chunk(in + 16 * done, first + done, domain, 0, sigma_offset, out + 16 * done, inputs);
        }
    }
}

/* Where the outputs of ys_cr_hash_expand take their inputs: output k hashes input k / m, stepped through one output
 * at a time rather than divided. */
typedef struct {
    const uint8_t *in; /* the input of the next output */
    size_t m;
    size_t taken; /* outputs of that input already made, below m */
} expand_source;

/* The input of the next output. */
static inline const uint8_t *next_source(expand_source *s) {
    const uint8_t *p = s->in;
    if (++s->taken == s->m) {
        s->taken = 0;
        s->in += 16;
    }
    return p;
}

/* The last outputs of ys_cr_hash_expand, fewer than a group of the loops below, on the 128-bit path staged as
 * cr_hash_chunk does. */
#define YS_EXPAND_TAIL 16
static void cr_expand_tail(expand_source *s, uint64_t first, uint64_t domain, uint8_t *out, size_t outputs) {
    __m128i masks[YS_EXPAND_TAIL];
    __m128i tweak = _mm_set_epi64x((long long) domain, (long long) first);
    const __m128i one = _mm_set_epi64x(0, 1);
    __m128i *o = (__m128i *) out;
    for (size_t k = 0; k < outputs; k++) {
        masks[k] = sigma(_mm_loadu_si128((const __m128i *) next_source(s)));
        _mm_storeu_si128(o + k, _mm_xor_si128(masks[k], tweak));
        tweak = _mm_add_epi64(tweak, one);
    }
    cr_hash_finish(masks, out, outputs);
}

/* How ys_cr_hash_expand's AES loops below share sigma. In a group of eight registers (eight outputs on the 128-bit
 * path, sixteen on VAES-256), an input's outputs fill `share` registers in a row, `share` a constant where the loop
 * is inlined. share 8: m is a multiple of the group's outputs, so a whole group hashes one input (and m / outputs
 * groups in a row the same one). share 1, 2 or 4: m divides the group's outputs, so a group hashes 8 / share whole
 * inputs. share 0: any other m, each output's sigma made from its own input (next_source). A shared sigma is made
 * once, with round key 0 added for the AES input and round key 10 for AESENCLAST (which ends by adding its key, so
 * sigma comes back to the output without an XOR of its own): a register then costs an XOR and an add besides AES.
 *
 * expand_move_on moves the source past a group of group_outputs outputs (share 0 has moved it already). */
static inline __attribute__((always_inline)) void expand_move_on(expand_source *s, const int share,
                                                                  size_t group_outputs) {
    if (share == 8) {
        s->taken += group_outputs;
        if (s->taken == s->m) {
            s->taken = 0;
            s->in += 16;
        }
    } else if (share != 0) {
        s->in += 16 * (size_t) (8 / share);
    }
}

/* ys_cr_hash_expand on 128-bit registers, eight outputs at a time, sharing sigma by `share`; returns outputs done. */
static inline __attribute__((always_inline)) size_t
cr_expand_aesni_by(expand_source *source, uint64_t first, uint64_t domain, uint8_t *out, size_t outputs,
                   const int share) {
    const __m128i *k = fixed_schedule.rk;
    expand_source s = *source; /* a local copy the compiler keeps in registers */
    __m128i tweak = _mm_set_epi64x((long long) domain, (long long) first);
    const __m128i one = _mm_set_epi64x(0, 1);
    size_t done = 0;
    for (; done + 8 <= outputs; done += 8) {
        __m128i x[8], last[8], first_key = _mm_setzero_si128(), last_key = _mm_setzero_si128();
        for (int j = 0; j < 8; j++) {
            if (share == 0) {
                __m128i sg = sigma(_mm_loadu_si128((const __m128i *) next_source(&s)));
                first_key = _mm_xor_si128(sg, k[0]);
                last_key = _mm_xor_si128(sg, k[10]);
            } else if (j % share == 0) {
                __m128i sg = sigma(_mm_loadu_si128((const __m128i *) (s.in + 16 * (size_t) (j / share))));
                first_key = _mm_xor_si128(sg, k[0]);
                last_key = _mm_xor_si128(sg, k[10]);
            }
            x[j] = _mm_xor_si128(first_key, tweak);
            last[j] = last_key;
            tweak = _mm_add_epi64(tweak, one);
        }
        expand_move_on(&s, share, 8);
        for (int r = 1; r < 10; r++) {
            for (int j = 0; j < 8; j++) {
                x[j] = _mm_aesenc_si128(x[j], k[r]);
            }
        }
        for (int j = 0; j < 8; j++) {
            _mm_storeu_si128((__m128i *) (out + 16 * (done + (size_t) j)), _mm_aesenclast_si128(x[j], last[j]));
        }
    }
    *source = s;
    return done;
}

/* ys_cr_hash_expand on VAES-256, sixteen outputs (eight registers of two) at a time, sharing sigma by `share`
 * registers; unshared, each register's two lanes are loaded from its outputs' inputs. Returns outputs done. */
__attribute__((target("avx2,vaes"))) static inline __attribute__((always_inline)) size_t
cr_expand_vaes256_by(expand_source *source, uint64_t first, uint64_t domain, uint8_t *out, size_t outputs,
                     const int share) {
    __m256i k[11];
    broadcast_schedule256(fixed_schedule.rk, k);
    expand_source s = *source;
    long long d = (long long) domain;
    long long f = (long long) first;
    __m256i tweak = _mm256_set_epi64x(d, f + 1, d, f);
    const __m256i two = _mm256_set_epi64x(0, 2, 0, 2);
    size_t done = 0;
    for (; done + 16 <= outputs; done += 16) {
        __m256i x[8], last[8], first_key = _mm256_setzero_si256(), last_key = _mm256_setzero_si256();
        for (int q = 0; q < 8; q++) {
            if (share == 0) {
                const uint8_t *lo = next_source(&s);
                const uint8_t *hi = next_source(&s);
                __m256i sg = sigma2(_mm256_loadu2_m128i((const __m128i *) hi, (const __m128i *) lo));
                first_key = _mm256_xor_si256(sg, k[0]);
                last_key = _mm256_xor_si256(sg, k[10]);
            } else if (q % share == 0) {
                __m128i v = _mm_loadu_si128((const __m128i *) (s.in + 16 * (size_t) (q / share)));
                __m256i sg = sigma2(_mm256_broadcastsi128_si256(v));
                first_key = _mm256_xor_si256(sg, k[0]);
                last_key = _mm256_xor_si256(sg, k[10]);
            }
            x[q] = _mm256_xor_si256(first_key, tweak);
            last[q] = last_key;
            tweak = _mm256_add_epi64(tweak, two);
        }
        expand_move_on(&s, share, 16);
        cr_hash_finish256(k, x, last, out + 16 * done);
    }
    *source = s;
    return done;
}

static size_t cr_expand_aesni(expand_source *s, uint64_t first, uint64_t domain, uint8_t *out, size_t outputs) {
    switch (s->m % 8 == 0 ? 8 : s->m) {
    case 8: return cr_expand_aesni_by(s, first, domain, out, outputs, 8);
    case 4: return cr_expand_aesni_by(s, first, domain, out, outputs, 4);
    case 2: return cr_expand_aesni_by(s, first, domain, out, outputs, 2);
    default: return cr_expand_aesni_by(s, first, domain, out, outputs, 0);
    }
}

__attribute__((target("avx2,vaes")))
static size_t cr_expand_vaes256(expand_source *s, uint64_t first, uint64_t domain, uint8_t *out, size_t outputs) {
    switch (s->m % 16 == 0 ? 16 : s->m) { /* two outputs per register */
    case 16: return cr_expand_vaes256_by(s, first, domain, out, outputs, 8);
    case 8: return cr_expand_vaes256_by(s, first, domain, out, outputs, 4);
    case 4: return cr_expand_vaes256_by(s, first, domain, out, outputs, 2);
    case 2: return cr_expand_vaes256_by(s, first, domain, out, outputs, 1);
    default: return cr_expand_vaes256_by(s, first, domain, out, outputs, 0);
    }
}

void ys_cr_hash_expand(const uint8_t *in, size_t n, size_t m, uint64_t first, uint64_t domain, uint8_t *out) {
    if (m == 1) { /* output i hashes input i under tweak first + i: the range hash, which loads inputs whole */
        ys_cr_hash_range(in, first, domain, NULL, out, n);
        return;
    }
    expand_source s = {in, m, 0};
    size_t outputs = n * m;
    /* Every CPU with VAES-512 has VAES-256 too; a 512-bit version waits for a machine that can test it. */
    size_t done = use_vaes512 || use_vaes256 ? cr_expand_vaes256(&s, first, domain, out, outputs)
                                             : cr_expand_aesni(&s, first, domain, out, outputs);
    cr_expand_tail(&s, first + done, domain, out + 16 * done, outputs - done);
}

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

/* The AVX-512 transpose of 64 columns (8 bytes of each row, at in with rows stride bytes apart) into their 64 blocks
 * at out. The 8 bytes are gathered eight rows a register and rearranged so that register b holds byte b of 64 rows;
 * each of its 8 bit positions is then one movepi8_mask: 64 bits of one column, half a block. */
__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static inline void transpose_tile_avx512(const uint8_t *in, size_t stride, uint8_t *out) {
    long long st = (long long) stride;
    const __m512i rows8 = _mm512_setr_epi64(0, st, 2 * st, 3 * st, 4 * st, 5 * st, 6 * st, 7 * st);
    /* byte 8b + j of the result = byte 8j + b: from (row j, byte b) to (byte b, row j) within a register */
    const __m512i by_byte = _mm512_set_epi8(63, 55, 47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6,
                                            61, 53, 45, 37, 29, 21, 13, 5, 60, 52, 44, 36, 28, 20, 12, 4,
                                            59, 51, 43, 35, 27, 19, 11, 3, 58, 50, 42, 34, 26, 18, 10, 2,
                                            57, 49, 41, 33, 25, 17, 9, 1, 56, 48, 40, 32, 24, 16, 8, 0);
    const __m512i pairs_lo = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const __m512i pairs_hi = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    static const int first_of_pair[4] = {0, 1, 4, 5};
    for (int h = 0; h < 2; h++) {
        __m512i z[8], t[8];
        for (int i = 0; i < 8; i++) {
            const uint8_t *rows = in + (size_t) (64 * h + 8 * i) * stride;
            z[i] = _mm512_permutexvar_epi8(by_byte, _mm512_i64gather_epi64(rows8, (const void *) rows, 1));
        }
        /* Transpose the 8 x 8 qwords (z[i] qword b = byte b of rows 64h+8i..+7) by swapping ever smaller blocks,
         * so that byte 8i + j of t[b] is byte b of row 64h + 8i + j. */
        for (int i = 0; i < 4; i++) {
            t[i] = _mm512_shuffle_i64x2(z[i], z[i + 4], 0x44);
            t[i + 4] = _mm512_shuffle_i64x2(z[i], z[i + 4], 0xee);
        }
        for (int p = 0; p < 4; p++) {
            int i = first_of_pair[p];
            z[i] = _mm512_permutex2var_epi64(t[i], pairs_lo, t[i + 2]);
            z[i + 2] = _mm512_permutex2var_epi64(t[i], pairs_hi, t[i + 2]);
        }
        for (int i = 0; i < 8; i += 2) {
            t[i] = _mm512_unpacklo_epi64(z[i], z[i + 1]);
            t[i + 1] = _mm512_unpackhi_epi64(z[i], z[i + 1]);
        }
        for (int b = 0; b < 8; b++) {
            __m512i v = t[b];
            uint8_t *column = out + 16 * (8 * b + 7) + 8 * h;
            for (int bit = 7; bit >= 0; bit--) {
                /* the top bit of each byte: column 8b + bit of the 64 rows */
                uint64_t m = _mm512_movepi8_mask(v);
                memcpy(column, &m, 8);
                column -= 16;
                v = _mm512_add_epi8(v, v);
            }
        }
    }
}

/* Up to 512 columns at a time are first copied into a buffer with rows 64 bytes apart: read in place, rows a
 * multiple of 4 KiB / 32 apart fall into too few L1 sets, and the lines are evicted before their other tiles
 * use them (the transpose then runs at about 1.5 times the cost at 8,192 columns). */
__attribute__((target("avx512f,avx512bw,avx512vbmi")))
static void transpose128_avx512(const uint8_t *in, size_t n, uint8_t *out) {
    size_t row_bytes = n / 8;
    _Alignas(64) uint8_t chunk[128 * 64];
    for (size_t b0 = 0; b0 < row_bytes; b0 += 64) {
        size_t bytes = row_bytes - b0 < 64 ? row_bytes - b0 : 64;
        __mmask64 keep = bytes == 64 ? ~(__mmask64) 0 : ((__mmask64) 1 << bytes) - 1;
        for (size_t r = 0; r < 128; r++) {
            _mm512_store_si512((void *) (chunk + 64 * r), _mm512_maskz_loadu_epi8(keep, in + r * row_bytes + b0));
        }
        for (size_t b = 0; b < bytes; b += 8) {
            transpose_tile_avx512(chunk + b, 64, out + 16 * 8 * (b0 + b));
        }
    }
}

static void transpose128_sse(const uint8_t *in, size_t n, uint8_t *out) {
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

/* AVX2: four bytes of 32 rows at a time. Four gathers fetch them (a dword per row); byte shuffles and a 4 x 4
 * qword transpose then give, per byte position, one register holding that byte of the 32 rows in order, whose
 * eight bit positions are eight movemasks: 32 rows of one column, a quarter of a block. */
__attribute__((target("avx2")))
static void transpose128_avx2(const uint8_t *in, size_t n, uint8_t *out) {
    size_t row_bytes = n / 8; /* a multiple of 8, as n is of 64 */
    uint32_t *out32 = (uint32_t *) out; /* block c = out32[4c .. 4c+3]; word g holds rows 32g..32g+31 */
    int rb = (int) row_bytes;
    const __m256i rows8 = _mm256_setr_epi32(0, rb, 2 * rb, 3 * rb, 4 * rb, 5 * rb, 6 * rb, 7 * rb);
    /* per lane of four rows: bytes 0 of the four rows, then bytes 1, 2, 3 */
    const __m256i by_byte = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15,
                                             0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
    /* qword j: byte j of the register's eight rows (lane 0's four, then lane 1's) */
    const __m256i lanes_by_byte = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    for (size_t b = 0; b < row_bytes; b += 4) {
        for (int g = 0; g < 4; g++) {
            __m256i d[4];
            for (int q = 0; q < 4; q++) {
                const int *rows = (const int *) (in + (size_t) (32 * g + 8 * q) * row_bytes + b);
                __m256i v = _mm256_i32gather_epi32(rows, rows8, 1);
                d[q] = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(v, by_byte), lanes_by_byte);
            }
            __m256i t0 = _mm256_unpacklo_epi64(d[0], d[1]), t1 = _mm256_unpackhi_epi64(d[0], d[1]);
            __m256i t2 = _mm256_unpacklo_epi64(d[2], d[3]), t3 = _mm256_unpackhi_epi64(d[2], d[3]);
            __m256i byte_rows[4] = {_mm256_permute2x128_si256(t0, t2, 0x20), _mm256_permute2x128_si256(t1, t3, 0x20),
                                    _mm256_permute2x128_si256(t0, t2, 0x31), _mm256_permute2x128_si256(t1, t3, 0x31)};
            for (int j = 0; j < 4; j++) {
                __m256i v = byte_rows[j];
                for (int t = 7; t >= 0; t--) {
                    /* the top bit of each byte: column 8 (b + j) + t of the 32 rows */
                    out32[4 * (8 * (b + (size_t) j) + (size_t) t) + (size_t) g] = (uint32_t) _mm256_movemask_epi8(v);
                    v = _mm256_add_epi8(v, v);
                }
            }
        }
    }
}

void ys_transpose128(const uint8_t *in, size_t n, uint8_t *out) {
    if (use_avx512_transpose) {
        transpose128_avx512(in, n, out);
    } else if (use_vaes256) {
        transpose128_avx2(in, n, out);
    } else {
        transpose128_sse(in, n, out);
    }
}
