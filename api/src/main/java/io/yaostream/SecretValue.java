package io.yaostream;

import io.yaostream.core.program.Secret;

/**
 * What every secret value of a {@link Computation} is: its bits as this party's back end holds them, and the
 * computation they belong to. The typed values ({@link BitVector}, {@link UInt}, {@link SInt}, {@link Bool})
 * add operations; converting between them is free.
 */
public abstract class SecretValue {
    final Computation computation;
    final Secret secret;

    SecretValue(Computation computation, Secret secret) {
        this.computation = computation;
        this.secret = secret;
    }

    /**
     * The computation this value belongs to.
     *
     * @return the computation that made this value; operations take operands of this one only
     */
    public final Computation computation() {
        return computation;
    }

    /**
     * Bits in the value.
     *
     * @return the width in bits
     */
    public final int width() {
        return secret.width();
    }

    /**
     * The same bits as a bit vector. Free.
     *
     * @return this value as a {@link BitVector}
     */
    public BitVector asBits() {
        return new BitVector(computation, secret);
    }

    /**
     * The same bits as an unsigned integer. Free.
     *
     * @return this value as a {@link UInt}
     */
    public UInt asUInt() {
        return new UInt(computation, secret);
    }

    /**
     * The same bits as a two's complement integer. Free.
     *
     * @return this value as an {@link SInt}
     */
    public SInt asSInt() {
        return new SInt(computation, secret);
    }

    /**
     * Ends the value as a shared result instead of revealing it: this party's share of its bits, which alone is
     * uniformly random (see {@link Shared}). No gate and no round trip: the garbler sends only check values (32 bytes
     * a bit) with which the evaluator makes sure its labels were not altered. A later session takes the shares back
     * with {@link Computation#shared()}.
     *
     * @return this party's share
     * @throws io.yaostream.core.program.ProtocolException in a three-party session, which reveals only
     */
    public final Shared share() {
        return new Shared(computation.party(), PlainBits.of(computation.context().share(secret)));
    }

    final void sameComputation(SecretValue other) {
        if (other.computation != computation) {
            throw new IllegalArgumentException("the values belong to different computations");
        }
    }

    final void sameWidth(SecretValue other, String op) {
        sameComputation(other);
        if (other.width() != width()) {
            throw new IllegalArgumentException(op + ": operand widths differ: " + width() + " and " + other.width() + " bits");
        }
    }

    @Override
    public String toString() {
        return getClass().getSimpleName() + "[" + width() + " bits, secret]";
    }
}
