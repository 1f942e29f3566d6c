package io.yaostream.core.curve;

/** {@link EdwardsArithmetic} in Java, over {@link Edwards25519} (Bouncy Castle's field arithmetic). */
public final class JavaEdwardsArithmetic implements EdwardsArithmetic {
    public static final JavaEdwardsArithmetic INSTANCE = new JavaEdwardsArithmetic();

    private static final FixedPoint BASE = new Table(FixedBaseTable.base());

    private JavaEdwardsArithmetic() {
    }

    @Override
    public void multiplyPoints(byte[] points, int from, int to, byte[] digits, byte[] step, int steps, byte[] out,
                               int outOffset) {
        EdwardsArithmetic.checkMultiplyPoints(points, from, to, digits, step, steps, out, outOffset);
        Edwards25519.Cached addend = decode(step, 0).toCached();
        Edwards25519.Point[] results = new Edwards25519.Point[(to - from) * steps];
        for (int i = from; i < to; i++) {
            Edwards25519.Point r = new Edwards25519.Point();
            Edwards25519.multiply(decode(points, i * POINT_BYTES), digits, r);
            for (int j = 0; j < steps; j++) {
                int at = (i - from) * steps + j;
                results[at] = new Edwards25519.Point();
                results[at].set(r);
                r.add(addend);
            }
        }
        Edwards25519.encode(results, 0, results.length, out, outOffset);
    }

    @Override
    public FixedPoint fixedPoint(byte[] point) {
        EdwardsArithmetic.checkPoint(point);
        return new Table(new FixedBaseTable(decode(point, 0)));
    }

    @Override
    public FixedPoint base() {
        return BASE;
    }

    /** A point the caller promises is on the curve: a failure here is a bug, not a peer's fault. */
    private static Edwards25519.Point decode(byte[] encoded, int offset) {
        Edwards25519.Point p = Edwards25519.decode(encoded, offset);
        if (p == null) {
            throw new IllegalArgumentException("bytes " + offset + " .. " + (offset + POINT_BYTES)
                    + " are not an encoded point of edwards25519");
        }
        return p;
    }

    private static final class Table implements FixedPoint {
        private final FixedBaseTable table;

        Table(FixedBaseTable table) {
            this.table = table;
        }

        @Override
        public void multiply(byte[] digits, int from, int to, byte[] out, int outOffset) {
            EdwardsArithmetic.checkMultiply(digits, from, to, out, outOffset);
            Edwards25519.Point[] results = new Edwards25519.Point[to - from];
            for (int i = from; i < to; i++) {
                results[i - from] = new Edwards25519.Point();
                table.multiply(digits, i * DIGITS, results[i - from]);
            }
            Edwards25519.encode(results, 0, results.length, out, outOffset);
        }
    }
}
