package io.yaostream.cli.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The minimum application in two processes over TCP loopback, each party in a JVM of its own with a heap
 * limit, as {@code ./yaostream minimum --role ...} runs it: so the peak heap is each party's, and a party that
 * needs more than its limit fails here as it would for a user.
 */
public final class MinimumBench {
    private MinimumBench() {
    }

    /** One strategy, {@code values} values in all, each party limited to {@code heap} (a -Xmx value). */
    public static AppsBench.Row run(String strategy, int values, String heap, int timeoutSeconds) {
        int port = PartyProcess.freePorts(1)[0];
        String name = "minimum-" + strategy;
        List<String> common = List.of("minimum", "--random", Integer.toString(values), "--strategy", strategy, "--json",
                "--timeout", Integer.toString(timeoutSeconds));
        CompletableFuture<String> garbler = start(heap, common, List.of("--role", "garbler", "--listen", Integer.toString(port), "--seed", "1"));
        CompletableFuture<String> evaluator = start(heap, common, List.of("--role", "evaluator", "--connect", "127.0.0.1:" + port, "--seed", "2"));
        String[] out = PartyProcess.outputs(garbler, evaluator, 10L * timeoutSeconds, name);
        String g = out[0];
        String e = out[1];
        PartyProcess.checkSameMinimum(name, g, e);
        double online = 1e3 * Math.max(PartyProcess.number(g, "onlineSeconds"), PartyProcess.number(e, "onlineSeconds"));
        double total = 1e3 * Math.max(PartyProcess.number(g, "seconds"), PartyProcess.number(e, "seconds"));
        long peak = (long) Math.max(PartyProcess.number(g, "peakHeapBytes"), PartyProcess.number(e, "peakHeapBytes"));
        return new AppsBench.Row(name, (long) PartyProcess.number(e, "and"), 2L * (values - 1) * 20, (int) PartyProcess.number(e, "workingSet"),
                strategy.equals("c") ? 10_002 : 0, (long) PartyProcess.number(e, "bytes"), online, total, peak,
                values + " values, two processes with -Xmx" + heap + " each; peak heap of the larger party", (long) PartyProcess.number(e, "rounds"),
                Double.NaN);
    }

    private static CompletableFuture<String> start(String heap, List<String> common, List<String> role) {
        List<String> args = new ArrayList<>(common);
        args.addAll(role);
        return PartyProcess.start(heap, args, "the " + role.get(1));
    }
}
