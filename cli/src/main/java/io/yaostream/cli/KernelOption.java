package io.yaostream.cli;

import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import picocli.CommandLine.Option;

/** {@code --kernel java|native}: which kernel runs (default: native when it loads, else java; see {@link Kernels}). */
final class KernelOption {
    @Option(names = "--kernel", paramLabel = "K",
            description = "Kernel: java or native (default: native when it loads and passes its self-test, else java; "
                    + "the system property yaostream.kernel sets the default).")
    String kernel;

    KernelOption() {
    }

    /** The option as if given as {@code --kernel name}. */
    KernelOption(String name) {
        this.kernel = name;
    }

    /** A new kernel of the chosen kind. */
    Kernel create() {
        if (kernel != null && !java.util.List.of(Kernels.JAVA, Kernels.NATIVE, "auto").contains(kernel)) {
            throw new UsageError("--kernel: unknown kernel '" + kernel + "' (expected java, native or auto)");
        }
        try {
            return kernel == null ? Kernels.create() : Kernels.create(kernel);
        } catch (IllegalArgumentException e) {
            throw new UserError("--kernel: " + e.getMessage()); // native asked for where it cannot run
        }
    }
}
