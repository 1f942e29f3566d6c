package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateBlocks;
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

    /** Runs every gate of {@code c} (a circuit held in memory, or one block of a streamed one). */
    abstract void walk(CompiledCircuit c, GarbledStream stream);

    /**
     * Whether the walk must see AND batches whole (a scheme whose garbled material depends on how gates are batched);
     * otherwise a block of a streamed circuit may end inside a batch.
     */
    boolean wholeBatches() {
        return false;
    }

    /**
     * Runs every gate of {@code c}: at once when it is held in memory, block after block when it is read from its
     * file. The blocks run the same gates in the same order, so the gate indices and the garbled material are those
     * of the walk in memory; the file's checksum and counts are checked after the last block.
     */
    final void walkAll(CompiledCircuit c, GarbledStream stream) {
        if (!c.isStreamed()) {
            walk(c, stream);
            return;
        }
        try (GateBlocks blocks = c.openBlocks(wholeBatches())) {
            for (CompiledCircuit block = blocks.next(); block != null; block = blocks.next()) {
                walk(block, stream);
            }
        }
    }

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
