package io.yaostream.cli;

import io.yaostream.cli.bench.SparkBench;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "spark", mixinStandardHelpOptions = true,
        description = {"The workloads of bench shards through Spark (spark/run-example: each party's Spark application with a local master "
                + "of K slots, over files of the values), beside the plain sharded run at the same K, in turn, over TCP loopback.",
                "Per row: AND gates, bytes, the run's seconds, its secure seconds (the secure stage and the combine; for a plain run, "
                        + "the run), the longest shard session's seconds, AND gates/s over the secure seconds, the Spark session's start, and each party's CPU seconds "
                        + "per 10^9 AND gates over the run."})
final class SparkBenchCommand implements Callable<Integer> {
    @Option(names = "--shards", paramLabel = "K,K...", split = ",", defaultValue = "1,2",
            description = "Numbers of shards, in the order run (default: ${DEFAULT-VALUE}).")
    List<Integer> shards;

    @Mixin
    ShardWorkloads work;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "2g", description = "-Xmx of each party (default: ${DEFAULT-VALUE}).")
    String heap;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        check();
        Path script;
        try {
            script = SparkBench.runExample();
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        Path dir = Files.createTempDirectory("yaostream-bench-spark");
        List<SparkBench.Row> rows = new ArrayList<>();
        try {
            for (String app : work.apps) {
                Path[] values = app.equals("minimum") ? SparkBench.minimumFiles(dir, work.minimumValues) : null;
                Path blocks = app.equals("aes") ? SparkBench.aesFile(dir, work.aesBlocks) : null;
                for (int k : shards) {
                    rows.add(SparkBench.plain(app, work.minimumValues, work.aesBlocks, k, heap, work.timeout));
                    rows.add(app.equals("minimum") ? SparkBench.minimum(script, values, k, heap, work.timeout)
                            : SparkBench.aes(script, blocks, work.aesBlocks, k, heap, work.timeout));
                }
            }
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        } finally {
            try (var files = Files.list(dir)) {
                for (Path f : files.toList()) {
                    Files.deleteIfExists(f);
                }
            }
            Files.deleteIfExists(dir);
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json.on) {
            List<Object> list = new ArrayList<>();
            for (SparkBench.Row r : rows) {
                list.add(Report.fields("app", r.app(), "mode", r.mode(), "shards", r.shards(), "and", r.and(), "bytes", r.bytes(),
                        "seconds", r.seconds(), "secureSeconds", r.secureSeconds(), "sessionSeconds", r.sessionSeconds(), "andPerSec", r.andPerSecond(), "sparkStartSeconds", r.startSeconds(),
                        "cpuSecondsPerGigaAnd", Report.fields("garbler", r.cpuSecondsPerGigaAnd()[0], "evaluator", r.cpuSecondsPerGigaAnd()[1])));
            }
            w.println(Json.write(Report.fields("results", list)));
            return 0;
        }
        w.printf("%-8s %-6s %6s %15s %15s %9s %9s %9s %11s %8s %22s%n", "app", "mode", "shards", "AND", "bytes", "seconds", "secure s",
                "session s", "AND/s", "start s", "CPU s/10^9 AND (g / e)");
        for (SparkBench.Row r : rows) {
            w.printf("%-8s %-6s %6d %,15d %,15d %9.2f %9.2f %9.2f %11s %8.2f %10.1f / %9.1f%n", r.app(), r.mode(), r.shards(), r.and(),
                    r.bytes(), r.seconds(), r.secureSeconds(), r.sessionSeconds(), Report.rate(r.and(), r.secureSeconds()), r.startSeconds(), r.cpuSecondsPerGigaAnd()[0],
                    r.cpuSecondsPerGigaAnd()[1]);
        }
        w.println("two processes per run over TCP loopback; Spark: a local master of K slots per party, rows read from files; "
                + "CPU: each party's process over its run (Spark's: the join, reading the rows, the secure stage, the combine).");
        return 0;
    }

    private void check() {
        work.check(shards, 64, " (a local master's slots)");
    }
}
