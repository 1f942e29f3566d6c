package io.yaostream.core.kernel;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class OneHotLeavesTest {
    /**
     * The Java kernel's leaf stage against its statement, one hash at a time ({@link CorrelationRobustHash#hash}):
     * the columns are the XOR of every hash of a bit of b, output o·m + j of those whose leaf's row has bit o; the
     * skipped leaf takes no part; scratch of just m blocks (one leaf a call) or of several leaves.
     */
    @Test
    void foldsEveryHashIntoItsColumnAndTheOutputsOfItsRow() {
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(31);
        int[][] shapes = {{1, 1, 1, -1}, {16, 3, 4, 5}, {33, 8, 64, -1}, {8, 128, 3, 0}, {64, 2, 6, 63}, {5, 7, 0, 2}};
        for (int[] shape : shapes) {
            int leaves = shape[0];
            int m = shape[1];
            int r = shape[2];
            int skip = shape[3];
            long[] seeds = RandomBlocks.of(rnd, leaves);
            long[] rows = new long[leaves];
            long keep = r == 64 ? -1L : (1L << r) - 1;
            Arrays.setAll(rows, i -> i == 1 ? keep : rnd.nextLong() & keep);
            long first = -3L * m; // across the wrap of the 64-bit tweak
            long domain = rnd.nextLong();
            long[] columns = new long[2 * m];
            long[] out = new long[2 * r * m];
            long[] one = new long[2];
            for (int i = 0; i < leaves; i++) {
                for (int j = 0; j < m && i != skip; j++) {
                    long[] seed = {seeds[2 * i], seeds[2 * i + 1]};
                    CorrelationRobustHash.hash(kernel, seed, new long[] {first + (long) i * m + j}, domain, one, new long[2], 1);
                    columns[2 * j] ^= one[0];
                    columns[2 * j + 1] ^= one[1];
                    for (int o = 0; o < r; o++) {
                        if ((rows[i] >>> o & 1) != 0) {
                            out[2 * (o * m + j)] ^= one[0];
                            out[2 * (o * m + j) + 1] ^= one[1];
                        }
                    }
                }
            }
            for (int scratchBlocks : new int[] {m, 5 * m + 1}) {
                long[] gotColumns = RandomBlocks.of(rnd, m); // overwritten, whatever they held
                long[] gotOut = RandomBlocks.of(rnd, r * m);
                kernel.oneHotLeaves(seeds, leaves, m, first, domain, rows, r, skip, gotOut, gotColumns, new long[2 * scratchBlocks]);
                String what = leaves + " leaves, m " + m + ", r " + r + ", scratch " + scratchBlocks;
                assertArrayEquals(columns, gotColumns, "columns, " + what);
                assertArrayEquals(out, gotOut, "outputs, " + what);
            }
        }
    }

    /** What every kernel refuses (OneHotLeaves.check), here through the Java definition. */
    @Test
    void refusesShortArraysRowsPastROrSharedArrays() {
        Kernel kernel = new JavaKernel();
        long[] seeds = new long[2 * 4];
        long[] rows = {0, 1, 2, 3};
        long[] out = new long[2 * 2 * 3];
        long[] columns = new long[2 * 3];
        long[] scratch = new long[2 * 3];
        kernel.oneHotLeaves(seeds, 4, 3, 0, 0, rows, 2, -1, out, columns, scratch); // exactly fits
        List<Runnable> refused = List.of(
                () -> kernel.oneHotLeaves(seeds, 5, 3, 0, 0, rows, 2, -1, out, columns, scratch),
                () -> kernel.oneHotLeaves(seeds, 4, 3, 0, 0, rows, 1, -1, out, columns, scratch), // rows 2, 3 past r
                () -> kernel.oneHotLeaves(seeds, 4, 4, 0, 0, rows, 2, -1, out, columns, scratch),
                () -> kernel.oneHotLeaves(seeds, 4, 3, 0, 0, rows, 2, -1, out, columns, new long[5]),
                () -> kernel.oneHotLeaves(seeds, 4, 0, 0, 0, rows, 2, -1, out, columns, scratch),
                () -> kernel.oneHotLeaves(seeds, 4, 3, 0, 0, rows, 65, -1, new long[2 * 65 * 3], columns, scratch),
                () -> kernel.oneHotLeaves(seeds, 4, 3, 0, 0, rows, 2, -1, out, columns, out),
                () -> kernel.oneHotLeaves(columns, 3, 3, 0, 0, rows, 2, -1, out, columns, scratch));
        for (int i = 0; i < refused.size(); i++) {
            assertThrows(IllegalArgumentException.class, refused.get(i)::run, "call " + i);
        }
    }
}
