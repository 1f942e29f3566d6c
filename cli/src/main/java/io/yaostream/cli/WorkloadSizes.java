package io.yaostream.cli;

import picocli.CommandLine.Option;

/** How big the benchmarks' minimum and AES runs are, and each party's timeout: one set of options for every bench that runs them. */
class WorkloadSizes {
    @Option(names = "--minimum-values", paramLabel = "N", defaultValue = "10000000",
            description = "Values of the minimum, half from each party (default: ${DEFAULT-VALUE}).")
    int minimumValues;

    @Option(names = "--aes-blocks", paramLabel = "N", defaultValue = "2000", description = "Blocks of AES (default: ${DEFAULT-VALUE}).")
    int aesBlocks;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "Each party's --timeout (default: ${DEFAULT-VALUE}).")
    int timeout;

    /** Every size in its range. */
    void checkSizes() {
        if (minimumValues < 2 || minimumValues % 2 != 0) {
            throw new UsageError("--minimum-values: even and at least 2, got " + minimumValues);
        }
        if (aesBlocks < 1) {
            throw new UsageError("--aes-blocks: at least 1, got " + aesBlocks);
        }
        if (timeout < 1) {
            throw new UsageError("--timeout: at least 1 second, got " + timeout);
        }
    }
}
