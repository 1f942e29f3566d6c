package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.util.Optional;

/** What a {@link Program} can do: take inputs, call compiled sub-circuits on secrets, reveal results. */
public interface ProgramContext {
    /**
     * The owner's next input of {@code width} bits. The owner takes it from its {@link InputFeed}; the other
     * party learns nothing of it. Inputs may be taken at any point of a run, so a long input can be fed a
     * block at a time.
     */
    Secret input(Party owner, int width);

    /**
     * Runs {@code circuit} (a cached compiled sub-circuit, any number of times) on one secret per input
     * group, each as wide as its group; returns one secret per output group.
     */
    Secret[] call(CompiledCircuit circuit, Secret... args);

    /** Reveals {@code value} to {@code to}: the bits at a party that receives them, empty at the other. */
    Optional<BitString> reveal(Secret value, Receiver to);

    /** AND gates run so far (in calls that have completed). */
    long andGates();
}
