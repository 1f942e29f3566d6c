package io.yaostream.cli.bench;

import io.yaostream.Inputs;
import io.yaostream.Result;
import io.yaostream.ThreeParty;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.examples.SharedKeyAes;
import io.yaostream.internal.CoreBridge;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * {@code bench 3pc}: the circuits of MRZ15's Table 1 that we have, each run by three parties (MRZ15) and by two
 * (semi-honest Yao) in the same minutes, alternating, over TCP loopback with every party in this process. Per run:
 * each party's bytes to each other and the CPU time of its session thread, the process's CPU time, and the online
 * time (the program, after the handshake and, for two parties, the base OTs). Every result is checked against plaintext.
 */
public final class ThreePartyBench {
    /**
     * One circuit.
     *
     * @param widths     bits of input from P1, P2, P3
     * @param paperAnd   the AND gates of the paper's circuit (Table 1), for comparison
     */
    public record Case(String name, CompiledCircuit circuit, int[] widths, boolean sharedKey, long times, long paperAnd) {
        long andPerInstance() {
            return circuit.counts().and();
        }

        Program<List<Optional<BitString>>> program(boolean threeParty) {
            return sharedKey ? new SharedKeyAes(circuit, times, threeParty) : new SplitBlockHash(circuit, widths, times, threeParty);
        }

        /** The output the program must give on these inputs (one per party, in party order). */
        BitString expected(BitString[] inputs) {
            BitString[] args = new BitString[circuit.inputs().size()];
            if (sharedKey) {
                args[0] = inputs[0].xor(inputs[1]);
                args[1] = inputs[2];
            } else {
                args[0] = BitString.concat(inputs);
                for (int g = 1; g < args.length; g++) {
                    args[g] = BitString.zeros(0);
                }
            }
            return new PlainEvaluator().evaluate(circuit, args)[0];
        }
    }

    /** The three-party figures of one run, medians over the runs. */
    public record Row(String circuit, long andPerInstance, long paperAnd, long reps, long[][] bytes, double[] partyCpu, double processCpu,
                      double seconds, double andPerSecond, long twoPartyBytes, double twoPartyProcessCpu, double twoPartySeconds,
                      double twoPartyAndPerSecond) {
        public long totalBytes() {
            long n = 0;
            for (long[] row : bytes) {
                for (long b : row) {
                    n += b;
                }
            }
            return n;
        }
    }

    private ThreePartyBench() {
    }

    /** The cases: AES-128 (key K1 xor K2 from P1 and P2, message from P3), SHA-1 and SHA-256 on a block split three ways. */
    public static List<Case> cases(CompiledCircuit aes128, CompiledCircuit sha1, double scale) {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("aes-128", aes128, new int[] {128, 128, 128}, true, Math.max(1, Math.round(400 * scale)), 7_200));
        if (sha1 != null) {
            cases.add(new Case("sha-1", sha1, new int[] {171, 171, 170}, false, Math.max(1, Math.round(60 * scale)), 37_300));
        }
        cases.add(new Case("sha-256", Sha256Circuit.build(Party.GARBLER), new int[] {171, 171, 170}, false, Math.max(1, Math.round(100 * scale)),
                90_825));
        return cases;
    }

    public static List<Row> run(List<Case> cases, String scheme, String kernel, int runs) {
        List<Row> rows = new ArrayList<>();
        for (Case c : cases) {
            rows.add(run(c, scheme, kernel, runs));
        }
        return rows;
    }

    private static Row run(Case c, String scheme, String kernel, int runs) {
        SplittableRandom rnd = new SplittableRandom();
        String name = c.name() + " x" + c.times();
        ThreeParty three = CoreBridge.circuits(ThreeParty.as(1).scheme(scheme).name(name), List.of(c.circuit()));
        TwoParty two = CoreBridge.circuits(TwoParty.garbler().scheme(scheme).name(name), List.of(c.circuit()));
        if (kernel != null) {
            three = three.kernel(kernel);
            two = two.kernel(kernel);
        }
        threeParty(three, c, rnd); // warm-up, untimed
        twoParty(two, c, rnd);
        double[] seconds = new double[runs];
        double[] twoSeconds = new double[runs];
        double[] cpu = new double[runs];
        double[] twoCpu = new double[runs];
        double[][] partyCpu = new double[3][runs];
        long[][] bytes = new long[4][4];
        long twoBytes = 0;
        for (int r = 0; r < runs; r++) {
            long before = processCpuNanos();
            List<ThreeParty.Result<List<Optional<BitString>>>> results = threeParty(three, c, rnd);
            cpu[r] = (processCpuNanos() - before) / 1e9;
            double online = 0;
            for (ThreeParty.Result<?> res : results) {
                online = Math.max(online, res.onlineSeconds());
                partyCpu[res.party() - 1][r] = res.cpuSeconds();
                bytes[res.party()] = res.sentTo().clone();
            }
            seconds[r] = online;
            before = processCpuNanos();
            TwoParty.Both<List<Optional<BitString>>> both = twoParty(two, c, rnd);
            twoCpu[r] = (processCpuNanos() - before) / 1e9;
            twoSeconds[r] = Math.max(both.garbler().onlineSeconds(), both.evaluator().onlineSeconds());
            twoBytes = both.garbler().bytesSent() + both.evaluator().bytesSent();
        }
        long ands = c.times() * c.andPerInstance();
        double s3 = new Samples(seconds).median();
        double s2 = new Samples(twoSeconds).median();
        return new Row(c.name(), c.andPerInstance(), c.paperAnd(), c.times(), bytes,
                new double[] {new Samples(partyCpu[0]).median(), new Samples(partyCpu[1]).median(), new Samples(partyCpu[2]).median()},
                new Samples(cpu).median(), s3, ands / s3, twoBytes, new Samples(twoCpu).median(), s2, ands / s2);
    }

    private static BitString[] inputs(Case c, SplittableRandom rnd) {
        BitString[] in = new BitString[3];
        for (int p = 0; p < 3; p++) {
            boolean[] bits = new boolean[c.widths()[p]];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = rnd.nextBoolean();
            }
            in[p] = BitString.fromBits(bits);
        }
        return in;
    }

    private static List<ThreeParty.Result<List<Optional<BitString>>>> threeParty(ThreeParty config, Case c, SplittableRandom rnd) {
        BitString[] in = inputs(c, rnd);
        BitString expected = c.expected(in);
        List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes = config.runAll(CoreBridge.program(c.program(true)),
                List.of(Inputs.bits(CoreBridge.bits(in[0])), Inputs.bits(CoreBridge.bits(in[1])), Inputs.bits(CoreBridge.bits(in[2]))));
        List<ThreeParty.Result<List<Optional<BitString>>>> results = new ArrayList<>();
        for (ThreeParty.Outcome<List<Optional<BitString>>> o : outcomes) {
            if (o.failure() != null) {
                throw new IllegalStateException(c.name() + ", P" + o.party() + ": " + o.failure().getMessage(), o.failure());
            }
            check(c, "P" + o.party(), o.result().value(), expected);
            results.add(o.result());
        }
        return results;
    }

    private static TwoParty.Both<List<Optional<BitString>>> twoParty(TwoParty config, Case c, SplittableRandom rnd) {
        BitString[] in = inputs(c, rnd);
        BitString expected = c.expected(in);
        TwoParty.Both<List<Optional<BitString>>> both = config.runBoth(CoreBridge.program(c.program(false)), Inputs.bits(CoreBridge.bits(in[0])),
                Inputs.bits(CoreBridge.bits(in[1]), CoreBridge.bits(in[2])));
        check(c, "the garbler", both.garbler().value(), expected);
        check(c, "the evaluator", both.evaluator().value(), expected);
        return both;
    }

    private static void check(Case c, String who, List<Optional<BitString>> got, BitString expected) {
        if (!got.equals(List.of(Optional.of(expected)))) {
            throw new IllegalStateException(c.name() + ": " + who + " got " + got + ", plaintext gives " + expected);
        }
    }

    private static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : 0;
    }
}
