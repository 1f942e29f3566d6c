package io.yaostream.onehot;

import io.yaostream.SubCircuit;
import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.Secret;
import io.yaostream.internal.CoreBridge;

import java.math.BigInteger;

/**
 * What the integer modules share around their one-hot gates: standard circuits called from a module's body
 * (compiled once per key and widths, like every sub-circuit of a program), and free public constants.
 */
final class Circuits {
    private Circuits() {
    }

    /**
     * The circuit {@code body} builds, compiled once for {@code key} and the arguments' widths, run on them. The key
     * names everything the body depends on besides the widths.
     */
    static Secret[] call(OneHotGates g, Object key, SubCircuit.Many body, Secret... args) {
        int[] widths = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            widths[i] = args[i].width();
        }
        return g.context().call(CoreBridge.circuit(key, widths, body), args);
    }

    /** {@link #call} of a circuit with one output. */
    static Secret call1(OneHotGates g, Object key, SubCircuit.Many body, Secret... args) {
        return call(g, key, body, args)[0];
    }

    /** The public {@code value} in {@code width} bits as a secret, free (a garbler constant everyone knows). */
    static Secret publicValue(OneHotGates g, BigInteger value, int width) {
        return g.constant(GarblerKnown.publicValue(BitString.of(value, width)));
    }

    /** {@code value} (non-negative, below 2^width) as constant bits of a circuit. */
    static Bits constant(CircuitBuilder b, BigInteger value, int width) {
        Bit[] bits = new Bit[width];
        for (int i = 0; i < width; i++) {
            bits[i] = b.constant(value.testBit(i));
        }
        return Bits.of(bits);
    }

    /** Bits of {@code x} up to {@code width}: sliced when wider, zero-extended when narrower. Free. */
    static Bits resize(Bits x, int width) {
        return width <= x.width() ? x.slice(0, width) : x.zeroExtend(width);
    }
}
