/* AES-128 on VAES registers (four blocks or keys each on 512 bits, two on 256) and on 128-bit ones, shared by the
 * kernel's multi-key encryption and the half-gates walk. Only for functions compiled for the matching targets (avx512f, avx512bw and
 * vaes; avx2 and vaes), called on their path. */
#ifndef YAOSTREAM_VAES512_H
#define YAOSTREAM_VAES512_H

#include <immintrin.h>

/* The round constants of the AES-128 key schedule. */
static const int YS_RCON[10] = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

/* The next round key of each of four AES-128 key schedules, from the last (GLNP15's interleaved expansion, one
 * round ahead of the round that uses it). SubWord(RotWord(w3)) ^ rcon comes through AESENCLAST rather than
 * AESKEYGENASSIST, whose throughput is poor: with RotWord(w3) in all four columns, ShiftRows does nothing. Then
 * w_i = w_{i-1} ^ w_{i-4}: the previous key's words XORed prefix-wise with two shifts, the second shift's XOR
 * and that of SubWord's word in one three-way XOR. */
__attribute__((target("avx512f,avx512bw,vaes"))) static inline __m512i ys_next_round_keys4(__m512i k, __m512i rcon) {
    __m512i t = _mm512_aesenclast_epi128(_mm512_shuffle_epi8(k, _mm512_set1_epi32(0x0c0f0e0d)), rcon);
    __m512i u = _mm512_xor_si512(k, _mm512_bslli_epi128(k, 4));
    return _mm512_ternarylogic_epi64(u, _mm512_bslli_epi128(u, 8), t, 0x96);
}

/* AES-128 on Z registers (Z * 4 blocks) under their own keys, each key schedule a round ahead of the round that
 * uses it: x holds the inputs already XORed with their keys, keys the keys (replaced by the last round keys). */
#define YS_KEYED_ROUNDS(keys, x, Z)                                                                 \
    do {                                                                                            \
        for (int r_ = 0; r_ < 10; r_++) {                                                           \
            __m512i rcon_ = _mm512_set1_epi32(YS_RCON[r_]);                                         \
            for (int j_ = 0; j_ < (Z); j_++) {                                                      \
                (keys)[j_] = ys_next_round_keys4((keys)[j_], rcon_);                                \
                (x)[j_] = r_ < 9 ? _mm512_aesenc_epi128((x)[j_], (keys)[j_])                        \
                                 : _mm512_aesenclast_epi128((x)[j_], (keys)[j_]);                   \
            }                                                                                       \
        }                                                                                           \
    } while (0)

/* The same on VAES-256 registers (two keys each): AVX2 has no three-way XOR, so two XORs. */
__attribute__((target("avx2,vaes"))) static inline __m256i ys_next_round_keys2(__m256i k, __m256i rcon) {
    __m256i t = _mm256_aesenclast_epi128(_mm256_shuffle_epi8(k, _mm256_set1_epi32(0x0c0f0e0d)), rcon);
    __m256i u = _mm256_xor_si256(k, _mm256_bslli_epi128(k, 4));
    return _mm256_xor_si256(_mm256_xor_si256(u, _mm256_bslli_epi128(u, 8)), t);
}

/* YS_KEYED_ROUNDS on Z VAES-256 registers of keys (two keys each), each encrypting B registers of blocks,
 * x[B j] .. x[B j + B - 1]: one key schedule for B blocks. */
#define YS_KEYED_ROUNDS2_PER(keys, x, Z, B)                                                         \
    do {                                                                                            \
        for (int r_ = 0; r_ < 10; r_++) {                                                           \
            __m256i rcon_ = _mm256_set1_epi32(YS_RCON[r_]);                                         \
            for (int j_ = 0; j_ < (Z); j_++) {                                                      \
                (keys)[j_] = ys_next_round_keys2((keys)[j_], rcon_);                                \
                for (int h_ = (B) * j_; h_ < (B) * j_ + (B); h_++) {                                \
                    (x)[h_] = r_ < 9 ? _mm256_aesenc_epi128((x)[h_], (keys)[j_])                    \
                                     : _mm256_aesenclast_epi128((x)[h_], (keys)[j_]);               \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    } while (0)

/* YS_KEYED_ROUNDS on Z VAES-256 registers (Z * 2 blocks). */
#define YS_KEYED_ROUNDS2(keys, x, Z) YS_KEYED_ROUNDS2_PER(keys, x, Z, 1)

/* The same on 128-bit registers (one key each), for the AES-NI path: SSSE3's byte shuffle and AES-NI only. */
static inline __m128i ys_next_round_key1(__m128i k, __m128i rcon) {
    __m128i t = _mm_aesenclast_si128(_mm_shuffle_epi8(k, _mm_set1_epi32(0x0c0f0e0d)), rcon);
    __m128i u = _mm_xor_si128(k, _mm_slli_si128(k, 4));
    return _mm_xor_si128(_mm_xor_si128(u, _mm_slli_si128(u, 8)), t);
}

/* YS_KEYED_ROUNDS2_PER on 128-bit registers (one key each). */
#define YS_KEYED_ROUNDS1_PER(keys, x, Z, B)                                                         \
    do {                                                                                            \
        for (int r_ = 0; r_ < 10; r_++) {                                                           \
            __m128i rcon_ = _mm_set1_epi32(YS_RCON[r_]);                                            \
            for (int j_ = 0; j_ < (Z); j_++) {                                                      \
                (keys)[j_] = ys_next_round_key1((keys)[j_], rcon_);                                 \
                for (int h_ = (B) * j_; h_ < (B) * j_ + (B); h_++) {                                \
                    (x)[h_] = r_ < 9 ? _mm_aesenc_si128((x)[h_], (keys)[j_])                        \
                                     : _mm_aesenclast_si128((x)[h_], (keys)[j_]);                   \
                }                                                                                   \
            }                                                                                       \
        }                                                                                           \
    } while (0)

/* YS_KEYED_ROUNDS on Z 128-bit registers (Z blocks). */
#define YS_KEYED_ROUNDS1(keys, x, Z) YS_KEYED_ROUNDS1_PER(keys, x, Z, 1)

#endif
