package io.yaostream.compiler.dsl;

import io.yaostream.compiler.ir.Netlist;
import io.yaostream.core.text.English;

import java.util.Arrays;

/**
 * An immutable vector of {@link Bit}s of one {@link CircuitBuilder}; bit 0 is the least significant.
 *
 * <p>Gates are made by the builder. The methods here only rearrange wires, so they cost no gates:
 * picking a bit, slicing, concatenating and zero-extending.
 */
public final class Bits {
    private final CircuitBuilder owner;
    private final int[] literals;

    /** Takes ownership of {@code literals}: callers pass a fresh array. */
    Bits(CircuitBuilder owner, int[] literals) {
        this.owner = owner;
        this.literals = literals;
    }

    /**
     * The vector {@code bits[0]} (least significant) .. {@code bits[n-1]}. At least one bit is needed to know
     * the builder; an empty vector is {@code builder.constant(0, 0)}.
     */
    public static Bits of(Bit... bits) {
        if (bits.length == 0) {
            throw new IllegalArgumentException("Bits.of needs at least one bit; use constant(0, 0) for an empty vector");
        }
        CircuitBuilder owner = bits[0].owner();
        int[] lits = new int[bits.length];
        for (int i = 0; i < bits.length; i++) {
            owner.check(bits[i]);
            lits[i] = bits[i].literal();
        }
        return new Bits(owner, lits);
    }

    public int width() {
        return literals.length;
    }

    public Bit bit(int i) {
        return new Bit(owner, literals[i]);
    }

    /** Bits {@code from} (inclusive) to {@code to} (exclusive), as a vector whose bit 0 is bit {@code from}. */
    public Bits slice(int from, int to) {
        if (from < 0 || to > literals.length || from > to) {
            throw new IndexOutOfBoundsException("slice " + from + ".." + to + " of " + English.article(literals.length) + " " + literals.length + "-bit vector");
        }
        return new Bits(owner, Arrays.copyOfRange(literals, from, to));
    }

    /** This vector as the low bits and {@code high} above it. */
    public Bits concat(Bits high) {
        owner.check(high);
        int[] lits = Arrays.copyOf(literals, literals.length + high.literals.length);
        System.arraycopy(high.literals, 0, lits, literals.length, high.literals.length);
        return new Bits(owner, lits);
    }

    /** This value with constant zero bits added above it up to {@code width} bits (unsigned widening). */
    public Bits zeroExtend(int width) {
        if (width < literals.length) {
            throw new IllegalArgumentException("cannot zero-extend " + English.article(literals.length) + " " + literals.length + "-bit vector to " + width + " bits");
        }
        int[] lits = Arrays.copyOf(literals, width);
        Arrays.fill(lits, literals.length, width, Netlist.FALSE);
        return new Bits(owner, lits);
    }

    CircuitBuilder owner() {
        return owner;
    }

    /** The literals themselves: callers must not modify them. */
    int[] literalsView() {
        return literals;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bits b && owner == b.owner && Arrays.equals(literals, b.literals);
    }

    @Override
    public int hashCode() {
        return 31 * System.identityHashCode(owner) + Arrays.hashCode(literals);
    }

    @Override
    public String toString() {
        return "Bits[width=" + literals.length + "]";
    }
}
