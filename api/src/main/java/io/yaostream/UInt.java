package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
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

    /** {@code (this + other) mod 2^n}: n - 1 AND gates. */
    public UInt add(UInt other) {
        sameWidth(other, "add");
        return of(computation.op1("uint.add", (b, in) -> new Bits[] {b.add(in[0], in[1])}, this, other));
    }

    /** {@code (this + value) mod 2^n} for a public value. */
    public UInt add(long value) {
        return add(constant(value));
    }

    /** {@code this + other} in n + 1 bits: n AND gates. */
    public UInt addWithCarry(UInt other) {
        sameWidth(other, "addWithCarry");
        return of(computation.op1("uint.addc", (b, in) -> new Bits[] {b.addWithCarry(in[0], in[1])}, this, other));
    }

    /** {@code (this - other) mod 2^n}: n - 1 AND gates. */
    public UInt subtract(UInt other) {
        sameWidth(other, "subtract");
        return of(computation.op1("uint.sub", (b, in) -> new Bits[] {b.subtract(in[0], in[1])}, this, other));
    }

    /** {@code (this - value) mod 2^n}, the constant taken to this width. */
    public UInt subtract(long value) {
        return subtract(constant(value));
    }

    /** The low n bits of the product, schoolbook: about n(n+1)/2 AND gates for the partial products and as many in adders. */
    public UInt multiply(UInt other) {
        sameWidth(other, "multiply");
        return of(computation.op1("uint.mul", (b, in) -> new Bits[] {b.multiply(in[0], in[1])}, this, other));
    }

    /** The full 2n-bit product, schoolbook. */
    public UInt multiplyFull(UInt other) {
        sameWidth(other, "multiplyFull");
        return of(computation.op1("uint.mulfull", (b, in) -> new Bits[] {b.multiplyFull(in[0], in[1])}, this, other));
    }

    /** The full 2n-bit product by Karatsuba–Ofman recursion down to a schoolbook base: fewer AND gates for wide operands. */
    public UInt karatsuba(UInt other) {
        sameWidth(other, "karatsuba");
        return of(computation.op1("uint.karatsuba", (b, in) -> new Bits[] {b.karatsuba(in[0], in[1])}, this, other));
    }

    /** {@code this < other}: n AND gates. */
    public Bool lessThan(UInt other) {
        sameWidth(other, "lessThan");
        return bool(computation.op1("uint.lt", (b, in) -> new Bits[] {Bits.of(b.lessThan(in[0], in[1]))}, this, other));
    }

    /** {@code this > other}: n AND gates. */
    public Bool greaterThan(UInt other) {
        return other.lessThan(this);
    }

    /** {@code this <= other}: n AND gates (the negation of {@code other < this}, free). */
    public Bool lessOrEqual(UInt other) {
        return other.lessThan(this).not();
    }

    /** {@code this >= other}: n AND gates. */
    public Bool greaterOrEqual(UInt other) {
        return lessThan(other).not();
    }

    /** {@code this == other}: n - 1 AND gates. */
    public Bool isEqualTo(UInt other) {
        return asBits().isEqualTo(other.asBits());
    }

    /** The smaller of the two: 2n AND gates (a comparison and a selection). */
    public UInt min(UInt other) {
        sameWidth(other, "min");
        return of(computation.op1("uint.min", (b, in) -> new Bits[] {b.min(in[0], in[1])}, this, other));
    }

    /** The larger of the two: 2n AND gates. */
    public UInt max(UInt other) {
        sameWidth(other, "max");
        return of(computation.op1("uint.max", (b, in) -> new Bits[] {b.max(in[0], in[1])}, this, other));
    }

    /** The number of set bits, in ceil(log2(n+1)) bits: n - popcount(n) AND gates. */
    public UInt hammingWeight() {
        return asBits().hammingWeight();
    }

    /** Times 2^k mod 2^n. Free. */
    public UInt shiftLeft(int k) {
        return of(Shifts.left(computation, secret, k));
    }

    /** Divided by 2^k, rounded down. Free. */
    public UInt shiftRight(int k) {
        return of(Shifts.right(computation, secret, k));
    }

    /** The same number in {@code width} bits: zeros added above, or the top bits dropped (mod 2^width). Free. */
    public UInt resize(int width) {
        if (width <= width()) {
            return of(secret.slice(0, width));
        }
        return of(Secret.concat(secret, computation.zeros(width - width())));
    }

    /** Reveals the number to both parties. */
    public BigInteger reveal() {
        return computation.context().reveal(secret, Receiver.BOTH).orElseThrow().toBigInteger();
    }

    /** Reveals the number to {@code party}: present there, empty at the other party. */
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
