package io.yaostream.cli;

import io.yaostream.cli.bench.ShardsBench;
import io.yaostream.core.net.SimulatedNetwork;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "shards", mixinStandardHelpOptions = true,
        description = {"Sharded runs of the minimum and of AES, two processes over TCP loopback, at each number of shards in turn.",
                "Per row: AND gates, bytes, seconds, AND gates/s, each party's process CPU seconds per 10^9 AND gates (the efficiency a "
                        + "2-core machine can show where wall-clock speed-up cannot), and the larger party's peak heap.",
                "With --network, each shard's link is delayed on its own, as K pairs of machines would have K links."})
final class ShardsBenchCommand implements Callable<Integer> {
    @Option(names = "--shards", paramLabel = "K,K...", split = ",", defaultValue = "1,2,4,8",
            description = "Numbers of shards, in the order run (default: ${DEFAULT-VALUE}).")
    List<Integer> shards;

    @Option(names = "--apps", paramLabel = "APP,APP", split = ",", defaultValue = "minimum,aes",
            description = "minimum, aes or both (default: ${DEFAULT-VALUE}).")
    List<String> apps;

    @Option(names = "--minimum-values", paramLabel = "N", defaultValue = "10000000",
            description = "Values of the minimum, half from each party (default: ${DEFAULT-VALUE}).")
    int minimumValues;

    @Option(names = "--aes-blocks", paramLabel = "N", defaultValue = "2000", description = "Blocks of AES (default: ${DEFAULT-VALUE}).")
    int aesBlocks;

    @Option(names = "--network", paramLabel = "RATE,LATENCY", defaultValue = "none",
            description = "A simulated network on each shard's link, each direction (e.g. 200mbit,20ms; default: loopback as it is).")
    String network;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g", description = "-Xmx of each party (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "120",
            description = "Each party's --timeout (default: ${DEFAULT-VALUE}).")
    int timeout;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        check();
        List<ShardsBench.Row> rows = new ArrayList<>();
        for (String app : apps) {
            for (int k : shards) {
                try {
                    rows.add(app.equals("minimum") ? ShardsBench.minimum(minimumValues, k, network, heap, timeout)
                            : ShardsBench.aes(aesBlocks, k, network, heap, timeout));
                } catch (IllegalStateException e) {
                    throw new UserError(e.getMessage());
                }
            }
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json.on) {
            List<Object> list = new ArrayList<>();
            for (ShardsBench.Row r : rows) {
                list.add(Report.fields("app", r.app(), "shards", r.shards(), "and", r.and(), "bytes", r.bytes(), "seconds", r.seconds(),
                        "andPerSec", r.andPerSecond(), "cpuSecondsPerGigaAnd",
                        Report.fields("garbler", r.cpuSecondsPerGigaAnd()[0], "evaluator", r.cpuSecondsPerGigaAnd()[1]),
                        "peakHeapBytes", r.peakHeapBytes(), "network", r.network()));
            }
            w.println(Json.write(Report.fields("results", list)));
            return 0;
        }
        w.printf("%-8s %6s %15s %15s %9s %11s %22s %10s%n", "app", "shards", "AND", "bytes", "seconds", "AND/s", "CPU s/10^9 AND (g / e)",
                "peak heap");
        for (ShardsBench.Row r : rows) {
            w.printf("%-8s %6d %,15d %,15d %9.2f %11s %10.1f / %9.1f %6.1f MiB%n", r.app(), r.shards(), r.and(), r.bytes(), r.seconds(),
                    Report.rate(r.and(), r.seconds()), r.cpuSecondsPerGigaAnd()[0], r.cpuSecondsPerGigaAnd()[1], r.peakHeapBytes() / 1048576.0);
        }
        w.println("two processes over TCP loopback" + (network.equals("none") ? "" : ", each shard's link " + network + " each way")
                + "; CPU: each party's process over its run, every thread; peak heap: the larger party's.");
        return 0;
    }

    private void check() {
        for (int k : shards) {
            if (k < 1 || k > io.yaostream.core.shard.ShardHello.MAX_SHARDS) {
                throw new UsageError("--shards: each from 1 to " + io.yaostream.core.shard.ShardHello.MAX_SHARDS + ", got " + k);
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
        try {
            SimulatedNetwork.parse(network);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--network: " + e.getMessage());
        }
    }
}
