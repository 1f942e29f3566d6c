package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Blocks;
import org.bouncycastle.asn1.x9.X9ECParameters;
import org.bouncycastle.crypto.ec.CustomNamedCurves;
import org.bouncycastle.math.ec.ECCurve;
import org.bouncycastle.math.ec.ECMultiplier;
import org.bouncycastle.math.ec.ECPoint;
import org.bouncycastle.math.ec.FixedPointCombMultiplier;
import org.bouncycastle.math.ec.FixedPointUtil;

import java.math.BigInteger;
import java.util.Arrays;

/**
 * The group of the base OTs: secp256r1 (NIST P-256, 128-bit security, prime order so no cofactor to clear)
 * through Bouncy Castle's optimised {@code SecP256R1Curve}. Points go on the wire uncompressed (65 bytes):
 * twice the bytes of the compressed form, but it spares the receiver of a point a field square root, and
 * 8 KiB for 128 OTs is nothing next to the time of one round trip.
 */
final class P256Group {
    /** Bytes of an encoded point: 0x04, then x and y big-endian. */
    static final int POINT_BYTES = 65;

    private static final X9ECParameters PARAMS = CustomNamedCurves.getByName("secp256r1");
    private static final ECCurve CURVE = PARAMS.getCurve();
    /** The generator; its comb table is built once per JVM and cached on this instance. */
    private static final ECPoint G = PARAMS.getG();
    private static final BigInteger ORDER = PARAMS.getN();
    private static final int COORDINATE_BYTES = 32;
    /** Fixed-base multiplication by a comb table cached on the base point (regular, table look-ups scan the whole table). */
    private static final ECMultiplier COMB = new FixedPointCombMultiplier();

    private P256Group() {
    }

    /** A uniform scalar in [1, n - 1], by rejection (a 256-bit draw is rejected with probability about 2^-32). */
    static BigInteger randomScalar(AesCtrRandom random) {
        byte[] bytes = new byte[COORDINATE_BYTES];
        while (true) {
            for (int i = 0; i < COORDINATE_BYTES; i += 8) {
                Blocks.putLong(bytes, i, random.nextLong());
            }
            BigInteger k = new BigInteger(1, bytes);
            if (k.signum() != 0 && k.compareTo(ORDER) < 0) {
                return k;
            }
        }
    }

    static BigInteger multiplyScalars(BigInteger a, BigInteger b) {
        return a.multiply(b).mod(ORDER);
    }

    /** k G. */
    static ECPoint multiplyGenerator(BigInteger k) {
        return COMB.multiply(G, k);
    }

    /**
     * Builds the comb table of {@code base} (about the cost of one variable-base multiplication) so that
     * {@link #multiplyFixed} by many scalars is two to three times faster than {@link #multiplyVariable};
     * thread-safe once built.
     */
    static void precompute(ECPoint base) {
        FixedPointUtil.precompute(base);
    }

    /** k P through P's comb table (see {@link #precompute}). */
    static ECPoint multiplyFixed(ECPoint base, BigInteger k) {
        return COMB.multiply(base, k);
    }

    /** k P for a point used once (windowed NAF). */
    static ECPoint multiplyVariable(ECPoint point, BigInteger k) {
        return point.multiply(k);
    }

    /** Brings {@code points[from .. to)} to affine form with a single field inversion (Montgomery's trick). */
    static void normalize(ECPoint[] points, int from, int to) {
        CURVE.normalizeAll(points, from, to - from, null);
    }

    /** Writes an affine (normalised), finite point into {@code dst} at {@code offset}. */
    static void encode(ECPoint point, byte[] dst, int offset) {
        if (!point.isNormalized() || point.isInfinity()) {
            throw new IllegalArgumentException("only finite, normalised points are encoded");
        }
        dst[offset] = 0x04;
        System.arraycopy(point.getAffineXCoord().getEncoded(), 0, dst, offset + 1, COORDINATE_BYTES);
        System.arraycopy(point.getAffineYCoord().getEncoded(), 0, dst, offset + 1 + COORDINATE_BYTES, COORDINATE_BYTES);
    }

    /**
     * Reads a point the peer sent and checks it: the uncompressed form, coordinates below p, on the curve
     * (hence finite and, the order being prime, in the group). A point off the curve could otherwise let the
     * peer learn our secret scalar modulo small factors (invalid-curve attack).
     *
     * @param what names the point and the OT in the error message
     * @throws IllegalStateException if the peer sent no valid point
     */
    static ECPoint decode(byte[] src, int offset, String what) {
        if (src[offset] != 0x04) {
            throw new IllegalStateException(what + " is not an uncompressed point (first byte 0x"
                    + Integer.toHexString(src[offset] & 0xff) + ", expected 0x04)");
        }
        ECPoint point;
        try {
            point = CURVE.decodePoint(Arrays.copyOfRange(src, offset, offset + POINT_BYTES));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(what + " is not a point of secp256r1: " + e.getMessage(), e);
        }
        if (point.isInfinity() || !point.isValid()) {
            throw new IllegalStateException(what + " is not a valid point of secp256r1");
        }
        return point;
    }
}
