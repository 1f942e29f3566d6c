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

    @Mixin
    ShardWorkloads work;

    @Option(names = "--network", paramLabel = "RATE,LATENCY", defaultValue = "none",
            description = "A simulated network on each shard's link, each direction (e.g. 200mbit,20ms; default: loopback as it is).")
    String network;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g", description = "-Xmx of each party (default: ${DEFAULT-VALUE}).")
    String heap;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        check();
        List<ShardsBench.Row> rows = new ArrayList<>();
        for (String app : work.apps) {
            for (int k : shards) {
                try {
                    rows.add(app.equals("minimum") ? ShardsBench.minimum(work.minimumValues, k, network, heap, work.timeout)
                            : ShardsBench.aes(work.aesBlocks, k, network, heap, work.timeout));
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
        work.check(shards, io.yaostream.core.shard.ShardHello.MAX_SHARDS, "");
        try {
            SimulatedNetwork.parse(network);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--network: " + e.getMessage());
        }
    }
}
