package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;

/**
 * Runs a compiled circuit's gates in order and numbers the gates that need a tweak from a session-wide counter,
 * so a cached circuit called any number of times never reuses one. Shared by garblers and evaluators, which
 * must number gates identically. Schemes either hand whole ranges of gates to the kernel (half-gates) or walk
 * in Java one AND batch at a time ({@link #walkBatches}).
 */
abstract class GateWalker {
    /** Gate indices start at 1, so no tweak derived from one is the zero block (BHKR13 §4, condition (ii)). */
    static final long FIRST_GATE_INDEX = 1;
    private long nextGateIndex = FIRST_GATE_INDEX;

    /** Runs every gate of {@code c}. */
    abstract void walk(CompiledCircuit c, GarbledStream stream);

    /** A scheme's gates for {@link #walkBatches}. */
    interface BatchGates {
        /** Whether XOR and XNOR gates take a gate index too (schemes without free XOR). */
        boolean xorGatesTakeIndex();

        /** Handles gates {@code first .. first+count-1}, all AND-type and mutually independent. */
        void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream);

        /** Handles one non-AND gate; {@code index} is its gate index (XOR gates of schemes without free XOR), or -1. */
        void freeGate(int op, int in0, int in1, int out, long index, GarbledStream stream);
    }

    /** Runs every gate of {@code c}, handing each AND batch and each other gate to {@code gates}. */
    final void walkBatches(CompiledCircuit c, GarbledStream stream, BatchGates gates) {
        int[] records = c.gateRecordsView();
        int count = c.gateCount();
        int batch = 0;
        int nextBatchStart = c.andBatchCount() > 0 ? c.andBatchStart(0) : Integer.MAX_VALUE;
        boolean indexXor = gates.xorGatesTakeIndex();
        for (int g = 0; g < count; ) {
            if (g == nextBatchStart) {
                int length = c.andBatchLength(batch);
                gates.andBatch(records, g, length, takeGateIndices(length), stream);
                g += length;
                batch++;
                nextBatchStart = batch < c.andBatchCount() ? c.andBatchStart(batch) : Integer.MAX_VALUE;
                continue;
            }
            int p = g * CompiledCircuit.GATE_STRIDE;
            long index = indexXor && GateOp.kind(records[p]) == GateOp.Kind.XOR ? takeGateIndices(1) : -1;
            gates.freeGate(records[p], records[p + 1], records[p + 2], records[p + 3], index, stream);
            g++;
        }
    }

    /** Takes the next {@code n} gate indices and returns the first. */
    final long takeGateIndices(long n) {
        long first = nextGateIndex;
        nextGateIndex += n;
        return first;
    }

    /** Gate indices handed out so far. */
    final long gateIndex() {
        return nextGateIndex - FIRST_GATE_INDEX;
    }
}
