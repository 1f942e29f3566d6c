package io.yaostream.cli.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * {@code bench 3pc --processes}: each party in a JVM of its own, as users run them: {@code run3} three times beside
 * {@code run} twice on the same Bristol file and inputs (the garbler's groups are P1's, the evaluator's P2's), the two
 * alternating; so three processes share this machine's cores as they would.
 */
public final class ThreePartyProcesses {
    /** One file's medians: seconds (the slowest party's session) and bytes (all parties') of each protocol. */
    public record Row(String circuit, long andGates, long reps, double seconds, long bytes, double twoPartySeconds, long twoPartyBytes) {
        public double ratio() {
            return twoPartySeconds / seconds;
        }
    }

    private ThreePartyProcesses() {
    }

    /**
     * {@code file} with {@code inputs} (one hex value per input group, in order; group 1 is P1's and the garbler's,
     * group 2 P2's and the evaluator's), {@code reps} evaluations per session, {@code runs} sessions of each protocol.
     */
    public static Row run(String name, Path file, List<String> inputs, long reps, int runs, String heap) {
        double[] three = new double[runs];
        double[] two = new double[runs];
        long threeBytes = 0;
        long twoBytes = 0;
        long and = 0;
        for (int r = 0; r < runs; r++) {
            List<String> outs = threeParties(file, inputs, reps, heap);
            double s = 0;
            long b = 0;
            for (String o : outs) {
                s = Math.max(s, PartyProcess.number(o, "seconds"));
                b += (long) PartyProcess.number(o, "bytes");
            }
            three[r] = s;
            threeBytes = b;
            and = (long) PartyProcess.number(outs.get(2), "and");
            List<String> twoOuts = twoParties(file, inputs, reps, heap);
            two[r] = Math.max(PartyProcess.number(twoOuts.get(0), "seconds"), PartyProcess.number(twoOuts.get(1), "seconds"));
            twoBytes = (long) (PartyProcess.number(twoOuts.get(0), "bytes") + PartyProcess.number(twoOuts.get(1), "bytes"));
        }
        return new Row(name, and / reps, reps, new Samples(three).median(), threeBytes, new Samples(two).median(), twoBytes);
    }

    private static List<String> threeParties(Path file, List<String> inputs, long reps, String heap) {
        int[] ports = PartyProcess.freePorts(3);
        String peers = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1] + ",127.0.0.1:" + ports[2];
        List<CompletableFuture<String>> parties = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            List<String> args = new ArrayList<>(List.of("run3", "--party", Integer.toString(p), "--circuit", file.toString(), "--peers", peers,
                    "--repeat", Long.toString(reps), "--json"));
            if (p <= inputs.size()) {
                args.addAll(List.of("--in", inputs.get(p - 1)));
            }
            parties.add(PartyProcess.start(heap, args, "P" + p));
        }
        return join(parties);
    }

    private static List<String> twoParties(Path file, List<String> inputs, long reps, String heap) {
        int port = PartyProcess.freePorts(1)[0];
        List<String> garbler = new ArrayList<>(List.of("run", "--role", "garbler", "--listen", Integer.toString(port), "--circuit", file.toString(),
                "--repeat", Long.toString(reps), "--json", "--in", inputs.get(0)));
        List<String> evaluator = new ArrayList<>(List.of("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port, "--circuit",
                file.toString(), "--repeat", Long.toString(reps), "--json"));
        if (inputs.size() > 1) {
            evaluator.addAll(List.of("--in", inputs.get(1)));
        }
        return join(List.of(PartyProcess.start(heap, garbler, "the garbler"), PartyProcess.start(heap, evaluator, "the evaluator")));
    }

    private static List<String> join(List<CompletableFuture<String>> parties) {
        List<String> out = new ArrayList<>();
        for (CompletableFuture<String> f : parties) {
            try {
                out.add(f.get(600, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new IllegalStateException(e.getCause() != null ? e.getCause().getMessage() : e.getMessage(), e);
            }
        }
        return out;
    }
}
