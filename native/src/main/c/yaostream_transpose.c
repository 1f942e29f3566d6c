/* The 128-row bit-matrix transpose of the OT extension (ys_transpose128): AVX-512 with VBMI, AVX2 on the VAES-256
 * path, SSE2 otherwise. */
#include "yaostream_cpu.h"
#include "yaostream_kernel.h"

#include <immintrin.h>
#include <string.h>

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
