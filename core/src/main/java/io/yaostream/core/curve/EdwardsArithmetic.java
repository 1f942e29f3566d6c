package io.yaostream.core.curve;


/**
 * The scalar multiplications of the base OTs on edwards25519, the one public-key operation whose speed matters.
 * A kernel supplies it ({@link io.yaostream.core.kernel.Kernel#edwards25519()}), so that the C kernel can do it
 * with 64-bit limbs; the Java implementation is {@link JavaEdwardsArithmetic}, and both give the same bytes.
 *
 * <p>A point is encoded in {@value #POINT_BYTES} bytes, affine x then y, each 32 bytes little-endian and canonical
 * ({@link Edwards25519#encode}), and must lie on the curve: the caller checks the peer's points first
 * ({@link Edwards25519#decode}). A scalar k is {@value #DIGITS} signed radix-16 digits in [-8, 8] with
 * k = sum d_i 16^i ({@link Scalar25519#digits}). Every operation is constant time in the scalars.
 *
 * <p>Unlike the rest of a kernel, implementations hold no mutable state: they may be called from several threads
 * at once (the base OTs split their work over threads).
 */
public interface EdwardsArithmetic {
    int POINT_BYTES = 64;
    int DIGITS = 64;

    /**
     * For {@code from <= i < to} and {@code 0 <= j < steps}: writes k P_i + j S to point {@code (i - from) steps + j}
     * of {@code out} from {@code outOffset}, where P_i is point i of {@code points}, k the scalar {@code digits} and S
     * the point {@code step}. One variable-base multiplication a point, then additions of S.
     */
    void multiplyPoints(byte[] points, int from, int to, byte[] digits, byte[] step, int steps, byte[] out, int outOffset);

    /** The point prepared (a table of its multiples) for multiplication by many scalars. */
    FixedPoint fixedPoint(byte[] point);

    /** The base point of RFC 8032, prepared once. */
    FixedPoint base();

    /** A point with its table of multiples: immutable, for any number of threads. */
    interface FixedPoint {
        /**
         * For {@code from <= i < to}: writes k_i P to point {@code i - from} of {@code out} from {@code outOffset},
         * with k_i the scalar at {@code digits[DIGITS i ..]}.
         */
        void multiply(byte[] digits, int from, int to, byte[] out, int outOffset);
    }

    /** The base point, encoded. */
    static byte[] basePoint() {
        byte[] encoded = new byte[POINT_BYTES];
        Edwards25519.encode(new Edwards25519.Point[] {Edwards25519.BASE}, 0, 1, encoded, 0);
        return encoded;
    }

    /** Checks the arguments of {@link #multiplyPoints}; implementations call it first. */
    static void checkMultiplyPoints(byte[] points, int from, int to, byte[] digits, byte[] step, int steps, byte[] out,
                                    int outOffset) {
        checkRange(points, from, to, POINT_BYTES, "points");
        checkLength(digits, DIGITS, "digits");
        checkLength(step, POINT_BYTES, "step");
        if (steps < 0) {
            throw new IllegalArgumentException("steps must not be negative, got " + steps);
        }
        checkOut(out, outOffset, (long) (to - from) * steps);
    }

    /** Checks the arguments of {@link FixedPoint#multiply}; implementations call it first. */
    static void checkMultiply(byte[] digits, int from, int to, byte[] out, int outOffset) {
        checkRange(digits, from, to, DIGITS, "digits");
        checkOut(out, outOffset, to - from);
    }

    /** Checks an encoded point given to {@link #fixedPoint}. */
    static void checkPoint(byte[] point) {
        checkLength(point, POINT_BYTES, "point");
    }

    private static void checkRange(byte[] items, int from, int to, int itemBytes, String name) {
        if (from < 0 || to < from || items.length < (long) to * itemBytes) {
            throw new IllegalArgumentException(name + ": entries [" + from + ", " + to + ") of " + itemBytes
                    + " bytes do not fit in " + items.length + " bytes");
        }
    }

    private static void checkLength(byte[] bytes, int length, String name) {
        if (bytes.length < length) {
            throw new IllegalArgumentException(name + " has " + bytes.length + " bytes, fewer than " + length);
        }
    }

    private static void checkOut(byte[] out, int outOffset, long points) {
        if (outOffset < 0 || out.length < outOffset + points * POINT_BYTES) {
            throw new IllegalArgumentException("out: " + points + " points from byte " + outOffset + " do not fit in "
                    + out.length + " bytes");
        }
    }
}
