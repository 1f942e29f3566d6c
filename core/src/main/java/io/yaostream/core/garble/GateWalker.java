package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateBlocks;

/**
 * Runs a compiled circuit's gates in order and numbers the gates that need a tweak from a session-wide counter,
 * so a cached circuit called any number of times never reuses one. Shared by garblers and evaluators, which
 * must number gates identically. */
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
        checkWalkable(c);
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

    /** Refuses, with a {@link GarblingException}, a circuit this walk cannot run (the fleXOR schemes: one read from its file). */
    void checkWalkable(CompiledCircuit c) {
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
