package io.yaostream.core.kernel;

import java.util.ServiceLoader;

/**
 * Chooses the kernel: {@code native} when a provider of that name loads and passes its self-test against the
 * Java kernel, otherwise {@code java}. The system property {@value #PROPERTY} (or a command's
 * {@code --kernel}) forces one; forcing {@code native} where it cannot run is an error that says why.
 */
public final class Kernels {
    public static final String PROPERTY = "yaostream.kernel";
    public static final String JAVA = "java";
    public static final String NATIVE = "native";
    private static final String NOT_ON_CLASS_PATH = "the native kernel is not on the class path: add io.yaostream:yaostream-native";

    private Kernels() {
    }

    /** The kernel the system property asks for, or the best available. */
    public static Kernel create() {
        return create(System.getProperty(PROPERTY));
    }

    /**
     * @param choice {@code java}, {@code native}, or null / {@code auto} for the best available
     * @throws IllegalArgumentException for an unknown name, or {@code native} where it cannot run
     */
    public static Kernel create(String choice) {
        if (choice == null || choice.isEmpty() || choice.equals("auto")) {
            KernelProvider p = provider(NATIVE);
            return p != null && p.unavailableReason() == null ? p.create() : new JavaKernel();
        }
        if (choice.equals(JAVA)) {
            return new JavaKernel();
        }
        if (choice.equals(NATIVE)) {
            KernelProvider p = provider(NATIVE);
            if (p == null) {
                throw new IllegalArgumentException(NOT_ON_CLASS_PATH);
            }
            String why = p.unavailableReason();
            if (why != null) {
                throw new IllegalArgumentException("the native kernel cannot run here: " + why);
            }
            return p.create();
        }
        throw new IllegalArgumentException("unknown kernel '" + choice + "' (expected java, native or auto)");
    }

    /** Why the native kernel is not used, or null when it is available. */
    public static String nativeUnavailableReason() {
        KernelProvider p = provider(NATIVE);
        return p == null ? NOT_ON_CLASS_PATH : p.unavailableReason();
    }

    /**
     * Checks a choice as {@link #create(String)} would, without making a kernel: for a configuration to fail when it
     * is set up rather than once a peer has connected.
     *
     * @param choice {@code java}, {@code native}, or null / {@code auto} for the best available
     * @throws IllegalArgumentException for an unknown name, or {@code native} where it cannot run
     */
    public static void check(String choice) {
        if (choice == null || choice.isEmpty() || choice.equals("auto") || choice.equals(JAVA)) {
            return;
        }
        if (!choice.equals(NATIVE)) {
            throw new IllegalArgumentException("unknown kernel '" + choice + "' (expected java, native or auto)");
        }
        KernelProvider p = provider(NATIVE);
        if (p == null) {
            throw new IllegalArgumentException(NOT_ON_CLASS_PATH);
        }
        String why = p.unavailableReason();
        if (why != null) {
            throw new IllegalArgumentException("the native kernel cannot run here: " + why);
        }
    }

    /**
     * Caps the native kernel's instruction path ({@code aesni}, {@code vaes256}, {@code vaes512}) for this process.
     *
     * @throws IllegalArgumentException for an unknown path, or where the native kernel cannot run
     */
    public static void limitNativePath(String path) {
        String why = nativeUnavailableReason();
        if (why != null) {
            throw new IllegalArgumentException("the native kernel cannot run here: " + why);
        }
        provider(NATIVE).limitPath(path);
    }

    private static KernelProvider provider(String name) {
        for (KernelProvider p : ServiceLoader.load(KernelProvider.class)) {
            if (p.name().equals(name)) {
                return p;
            }
        }
        return null;
    }

    /**
     * The checks of {@link Kernel#garbleFreeXorEach} and {@link Kernel#evaluateFreeXorEach}, for kernels that override
     * them (the native one, whose C trusts the lengths): returns the table blocks of one piece.
     */
    public static int checkPieces(AndGateRule rule, io.yaostream.core.circuit.CompiledCircuit c, long[] labels,
                                  java.nio.ByteBuffer tables, long[] in, int inPos, long[] out, int outPos, int pieces) {
        return Pieces.check(rule, c, labels, tables, in, inPos, out, outPos, pieces);
    }
}
