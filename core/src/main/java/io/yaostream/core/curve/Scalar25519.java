package io.yaostream.core.curve;

import java.math.BigInteger;
import java.util.function.LongSupplier;

/**
 * Scalars of {@link Edwards25519}: integers modulo the prime order l of its main subgroup. Values are
 * {@link BigInteger}s, whose arithmetic is not constant time; it runs a few times per batch of base OTs (drawing,
 * one product, the digit recoding), while the 64 steps of every multiplication by a secret use only the
 * branch-free {@link #digits}.
 */
public final class Scalar25519 {
    /** l = 2^252 + 27742317777372353535851937790883648493. */
    public static final BigInteger ORDER = BigInteger.ONE.shiftLeft(252)
            .add(new BigInteger("27742317777372353535851937790883648493"));

    private Scalar25519() {
    }

    /** A uniform scalar in [1, l - 1], by rejection on 253-bit draws (about two draws on average). */
    public static BigInteger random(LongSupplier random) {
        byte[] bigEndian = new byte[32];
        while (true) {
            for (int i = 0; i < 32; i += 8) {
                long word = random.getAsLong();
                for (int j = 0; j < 8; j++) {
                    bigEndian[i + j] = (byte) (word >>> 8 * j);
                }
            }
            bigEndian[0] &= 0x1f;
            BigInteger k = new BigInteger(1, bigEndian);
            if (k.signum() != 0 && k.compareTo(ORDER) < 0) {
                return k;
            }
        }
    }

    public static BigInteger multiply(BigInteger a, BigInteger b) {
        return a.multiply(b).mod(ORDER);
    }

    /** -k mod l. */
    public static BigInteger negate(BigInteger k) {
        return k.negate().mod(ORDER);
    }

    /**
     * The 64 signed radix-16 digits d_i in [-8, 8] with k = sum d_i 16^i, for {@code 0 <= k < 2^255} (the top digit
     * absorbs the last carry), computed without branches on k.
     */
    public static byte[] digits(BigInteger k) {
        if (k.signum() < 0 || k.bitLength() > 255) {
            throw new IllegalArgumentException("scalar out of range: " + k.bitLength() + " bits");
        }
        byte[] bigEndian = k.toByteArray();
        int[] e = new int[Edwards25519.DIGITS];
        for (int i = 0; i < 32 && i < bigEndian.length; i++) {
            int b = bigEndian[bigEndian.length - 1 - i] & 0xff;
            e[2 * i] = b & 15;
            e[2 * i + 1] = b >>> 4;
        }
        int carry = 0;
        for (int i = 0; i < Edwards25519.DIGITS - 1; i++) {
            e[i] += carry;
            carry = (e[i] + 8) >> 4;
            e[i] -= carry << 4;
        }
        e[Edwards25519.DIGITS - 1] += carry;
        byte[] digits = new byte[Edwards25519.DIGITS];
        for (int i = 0; i < digits.length; i++) {
            digits[i] = (byte) e[i];
        }
        return digits;
    }
}
