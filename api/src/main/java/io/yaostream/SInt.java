package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Secret;

import java.math.BigInteger;
import java.util.Optional;

/**
 * A secret two's complement integer of any width n. Addition, subtraction and the low bits of a product are the
 * unsigned ones (the bits are the same); comparisons, min and max are signed, at the same cost.
 */
public final class SInt extends SecretValue {
    SInt(Computation computation, Secret secret) {
        super(computation, secret);
    }

    /**
     * {@code this + other}, wrapping: n - 1 AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the n-bit sum
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public SInt add(SInt other) {
        return asUInt().add(other.asUInt()).asSInt();
    }

    /**
     * {@code this - other}, wrapping: n - 1 AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the n-bit difference
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public SInt subtract(SInt other) {
        return asUInt().subtract(other.asUInt()).asSInt();
    }

    /**
     * {@code -this}, wrapping: n - 1 AND gates ({@code 0 - this}).
     *
     * @return the n-bit negation (the most negative number stays itself)
     */
    public SInt negate() {
        return computation.constant(0, width()).asSInt().subtract(this);
    }

    /**
     * The low n bits of the product (the same for signed and unsigned operands).
     *
     * @param other the other operand, as wide as this one
     * @return the product, wrapping to n bits
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public SInt multiply(SInt other) {
        return asUInt().multiply(other.asUInt()).asSInt();
    }

    /**
     * Signed {@code this < other}: n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is less than {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool lessThan(SInt other) {
        sameWidth(other, "lessThan");
        return new Bool(computation, computation.op1("sint.lt", (b, in) -> new Bits[] {Bits.of(b.signedLessThan(in[0], in[1]))}, this, other));
    }

    /**
     * Signed {@code this > other}.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is greater than {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool greaterThan(SInt other) {
        return other.lessThan(this);
    }

    /**
     * Signed {@code this <= other}.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is at most {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool lessOrEqual(SInt other) {
        return other.lessThan(this).not();
    }

    /**
     * Signed {@code this >= other}.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is at least {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool greaterOrEqual(SInt other) {
        return lessThan(other).not();
    }

    /**
     * Whether the two are equal, bit for bit.
     *
     * @param other the other operand, as wide as this one
     * @return whether the two are equal
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool isEqualTo(SInt other) {
        return asBits().isEqualTo(other.asBits());
    }

    /**
     * The smaller (signed): 2n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the smaller, n bits
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public SInt min(SInt other) {
        sameWidth(other, "min");
        return of(computation.op1("sint.min", (b, in) -> new Bits[] {b.mux(b.signedLessThan(in[0], in[1]), in[0], in[1])}, this, other));
    }

    /**
     * The larger (signed): 2n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the larger, n bits
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public SInt max(SInt other) {
        sameWidth(other, "max");
        return of(computation.op1("sint.max", (b, in) -> new Bits[] {b.mux(b.signedLessThan(in[0], in[1]), in[1], in[0])}, this, other));
    }

    /**
     * Times 2^k, wrapping. Free.
     *
     * @param k bits to shift by, 0 or more (n or more gives 0)
     * @return the n-bit result
     * @throws IllegalArgumentException if {@code k} is negative
     */
    public SInt shiftLeft(int k) {
        return of(Shifts.left(computation, secret, k));
    }

    /**
     * Divided by 2^k, rounded towards minus infinity (copies of the sign bit come in). Free.
     *
     * @param k bits to shift by, 0 or more (n or more gives 0 or -1, by the sign)
     * @return the n-bit result
     * @throws IllegalArgumentException if {@code k} is negative
     */
    public SInt shiftRight(int k) {
        return of(Shifts.arithmeticRight(secret, k));
    }

    /**
     * The same number in {@code width} bits: the sign bit repeated above, or the top bits dropped. Free.
     *
     * @param width bits of the result, 0 or more
     * @return the number in {@code width} bits
     */
    public SInt resize(int width) {
        if (width <= width()) {
            return of(secret.slice(0, width));
        }
        return of(Secret.concat(secret, secret.bit(width() - 1).repeat(width - width())));
    }

    /**
     * Reveals the number to both parties.
     *
     * @return the number, which both parties learn
     */
    public BigInteger reveal() {
        return computation.context().reveal(secret, Receiver.BOTH).orElseThrow().toSignedBigInteger();
    }

    /**
     * Reveals the number to {@code party}: present there, empty at the other party.
     *
     * @param party the party that learns the number
     * @return the number at {@code party}, empty at the other party
     */
    public Optional<BigInteger> revealTo(Party party) {
        return computation.context().reveal(secret, Receiver.valueOf(party.name())).map(b -> b.toSignedBigInteger());
    }

    private SInt of(Secret s) {
        return new SInt(computation, s);
    }
}
