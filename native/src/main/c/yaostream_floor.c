/* The CPU's own fixed-key AES throughput, for bench kernel's register floor: blocks that stay in registers through
 * every round of every pass, so no load or store of a block stands between two AES rounds. ys_fixed_key_encrypt
 * reads its blocks from memory and writes them back, as every kernel call does; this loop is the bound under it.
 * It runs on the path in use (ys_path), eight registers of blocks in flight. Each pass encrypts fresh blocks (a
 * counter XORed with a different whitening key per register) and XORs the results into one accumulator, so no pass
 * waits for the one before: a pass that encrypted the previous pass's output would measure the AES round's latency,
 * not its throughput. On VAES-512 everything fits in the 32 registers (8 blocks, 8 whitening keys, 10 round keys,
 * the counter, its step and the accumulator); the narrower paths read round keys from the stack, never blocks. */
#include <immintrin.h>
#include <stdint.h>

#include "yaostream_kernel.h"

/* Registers of blocks in flight: enough to cover the AES round's latency on every path. */
#define FLOOR_REGISTERS 8

/* Where each loop leaves the XOR of its blocks, so the compiler keeps the work. */
static volatile uint64_t floor_sink;

__attribute__((target("avx512f,vaes"))) static void floor_vaes512(const uint8_t rk[176], uint64_t passes) {
    __m512i k[11];
    for (int r = 0; r < 11; r++) {
        k[r] = _mm512_broadcast_i32x4(_mm_loadu_si128((const __m128i *) (rk + 16 * r)));
    }
    __m512i whitening[FLOOR_REGISTERS];
    for (int j = 0; j < FLOOR_REGISTERS; j++) {
        whitening[j] = _mm512_xor_si512(k[0], _mm512_set1_epi64(j));
    }
    __m512i counter = _mm512_set1_epi64(0);
    const __m512i step = _mm512_set1_epi64(1);
    __m512i acc = _mm512_set1_epi64(0);
    __m512i x[FLOOR_REGISTERS];
    for (uint64_t p = 0; p < passes; p++) {
        for (int j = 0; j < FLOOR_REGISTERS; j++) {
            x[j] = _mm512_xor_si512(counter, whitening[j]);
        }
        counter = _mm512_add_epi64(counter, step);
        for (int r = 1; r < 10; r++) {
            for (int j = 0; j < FLOOR_REGISTERS; j++) {
                x[j] = _mm512_aesenc_epi128(x[j], k[r]);
            }
        }
        for (int j = 0; j < FLOOR_REGISTERS; j++) {
            acc = _mm512_xor_si512(acc, _mm512_aesenclast_epi128(x[j], k[10]));
        }
    }
    floor_sink = (uint64_t) _mm_cvtsi128_si64(_mm512_castsi512_si128(acc));
}

__attribute__((target("avx2,vaes"))) static void floor_vaes256(const uint8_t rk[176], uint64_t passes) {
    __m256i k[11];
    for (int r = 0; r < 11; r++) {
        k[r] = _mm256_broadcastsi128_si256(_mm_loadu_si128((const __m128i *) (rk + 16 * r)));
    }
    __m256i whitening[FLOOR_REGISTERS];
    for (int j = 0; j < FLOOR_REGISTERS; j++) {
        whitening[j] = _mm256_xor_si256(k[0], _mm256_set1_epi64x(j));
    }
    __m256i counter = _mm256_set1_epi64x(0);
    const __m256i step = _mm256_set1_epi64x(1);
    __m256i acc = _mm256_set1_epi64x(0);
    __m256i x[FLOOR_REGISTERS];
    for (uint64_t p = 0; p < passes; p++) {
        for (int j = 0; j < FLOOR_REGISTERS; j++) {
            x[j] = _mm256_xor_si256(counter, whitening[j]);
        }
        counter = _mm256_add_epi64(counter, step);
        for (int r = 1; r < 10; r++) {
            for (int j = 0; j < FLOOR_REGISTERS; j++) {
                x[j] = _mm256_aesenc_epi128(x[j], k[r]);
            }
        }
        for (int j = 0; j < FLOOR_REGISTERS; j++) {
            acc = _mm256_xor_si256(acc, _mm256_aesenclast_epi128(x[j], k[10]));
        }
    }
    floor_sink = (uint64_t) _mm_cvtsi128_si64(_mm256_castsi256_si128(acc));
}

static void floor_aesni(const uint8_t rk[176], uint64_t passes) {
    __m128i k[11];
    for (int r = 0; r < 11; r++) {
        k[r] = _mm_loadu_si128((const __m128i *) (rk + 16 * r));
    }
    __m128i whitening[FLOOR_REGISTERS];
    for (int j = 0; j < FLOOR_REGISTERS; j++) {
        whitening[j] = _mm_xor_si128(k[0], _mm_set1_epi64x(j));
    }
    __m128i counter = _mm_set1_epi64x(0);
    const __m128i step = _mm_set1_epi64x(1);
    __m128i acc = _mm_set1_epi64x(0);
    __m128i x[FLOOR_REGISTERS];
    for (uint64_t p = 0; p < passes; p++) {
        for (int j = 0; j < FLOOR_REGISTERS; j++) {
            x[j] = _mm_xor_si128(counter, whitening[j]);
        }
        counter = _mm_add_epi64(counter, step);
        for (int r = 1; r < 10; r++) {
            for (int j = 0; j < FLOOR_REGISTERS; j++) {
                x[j] = _mm_aesenc_si128(x[j], k[r]);
            }
        }
        for (int j = 0; j < FLOOR_REGISTERS; j++) {
            acc = _mm_xor_si128(acc, _mm_aesenclast_si128(x[j], k[10]));
        }
    }
    floor_sink = (uint64_t) _mm_cvtsi128_si64(acc);
}

uint64_t ys_fixed_key_register_loop(uint64_t passes) {
    uint8_t rk[176];
    ys_fixed_key_schedule(rk);
    switch (ys_path()) {
        case YS_PATH_VAES512:
            floor_vaes512(rk, passes);
            return passes * FLOOR_REGISTERS * 4;
        case YS_PATH_VAES256:
            floor_vaes256(rk, passes);
            return passes * FLOOR_REGISTERS * 2;
        default:
            floor_aesni(rk, passes);
            return passes * FLOOR_REGISTERS;
    }
}
