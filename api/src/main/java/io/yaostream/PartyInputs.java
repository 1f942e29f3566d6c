package io.yaostream;

import io.yaostream.core.program.Secret;

/**
 * One party's inputs as a program takes them: {@code c.garbler().uint(64)} is the garbler's next input, a 64-bit
 * unsigned integer, which the evaluator never sees (and the other way round for {@code c.evaluator()}). From
 * {@code c.shared()}, each value is one an earlier session shared: both parties' next inputs, XORed.
 */
public final class PartyInputs {
    private final Computation computation;
    /** The party whose inputs these are; null for shared values. */
    private final Party owner;

    PartyInputs(Computation computation, Party owner) {
        this.computation = computation;
        this.owner = owner;
    }

    /**
     * The next input, an unsigned integer of {@code width} bits.
     *
     * @param width bits of the input; the owner's feed must give a value of this width
     * @return the owner's next input
     */
    public UInt uint(int width) {
        return new UInt(computation, secret(width));
    }

    /**
     * The next {@code count} inputs of {@code width} bits, in one exchange (for the evaluator, one batch of oblivious
     * transfers rather than one per value).
     *
     * @param width bits of each input
     * @param count inputs to take
     * @return the owner's next {@code count} inputs, in feed order
     */
    public UInt[] uints(int width, int count) {
        if (owner != null) {
            return computation.uints(owner, width, count);
        }
        Secret[] s = computation.shared(width, count);
        UInt[] out = new UInt[count];
        for (int i = 0; i < count; i++) {
            out[i] = new UInt(computation, s[i]);
        }
        return out;
    }

    /**
     * The next input, a two's complement integer of {@code width} bits.
     *
     * @param width bits of the input, the sign bit included
     * @return the owner's next input
     */
    public SInt sint(int width) {
        return new SInt(computation, secret(width));
    }

    /**
     * The next input, a vector of {@code width} bits.
     *
     * @param width bits of the input
     * @return the owner's next input
     */
    public BitVector bits(int width) {
        return new BitVector(computation, secret(width));
    }

    /**
     * The next input, one bit.
     *
     * @return the owner's next input
     */
    public Bool bool() {
        return new Bool(computation, secret(1));
    }

    private Secret secret(int width) {
        return owner == null ? computation.shared(width) : computation.context().input(owner.core(), width);
    }
}
