package io.yaostream;

import io.yaostream.core.bits.BitString;

import java.math.BigInteger;
import java.util.Objects;

/**
 * An immutable string of bits of a given width, in the clear (the plain counterpart of a secret {@link BitVector}): what a {@link BitVector} reveals, what {@link Inputs#bits} and
 * {@link Computation#constant(PlainBits)} take, and what a {@link Shared share} holds. Bit 0 is the first, least
 * significant bit; as a number, bit {@code i} of the string is bit {@code i} of the number.
 *
 * <p>Hex text ({@link #fromHex}, {@link #toHex}) is one big-endian number, the most significant digit first, whose
 * bit {@code i} is bit {@code i} of the string (the Bristol convention LSB-INT). A value of width {@code w} takes
 * exactly {@code ceil(w / 4)} hex digits, and the bits beyond {@code w} are zero.
 */
public final class PlainBits {
    private final BitString bits;

    private PlainBits(BitString bits) {
        this.bits = bits;
    }

    static PlainBits of(BitString bits) {
        return new PlainBits(Objects.requireNonNull(bits, "bits"));
    }

    BitString core() {
        return bits;
    }

    /**
     * {@code width} zero bits.
     *
     * @param width bits of the string, 0 or more
     * @return the zero string
     * @throws IllegalArgumentException if {@code width} is negative
     */
    public static PlainBits zeros(int width) {
        return new PlainBits(BitString.zeros(width));
    }

    /**
     * The number {@code value} in {@code width} bits: bit {@code i} is bit {@code i} of the number. A negative value
     * is taken in two's complement, so it must fit as a signed number.
     *
     * @param value the number
     * @param width bits of the string
     * @return the bits of the number
     * @throws IllegalArgumentException if {@code width} is negative or the value does not fit in it
     */
    public static PlainBits of(long value, int width) {
        return new PlainBits(BitString.of(value, width));
    }

    /**
     * The number {@code value} in {@code width} bits: bit {@code i} is bit {@code i} of the number. A negative value
     * is taken in two's complement, so it must fit as a signed number.
     *
     * @param value the number
     * @param width bits of the string
     * @return the bits of the number
     * @throws IllegalArgumentException if {@code width} is negative or the value does not fit in it
     */
    public static PlainBits of(BigInteger value, int width) {
        return new PlainBits(BitString.of(Objects.requireNonNull(value, "value"), width));
    }

    /**
     * Parses {@code width} bits from hex: one big-endian number, the most significant digit first, whose bit
     * {@code i} is bit {@code i} of the string ({@code fromHex("0f", 8)} has bits 0 to 3 set). It takes exactly
     * {@code ceil(width / 4)} digits, after an optional {@code 0x}, in either case.
     *
     * @param hex the digits
     * @param width bits of the string
     * @return the bits
     * @throws IllegalArgumentException if the text is not hex, has another number of digits, or sets a bit beyond
     *     {@code width}; the message says which
     */
    public static PlainBits fromHex(String hex, int width) {
        return new PlainBits(BitString.fromHex(Objects.requireNonNull(hex, "hex"), width, false));
    }

    /**
     * Bits in this string.
     *
     * @return the width, 0 or more
     */
    public int width() {
        return bits.width();
    }

    /**
     * One bit.
     *
     * @param i the bit's index, 0 (least significant) to {@code width() - 1}
     * @return whether the bit is set
     * @throws IndexOutOfBoundsException if {@code i} is not a bit of this string
     */
    public boolean get(int i) {
        return bits.get(i);
    }

    /**
     * Bits {@code from} (inclusive) to {@code to} (exclusive), bit {@code from} as bit 0.
     *
     * @param from the first bit taken
     * @param to the bit after the last one taken
     * @return a string of {@code to - from} bits
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= width()}
     */
    public PlainBits slice(int from, int to) {
        return new PlainBits(bits.slice(from, to));
    }

    /**
     * This XOR {@code other}, bit by bit.
     *
     * @param other a string of the same width
     * @return the XOR
     * @throws IllegalArgumentException if the widths differ
     */
    public PlainBits xor(PlainBits other) {
        return new PlainBits(bits.xor(other.bits));
    }

    /**
     * The bits as an unsigned number.
     *
     * @return the number, 0 to {@code 2^width() - 1}
     * @throws ArithmeticException if it is above {@code 2^63 - 1} (use {@link #toBigInteger()})
     */
    public long toLong() {
        return bits.toLong();
    }

    /**
     * The bits as an unsigned number.
     *
     * @return the number, 0 to {@code 2^width() - 1}
     */
    public BigInteger toBigInteger() {
        return bits.toBigInteger();
    }

    /**
     * The bits in hex as {@link #fromHex} reads them: one big-endian number in {@code ceil(width() / 4)} lower-case
     * digits, no {@code 0x}.
     *
     * @return the digits
     */
    public String toHex() {
        return bits.toHex(false);
    }

    /**
     * Whether {@code o} is a string of the same width and bits.
     *
     * @param o the object to compare with
     * @return true for equal strings
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof PlainBits b && bits.equals(b.bits);
    }

    /**
     * A hash code consistent with {@link #equals}.
     *
     * @return the hash code
     */
    @Override
    public int hashCode() {
        return bits.hashCode();
    }

    /**
     * The bits in hex, then their width: {@code 0f/8}.
     *
     * @return {@link #toHex()}, a slash and the width
     */
    @Override
    public String toString() {
        return bits.toString();
    }
}
