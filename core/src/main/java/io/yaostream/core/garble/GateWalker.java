package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;

/**
 * Walks a compiled circuit's gate records in order, handing each AND batch to {@link #andBatch} and every
 * other gate to {@link #freeGate}, and numbering the gates that need a tweak from a session-wide counter, so
 * a cached circuit called any number of times never reuses one. Shared by garblers and evaluators, which
 * must number gates identically.
 */
abstract class GateWalker {
    /** Gate indices start at 1, so no tweak derived from one is the zero block (BHKR13 §4, condition (ii)). */
    static final long FIRST_GATE_INDEX = 1;
    private long nextGateIndex = FIRST_GATE_INDEX;

    /** Whether XOR and XNOR gates take a gate index too (schemes without free XOR). */
    abstract boolean xorGatesTakeIndex();

    /** Handles gates {@code first .. first+count-1}, all AND-type and mutually independent. */
    abstract void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream);

    /** Handles one non-AND gate; {@code index} is its gate index (XOR gates of schemes without free XOR), or -1. */
    abstract void freeGate(int op, int in0, int in1, int out, long index, GarbledStream stream);

    /** Runs every gate of {@code c}. */
    final void walk(CompiledCircuit c, GarbledStream stream) {
        int[] records = c.gateRecordsView();
        int gates = c.gateCount();
        int batch = 0;
        int nextBatchStart = c.andBatchCount() > 0 ? c.andBatchStart(0) : Integer.MAX_VALUE;
        boolean indexXor = xorGatesTakeIndex();
        for (int g = 0; g < gates; ) {
            if (g == nextBatchStart) {
                int count = c.andBatchLength(batch);
                andBatch(records, g, count, nextGateIndex, stream);
                nextGateIndex += count;
                g += count;
                batch++;
                nextBatchStart = batch < c.andBatchCount() ? c.andBatchStart(batch) : Integer.MAX_VALUE;
                continue;
            }
            int p = g * CompiledCircuit.GATE_STRIDE;
            long index = indexXor && GateOp.kind(records[p]) == GateOp.Kind.XOR ? nextGateIndex++ : -1;
            freeGate(records[p], records[p + 1], records[p + 2], records[p + 3], index, stream);
            g++;
        }
    }

    /** Gate indices handed out so far. */
    final long gateIndex() {
        return nextGateIndex - FIRST_GATE_INDEX;
    }

    /** AND-type table {@code tt} as AND(l ^ alpha, r ^ beta) ^ gamma: returns bits alpha | beta << 1 | gamma << 2. */
    static int andForm(int tt) {
        boolean single = Integer.bitCount(tt) == 1;
        int minterm = single ? tt : (~tt & 15);
        int index = 3 - Integer.numberOfTrailingZeros(minterm); // 2*l + r where the minterm is true
        int alpha = ((index >> 1) & 1) ^ 1;
        int beta = (index & 1) ^ 1;
        int gamma = single ? 0 : 1;
        return alpha | beta << 1 | gamma << 2;
    }

    /** Whether a non-AND op reads its left input, its right input, negates, or is a constant: see {@link #freeForm}. */
    static final int FREE_LEFT = 1;
    static final int FREE_RIGHT = 2;
    static final int FREE_NOT = 4;

    /**
     * Any non-AND gate as the XOR of some of its inputs, possibly negated: bits {@link #FREE_LEFT},
     * {@link #FREE_RIGHT}, {@link #FREE_NOT}. XOR = left|right, XNOR = left|right|not, INV = left|not,
     * ZERO = 0, ONE = not, and the two-input tables that ignore an input likewise.
     */
    static int freeForm(int op) {
        return switch (op) {
            case GateOp.XOR -> FREE_LEFT | FREE_RIGHT;
            case GateOp.XNOR -> FREE_LEFT | FREE_RIGHT | FREE_NOT;
            case GateOp.INV, 12 -> FREE_LEFT | FREE_NOT;
            case 3 -> FREE_LEFT;
            case 5 -> FREE_RIGHT;
            case 10 -> FREE_RIGHT | FREE_NOT;
            case GateOp.ZERO, 0 -> 0;
            case GateOp.ONE, 15 -> FREE_NOT;
            default -> throw new IllegalArgumentException("op " + op + " is not a free gate");
        };
    }
}
