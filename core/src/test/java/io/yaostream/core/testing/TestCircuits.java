package io.yaostream.core.testing;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.format.CircuitFiles;
import io.yaostream.core.plain.PlainEvaluator;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Shared test helpers for compiled circuits: a random circuit generator that exercises every op and heavy
 * slot reuse, 64-lane evaluation, comparison of two circuits by evaluation, and writing any format to bytes.
 * (Published in core's test-jar and used by the compiler module's tests too.)
 */
public final class TestCircuits {
    private TestCircuits() {
    }

    /**
     * The small circuit the malformed-file tests break: a garbler bit in slot 0, an evaluator bit in slot 1,
     * gates AND 0,1->2; XOR 2,1->0; INV 0->1, output (both parties) slots 1,2.
     */
    public static CompiledCircuit small() {
        return new CompiledCircuit.Builder(3)
                .input("a", Party.GARBLER, new int[] {0})
                .input("b", Party.EVALUATOR, new int[] {1})
                .gate(GateOp.AND, 0, 1, 2).gate(GateOp.XOR, 2, 1, 0).gate(GateOp.INV, 0, GateOp.NO_SLOT, 1)
                .output("z", Receiver.BOTH, new int[] {1, 2})
                .build();
    }

    /**
     * A random valid circuit: 1..3 input groups of both parties on scattered slots, {@code gates} gates of
     * every op (all 16 truth tables, INV, ZERO, ONE; inputs may repeat), outputs that often overwrite a live
     * slot or the gate's own input, 1..3 output groups with every receiver (bits may repeat), and, for
     * about half the seeds, explicit AND batches split at random points instead of the Builder's default.
     */
    public static CompiledCircuit random(Random rnd, int gates) {
        int groups = 1 + rnd.nextInt(3);
        int[] widths = new int[groups];
        int totalIn = 0;
        for (int i = 0; i < groups; i++) {
            widths[i] = i > 0 && rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(16);
            totalIn += widths[i];
        }
        int slots = totalIn + 1 + rnd.nextInt(totalIn + 8);
        int[] perm = permutation(rnd, slots);
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(slots);
        int[] setSlots = new int[slots];
        boolean[] isSet = new boolean[slots];
        int setCount = 0;
        int k = 0;
        for (int i = 0; i < groups; i++) {
            int[] s = new int[widths[i]];
            for (int j = 0; j < s.length; j++) {
                s[j] = perm[k++];
                isSet[s[j]] = true;
                setSlots[setCount++] = s[j];
            }
            Party party = i == 0 ? Party.GARBLER : rnd.nextBoolean() ? Party.EVALUATOR : Party.GARBLER;
            b.input("in" + i, party, s);
        }
        int[] records = new int[gates * CompiledCircuit.GATE_STRIDE];
        for (int g = 0; g < gates; g++) {
            int op = randomOp(rnd);
            int arity = GateOp.arity(op);
            int in0 = arity >= 1 ? setSlots[rnd.nextInt(setCount)] : GateOp.NO_SLOT;
            int in1 = arity >= 2 ? (rnd.nextInt(10) == 0 ? in0 : setSlots[rnd.nextInt(setCount)]) : GateOp.NO_SLOT;
            int out;
            int r = rnd.nextInt(10);
            if (r < 3 && arity >= 1) {
                out = in0; // writes over its own input
            } else if (r < 7) {
                out = setSlots[rnd.nextInt(setCount)]; // overwrites a live value
            } else {
                out = rnd.nextInt(slots);
            }
            if (!isSet[out]) {
                isSet[out] = true;
                setSlots[setCount++] = out;
            }
            b.gate(op, in0, in1, out);
            int base = g * CompiledCircuit.GATE_STRIDE;
            records[base] = op;
            records[base + 1] = in0;
            records[base + 2] = in1;
            records[base + 3] = out;
        }
        int outGroups = 1 + rnd.nextInt(3);
        for (int i = 0; i < outGroups; i++) {
            int[] s = new int[1 + rnd.nextInt(16)];
            for (int j = 0; j < s.length; j++) {
                s[j] = setSlots[rnd.nextInt(setCount)];
            }
            b.output("out" + i, Receiver.values()[rnd.nextInt(Receiver.values().length)], s);
        }
        if (rnd.nextBoolean()) {
            randomBatches(rnd, records, gates, slots, b);
        }
        return b.build();
    }

    /** Valid AND batches that split runs of independent AND gates at random extra points. */
    private static void randomBatches(Random rnd, int[] records, int gates, int slots, CompiledCircuit.Builder b) {
        int[] writtenInBatch = new int[slots];
        int batch = 0; // numbered from 1; 0 = not written in any batch
        int start = -1;
        for (int g = 0; g <= gates; g++) {
            int base = g * CompiledCircuit.GATE_STRIDE;
            boolean and = g < gates && GateOp.kind(records[base]) == GateOp.Kind.AND;
            boolean cut = !and || start >= 0 && (rnd.nextInt(4) == 0
                    || writtenInBatch[records[base + 1]] == batch || writtenInBatch[records[base + 2]] == batch);
            if (start >= 0 && cut) {
                b.andBatch(start, g - start);
                start = -1;
            }
            if (and) {
                if (start < 0) {
                    start = g;
                    batch++;
                }
                writtenInBatch[records[base + 3]] = batch;
            }
        }
    }

    private static int randomOp(Random rnd) {
        int r = rnd.nextInt(100);
        if (r < 30) {
            return GateOp.XOR;
        }
        if (r < 55) {
            return GateOp.AND;
        }
        if (r < 85) {
            return rnd.nextInt(16);
        }
        if (r < 96) {
            return GateOp.INV;
        }
        return r < 98 ? GateOp.ZERO : GateOp.ONE;
    }

    public static int[] permutation(Random rnd, int n) {
        int[] p = new int[n];
        for (int i = 0; i < n; i++) {
            p[i] = i;
        }
        for (int i = n - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = p[i];
            p[i] = p[j];
            p[j] = t;
        }
        return p;
    }

    public static long[] randomLanes(Random rnd, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextLong();
        }
        return v;
    }

    /** Runs {@code c} on 64 lanes with a fresh evaluator. */
    public static long[] run(CompiledCircuit c, long[] inputLanes) {
        long[] out = new long[c.totalOutputBits()];
        new PlainEvaluator().run(c, inputLanes, out);
        return out;
    }

    /** Asserts both circuits have the same interface and give the same outputs on {@code rounds} x 64 random inputs. */
    public static void assertSameFunction(CompiledCircuit expected, CompiledCircuit actual, long seed, int rounds) {
        assertEquals(widths(expected.inputs()), widths(actual.inputs()), "input group widths");
        assertEquals(widths(expected.outputs()), widths(actual.outputs()), "output group widths");
        Random rnd = new Random(seed);
        PlainEvaluator pe = new PlainEvaluator();
        long[] want = new long[expected.totalOutputBits()];
        long[] got = new long[actual.totalOutputBits()];
        for (int r = 0; r < rounds; r++) {
            long[] in = randomLanes(rnd, expected.totalInputBits());
            pe.run(expected, in, want);
            pe.run(actual, in, got);
            assertArrayEquals(want, got, "outputs differ (seed " + seed + ", round " + r + ")");
        }
    }

    /**
     * Asserts that {@code mesfe}, a circuit read back from an ME-SFE file written from {@code original},
     * computes the same: ME-SFE keeps one value per party (all of a party's groups run together, garbler =
     * creator) and one output list per party (outputs for both parties appear in both lists, and two equal
     * lists read back as one output for both).
     */
    public static void assertMesfeEquivalent(CompiledCircuit original, CompiledCircuit mesfe, long seed, int rounds) {
        assertEquals(original.gateCount(), mesfe.gateCount(), "gate count");
        assertEquals(original.slots(), mesfe.slots(), "slots");
        Random rnd = new Random(seed);
        PlainEvaluator pe = new PlainEvaluator();
        for (int r = 0; r < rounds; r++) {
            long[] in = randomLanes(rnd, original.totalInputBits());
            long[] out = new long[original.totalOutputBits()];
            pe.run(original, in, out);
            // The same input bits, reordered: the garbler's groups, then the evaluator's.
            List<Long> mesfeIn = new ArrayList<>();
            for (Party p : Party.values()) {
                int k = 0;
                for (WireGroup<Party> g : original.inputs()) {
                    for (int i = 0; i < g.width(); i++, k++) {
                        if (g.owner() == p) {
                            mesfeIn.add(in[k]);
                        }
                    }
                }
            }
            long[] mOut = new long[mesfe.totalOutputBits()];
            pe.run(mesfe, mesfeIn.stream().mapToLong(Long::longValue).toArray(), mOut);
            List<Long> want = new ArrayList<>();
            List<List<Long>> perParty = new ArrayList<>();
            for (Receiver who : new Receiver[] {Receiver.GARBLER, Receiver.EVALUATOR}) {
                List<Long> list = new ArrayList<>();
                int k = 0;
                for (WireGroup<Receiver> g : original.outputs()) {
                    for (int i = 0; i < g.width(); i++, k++) {
                        if (g.owner() == who || g.owner() == Receiver.BOTH) {
                            list.add(out[k]);
                        }
                    }
                }
                perParty.add(list);
                want.addAll(list);
            }
            if (mesfe.outputs().size() == 1 && mesfe.outputs().get(0).owner() == Receiver.BOTH) {
                // Both parties' lists were the same slots: read back as one output for both.
                assertEquals(perParty.get(0), perParty.get(1), "an output for both stands for equal lists");
                want = perParty.get(0);
            }
            assertArrayEquals(want.stream().mapToLong(Long::longValue).toArray(), mOut,
                    "ME-SFE circuit differs (seed " + seed + ", round " + r + ")");
        }
    }

    public static List<Integer> widths(List<? extends WireGroup<?>> groups) {
        return groups.stream().map(WireGroup::width).toList();
    }

    /** The circuit written in {@code format}, as bytes. */
    public static byte[] write(CompiledCircuit c, CircuitFiles.Format format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            CircuitFiles.write(c, out, format);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
