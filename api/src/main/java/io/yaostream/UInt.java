package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Secret;

import java.math.BigInteger;
import java.util.Optional;

/**
 * A secret unsigned integer of any width (bit 0 least significant). Arithmetic is modulo 2^n unless a method
 * says it widens; both operands of a binary operation have the same width ({@link #resize} first if not).
 * Costs in AND gates, for n-bit operands: add and subtract n - 1, compare n, equality n - 1, select and min/max
 * n and 2n, multiply about n^2, Karatsuba fewer for wide operands; shifts by constants and resizing are free.
 */
public final class UInt extends SecretValue {
    UInt(Computation computation, Secret secret) {
        super(computation, secret);
    }

    /**
     * {@code (this + other) mod 2^n}: n - 1 AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the n-bit sum, wrapping
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt add(UInt other) {
        sameWidth(other, "add");
        return of(computation.op1("uint.add", (b, in) -> new Bits[] {b.add(in[0], in[1])}, this, other));
    }

    /**
     * {@code (this + value) mod 2^n} for a public value.
     *
     * @param value the public addend; a negative one is taken in two's complement
     * @return the n-bit sum, wrapping
     * @throws IllegalArgumentException if {@code value} does not fit in n bits
     */
    public UInt add(long value) {
        return add(constant(value));
    }

    /**
     * {@code this + other} in n + 1 bits: n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the (n + 1)-bit sum, the carry its top bit
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt addWithCarry(UInt other) {
        sameWidth(other, "addWithCarry");
        return of(computation.op1("uint.addc", (b, in) -> new Bits[] {b.addWithCarry(in[0], in[1])}, this, other));
    }

    /**
     * {@code (this - other) mod 2^n}: n - 1 AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the n-bit difference, wrapping
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt subtract(UInt other) {
        sameWidth(other, "subtract");
        return of(computation.op1("uint.sub", (b, in) -> new Bits[] {b.subtract(in[0], in[1])}, this, other));
    }

    /**
     * {@code (this - value) mod 2^n}, the constant taken to this width.
     *
     * @param value the public subtrahend; a negative one is taken in two's complement
     * @return the n-bit difference, wrapping
     * @throws IllegalArgumentException if {@code value} does not fit in n bits
     */
    public UInt subtract(long value) {
        return subtract(constant(value));
    }

    /**
     * The low n bits of the product, schoolbook: about n(n+1)/2 AND gates for the partial products and as many in
     * adders.
     *
     * @param other the other operand, as wide as this one
     * @return the product mod 2^n
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt multiply(UInt other) {
        sameWidth(other, "multiply");
        return of(computation.op1("uint.mul", (b, in) -> new Bits[] {b.multiply(in[0], in[1])}, this, other));
    }

    /**
     * The full 2n-bit product, schoolbook.
     *
     * @param other the other operand, as wide as this one
     * @return the 2n-bit product
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt multiplyFull(UInt other) {
        sameWidth(other, "multiplyFull");
        return of(computation.op1("uint.mulfull", (b, in) -> new Bits[] {b.multiplyFull(in[0], in[1])}, this, other));
    }

    /**
     * The full 2n-bit product by Karatsuba–Ofman recursion down to a schoolbook base: fewer AND gates for wide
     * operands.
     *
     * @param other the other operand, as wide as this one
     * @return the 2n-bit product
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt karatsuba(UInt other) {
        sameWidth(other, "karatsuba");
        return of(computation.op1("uint.karatsuba", (b, in) -> new Bits[] {b.karatsuba(in[0], in[1])}, this, other));
    }

    /**
     * {@code this < other}: n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is less than {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool lessThan(UInt other) {
        sameWidth(other, "lessThan");
        return bool(computation.op1("uint.lt", (b, in) -> new Bits[] {Bits.of(b.lessThan(in[0], in[1]))}, this, other));
    }

    /**
     * {@code this > other}: n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is greater than {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool greaterThan(UInt other) {
        return other.lessThan(this);
    }

    /**
     * {@code this <= other}: n AND gates (the negation of {@code other < this}, free).
     *
     * @param other the other operand, as wide as this one
     * @return whether this is at most {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool lessOrEqual(UInt other) {
        return other.lessThan(this).not();
    }

    /**
     * {@code this >= other}: n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return whether this is at least {@code other}
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool greaterOrEqual(UInt other) {
        return lessThan(other).not();
    }

    /**
     * {@code this == other}: n - 1 AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return whether the two are equal
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool isEqualTo(UInt other) {
        return asBits().isEqualTo(other.asBits());
    }

    /**
     * The smaller of the two: 2n AND gates (a comparison and a selection).
     *
     * @param other the other operand, as wide as this one
     * @return the smaller, n bits
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt min(UInt other) {
        sameWidth(other, "min");
        return of(computation.op1("uint.min", (b, in) -> new Bits[] {b.min(in[0], in[1])}, this, other));
    }

    /**
     * The larger of the two: 2n AND gates.
     *
     * @param other the other operand, as wide as this one
     * @return the larger, n bits
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public UInt max(UInt other) {
        sameWidth(other, "max");
        return of(computation.op1("uint.max", (b, in) -> new Bits[] {b.max(in[0], in[1])}, this, other));
    }

    /**
     * The number of set bits, in ceil(log2(n+1)) bits: n - popcount(n) AND gates.
     *
     * @return the count of 1 bits, an unsigned integer of ceil(log2(n+1)) bits
     */
    public UInt hammingWeight() {
        return asBits().hammingWeight();
    }

    /**
     * Times 2^k mod 2^n. Free.
     *
     * @param k bits to shift by, 0 or more (n or more gives 0)
     * @return the n-bit result
     * @throws IllegalArgumentException if {@code k} is negative
     */
    public UInt shiftLeft(int k) {
        return of(Shifts.left(computation, secret, k));
    }

    /**
     * Divided by 2^k, rounded down. Free.
     *
     * @param k bits to shift by, 0 or more (n or more gives 0)
     * @return the n-bit result
     * @throws IllegalArgumentException if {@code k} is negative
     */
    public UInt shiftRight(int k) {
        return of(Shifts.right(computation, secret, k));
    }

    /**
     * The same number in {@code width} bits: zeros added above, or the top bits dropped (mod 2^width). Free.
     *
     * @param width bits of the result, 0 or more
     * @return the number in {@code width} bits
     */
    public UInt resize(int width) {
        if (width <= width()) {
            return of(secret.slice(0, width));
        }
        return of(Secret.concat(secret, computation.zeros(width - width())));
    }

    /**
     * Reveals the number to both parties.
     *
     * @return the number, which both parties learn
     */
    public BigInteger reveal() {
        return computation.context().reveal(secret, Receiver.BOTH).orElseThrow().toBigInteger();
    }

    /**
     * Reveals the number to {@code party}: present there, empty at the other party.
     *
     * @param party the party that learns the number
     * @return the number at {@code party}, empty at the other party
     */
    public Optional<BigInteger> revealTo(Party party) {
        return computation.context().reveal(secret, Receiver.valueOf(party.name())).map(BitString::toBigInteger);
    }

    private UInt constant(long value) {
        return computation.constant(value, width());
    }

    private UInt of(Secret s) {
        return new UInt(computation, s);
    }

    private Bool bool(Secret s) {
        return new Bool(computation, s);
    }
}
