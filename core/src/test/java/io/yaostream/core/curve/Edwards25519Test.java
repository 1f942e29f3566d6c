package io.yaostream.core.curve;

import io.yaostream.core.kernel.AesCtrRandom;
import org.bouncycastle.math.ec.rfc7748.X25519;
import org.bouncycastle.util.encoders.Hex;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;

import static io.yaostream.core.curve.EdwardsArithmeticChecks.clamped;
import static io.yaostream.core.curve.EdwardsArithmeticChecks.fromLe;
import static io.yaostream.core.curve.EdwardsArithmeticChecks.le;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cross-checks the edwards25519 arithmetic against Bouncy Castle's X25519 (the same curve in Montgomery form,
 * u = (1 + y) / (1 - y)) and the Diffie–Hellman vectors of RFC 7748 §6.1.
 */
class Edwards25519Test {
    private static final BigInteger P = EdwardsArithmeticChecks.P;
    private static final BigInteger D = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);

    @Test
    void basePointIsTheStandardOneOfOrderL() {
        assertArrayEquals(le(BigInteger.valueOf(9)), uBytes(Edwards25519.BASE), "u-coordinate of the base point");
        assertNotNull(Edwards25519.decode(encode(Edwards25519.BASE), 0), "on the curve");
        Edwards25519.Point r = new Edwards25519.Point();
        Edwards25519.multiply(Edwards25519.BASE, Scalar25519.digits(Scalar25519.ORDER), r);
        assertTrue(r.isIdentity());
        Edwards25519.multiply(Edwards25519.BASE, Scalar25519.digits(Scalar25519.ORDER.subtract(BigInteger.ONE)), r);
        assertFalse(r.isIdentity());
    }

    @Test
    void theJavaArithmeticAgreesWithBouncyCastle() {
        EdwardsArithmeticChecks.agreesWithBouncyCastle(JavaEdwardsArithmetic.INSTANCE);
    }

    @Test
    void rfc7748DiffieHellmanVectors() {
        byte[] alice = Hex.decode("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a");
        byte[] bobPublic = Hex.decode("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f");
        byte[] digits = Scalar25519.digits(clamped(alice));
        Edwards25519.Point r = new Edwards25519.Point();
        FixedBaseTable.base().multiply(digits, r);
        assertArrayEquals(Hex.decode("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a"), uBytes(r));
        Edwards25519.multiply(fromU(bobPublic), digits, r);
        assertArrayEquals(Hex.decode("4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742"), uBytes(r));
    }

    @Test
    void multiplicationsAgreeWithBouncyCastle() {
        Random rnd = new Random(1);
        for (int trial = 0; trial < 50; trial++) {
            byte[] k = new byte[32];
            byte[] other = new byte[32];
            rnd.nextBytes(k);
            rnd.nextBytes(other);
            byte[] expectedBase = new byte[32];
            X25519.scalarMultBase(k, 0, expectedBase, 0);
            byte[] digits = Scalar25519.digits(clamped(k));
            Edwards25519.Point viaTable = new Edwards25519.Point();
            FixedBaseTable.base().multiply(digits, viaTable);
            Edwards25519.Point viaLadder = new Edwards25519.Point();
            Edwards25519.multiply(Edwards25519.BASE, digits, viaLadder);
            assertArrayEquals(expectedBase, uBytes(viaTable), "fixed base, trial " + trial);
            assertArrayEquals(expectedBase, uBytes(viaLadder), "variable base on G, trial " + trial);

            // a random point Q = other G, then k Q, against X25519 on u(Q)
            byte[] uQ = new byte[32];
            X25519.scalarMultBase(other, 0, uQ, 0);
            Edwards25519.Point q = fromU(uQ);
            byte[] expected = new byte[32];
            X25519.scalarMult(k, 0, uQ, 0, expected, 0);
            Edwards25519.Point r = new Edwards25519.Point();
            Edwards25519.multiply(q, digits, r);
            assertArrayEquals(expected, uBytes(r), "variable base, trial " + trial);
            assertArrayEquals(expected, uBytes(viaOwnTable(q, digits)), "own table, trial " + trial);
        }
    }

    @Test
    void additionNegationAndSelection() {
        Edwards25519.Point g = Edwards25519.BASE;
        Edwards25519.Multiples multiples = new Edwards25519.Multiples(g, 15);
        Edwards25519.Multiples.Scratch scratch = Edwards25519.Multiples.scratch();
        for (int k = -15; k <= 15; k++) {
            Edwards25519.Cached selected = new Edwards25519.Cached();
            if (k >= 0) {
                multiples.select(k, selected, scratch);
            } else {
                multiples.selectSigned(k, selected, scratch);
            }
            Edwards25519.Point viaSelect = new Edwards25519.Point();
            viaSelect.add(selected);
            Edwards25519.Point expected = new Edwards25519.Point();
            Edwards25519.multiply(g, Scalar25519.digits(BigInteger.valueOf(k).mod(Scalar25519.ORDER)), expected);
            assertArrayEquals(encode(expected), encode(viaSelect), "k = " + k);
        }
        // P + (-P) = 0, 2P = P + P
        Edwards25519.Point p = new Edwards25519.Point();
        p.set(g);
        Edwards25519.Cached minusG = g.toCached();
        minusG.negateIf(1);
        p.add(minusG);
        assertTrue(p.isIdentity());
        Edwards25519.Point twice = new Edwards25519.Point();
        twice.set(g);
        twice.twice();
        Edwards25519.Point sum = new Edwards25519.Point();
        sum.set(g);
        sum.add(g.toCached());
        assertArrayEquals(encode(twice), encode(sum));
    }

    @Test
    void decodeRejectsWhatIsNoCanonicalCurvePoint() {
        byte[] good = encode(Edwards25519.BASE);
        assertNotNull(Edwards25519.decode(good, 0));
        byte[] offCurve = good.clone();
        offCurve[40] ^= 1;
        assertNull(Edwards25519.decode(offCurve, 0));
        byte[] topBit = good.clone();
        topBit[63] |= (byte) 0x80;
        assertNull(Edwards25519.decode(topBit, 0));
        // the neutral element (0, 1) is a curve point; with y written as p + 1 it is not canonical
        byte[] neutral = new byte[64];
        neutral[32] = 1;
        assertNotNull(Edwards25519.decode(neutral, 0));
        byte[] nonCanonical = neutral.clone();
        System.arraycopy(le(P.add(BigInteger.ONE)), 0, nonCanonical, 32, 32);
        assertNull(Edwards25519.decode(nonCanonical, 0));
    }

    @Test
    void digitsRecomposeTheScalar() {
        AesCtrRandom random = AesCtrRandom.forTesting(3);
        for (int trial = 0; trial < 200; trial++) {
            BigInteger k = trial == 0 ? Scalar25519.ORDER : trial == 1 ? BigInteger.ONE.shiftLeft(255).subtract(BigInteger.ONE)
                    : Scalar25519.random(random::nextLong);
            assertTrue(trial < 2 || k.signum() > 0 && k.compareTo(Scalar25519.ORDER) < 0);
            byte[] digits = Scalar25519.digits(k);
            BigInteger sum = BigInteger.ZERO;
            for (int i = digits.length - 1; i >= 0; i--) {
                assertTrue(digits[i] >= -8 && digits[i] <= 8, "digit " + digits[i]);
                sum = sum.shiftLeft(4).add(BigInteger.valueOf(digits[i]));
            }
            assertEquals(k, sum);
        }
    }

    private static Edwards25519.Point viaOwnTable(Edwards25519.Point q, byte[] digits) {
        Edwards25519.Point r = new Edwards25519.Point();
        new FixedBaseTable(q).multiply(digits, r);
        return r;
    }

    /** A point with Montgomery u-coordinate u (either of the two), through the birational map y = (u - 1) / (u + 1). */
    private static Edwards25519.Point fromU(byte[] uLe) {
        BigInteger u = fromLe(uLe);
        BigInteger y = u.subtract(BigInteger.ONE).multiply(u.add(BigInteger.ONE).modInverse(P)).mod(P);
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger x2 = y2.subtract(BigInteger.ONE).multiply(D.multiply(y2).add(BigInteger.ONE).modInverse(P)).mod(P);
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).mod(P).equals(x2)) {
            x = x.multiply(BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P)).mod(P);
        }
        assertEquals(x2, x.multiply(x).mod(P), "u is on the curve");
        byte[] encoded = new byte[64];
        System.arraycopy(le(x), 0, encoded, 0, 32);
        System.arraycopy(le(y), 0, encoded, 32, 32);
        Edwards25519.Point p = Edwards25519.decode(encoded, 0);
        assertNotNull(p);
        return p;
    }

    private static byte[] uBytes(Edwards25519.Point p) {
        return EdwardsArithmeticChecks.uOf(encode(p), 0);
    }

    private static byte[] encode(Edwards25519.Point p) {
        byte[] out = new byte[64];
        Edwards25519.encode(new Edwards25519.Point[] {p}, 0, 1, out, 0);
        return out;
    }

}
