package io.yaostream.onehot;

import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;

import java.math.BigInteger;

/**
 * Unsigned arithmetic on values with known upper bounds, in the builder DSL: every value is kept in exactly the
 * bits its bound needs, so no full adder is spent on bits that are always 0. The reductions mod a public l of
 * {@link ModReduce} and of its standard baseline are built from it.
 */
final class BoundedArithmetic {
    private BoundedArithmetic() {
    }

    /** A value and its largest possible value. */
    record Value(Bits bits, BigInteger max) {
        Value {
            if (bits.width() != Math.max(1, max.bitLength())) {
                throw new IllegalArgumentException("a value of at most " + max + " in " + bits.width() + " bits");
            }
        }

        /** {@code bits} known to hold at most {@code max}: the bits above what max needs are dropped (free). */
        static Value of(Bits bits, BigInteger max) {
            return new Value(Circuits.resize(bits, Math.max(1, max.bitLength())), max);
        }
    }

    /**
     * x + y in the bits the sum of the bounds needs: one full adder per bit of the wider operand, the carry out
     * being the top bit when the sum needs one more (max(wx, wy) ANDs then, one less otherwise).
     */
    static Value add(CircuitBuilder b, Value x, Value y) {
        BigInteger max = x.max().add(y.max());
        int w = Math.max(1, max.bitLength());
        return new Value(b.add(Circuits.resize(x.bits(), w), Circuits.resize(y.bits(), w)), max);
    }

    /**
     * x mod l by conditional subtractions of l·2^j, from the largest j with l·2^j ≤ max down to 0: before the
     * subtraction of c = l·2^j the value is below 2c, after it below c (HK21 §7.7's standard circuit). Each costs a
     * comparison with c and a subtraction of c or 0, both over the bits of c above its trailing zeros: about twice
     * the width of l per step.
     */
    static Value reduce(CircuitBuilder b, Value x, BigInteger l) {
        int top = x.max().divide(l).bitLength() - 1;
        for (int j = top; j >= 0; j--) {
            x = subtractIfAtLeast(b, x, l.shiftLeft(j));
        }
        return x;
    }

    /**
     * x ≥ c ? x − c : x for x below 2c, in the bits of c − 1: the comparison (the carry chain of c + ¬x, whose low
     * bits fold where c has trailing zeros), then x − ge·c mod 2^width, where ge·c is wiring (c is public).
     */
    static Value subtractIfAtLeast(CircuitBuilder b, Value x, BigInteger c) {
        if (x.max().compareTo(c) < 0) {
            return x;
        }
        int w = x.bits().width();
        Bit ge = b.not(b.lessThan(x.bits(), Circuits.constant(b, c, w)));
        BigInteger max = c.subtract(BigInteger.ONE).min(x.max());
        int rw = Math.max(1, max.bitLength());
        Bit zero = b.constant(false);
        Bit[] times = new Bit[rw];
        for (int i = 0; i < rw; i++) {
            times[i] = c.testBit(i) ? ge : zero;
        }
        return new Value(b.subtract(x.bits().slice(0, rw), Bits.of(times)), max);
    }
}
