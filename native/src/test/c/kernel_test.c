/* Known-answer tests of the C kernel, run by the build (under valgrind when it is installed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "yaostream_kernel.h"

static int failures;

static void check(int ok, const char *what) {
    if (!ok) {
        fprintf(stderr, "FAIL: %s\n", what);
        failures++;
    }
}

static void hex(const char *s, uint8_t *out, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned v;
        sscanf(s + 2 * i, "%2x", &v);
        out[i] = (uint8_t) v;
    }
}

int main(void) {
    if (!ys_cpu_supported()) {
        printf("kernel_test: CPU lacks AES-NI/SSE4.1, nothing to test\n");
        return 0;
    }
    uint8_t key[16], pt[16], ct[16], got[16];
    hex("000102030405060708090a0b0c0d0e0f", key, 16);
    hex("00112233445566778899aabbccddeeff", pt, 16);
    hex("69c4e0d86a7b0430d8cdb78070b4c55a", ct, 16);

    /* FIPS-197 C.1 through every AES entry point. */
    ys_set_fixed_key(key);
    printf("kernel_test: fixed-key path %s\n", ys_uses_vaes512() ? "VAES-512" : "AES-NI 128-bit");
    ys_fixed_key_encrypt(pt, got, 1);
    check(memcmp(got, ct, 16) == 0, "fixed-key AES, FIPS-197 C.1");

    enum { N = 37 };
    uint8_t keys[16 * N], in[16 * N], out[16 * N];
    for (int i = 0; i < N; i++) {
        memcpy(keys + 16 * i, key, 16);
        memcpy(in + 16 * i, pt, 16);
    }
    ys_multi_key_encrypt(keys, in, out, N);
    for (int i = 0; i < N; i++) {
        check(memcmp(out + 16 * i, ct, 16) == 0, "multi-key AES, FIPS-197 C.1 in a batch of 37");
    }
    ys_fixed_key_encrypt(in, in, N); /* in place */
    for (int i = 0; i < N; i++) {
        check(memcmp(in + 16 * i, ct, 16) == 0, "fixed-key AES in place");
    }

    /* CTR: block i is AES of the counter block (counter + i, 0); compare with single encryptions. */
    uint8_t stream[16 * N];
    ys_ctr(key, 5, stream, N);
    for (int i = 0; i < N; i++) {
        uint8_t block[16] = {0};
        uint64_t c = 5 + (uint64_t) i;
        memcpy(block, &c, 8);
        ys_fixed_key_encrypt(block, got, 1);
        check(memcmp(stream + 16 * i, got, 16) == 0, "CTR block");
    }

    /* Transpose against the bit-by-bit definition. */
    enum { COLS = 192 };
    uint8_t matrix[128 * COLS / 8], cols[16 * COLS];
    srand(7);
    for (size_t i = 0; i < sizeof matrix; i++) {
        matrix[i] = (uint8_t) rand();
    }
    ys_transpose128(matrix, COLS, cols);
    for (int c = 0; c < COLS; c++) {
        for (int r = 0; r < 128; r++) {
            int rowBit = (matrix[r * COLS / 8 + c / 8] >> (c % 8)) & 1;
            int colBit = (cols[16 * c + r / 8] >> (r % 8)) & 1;
            if (rowBit != colBit) {
                check(0, "transpose");
                r = 128;
                c = COLS;
            }
        }
    }

    if (failures != 0) {
        fprintf(stderr, "kernel_test: %d failures\n", failures);
        return 1;
    }
    printf("kernel_test: all known answers match\n");
    return 0;
}
