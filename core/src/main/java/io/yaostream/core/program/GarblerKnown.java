package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.text.English;

import java.util.function.BinaryOperator;
import java.util.function.UnaryOperator;

/**
 * A value the garbler knows in the clear and the evaluator does not: a mask a one-hot module sampled
 * ({@link OneHotGates#sample}), the colours of its shares ({@link OneHotGates#color}), or what the garbler computes
 * from them. The same module code runs at both parties, so the evaluator holds one too, with no value: only its
 * width. Functions of it ({@link #map}) run where the value is known and are skipped elsewhere, so a module states
 * once what the garbler computes. It enters the computation only as a garbler constant ({@link OneHotGates#constant}).
 */
public final class GarblerKnown {
    private final int width;
    /** Null at the evaluator. */
    private final BitString value;

    public GarblerKnown(int width, BitString value) {
        if (value != null && value.width() != width) {
            throw new IllegalArgumentException(English.article(value.width()) + " " + value.width() + "-bit value where " + width + " bits were declared");
        }
        this.width = width;
        this.value = value;
    }

    /** A public value: known to the garbler (and to everyone), so a module can use it where masks go. */
    public static GarblerKnown publicValue(BitString value) {
        return new GarblerKnown(value.width(), value);
    }

    public int width() {
        return width;
    }

    /** {@code f} of the value, a value of {@code width} bits: computed where the value is known. */
    public GarblerKnown map(int width, UnaryOperator<BitString> f) {
        return new GarblerKnown(width, value == null ? null : f.apply(value));
    }

    /** {@code f} of this value and {@code other}, of {@code width} bits: computed where both are known. */
    public GarblerKnown combine(GarblerKnown other, int width, BinaryOperator<BitString> f) {
        return new GarblerKnown(width, value == null || other.value == null ? null : f.apply(value, other.value));
    }

    /** Bits {@code from} to {@code to} (exclusive). */
    public GarblerKnown slice(int from, int to) {
        return map(to - from, v -> v.slice(from, to));
    }

    /** The value, for the back ends: null where this party does not know it. */
    public BitString valueOrNull() {
        return value;
    }

    @Override
    public String toString() {
        return value == null ? "(" + width + " bits the garbler knows)" : "garbler-known " + value;
    }
}
