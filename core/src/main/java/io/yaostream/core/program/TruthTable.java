package io.yaostream.core.program;

import java.util.function.LongUnaryOperator;

/**
 * The truth table T(f) of a function f from n bits to r bits (r at most 64): row i is f(i). A one-hot gate
 * applies it for free (HK21 Lemma 1: T(f)ᵀ · H(a) = f(a)), since it is linear in the one-hot vector.
 */
public final class TruthTable {
    private final int inBits;
    private final int outBits;
    private final long[] rows;

    private TruthTable(int inBits, int outBits, long[] rows) {
        this.inBits = inBits;
        this.outBits = outBits;
        this.rows = rows;
    }

    /** The table of {@code f} on n-bit arguments, keeping the low {@code outBits} bits of each result. */
    public static TruthTable of(int inBits, int outBits, LongUnaryOperator f) {
        if (inBits < 1 || inBits > OneHotGates.MAX_ONE_HOT_BITS) {
            throw new IllegalArgumentException("a truth table over " + inBits + " bits: 1 to " + OneHotGates.MAX_ONE_HOT_BITS);
        }
        if (outBits < 1 || outBits > 64) {
            throw new IllegalArgumentException("a truth table with " + outBits + " output bits: 1 to 64");
        }
        long keep = outBits == 64 ? -1L : (1L << outBits) - 1;
        long[] rows = new long[1 << inBits];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = f.applyAsLong(i) & keep;
        }
        return new TruthTable(inBits, outBits, rows);
    }

    /** The identity on n bits: T(id)ᵀ · (H(x) ⊗ y) = x ⊗ y (HK21 Lemma 3). Made once per width. */
    public static TruthTable identity(int inBits) {
        if (inBits < 1 || inBits > OneHotGates.MAX_ONE_HOT_BITS) {
            return of(inBits, inBits, i -> i); // refused there, with the reason
        }
        TruthTable t = IDENTITIES[inBits];
        if (t == null) {
            t = of(inBits, inBits, i -> i);
            IDENTITIES[inBits] = t; // a benign race: equal tables
        }
        return t;
    }

    private static final TruthTable[] IDENTITIES = new TruthTable[OneHotGates.MAX_ONE_HOT_BITS + 1];

    public int inBits() {
        return inBits;
    }

    public int outBits() {
        return outBits;
    }

    /** f(i) for every i, for the back ends (not copied). */
    public long[] rows() {
        return rows;
    }

    /** f(i). */
    public long row(int i) {
        return rows[i];
    }
}
