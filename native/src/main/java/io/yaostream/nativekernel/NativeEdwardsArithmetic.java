package io.yaostream.nativekernel;

import io.yaostream.core.curve.EdwardsArithmetic;

/**
 * {@link EdwardsArithmetic} in C (native/src/main/c/yaostream_ed25519.c): field elements of five 51-bit limbs with
 * 128-bit products. A fixed point's table lives in a Java array, so no native memory needs freeing.
 */
final class NativeEdwardsArithmetic implements EdwardsArithmetic {
    static final NativeEdwardsArithmetic INSTANCE = new NativeEdwardsArithmetic();
    /** YS_ED25519_TABLE_WORDS: 64 rows of 8 multiples, 20 longs each. */
    private static final int TABLE_LONGS = 64 * 8 * 20;

    private NativeEdwardsArithmetic() {
    }

    @Override
    public void multiplyPoints(byte[] points, int from, int to, byte[] digits, byte[] step, int steps, byte[] out,
                               int outOffset) {
        EdwardsArithmetic.checkMultiplyPoints(points, from, to, digits, step, steps, out, outOffset);
        NativeBindings.edwardsMultiplyPoints(points, from, to, digits, step, steps, out, outOffset);
    }

    @Override
    public FixedPoint fixedPoint(byte[] point) {
        EdwardsArithmetic.checkPoint(point);
        return new Table(point);
    }

    @Override
    public FixedPoint base() {
        return BaseHolder.BASE;
    }

    private static final class Table implements FixedPoint {
        private final long[] multiples = new long[TABLE_LONGS];

        Table(byte[] point) {
            NativeBindings.edwardsTable(point, multiples);
        }

        @Override
        public void multiply(byte[] digits, int from, int to, byte[] out, int outOffset) {
            EdwardsArithmetic.checkMultiply(digits, from, to, out, outOffset);
            NativeBindings.edwardsMultiplyTable(multiples, digits, from, to, out, outOffset);
        }
    }

    /** The base point's table, built on first use. */
    private static final class BaseHolder {
        static final FixedPoint BASE = new Table(EdwardsArithmetic.basePoint());
    }
}
