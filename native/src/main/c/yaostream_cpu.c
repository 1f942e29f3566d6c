/* The CPU's features and the AES path the kernel runs: the widest the CPU has, at most the limit. */
#include "yaostream_cpu.h"
#include "yaostream_kernel.h"

#include <cpuid.h>

/* The widest path allowed (ys_set_path_limit); the path in use is the widest the CPU has up to it. */
static int path_limit = YS_PATH_VAES512;
static int path = YS_PATH_AESNI;
int use_vaes512;
int use_vaes256;
int use_avx512_transpose;
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

void choose_path(void) {
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
