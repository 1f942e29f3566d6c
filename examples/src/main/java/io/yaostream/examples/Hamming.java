package io.yaostream.examples;

import io.yaostream.BitVector;
import io.yaostream.PlainBits;
import io.yaostream.SecureProgram;

import java.math.BigInteger;

/**
 * The Hamming distance of two ℓ-bit strings, one from each party (HS13 §4.2.1): the XOR of the strings (free)
 * and Boyar–Peralta's Hamming-weight circuit (BP06: ℓ − h(ℓ) AND gates, 896 for ℓ = 900). Both parties learn
 * the distance.
 */
public final class Hamming {
    /** The string length of the paper. */
    public static final int DEFAULT_BITS = 900;

    private Hamming() {
    }

    /** The program for strings of {@code bits} bits. */
    public static SecureProgram<BigInteger> program(int bits) {
        return c -> {
            BitVector a = c.garbler().bits(bits);
            BitVector b = c.evaluator().bits(bits);
            return a.xor(b).hammingWeight().reveal();
        };
    }

    /** The handshake's name for the program: both parties must use the same length. */
    public static String name(int bits) {
        return "hamming " + bits;
    }

    /** The distance in plaintext: the reference the tests compare with. */
    public static int reference(PlainBits a, PlainBits b) {
        return a.toBigInteger().xor(b.toBigInteger()).bitCount();
    }
}
