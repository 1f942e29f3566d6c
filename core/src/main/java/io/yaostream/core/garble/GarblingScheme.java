package io.yaostream.core.garble;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

/**
 * A garbling scheme in the sense of Bellare–Hoang–Rogaway: Garble, Encode, Evaluate and Decode, split between
 * a {@link GarblerCore} and an {@link EvaluatorCore} that exchange tables through a {@link GarbledStream}.
 */
public interface GarblingScheme {
    /** The name used on the command line and in the session handshake. */
    String name();

    /** Ciphertexts (16-byte blocks) in the table of one AND gate. */
    int ciphertextsPerAnd();

    /** Ciphertexts in the table of one XOR gate (0 with free XOR). */
    int ciphertextsPerXor();

    /**
     * Bits beyond the ciphertexts in one AND gate's table (prf-only's 4-2 GRR has 4). They are packed into
     * bytes per AND batch, after the batch's ciphertexts, so the evaluator has them when it needs them.
     */
    default int extraBitsPerAnd() {
        return 0;
    }

    /**
     * Bytes of garbled tables for one call of {@code c}: the ciphertexts, the extra bits packed per batch,
     * and one 16-byte label per constant gate (the evaluator's label of a constant).
     */
    default long tableBytes(io.yaostream.core.circuit.CompiledCircuit c) {
        io.yaostream.core.circuit.GateCounts n = c.counts();
        long bytes = 16 * ((long) n.and() * ciphertextsPerAnd() + (long) n.xor() * ciphertextsPerXor()) + 16L * n.constants();
        for (int b = 0; b < c.andBatchCount(); b++) {
            bytes += ((long) c.andBatchLength(b) * extraBitsPerAnd() + 7) / 8;
        }
        return bytes;
    }

    GarblerCore newGarbler(Kernel kernel, AesCtrRandom random);

    EvaluatorCore newEvaluator(Kernel kernel);
}
