package io.yaostream.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A sharded application in two processes over TCP loopback, as users run it ({@code minimum --shards K},
 * {@code aes --blocks N --shards K}), each party in a JVM of its own; a simulated network, when given, delays each
 * shard's link on its own, as K pairs of machines would have K links.
 */
public final class ShardsBench {
    private ShardsBench() {
    }

    /**
     * One row: what the two parties reported.
     *
     * @param cpuSecondsPerGigaAnd each party's process CPU seconds over the run, per 10^9 AND gates: garbler, evaluator
     * @param cpu                  the same split into user and system time, with each party's peak heap: garbler, evaluator
     */
    public record Row(String app, int shards, long and, long bytes, double seconds, double[] cpuSecondsPerGigaAnd, long peakHeapBytes,
                      String network, PartyCpu[] cpu) {
        public double andPerSecond() {
            return seconds > 0 ? and / seconds : 0;
        }
    }

    /** The same AES key and block as the FIPS-197 example; both parties give theirs, the evaluator gets every ciphertext. */
    static final String KEY = "000102030405060708090a0b0c0d0e0f";
    static final String BLOCK = "00112233445566778899aabbccddeeff";
    static final String CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";

    /** The minimum of {@code values} values (half from each party), as {@code shards} shards. */
    public static Row minimum(int values, int shards, String network, String heap, int timeoutSeconds) {
        List<String> common = List.of("minimum", "--random", Integer.toString(values), "--bits", "20");
        return run("minimum", shards, network, heap, timeoutSeconds, common, List.of("--seed", "1"), List.of("--seed", "2"), 0);
    }

    /** AES-128 of {@code blocks} blocks, as {@code shards} shards; every ciphertext is checked against FIPS-197's. */
    public static Row aes(int blocks, int shards, String network, String heap, int timeoutSeconds) {
        List<String> common = List.of("aes", "--blocks", Integer.toString(blocks));
        return run("aes", shards, network, heap, timeoutSeconds, common, List.of("--in", KEY), List.of("--in", BLOCK), blocks);
    }

    private static Row run(String app, int shards, String network, String heap, int timeoutSeconds, List<String> common, List<String> garblerArgs,
                           List<String> evaluatorArgs, int blocks) {
        int port = PartyProcess.freePorts(1)[0];
        List<String> both = new ArrayList<>(common);
        both.addAll(List.of("--shards", Integer.toString(shards), "--json", "--timeout", Integer.toString(timeoutSeconds), "--network", network));
        CompletableFuture<String> garbler = PartyProcess.start(heap, with(both, garblerArgs, "--role", "garbler", "--listen", Integer.toString(port),
                "--bind", "127.0.0.1"), "the garbler");
        CompletableFuture<String> evaluator = PartyProcess.start(heap, with(both, evaluatorArgs, "--role", "evaluator", "--connect",
                "127.0.0.1:" + port), "the evaluator");
        String name = app + " with " + shards + " shard" + (shards == 1 ? "" : "s");
        String[] out = PartyProcess.outputs(garbler, evaluator, 10L * timeoutSeconds, name);
        String g = out[0];
        String e = out[1];
        check(app, name, g, e, blocks);
        long and = (long) PartyProcess.number(e, "and");
        double seconds = Math.max(PartyProcess.number(g, "seconds"), PartyProcess.number(e, "seconds"));
        double[] cpu = {perGiga(PartyProcess.number(g, "cpuSeconds"), and), perGiga(PartyProcess.number(e, "cpuSeconds"), and)};
        long peak = (long) Math.max(PartyProcess.number(g, "peakHeapBytes"), PartyProcess.number(e, "peakHeapBytes"));
        return new Row(app, shards, and, (long) PartyProcess.number(e, "bytes"), seconds, cpu, peak, network,
                new PartyCpu[] {PartyCpu.of(g), PartyCpu.of(e)});
    }

    private static double perGiga(double cpuSeconds, long and) {
        return cpuSeconds < 0 || and == 0 ? -1 : cpuSeconds * 1e9 / and;
    }

    /** That the run computed what it should: the parties agree on the minimum; one ciphertext a block, each FIPS-197's. */
    private static void check(String app, String name, String g, String e, int blocks) {
        if (app.equals("minimum")) {
            PartyProcess.checkSameMinimum(name, g, e);
            return;
        }
        int at = e.indexOf("\"result\":\"");
        String result = at < 0 ? "" : e.substring(at + 10, e.indexOf('"', at + 10));
        checkCiphertexts(name, result.split("\\\\n"), blocks);
    }

    /** One ciphertext a block, each FIPS-197's. */
    static void checkCiphertexts(String name, String[] ciphertexts, int blocks) {
        if (ciphertexts.length != blocks) {
            throw new IllegalStateException(name + ": the evaluator printed " + ciphertexts.length + " ciphertexts for " + blocks + " blocks");
        }
        for (String c : ciphertexts) {
            if (!c.equals(CIPHERTEXT)) {
                throw new IllegalStateException(name + ": a ciphertext is " + c + ", not FIPS-197's " + CIPHERTEXT);
            }
        }
    }

    private static List<String> with(List<String> common, List<String> own, String... more) {
        List<String> args = new ArrayList<>(common);
        args.addAll(own);
        args.addAll(List.of(more));
        return args;
    }
}
