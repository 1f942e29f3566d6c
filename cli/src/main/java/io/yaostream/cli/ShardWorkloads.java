package io.yaostream.cli;

import picocli.CommandLine.Option;

import java.util.List;

/** The workloads {@code bench shards} and {@code bench spark} run, and their checks: one set of options for both. */
final class ShardWorkloads extends WorkloadSizes {
    @Option(names = "--apps", paramLabel = "APP,APP", split = ",", defaultValue = "minimum,aes",
            description = "minimum, aes or both (default: ${DEFAULT-VALUE}).")
    List<String> apps;

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
        checkSizes();
    }
}
