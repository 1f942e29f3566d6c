package io.yaostream.core.kernel;

import java.util.Random;

/** Random 128-bit blocks for kernel tests, as the kernel lays them out (two longs a block). */
final class RandomBlocks {
    private RandomBlocks() {
    }

    static long[] of(Random rnd, int n) {
        long[] b = new long[2 * n];
        for (int i = 0; i < b.length; i++) {
            b[i] = rnd.nextLong();
        }
        return b;
    }
}
