/* The correlation-robust hash of core's CorrelationRobustHash, fixed-key AES with sigma (yaostream_sigma.h), over
 * ranges of blocks: one tweak per input, with or without a second input XOR an offset (ys_cr_hash_range), or m tweaks
 * per input (ys_cr_hash_expand). */
#include "yaostream_aes.h"
#include "yaostream_cpu.h"
#include "yaostream_kernel.h"
#include "yaostream_sigma.h"

#include <immintrin.h>

/* The end of a hash on the 128-bit path: out holds `blocks` AES inputs sigma ^ tweak and masks their sigmas; out is
 * encrypted in place, then XORed with the sigmas. */
static inline void cr_hash_finish(const __m128i *masks, uint8_t *out, size_t blocks) {
    __m128i *o = (__m128i *) out;
    encrypt_fixed(out, out, blocks);
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
