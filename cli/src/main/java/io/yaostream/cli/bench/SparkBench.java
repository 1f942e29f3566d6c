package io.yaostream.cli.bench;

import io.yaostream.examples.Minimum;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The sharded workloads of {@code bench shards} through Spark: each party's Spark application ({@code spark/run-example},
 * a local master of K slots) over files of the same values the plain sharded run draws, beside that plain run at the
 * same K, in turn. A Spark row's run seconds are the join, reading and partitioning the rows, the secure stage and the
 * combine; its secure seconds leave out the reading, so they compare with the plain run's seconds.
 */
public final class SparkBench {
    /** The minimum's width and seeds, as {@code bench shards} runs it. */
    private static final int BITS = 20;

    private SparkBench() {
    }

    /**
     * One row: a Spark run, or the plain sharded run beside it.
     *
     * @param app minimum or aes
     * @param mode spark or plain
     * @param shards K
     * @param and AND gates of every session
     * @param bytes bytes of every session, as the evaluator counted them
     * @param seconds the run: for Spark, from the join to the result (the larger party's)
     * @param secureSeconds the secure stage and the combine (for the plain run, its seconds)
     * @param sessionSeconds the longest shard session (for the plain run, its seconds)
     * @param startSeconds the Spark session's start before the run (0 for the plain run)
     * @param cpuSecondsPerGigaAnd each party's process CPU over the run, per 10^9 AND gates: garbler, evaluator
     */
    public record Row(String app, String mode, int shards, long and, long bytes, double seconds, double secureSeconds, double sessionSeconds,
                      double startSeconds,
                      double[] cpuSecondsPerGigaAnd) {
        public double andPerSecond() {
            return secureSeconds > 0 ? and / secureSeconds : 0;
        }
    }

    /** Where {@code spark/run-example} is: beside the command line's module in a clone of the repository. */
    public static Path runExample() {
        Path here;
        try {
            here = Path.of(SparkBench.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (java.net.URISyntaxException | SecurityException e) {
            here = Path.of(".");
        }
        for (Path p = here; p != null; p = p.getParent()) {
            Path script = p.resolve("spark").resolve("run-example");
            if (Files.isRegularFile(script)) {
                return script;
            }
        }
        throw new IllegalStateException("bench spark runs spark/run-example of a clone of the repository, and there is none above " + here);
    }

    /** The files of the minimum's values: each party's half, as {@code minimum --random N --seed S} draws them. */
    public static Path[] minimumFiles(Path dir, int values) throws IOException {
        Path[] files = {dir.resolve("garbler-values.txt"), dir.resolve("evaluator-values.txt")};
        long[] seeds = {1, 2};
        for (int p = 0; p < 2; p++) {
            try (BufferedWriter w = Files.newBufferedWriter(files[p], StandardCharsets.UTF_8)) {
                for (long v : Minimum.random(values / 2, BITS, seeds[p])) {
                    w.write(Long.toString(v));
                    w.newLine();
                }
            }
        }
        return files;
    }

    /** A file of {@code blocks} copies of FIPS-197's block. */
    public static Path aesFile(Path dir, int blocks) throws IOException {
        Path f = dir.resolve("blocks.txt");
        try (BufferedWriter w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = 0; i < blocks; i++) {
                w.write(ShardsBench.BLOCK);
                w.newLine();
            }
        }
        return f;
    }

    /** The minimum over Spark, its values in {@code files}. */
    public static Row minimum(Path script, Path[] files, int shards, String heap, int timeout) {
        return run(script, "minimum", shards, heap, timeout, List.of("--values", files[0].toString(), "--bits", Integer.toString(BITS)),
                List.of("--values", files[1].toString(), "--bits", Integer.toString(BITS)), 0);
    }

    /** AES over Spark, the evaluator's blocks in {@code blocks}. */
    public static Row aes(Path script, Path blocks, int count, int shards, String heap, int timeout) {
        return run(script, "aes", shards, heap, timeout, List.of("--key", ShardsBench.KEY), List.of("--blocks", blocks.toString()), count);
    }

    /** The plain sharded run beside it, as {@code bench shards} makes it. */
    public static Row plain(String app, int values, int blocks, int shards, String heap, int timeout) {
        ShardsBench.Row r = app.equals("minimum") ? ShardsBench.minimum(values, shards, "none", heap, timeout)
                : ShardsBench.aes(blocks, shards, "none", heap, timeout);
        return new Row(app, "plain", shards, r.and(), r.bytes(), r.seconds(), r.seconds(), r.seconds(), 0, r.cpuSecondsPerGigaAnd());
    }

    private static Row run(Path script, String app, int shards, String heap, int timeout, List<String> garblerArgs, List<String> evaluatorArgs,
                           int blocks) {
        int port = PartyProcess.freePorts(1)[0];
        List<String> both = List.of("bash", script.toString(), app, "--shards", Integer.toString(shards), "--timeout", Integer.toString(timeout),
                "--master", "local[" + shards + "]", "--json");
        Map<String, String> env = Map.of("JAVA_OPTS", "-Xmx" + heap);
        List<String> g = new ArrayList<>(both);
        g.addAll(garblerArgs);
        g.addAll(List.of("--role", "garbler", "--listen", Integer.toString(port)));
        List<String> e = new ArrayList<>(both);
        e.addAll(evaluatorArgs);
        e.addAll(List.of("--role", "evaluator", "--connect", "127.0.0.1:" + port));
        CompletableFuture<String> garbler = PartyProcess.run(g, env, "the garbler's Spark application");
        CompletableFuture<String> evaluator = PartyProcess.run(e, env, "the evaluator's Spark application");
        String name = app + " on Spark with " + shards + " shard" + (shards == 1 ? "" : "s");
        String[] out = PartyProcess.outputs(garbler, evaluator, 10L * timeout, name);
        String go = out[0];
        String eo = out[1];
        if (app.equals("minimum")) {
            PartyProcess.checkSameMinimum(name, go, eo);
        } else {
            int from = eo.indexOf('[');
            int to = eo.indexOf(']');
            ShardsBench.checkCiphertexts(name, from < 0 || to < from ? new String[0] : eo.substring(from + 1, to).replace("\"", "").split(","), blocks);
        }
        long and = (long) PartyProcess.number(eo, "and");
        double seconds = Math.max(PartyProcess.number(go, "seconds"), PartyProcess.number(eo, "seconds"));
        double secure = Math.max(PartyProcess.number(go, "seconds") - PartyProcess.number(go, "prepareSeconds"),
                PartyProcess.number(eo, "seconds") - PartyProcess.number(eo, "prepareSeconds"));
        double session = Math.max(PartyProcess.number(go, "sessionSeconds"), PartyProcess.number(eo, "sessionSeconds"));
        double start = Math.max(PartyProcess.number(go, "sparkStartSeconds"), PartyProcess.number(eo, "sparkStartSeconds"));
        double[] cpu = {PartyProcess.number(go, "cpuSeconds") * 1e9 / and, PartyProcess.number(eo, "cpuSeconds") * 1e9 / and};
        return new Row(app, "spark", shards, and, (long) PartyProcess.number(eo, "bytes"), seconds, secure, session, start, cpu);
    }
}
