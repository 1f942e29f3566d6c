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

    /** Bits beyond the ciphertexts in one AND gate's table (prf-only's 4-2 GRR has 4); packed 8 to a byte per call. */
    default int extraBitsPerAnd() {
        return 0;
    }

    /**
     * Bytes of garbled tables for a circuit with these gate counts: the ciphertexts, the packed extra bits, and
     * one 16-byte label per constant gate (the evaluator's label of a constant).
     */
    default long tableBytes(io.yaostream.core.circuit.GateCounts n) {
        long ciphertexts = (long) n.and() * ciphertextsPerAnd() + (long) n.xor() * ciphertextsPerXor();
        return 16 * ciphertexts + ((long) n.and() * extraBitsPerAnd() + 7) / 8 + 16L * n.constants();
    }

    GarblerCore newGarbler(Kernel kernel, AesCtrRandom random);

    EvaluatorCore newEvaluator(Kernel kernel);
}
