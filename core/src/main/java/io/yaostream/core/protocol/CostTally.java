package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.program.ProgramCosts;

import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * The counts every back end keeps the same way: calls, AND gates, distinct circuits, working set, input bits,
 * garbled-table bytes. Circuits are told apart by identity, as the program's cache hands them out.
 */
public final class CostTally {
    private final GarblingScheme scheme;
    /** Circuits called so far, with the bytes of their tables per call. */
    private final Map<CompiledCircuit, Long> called = new IdentityHashMap<>();
    /** Circuits both parties declared in the handshake: they need no announcement when first called. */
    private final Map<CompiledCircuit, Boolean> declared = new IdentityHashMap<>();
    private long andGates;
    long calls;
    int workingSet;
    long garblerInputBits;
    long evaluatorInputBits;
    private long tableBytes;

    /** {@code scheme} may be null where no tables are made (the plaintext back end). */
    /** AND gates of the calls counted so far. */
    public long andGates() {
        return andGates;
    }

    /** Garbled-table bytes of the calls and one-hot gates counted so far. */
    public long tableBytes() {
        return tableBytes;
    }

    public CostTally(GarblingScheme scheme, Collection<CompiledCircuit> declaredCircuits) {
        this.scheme = scheme;
        for (CompiledCircuit c : declaredCircuits) {
            declared.put(c, Boolean.TRUE);
        }
    }

    /** Counts one call of {@code c}; true when it is the circuit's first and it was not declared in the handshake. */
    public boolean call(CompiledCircuit c) {
        Long bytes = called.get(c);
        boolean first = bytes == null;
        boolean local = Calls.localForm(scheme, c) != null;
        if (first) {
            bytes = scheme == null || local ? 0L : scheme.tableBytes(c);
            called.put(c, bytes);
        }
        calls++;
        andGates += c.counts().and();
        if (!local) {
            workingSet = Math.max(workingSet, c.slots()); // a call computed on the labels uses no slot
        }
        tableBytes += bytes;
        return first && !declared.containsKey(c);
    }

    /** Bytes of one-hot material (gate ciphertexts, reveal colours), counted with the garbled tables. */
    public void oneHot(long bytes) {
        tableBytes += bytes;
    }

    public void input(boolean evaluator, long bits) {
        if (evaluator) {
            evaluatorInputBits += bits;
        } else {
            garblerInputBits += bits;
        }
    }

    public ProgramCosts costs(long ots, long bytesToEvaluator, long bytesToGarbler, long rounds) {
        return new ProgramCosts(andGates, calls, called.size(), workingSet, garblerInputBits, evaluatorInputBits, ots,
                tableBytes, bytesToEvaluator, bytesToGarbler, rounds);
    }
}
