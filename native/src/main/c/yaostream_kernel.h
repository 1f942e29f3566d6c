/* The C kernel: the operations of core's Kernel SPI over 128-bit blocks laid out as in Java's long[]
 * (16 bytes per block, little-endian), so Java arrays are used in place. */
#ifndef YAOSTREAM_KERNEL_H
#define YAOSTREAM_KERNEL_H

#include <stddef.h>
#include <stdint.h>

/* 1 if this CPU has what the kernel needs (AES-NI, SSE4.1), else 0. */
int ys_cpu_supported(void);

/* 1 when fixed-key encryption runs on the VAES-512 path (chosen by ys_set_fixed_key from the CPU). */
int ys_uses_vaes512(void);

/* Sets the fixed public key of ys_fixed_key_encrypt (16 bytes) and picks the widest AES path the CPU has. */
void ys_set_fixed_key(const uint8_t key[16]);

/* out[i] = AES_fixed(in[i]); in may equal out. */
void ys_fixed_key_encrypt(const uint8_t *in, uint8_t *out, size_t blocks);

/* out[i] = AES_{keys[i]}(in[i]), key schedules expanded four at a time; in may equal out. */
void ys_multi_key_encrypt(const uint8_t *keys, const uint8_t *in, uint8_t *out, size_t blocks);

/* out[i] = AES_key((counter + i, 0)), the counter block as two little-endian 64-bit words. */
void ys_ctr(const uint8_t key[16], uint64_t counter, uint8_t *out, size_t blocks);

/* 128 x n bit matrix: row r is n/8 bytes at in + r*n/8 (bit c = bit c%8 of byte c/8); block c of out gets
 * column c (bit r of the block = bit c of row r). n must be a multiple of 64. */
void ys_transpose128(const uint8_t *in, size_t n, uint8_t *out);

#endif
