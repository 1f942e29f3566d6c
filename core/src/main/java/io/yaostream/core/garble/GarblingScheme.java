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

    GarblerCore newGarbler(Kernel kernel, AesCtrRandom random);

    EvaluatorCore newEvaluator(Kernel kernel);
}
