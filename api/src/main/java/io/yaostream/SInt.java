package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Secret;

import java.math.BigInteger;
import java.util.Optional;

/**
 * A secret two's complement integer of any width. Addition, subtraction and the low bits of a product are the
 * unsigned ones (the bits are the same); comparisons, min and max are signed, at the same cost.
 */
public final class SInt extends SecretValue {
    SInt(Computation computation, Secret secret) {
        super(computation, secret);
    }

    /** {@code this + other}, wrapping: n - 1 AND gates. */
    public SInt add(SInt other) {
        return asUInt().add(other.asUInt()).asSInt();
    }

    /** {@code this - other}, wrapping: n - 1 AND gates. */
    public SInt subtract(SInt other) {
        return asUInt().subtract(other.asUInt()).asSInt();
    }

    /** {@code -this}, wrapping: n - 1 AND gates ({@code 0 - this}). */
    public SInt negate() {
        return computation.constant(0, width()).asSInt().subtract(this);
    }

    /** The low n bits of the product (the same for signed and unsigned operands). */
    public SInt multiply(SInt other) {
        return asUInt().multiply(other.asUInt()).asSInt();
    }

    /** Signed {@code this < other}: n AND gates. */
    public Bool lessThan(SInt other) {
        sameWidth(other, "lessThan");
        return new Bool(computation, computation.op1("sint.lt", (b, in) -> new Bits[] {Bits.of(b.signedLessThan(in[0], in[1]))}, this, other));
    }

    /** Signed {@code this > other}. */
    public Bool greaterThan(SInt other) {
        return other.lessThan(this);
    }

    /** Signed {@code this <= other}. */
    public Bool lessOrEqual(SInt other) {
        return other.lessThan(this).not();
    }

    /** Signed {@code this >= other}. */
    public Bool greaterOrEqual(SInt other) {
        return lessThan(other).not();
    }

    /** Whether the two are equal, bit for bit. */
    public Bool isEqualTo(SInt other) {
        return asBits().isEqualTo(other.asBits());
    }

    /** The smaller (signed): 2n AND gates. */
    public SInt min(SInt other) {
        sameWidth(other, "min");
        return of(computation.op1("sint.min", (b, in) -> new Bits[] {b.mux(b.signedLessThan(in[0], in[1]), in[0], in[1])}, this, other));
    }

    /** The larger (signed): 2n AND gates. */
    public SInt max(SInt other) {
        sameWidth(other, "max");
        return of(computation.op1("sint.max", (b, in) -> new Bits[] {b.mux(b.signedLessThan(in[0], in[1]), in[1], in[0])}, this, other));
    }

    /** Times 2^k, wrapping. Free. */
    public SInt shiftLeft(int k) {
        return of(Shifts.left(computation, secret, k));
    }

    /** Divided by 2^k, rounded towards minus infinity (copies of the sign bit come in). Free. */
    public SInt shiftRight(int k) {
        return of(Shifts.arithmeticRight(secret, k));
    }

    /** The same number in {@code width} bits: the sign bit repeated above, or the top bits dropped. Free. */
    public SInt resize(int width) {
        if (width <= width()) {
            return of(secret.slice(0, width));
        }
        return of(Secret.concat(secret, secret.bit(width() - 1).repeat(width - width())));
    }

    /** Reveals the number to both parties. */
    public BigInteger reveal() {
        return computation.context().reveal(secret, Receiver.BOTH).orElseThrow().toSignedBigInteger();
    }

    /** Reveals the number to {@code party}: present there, empty at the other party. */
    public Optional<BigInteger> revealTo(Party party) {
        return computation.context().reveal(secret, Receiver.valueOf(party.name())).map(b -> b.toSignedBigInteger());
    }

    private SInt of(Secret s) {
        return new SInt(computation, s);
    }
}
