package io.yaostream.nativekernel;

import java.util.Locale;

/**
 * The C kernel's AES paths, narrowest first, as its CPU dispatch numbers them. The widest the CPU has is used
 * unless the system property {@value #PROPERTY} names a narrower one, so one machine can run and compare them.
 */
public enum NativePath {
    AESNI("aes-ni 128-bit"),
    VAES256("vaes-256"),
    VAES512("vaes-512");

    /** System property that caps the path: {@code aesni}, {@code vaes256} or {@code vaes512}. */
    public static final String PROPERTY = "yaostream.kernel.path";

    private final String label;

    NativePath(String label) {
        this.label = label;
    }

    /** How reports name the path. */
    public String label() {
        return label;
    }

    /** The key of {@link #PROPERTY}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The path named {@code key}; IllegalArgumentException for another name. */
    public static NativePath fromKey(String key) {
        for (NativePath p : values()) {
            if (p.key().equals(key)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown " + PROPERTY + " '" + key + "' (expected aesni, vaes256 or vaes512)");
    }

    /** The path in use. */
    public static NativePath current() {
        return values()[NativeBindings.path()];
    }

    /** The widest path this CPU has. */
    public static NativePath widest() {
        return values()[NativeBindings.cpuPath()];
    }

    /** Uses no path wider than {@code limit}, for tests and benchmarks; not while a kernel call runs. */
    public static void limit(NativePath limit) {
        NativeBindings.setPathLimit(limit.ordinal());
    }
}
