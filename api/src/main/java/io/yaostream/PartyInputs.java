package io.yaostream;

import io.yaostream.core.circuit.Party;

/**
 * One party's inputs as a program takes them: {@code c.garbler().uint(64)} is the garbler's next input, a 64-bit
 * unsigned integer, which the evaluator never sees (and the other way round for {@code c.evaluator()}).
 */
public final class PartyInputs {
    private final Computation computation;
    private final Party owner;

    PartyInputs(Computation computation, Party owner) {
        this.computation = computation;
        this.owner = owner;
    }

    /** The next input, an unsigned integer of {@code width} bits. */
    public UInt uint(int width) {
        return computation.uint(owner, width);
    }

    /** The next {@code count} inputs of {@code width} bits, in one exchange. */
    public UInt[] uints(int width, int count) {
        return computation.uints(owner, width, count);
    }

    /** The next input, a two's complement integer of {@code width} bits. */
    public SInt sint(int width) {
        return computation.sint(owner, width);
    }

    /** The next input, a vector of {@code width} bits. */
    public BitVector bits(int width) {
        return computation.bits(owner, width);
    }

    /** The next input, one bit. */
    public Bool bool() {
        return computation.bool(owner);
    }
}
