package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateBlocks;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.text.English;

import java.util.List;

/**
 * Evaluates compiled circuits in plaintext, streaming the gate records over one array of S slots.
 *
 * <p>Each slot is a {@code long}: 64 independent evaluations run side by side (bit j of every slot belongs
 * to evaluation j), which makes property tests over many inputs cheap. One evaluator can run any number of
 * circuits, or the same cached circuit any number of times; its slot array grows to the largest S seen and
 * is reused. Running creates no object per gate. Not thread-safe: use one evaluator per thread.
 */
public final class PlainEvaluator {
    private long[] slots = new long[0];

    /**
     * Runs {@code c} on 64 lanes at once.
     *
     * @param inputLanes  one entry per input bit, all input groups in order
     * @param outputLanes receives one entry per output bit, all output groups in order
     */
    public void run(CompiledCircuit c, long[] inputLanes, long[] outputLanes) {
        if (inputLanes.length != c.totalInputBits() || outputLanes.length != c.totalOutputBits()) {
            throw new IllegalArgumentException("circuit takes " + c.totalInputBits() + " input bits and gives "
                    + c.totalOutputBits() + " output bits; got arrays of " + inputLanes.length + " and " + outputLanes.length);
        }
        if (slots.length < c.slots()) {
            slots = new long[c.slots()];
        }
        long[] s = slots;
        int[] in = c.inputSlotsView();
        for (int i = 0; i < in.length; i++) {
            s[in[i]] = inputLanes[i];
        }
        try (GateBlocks blocks = c.openBlocks(false)) {
            for (CompiledCircuit block = blocks.next(); block != null; block = blocks.next()) {
                runGates(block.gateRecordsView(), block.gateCount(), s);
            }
        }
        int[] out = c.outputSlotsView();
        for (int i = 0; i < out.length; i++) {
            outputLanes[i] = s[out[i]];
        }
    }

    private static void runGates(int[] gates, int gateCount, long[] s) {
        int end = gateCount * CompiledCircuit.GATE_STRIDE;
        for (int p = 0; p < end; p += CompiledCircuit.GATE_STRIDE) {
            int op = gates[p];
            long v;
            switch (op) {
                case GateOp.XOR -> v = s[gates[p + 1]] ^ s[gates[p + 2]];
                case GateOp.AND -> v = s[gates[p + 1]] & s[gates[p + 2]];
                case GateOp.INV -> v = ~s[gates[p + 1]];
                case GateOp.ZERO -> v = 0L;
                case GateOp.ONE -> v = -1L;
                default -> v = table(op, s[gates[p + 1]], s[gates[p + 2]]);
            }
            s[gates[p + 3]] = v;
        }
    }

    /** A two-input truth table applied bitwise: the sum of the minterms whose table bit is set. */
    static long table(int tt, long l, long r) {
        long v = 0;
        if ((tt & 8) != 0) {
            v |= ~l & ~r;
        }
        if ((tt & 4) != 0) {
            v |= ~l & r;
        }
        if ((tt & 2) != 0) {
            v |= l & ~r;
        }
        if ((tt & 1) != 0) {
            v |= l & r;
        }
        return v;
    }

    /** Evaluates once: one value per input group in, one value per output group out. */
    public BitString[] evaluate(CompiledCircuit c, BitString... inputs) {
        List<WireGroup<Party>> groups = c.inputs();
        if (inputs.length != groups.size()) {
            throw new IllegalArgumentException("circuit has " + groups.size() + " input groups, got " + inputs.length + " values");
        }
        long[] in = new long[c.totalInputBits()];
        int k = 0;
        for (int gi = 0; gi < groups.size(); gi++) {
            WireGroup<Party> g = groups.get(gi);
            if (inputs[gi].width() != g.width()) {
                throw new IllegalArgumentException("input " + (gi + 1) + " ('" + g.name() + "') is " + g.width()
                        + " bits, got " + English.article(inputs[gi].width()) + " " + inputs[gi].width() + "-bit value");
            }
            for (int i = 0; i < g.width(); i++) {
                in[k++] = inputs[gi].get(i) ? 1L : 0L;
            }
        }
        long[] out = new long[c.totalOutputBits()];
        run(c, in, out);
        BitString[] result = new BitString[c.outputs().size()];
        k = 0;
        for (int oi = 0; oi < result.length; oi++) {
            boolean[] bits = new boolean[c.outputs().get(oi).width()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = (out[k++] & 1L) != 0;
            }
            result[oi] = BitString.fromBits(bits);
        }
        return result;
    }
}
