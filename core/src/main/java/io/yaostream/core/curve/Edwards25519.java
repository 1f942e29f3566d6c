package io.yaostream.core.curve;

import io.yaostream.core.ot.EcBaseOt;
import org.bouncycastle.math.ec.rfc7748.X25519Field;

import java.math.BigInteger;

/**
 * The group of the base OTs: edwards25519, the twisted Edwards form -x^2 + y^2 = 1 + d x^2 y^2 of Curve25519
 * (RFC 7748, RFC 8032; about 126 bits of security against Pollard rho, the 128-bit level by convention),
 * with field arithmetic from Bouncy Castle's {@link X25519Field}. The group has order 8 l (l prime), so code
 * that takes a point from the peer must deal with the cofactor 8; see {@link EcBaseOt}.
 *
 * <p>Why not Bouncy Castle's curve classes: its Curve25519 code is reachable only as X25519 (x-only
 * Montgomery ladder, no point addition, which Chou–Orlandi needs) or Ed25519 signatures; its generic
 * {@code ECPoint} curves (secp256r1 before) take 200-370 µs per variable-base multiplication here. The
 * point formulas are those of Hisil, Wong, Carter and Dawson (2008) for a = -1 in extended coordinates, the
 * ones Bouncy Castle's Ed25519 uses over the same field: a doubling is 4 squarings and 3 multiplications, an
 * addition 8 multiplications. Tests cross-check the results against Bouncy Castle's X25519.
 *
 * <p>Constant time: multiplications by a secret scalar use signed radix-16 digits, always 4 doublings and one
 * addition a digit, and pick the table entry by scanning the whole table with masks; no branch or memory
 * index depends on a secret. Points from the peer are checked by {@link #decode}.
 */
public final class Edwards25519 {
    /** Bytes of an encoded point: affine x then y, each 32 bytes little-endian and canonical (below p). */
    public static final int POINT_BYTES = 64;
    /** Signed radix-16 digits of a scalar below 2^255. */
    static final int DIGITS = 64;

    private static final BigInteger P = BigInteger.ONE.shiftLeft(255).subtract(BigInteger.valueOf(19));
    private static final BigInteger D_VALUE = BigInteger.valueOf(-121665)
            .multiply(BigInteger.valueOf(121666).modInverse(P)).mod(P);
    private static final int[] D = field(D_VALUE);
    private static final int[] D2 = field(D_VALUE.shiftLeft(1).mod(P));
    /** The base point of RFC 8032: y = 4/5 and x even ("positive"). */
    static final Point BASE = basePoint();

    private Edwards25519() {
    }

    /**
     * A point in extended coordinates with t kept as the product u v (x = X/Z, y = Y/Z, x y = u v / Z), as
     * the formulas leave it, so a doubling need not compute t. Mutable; not for sharing between threads.
     */
    public static final class Point {
        final int[] x = X25519Field.create();
        final int[] y = X25519Field.create();
        final int[] z = X25519Field.create();
        final int[] u = X25519Field.create();
        final int[] v = X25519Field.create();
        // Scratch of twice() and add(), kept here because fresh arrays at every call cost more than the formulas.
        private final int[] a = X25519Field.create();
        private final int[] b = X25519Field.create();
        private final int[] c = X25519Field.create();
        private final int[] d = X25519Field.create();
        private final int[] f = X25519Field.create();
        private final int[] g = X25519Field.create();

        /** The neutral element (0, 1). */
        public Point() {
            X25519Field.one(y);
            X25519Field.one(z);
            X25519Field.one(v);
        }

        void setIdentity() {
            X25519Field.zero(x);
            X25519Field.one(y);
            X25519Field.one(z);
            X25519Field.zero(u);
            X25519Field.one(v);
        }

        public void set(Point p) {
            X25519Field.copy(p.x, 0, x, 0);
            X25519Field.copy(p.y, 0, y, 0);
            X25519Field.copy(p.z, 0, z, 0);
            X25519Field.copy(p.u, 0, u, 0);
            X25519Field.copy(p.v, 0, v, 0);
        }

        /** this = 2 this. */
        void twice() {
            X25519Field.sqr(x, a);
            X25519Field.sqr(y, b);
            X25519Field.sqr(z, c);
            X25519Field.add(c, c, c);
            X25519Field.apm(a, b, v, g);          // v = x^2 + y^2, g = x^2 - y^2
            X25519Field.add(x, y, u);
            X25519Field.sqr(u, u);
            X25519Field.sub(v, u, u);             // u = -2 x y
            X25519Field.add(c, g, f);
            X25519Field.carry(f);
            X25519Field.mul(u, f, x);
            X25519Field.mul(g, v, y);
            X25519Field.mul(f, g, z);
        }

        /** this = 2^n this. */
        public void times2Power(int n) {
            for (int i = 0; i < n; i++) {
                twice();
            }
        }

        /** this += q. */
        public void add(Cached q) {
            X25519Field.apm(y, x, b, a);          // b = y + x, a = y - x
            X25519Field.mul(a, q.difference, a);
            X25519Field.mul(b, q.sum, b);
            X25519Field.mul(u, v, c);
            X25519Field.mul(c, q.t2d, c);
            X25519Field.mul(z, q.z2, d);
            X25519Field.apm(b, a, v, u);          // the new t is u v
            X25519Field.apm(d, c, g, f);
            X25519Field.carry(g);
            X25519Field.mul(u, f, x);
            X25519Field.mul(g, v, y);
            X25519Field.mul(f, g, z);
        }

        /** Writes this point in cached form into {@code r}. */
        public void toCached(Cached r) {
            X25519Field.apm(y, x, r.sum, r.difference);
            X25519Field.carry(r.sum);
            X25519Field.carry(r.difference);
            X25519Field.add(z, z, r.z2);
            X25519Field.carry(r.z2);
            X25519Field.mul(u, v, r.t2d);
            X25519Field.mul(r.t2d, D2, r.t2d);
        }

        public Cached toCached() {
            Cached r = new Cached();
            toCached(r);
            return r;
        }

        /** Whether this is the neutral element (x = 0 and y = 1). */
        public boolean isIdentity() {
            int[] t = X25519Field.create();
            X25519Field.copy(x, 0, t, 0);
            X25519Field.normalize(t);
            if (!X25519Field.isZeroVar(t)) {
                return false;
            }
            X25519Field.sub(y, z, t);
            X25519Field.carry(t);
            X25519Field.normalize(t);
            return X25519Field.isZeroVar(t);
        }
    }

    /** A point as an addend: y + x, y - x, 2 z and 2 d t, so that an addition needs 8 multiplications. */
    public static final class Cached {
        final int[] sum = X25519Field.create();
        final int[] difference = X25519Field.create();
        final int[] z2 = X25519Field.create();
        final int[] t2d = X25519Field.create();

        /** The neutral element: (1, 1, 2, 0). */
        public Cached() {
            setIdentity();
        }

        void setIdentity() {
            X25519Field.one(sum);
            X25519Field.one(difference);
            X25519Field.zero(z2);
            z2[0] = 2;
            X25519Field.zero(t2d);
        }

        /** Negates this point if {@code flag} is 1, leaves it if 0, in constant time. */
        void negateIf(int flag) {
            X25519Field.cswap(flag, sum, difference);
            X25519Field.cnegate(flag, t2d);
        }

        /** Reads this point from {@code flat[offset .. offset + 40)}, laid out as by {@link Multiples}. */
        void read(int[] flat, int offset) {
            System.arraycopy(flat, offset, sum, 0, X25519Field.SIZE);
            System.arraycopy(flat, offset + X25519Field.SIZE, difference, 0, X25519Field.SIZE);
            System.arraycopy(flat, offset + 2 * X25519Field.SIZE, z2, 0, X25519Field.SIZE);
            System.arraycopy(flat, offset + 3 * X25519Field.SIZE, t2d, 0, X25519Field.SIZE);
        }

        void write(int[] flat, int offset) {
            System.arraycopy(sum, 0, flat, offset, X25519Field.SIZE);
            System.arraycopy(difference, 0, flat, offset + X25519Field.SIZE, X25519Field.SIZE);
            System.arraycopy(z2, 0, flat, offset + 2 * X25519Field.SIZE, X25519Field.SIZE);
            System.arraycopy(t2d, 0, flat, offset + 3 * X25519Field.SIZE, X25519Field.SIZE);
        }
    }

    /**
     * The points 0, P, 2P, .., nP in cached form, one flat array with two limbs a long, so that a constant-time
     * look-up is one pass of masked ORs over 20 longs an entry (half the operations of ints; the JIT does not
     * vectorise these short loops). Immutable once built.
     */
    public static final class Multiples {
        private static final int INTS = 4 * X25519Field.SIZE;
        private static final int LONGS = INTS / 2;
        private final long[] flat;
        private final int n;

        public Multiples(Point p, int n) {
            this.n = n;
            flat = new long[(n + 1) * LONGS];
            int[] entry = new int[INTS];
            Cached next = new Cached();
            store(next, entry, 0);
            Cached once = p.toCached();
            store(once, entry, 1);
            Point q = new Point();
            q.set(p);
            for (int j = 2; j <= n; j++) {
                q.add(once);
                q.toCached(next);
                store(next, entry, j);
            }
        }

        private void store(Cached point, int[] entry, int j) {
            point.write(entry, 0);
            for (int i = 0; i < LONGS; i++) {
                flat[j * LONGS + i] = entry[2 * i] & 0xffffffffL | (long) entry[2 * i + 1] << 32;
            }
        }

        /**
         * Sets {@code out} to {@code index} P, {@code index} in [0, n], reading every entry whatever the
         * index; {@code scratch} comes from {@link #scratch()}.
         */
        public void select(int index, Cached out, Scratch scratch) {
            long[] acc = scratch.longs;
            java.util.Arrays.fill(acc, 0);
            for (int j = 0; j <= n; j++) {
                long mask = ((j ^ index) - 1L) >> 63;
                int base = j * LONGS;
                for (int i = 0; i < LONGS; i++) {
                    acc[i] |= flat[base + i] & mask;
                }
            }
            int[] ints = scratch.ints;
            for (int i = 0; i < LONGS; i++) {
                ints[2 * i] = (int) acc[i];
                ints[2 * i + 1] = (int) (acc[i] >>> 32);
            }
            out.read(ints, 0);
        }

        /** As {@link #select} for a signed digit in [-n, n]: |digit| P, negated if digit is negative. */
        void selectSigned(int digit, Cached out, Scratch scratch) {
            int negative = digit >>> 31;
            select((digit ^ -negative) + negative, out, scratch);
            out.negateIf(negative);
        }

        public static Scratch scratch() {
            return new Scratch();
        }

        /** Working space of {@link #select}, one per thread. */
        public static final class Scratch {
            private final long[] longs = new long[LONGS];
            private final int[] ints = new int[INTS];
        }
    }

    /**
     * r = k P for a scalar k below 2^255 given as {@link Scalar25519#digits}: 4 doublings and one addition a
     * digit from the top, entries picked in constant time from the table P .. 8P. r may be p.
     */
    public static void multiply(Point p, byte[] digits, Point r) {
        Multiples table = new Multiples(p, 8);
        Cached q = new Cached();
        Multiples.Scratch scratch = Multiples.scratch();
        r.setIdentity();
        for (int i = DIGITS - 1; i >= 0; i--) {
            r.times2Power(4);
            table.selectSigned(digits[i], q, scratch);
            r.add(q);
        }
    }

    /**
     * Writes the points {@code points[from .. to)} encoded ({@link #POINT_BYTES} each) into {@code dst} from
     * {@code offset}, with one field inversion for all of them (Montgomery's trick).
     */
    public static void encode(Point[] points, int from, int to, byte[] dst, int offset) {
        int n = to - from;
        if (n == 0) {
            return;
        }
        int[][] prefix = new int[n][];
        int[] running = X25519Field.create();
        X25519Field.one(running);
        for (int i = 0; i < n; i++) {
            X25519Field.mul(running, points[from + i].z, running);
            prefix[i] = running.clone();
        }
        int[] inverse = X25519Field.create();
        X25519Field.inv(running, inverse);     // 1 / (z_0 .. z_{n-1})
        int[] zInverse = X25519Field.create();
        int[] coordinate = X25519Field.create();
        for (int i = n - 1; i >= 0; i--) {
            Point p = points[from + i];
            if (i > 0) {
                X25519Field.mul(inverse, prefix[i - 1], zInverse);
                X25519Field.mul(inverse, p.z, inverse);
            } else {
                X25519Field.copy(inverse, 0, zInverse, 0);
            }
            int at = offset + i * POINT_BYTES;
            X25519Field.mul(p.x, zInverse, coordinate);
            X25519Field.normalize(coordinate);
            X25519Field.encode(coordinate, dst, at);
            X25519Field.mul(p.y, zInverse, coordinate);
            X25519Field.normalize(coordinate);
            X25519Field.encode(coordinate, dst, at + 32);
        }
    }

    /**
     * A point of the subgroup of order l whose discrete logarithm nobody knows: for counter = 0, 1, ... the first
     * SHA-256(domain, counter) that, read as a little-endian y below p, has an x on the curve (taken even), times 8
     * (which clears the cofactor) and not the neutral element. Nothing up the sleeve but the domain string; for public
     * constants only (variable time, BigInteger arithmetic).
     */
    public static Point hashToPoint(String domain) {
        BigInteger sqrtMinusOne = BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P);
        byte[] tag = domain.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int counter = 0; ; counter++) {
            java.security.MessageDigest sha;
            try {
                sha = java.security.MessageDigest.getInstance("SHA-256");
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("every Java platform has SHA-256", e);
            }
            sha.update(tag);
            sha.update(java.nio.ByteBuffer.allocate(4).putInt(counter).array());
            BigInteger y = littleEndian(sha.digest()).mod(P);
            BigInteger y2 = y.multiply(y).mod(P);
            BigInteger u = y2.subtract(BigInteger.ONE).mod(P);
            BigInteger v = D_VALUE.multiply(y2).add(BigInteger.ONE).mod(P);
            BigInteger x2 = u.multiply(v.modInverse(P)).mod(P);
            BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P); // a square root of x2, or of -x2
            if (!x.multiply(x).mod(P).equals(x2)) {
                x = x.multiply(sqrtMinusOne).mod(P);
            }
            if (!x.multiply(x).mod(P).equals(x2)) {
                continue; // y is on no curve point
            }
            if (x.testBit(0)) {
                x = P.subtract(x);
            }
            byte[] encoded = new byte[POINT_BYTES];
            putLittleEndian(x, encoded, 0);
            putLittleEndian(y, encoded, 32);
            Point point = decode(encoded, 0);
            point.times2Power(3);
            if (!point.isIdentity()) {
                return point;
            }
        }
    }

    private static BigInteger littleEndian(byte[] bytes) {
        byte[] big = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            big[i] = bytes[bytes.length - 1 - i];
        }
        return new BigInteger(1, big);
    }

    private static void putLittleEndian(BigInteger value, byte[] dst, int offset) {
        for (int i = 0; i < 32; i++) {
            dst[offset + i] = value.shiftRight(8 * i).byteValue();
        }
    }

    /**
     * Reads an encoded point and checks it: both coordinates canonical (below p) and on the curve. Whether it
     * lies in the subgroup of order l is for the caller to settle.
     *
     * @return the point, or null if the bytes are no valid encoding of a curve point
     */
    public static Point decode(byte[] src, int offset) {
        Point p = new Point();
        if (!decodeCanonical(src, offset, p.x) || !decodeCanonical(src, offset + 32, p.y)) {
            return null;
        }
        // -x^2 + y^2 - 1 - d x^2 y^2 must be 0
        int[] x2 = X25519Field.create();
        int[] y2 = X25519Field.create();
        int[] t = X25519Field.create();
        X25519Field.sqr(p.x, x2);
        X25519Field.sqr(p.y, y2);
        X25519Field.mul(x2, y2, t);
        X25519Field.mul(t, D, t);
        X25519Field.sub(y2, x2, y2);
        X25519Field.subOne(y2);
        X25519Field.carry(y2);
        X25519Field.sub(y2, t, y2);
        X25519Field.carry(y2);
        X25519Field.normalize(y2);
        if (!X25519Field.isZeroVar(y2)) {
            return null;
        }
        X25519Field.copy(p.x, 0, p.u, 0);
        X25519Field.copy(p.y, 0, p.v, 0);
        return p;
    }

    /**
     * Why {@link #decode} refuses the bytes at {@code offset}: which coordinate is not canonical (at or above p),
     * or that the point is not on the curve. Only for messages, after {@link #decode} returned null.
     */
    public static String whyInvalid(byte[] src, int offset) {
        int[] scratch = X25519Field.create();
        if (!decodeCanonical(src, offset, scratch)) {
            return "its x coordinate is not below 2^255 - 19 (not a canonical encoding)";
        }
        if (!decodeCanonical(src, offset + 32, scratch)) {
            return "its y coordinate is not below 2^255 - 19 (not a canonical encoding)";
        }
        return "not on edwards25519";
    }

    private static boolean decodeCanonical(byte[] src, int offset, int[] r) {
        X25519Field.decode(src, offset, r);
        byte[] again = new byte[32];
        int[] t = X25519Field.create();
        X25519Field.copy(r, 0, t, 0);
        X25519Field.normalize(t);
        X25519Field.encode(t, again, 0);
        return java.util.Arrays.equals(again, 0, 32, src, offset, offset + 32);
    }

    private static int[] field(BigInteger value) {
        byte[] le = new byte[32];
        byte[] be = value.toByteArray();
        for (int i = 0; i < be.length && i < 32; i++) {
            le[i] = be[be.length - 1 - i];
        }
        int[] r = X25519Field.create();
        X25519Field.decode(le, 0, r);
        return r;
    }

    private static Point basePoint() {
        BigInteger y = BigInteger.valueOf(4).multiply(BigInteger.valueOf(5).modInverse(P)).mod(P);
        BigInteger y2 = y.multiply(y).mod(P);
        BigInteger x2 = y2.subtract(BigInteger.ONE)
                .multiply(D_VALUE.multiply(y2).add(BigInteger.ONE).modInverse(P)).mod(P);
        // p = 5 mod 8: a square root of x2 is x2^((p+3)/8), possibly times sqrt(-1) = 2^((p-1)/4).
        BigInteger x = x2.modPow(P.add(BigInteger.valueOf(3)).shiftRight(3), P);
        if (!x.multiply(x).mod(P).equals(x2)) {
            x = x.multiply(BigInteger.TWO.modPow(P.subtract(BigInteger.ONE).shiftRight(2), P)).mod(P);
        }
        if (x.testBit(0)) {
            x = P.subtract(x);
        }
        Point g = new Point();
        X25519Field.copy(field(x), 0, g.x, 0);
        X25519Field.copy(field(y), 0, g.y, 0);
        X25519Field.copy(g.x, 0, g.u, 0);
        X25519Field.copy(g.y, 0, g.v, 0);
        return g;
    }
}
