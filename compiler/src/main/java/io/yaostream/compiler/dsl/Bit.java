package io.yaostream.compiler.dsl;

import java.util.Objects;

/**
 * One wire of a circuit being built by a {@link CircuitBuilder}: an immutable handle that only its builder
 * can create and combine. It holds a literal of the builder's netlist (node and inversion), so {@code NOT}
 * costs nothing and constants are folded as gates are added.
 */
public final class Bit {
    private final CircuitBuilder owner;
    private final int literal;

    Bit(CircuitBuilder owner, int literal) {
        this.owner = owner;
        this.literal = literal;
    }

    CircuitBuilder owner() {
        return owner;
    }

    int literal() {
        return literal;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Bit b && owner == b.owner && literal == b.literal;
    }

    @Override
    public int hashCode() {
        return Objects.hash(System.identityHashCode(owner), literal);
    }

    @Override
    public String toString() {
        return "Bit[" + (literal >>> 1) + ((literal & 1) != 0 ? ", inverted]" : "]");
    }
}
