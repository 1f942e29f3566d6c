package io.yaostream.core.bits;

import io.yaostream.core.text.English;
import io.yaostream.core.text.Printable;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * An immutable string of bits; bit 0 is the first (least significant) bit of a wire group.
 *
 * <p>Hex conversions follow the shared Bristol conventions. LSB-INT (the default): the hex string is one
 * big-endian integer X and bit k is bit k of X. MSB-STR ({@code msbFirst}): the hex string is read as a
 * bit string, most significant bit of the first digit first, and bit k is its k-th bit.
 * A value of width w takes exactly ceil(w/4) hex digits; the bits beyond w must be zero.
 */
public final class BitString {
    private final int width;
    private final long[] words;

    private BitString(int width, long[] words) {
        this.width = width;
        this.words = words;
    }

    public static BitString zeros(int width) {
        if (width < 0) {
            throw new IllegalArgumentException("negative width " + width);
        }
        return new BitString(width, new long[(width + 63) >>> 6]);
    }

    /** Bits taken from bit 0 of each lane value. */
    public static BitString fromBits(boolean[] bits) {
        long[] w = new long[(bits.length + 63) >>> 6];
        for (int i = 0; i < bits.length; i++) {
            if (bits[i]) {
                w[i >>> 6] |= 1L << i;
            }
        }
        return new BitString(bits.length, w);
    }

    public int width() {
        return width;
    }

    public boolean get(int i) {
        if (i < 0 || i >= width) {
            throw new IndexOutOfBoundsException(i);
        }
        return (words[i >>> 6] >>> i & 1) != 0;
    }

    /** This XOR {@code other}, bit by bit; both must have the same width. */
    public BitString xor(BitString other) {
        if (other.width != width) {
            throw new IllegalArgumentException("xor of " + width + " and " + other.width + " bits");
        }
        long[] w = words.clone();
        for (int k = 0; k < w.length; k++) {
            w[k] ^= other.words[k];
        }
        return new BitString(width, w);
    }

    /** The parts side by side, {@code parts[0]} in the low bits. */
    public static BitString concat(BitString... parts) {
        int width = 0;
        for (BitString p : parts) {
            width += p.width;
        }
        long[] w = new long[(width + 63) >>> 6];
        int at = 0;
        for (BitString p : parts) {
            for (int i = 0; i < p.width; i++, at++) {
                if (p.get(i)) {
                    w[at >>> 6] |= 1L << at;
                }
            }
        }
        return new BitString(width, w);
    }

    public BitString with(int i, boolean value) {
        long[] w = words.clone();
        if (value) {
            w[i >>> 6] |= 1L << i;
        } else {
            w[i >>> 6] &= ~(1L << i);
        }
        return new BitString(width, w);
    }

    /**
     * The unsigned number {@code value} in {@code width} bits (bit i is bit i of the number). A negative value
     * is taken in two's complement, so it must fit as a signed number.
     *
     * @throws IllegalArgumentException if the value does not fit
     */
    public static BitString of(BigInteger value, int width) {
        if (width < 0) {
            throw new IllegalArgumentException("negative width " + width);
        }
        BigInteger v = value;
        if (v.signum() < 0) {
            if (v.bitLength() >= width) {
                throw new IllegalArgumentException(value + " does not fit in " + width + " bits as a signed number");
            }
            v = v.add(BigInteger.ONE.shiftLeft(width));
        } else if (v.bitLength() > width) {
            throw new IllegalArgumentException(value + " does not fit in " + width + " bits");
        }
        long[] w = new long[(width + 63) >>> 6];
        for (int i = 0; i < w.length; i++) {
            w[i] = v.shiftRight(64 * i).longValue();
        }
        return new BitString(width, w);
    }

    /** {@link #of(BigInteger, int)} for a {@code long}: {@code value} must fit in {@code width} bits. */
    public static BitString of(long value, int width) {
        if (width < 0 || value < 0 || (width < 64 && value >>> width != 0)) {
            return of(BigInteger.valueOf(value), width); // the general path, which checks and reports
        }
        long[] w = new long[(width + 63) >>> 6];
        if (w.length > 0) {
            w[0] = value;
        }
        return new BitString(width, w);
    }

    /** The bits as an unsigned number. */
    public BigInteger toBigInteger() {
        BigInteger v = BigInteger.ZERO;
        for (int i = words.length - 1; i >= 0; i--) {
            v = v.shiftLeft(64).or(new BigInteger(Long.toUnsignedString(words[i])));
        }
        return v;
    }

    /** The bits as a two's complement number (bit {@code width - 1} is the sign). */
    public BigInteger toSignedBigInteger() {
        BigInteger v = toBigInteger();
        return width > 0 && get(width - 1) ? v.subtract(BigInteger.ONE.shiftLeft(width)) : v;
    }

    /** The bits as an unsigned number, which must fit in 63 bits (use {@link #toBigInteger()} for more). */
    public long toLong() {
        for (int i = 1; i < words.length; i++) {
            if (words[i] != 0) {
                throw new ArithmeticException(English.article(width) + " " + width + "-bit value above 2^63 - 1 does not fit in a long");
            }
        }
        if (words.length > 0 && words[0] < 0) {
            throw new ArithmeticException(English.article(width) + " " + width + "-bit value above 2^63 - 1 does not fit in a long");
        }
        return words.length == 0 ? 0 : words[0];
    }

    /** Bits {@code from} (inclusive) to {@code to} (exclusive), bit {@code from} first. */
    public BitString slice(int from, int to) {
        if (from < 0 || to > width || from > to) {
            throw new IndexOutOfBoundsException("slice " + from + ".." + to + " of " + English.article(width) + " " + width + "-bit string");
        }
        boolean[] b = new boolean[to - from];
        for (int i = 0; i < b.length; i++) {
            b[i] = get(from + i);
        }
        return fromBits(b);
    }

    /** Number of hex digits a value of this width takes. */
    public static int hexDigits(int width) {
        return (width + 3) / 4;
    }

    /** The digits of {@code hex}: without its {@code 0x} or {@code 0X} prefix, if it has one. */
    public static String withoutHexPrefix(String hex) {
        return hex.startsWith("0x") || hex.startsWith("0X") ? hex.substring(2) : hex;
    }

    /**
     * Parses a hex value of the given width. An optional {@code 0x} prefix is allowed.
     *
     * @throws IllegalArgumentException with a message that says what is wrong with the text
     */
    public static BitString fromHex(String hex, int width, boolean msbFirst) {
        String h = withoutHexPrefix(hex);
        int digits = hexDigits(width);
        if (h.length() != digits) {
            throw new IllegalArgumentException("'" + Printable.clip(hex) + "' has " + h.length() + " hex digits, but "
                    + English.article(width) + " " + width + "-bit value takes " + digits + (h == hex ? "" : " (after an optional 0x)"));
        }
        long[] w = new long[(width + 63) >>> 6];
        for (int d = 0; d < digits; d++) {
            int v = Character.digit(h.charAt(d), 16);
            if (v < 0) {
                throw new IllegalArgumentException("'" + Printable.clip(hex) + "' is not hexadecimal (character " + (hex.length() - h.length() + d + 1) + ")");
            }
            for (int t = 0; t < 4; t++) {
                int bitOfDigit = (v >>> (3 - t)) & 1; // t-th bit of the digit, most significant first
                int stringIndex = d * 4 + t;          // position in the MSB-first bit string
                int k = msbFirst ? stringIndex : digits * 4 - 1 - stringIndex;
                if (k >= width) {
                    if (bitOfDigit != 0) {
                        throw new IllegalArgumentException("'" + Printable.clip(hex) + "' does not fit in " + width + " bits");
                    }
                    continue;
                }
                if (bitOfDigit != 0) {
                    w[k >>> 6] |= 1L << k;
                }
            }
        }
        return new BitString(width, w);
    }

    public String toHex(boolean msbFirst) {
        int digits = hexDigits(width);
        char[] out = new char[digits];
        for (int d = 0; d < digits; d++) {
            int v = 0;
            for (int t = 0; t < 4; t++) {
                int stringIndex = d * 4 + t;
                int k = msbFirst ? stringIndex : digits * 4 - 1 - stringIndex;
                int bit = k < width && get(k) ? 1 : 0;
                v |= bit << (3 - t);
            }
            out[d] = Character.forDigit(v, 16);
        }
        return new String(out);
    }


    @Override
    public boolean equals(Object o) {
        return o instanceof BitString b && width == b.width && Arrays.equals(words, b.words);
    }

    @Override
    public int hashCode() {
        return 31 * width + Arrays.hashCode(words);
    }

    @Override
    public String toString() {
        return toHex(false) + "/" + width;
    }
}
