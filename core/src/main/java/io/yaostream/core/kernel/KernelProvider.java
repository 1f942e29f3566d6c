package io.yaostream.core.kernel;

/**
 * A kernel implementation found through {@link java.util.ServiceLoader} (the native module provides one).
 * {@link Kernels} asks each provider whether it can run here before using it.
 */
public interface KernelProvider {
    /** The name users select it by ({@code native}). */
    String name();

    /** Null when the kernel can run here; otherwise a one-line reason (no library, no AES-NI, self-test failed). */
    String unavailableReason();

    /** A new kernel instance (one per thread). */
    Kernel create();

    /**
     * Caps the instruction path the kernel uses (a native kernel's {@code aesni}, {@code vaes256} or {@code vaes512}),
     * so one machine can run and compare its paths; not while a kernel call runs.
     *
     * @throws IllegalArgumentException for a path this kernel does not have
     */
    default void limitPath(String path) {
        throw new IllegalArgumentException("the " + name() + " kernel has one path; it takes no path limit");
    }
}
