package io.yaostream.core.curve;

import org.bouncycastle.math.ec.rfc7748.X25519;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * Checks an {@link EdwardsArithmetic} against Bouncy Castle's X25519 (the same curve in Montgomery form,
 * u = (1 + y) / (1 - y)), for the Java one here and the C one in the native module's tests.
 */
public final class EdwardsArithmeticChecks {
    static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    private static final int POINT = EdwardsArithmetic.POINT_BYTES;

    private EdwardsArithmeticChecks() {
    }

    /**
     * For random X25519 scalars k and q: k G and q G from the base point's table, k Q from a variable-base
     * multiplication and from Q's own table, against X25519; and the steps k Q + j G against (k q + j) G.
     */
    public static void agreesWithBouncyCastle(EdwardsArithmetic curve) {
        Random rnd = new Random(7);
        byte[] base = EdwardsArithmetic.basePoint();
        for (int trial = 0; trial < 20; trial++) {
            byte[] k = new byte[32];
            byte[] q = new byte[32];
            rnd.nextBytes(k);
            rnd.nextBytes(q);
            byte[] digits = new byte[2 * EdwardsArithmetic.DIGITS];
            System.arraycopy(Scalar25519.digits(clamped(k)), 0, digits, 0, EdwardsArithmetic.DIGITS);
            System.arraycopy(Scalar25519.digits(clamped(q)), 0, digits, EdwardsArithmetic.DIGITS, EdwardsArithmetic.DIGITS);
            byte[] kGqG = new byte[3 * POINT]; // point 0 left empty: checks the output offset
            curve.base().multiply(digits, 0, 2, kGqG, POINT);
            assertArrayEquals(x25519Base(k), uOf(kGqG, POINT), "k G, trial " + trial);
            assertArrayEquals(x25519Base(q), uOf(kGqG, 2 * POINT), "q G, trial " + trial);

            byte[] pointQ = Arrays.copyOfRange(kGqG, 2 * POINT, 3 * POINT);
            byte[] steps = new byte[3 * POINT];
            curve.multiplyPoints(kGqG, 2, 3, digits, base, 3, steps, 0);
            byte[] expected = new byte[32];
            X25519.scalarMult(k, 0, x25519Base(q), 0, expected, 0);
            assertArrayEquals(expected, uOf(steps, 0), "k Q, trial " + trial);
            byte[] viaTable = new byte[POINT];
            curve.fixedPoint(pointQ).multiply(digits, 0, 1, viaTable, 0);
            assertArrayEquals(Arrays.copyOf(steps, POINT), viaTable, "k Q from Q's table, trial " + trial);
            for (int j = 1; j < 3; j++) {
                BigInteger sum = clamped(k).multiply(clamped(q)).add(BigInteger.valueOf(j)).mod(Scalar25519.ORDER);
                byte[] want = new byte[POINT];
                curve.base().multiply(Scalar25519.digits(sum), 0, 1, want, 0);
                assertArrayEquals(want, Arrays.copyOfRange(steps, j * POINT, (j + 1) * POINT), "k Q + " + j + " G, trial " + trial);
            }
        }
    }

    private static byte[] x25519Base(byte[] k) {
        byte[] u = new byte[32];
        X25519.scalarMultBase(k, 0, u, 0);
        return u;
    }

    /** The X25519 clamping of RFC 7748 as an integer below 2^255. */
    static BigInteger clamped(byte[] k) {
        byte[] c = k.clone();
        c[0] &= (byte) 248;
        c[31] &= 127;
        c[31] |= 64;
        return fromLe(c);
    }

    /** The Montgomery u-coordinate, 32 bytes little-endian, of the encoded point at {@code encoded[offset ..]}. */
    static byte[] uOf(byte[] encoded, int offset) {
        BigInteger y = fromLe(Arrays.copyOfRange(encoded, offset + 32, offset + 64));
        return le(BigInteger.ONE.add(y).multiply(BigInteger.ONE.subtract(y).mod(P).modInverse(P)).mod(P));
    }

    static BigInteger fromLe(byte[] le) {
        byte[] be = new byte[le.length];
        for (int i = 0; i < le.length; i++) {
            be[i] = le[le.length - 1 - i];
        }
        return new BigInteger(1, be);
    }

    static byte[] le(BigInteger v) {
        byte[] be = v.toByteArray();
        byte[] le = new byte[32];
        for (int i = 0; i < 32 && i < be.length; i++) {
            le[i] = be[be.length - 1 - i];
        }
        return le;
    }
}
