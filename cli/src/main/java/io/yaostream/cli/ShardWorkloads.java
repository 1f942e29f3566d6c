package io.yaostream.cli;

import picocli.CommandLine.Option;

import java.util.List;

/** The workloads {@code bench shards} and {@code bench spark} run, and their checks: one set of options for both. */
final class ShardWorkloads {
    @Option(names = "--apps", paramLabel = "APP,APP", split = ",", defaultValue = "minimum,aes",
            description = "minimum, aes or both (default: ${DEFAULT-VALUE}).")
    List<String> apps;

    @Option(names = "--minimum-values", paramLabel = "N", defaultValue = "10000000",
            description = "Values of the minimum, half from each party (default: ${DEFAULT-VALUE}).")
    int minimumValues;

    @Option(names = "--aes-blocks", paramLabel = "N", defaultValue = "2000", description = "Blocks of AES (default: ${DEFAULT-VALUE}).")
    int aesBlocks;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "Each party's --timeout (default: ${DEFAULT-VALUE}).")
    int timeout;

    /** Every option in its range, and each of {@code shards} from 1 to {@code maxShards}. */
    void check(List<Integer> shards, int maxShards, String why) {
        for (int k : shards) {
            if (k < 1 || k > maxShards) {
                throw new UsageError("--shards: each from 1 to " + maxShards + why + ", got " + k);
            }
        }
        for (String a : apps) {
            if (!a.equals("minimum") && !a.equals("aes")) {
                throw new UsageError("--apps: minimum or aes, got '" + a + "'");
            }
        }
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
