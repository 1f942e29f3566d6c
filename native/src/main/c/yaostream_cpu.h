/* Which path the kernel runs (yaostream_cpu.c), for the kernel's files that dispatch on it. Internal to the
 * library, like the other headers but yaostream_kernel.h. */
#ifndef YAOSTREAM_CPU_H
#define YAOSTREAM_CPU_H

/* A name the kernel's files share but the library does not export: calls and loads stay direct (no PLT or GOT),
 * as they were within one file. */
#define YS_INTERNAL __attribute__((visibility("hidden")))

/* Set with the path: 1 on the VAES-512 path, 1 on the VAES-256 path. */
YS_INTERNAL extern int use_vaes512;
YS_INTERNAL extern int use_vaes256;
/* Set with use_vaes512: 1 when the CPU has AVX-512BW and VBMI for the wide transpose. */
YS_INTERNAL extern int use_avx512_transpose;

/* Picks the path from the CPU and the limit (ys_set_path_limit), and sets the flags above. */
YS_INTERNAL void choose_path(void);

#endif
