package io.yaostream.compiler.dsl;

import java.util.Random;

/**
 * Pairs of 64 operands of one width for the lane harness: every pair when they fit in 64 lanes
 * (width <= 3), otherwise edge cases (0, max, equal operands, the signed boundary) followed by random
 * pairs, every eighth of them equal.
 */
record Operands(long[] a, long[] b) {

    static Operands generate(int width, Random random) {
        long[] a = new long[Lanes.COUNT];
        long[] b = new long[Lanes.COUNT];
        long mask = Lanes.mask(width);
        if (2 * width <= 6) {
            for (int j = 0; j < Lanes.COUNT; j++) {
                a[j] = j & mask;
                b[j] = (j >>> width) & mask;
            }
            return new Operands(a, b);
        }
        long top = 1L << (width - 1);
        long[][] edges = {
            {0, 0}, {mask, mask}, {0, mask}, {mask, 0}, {1, 0}, {0, 1}, {mask, 1}, {1, mask},
            {top, top - 1}, {top - 1, top}, {top, top}, {top, 0}, {0, top}, {mask, top}, {top, mask},
        };
        for (int j = 0; j < Lanes.COUNT; j++) {
            if (j < edges.length) {
                a[j] = edges[j][0];
                b[j] = edges[j][1];
            } else {
                a[j] = random.nextLong() & mask;
                b[j] = j % 8 == 0 ? a[j] : random.nextLong() & mask;
            }
        }
        return new Operands(a, b);
    }

    /** 64 random bits, the first two lanes fixed to 0 and 1 so both values always occur. */
    static long[] bits(Random random) {
        long[] s = new long[Lanes.COUNT];
        for (int j = 0; j < Lanes.COUNT; j++) {
            s[j] = j < 2 ? j : random.nextInt(2);
        }
        return s;
    }
}
