package io.yaostream.core.ot;

import io.yaostream.core.kernel.Kernel;

/**
 * The IKNP transpose of one block, done {@value #SLICE} columns of the matrix at a time: each slice of the 128
 * rows is gathered into a small buffer, transposed by the kernel, and its output rows copied into place.
 *
 * <p>Why: the kernel's transpose runs at about twice the cost per OT once its input and output (16 bytes a
 * column each) outgrow the core's caches — on this machine about 14 ns per OT at the default block of 2^13
 * columns against 6-7 ns up to 2^11 with the native kernel — while the PRG wants long runs per call, so the
 * block stays large and only the transpose is cut. The two extra copies cost about 2 ns per OT. Holds
 * 64 KiB of buffers; one instance per extension end.
 */
final class SlicedTranspose {
    /** Columns (OTs) per slice: a multiple of 128. */
    static final int SLICE = 1 << 11;

    private final long[] sliceColumns = new long[Iknp.K * SLICE / 64];
    private final long[] sliceRows = new long[2 * SLICE];

    /**
     * As {@link Kernel#transpose128}: {@code columns} holds 128 rows of {@code width} bits ({@code width / 64}
     * longs each), {@code rows} gets {@code width} rows of 128 bits.
     */
    void transpose(Kernel kernel, long[] columns, int width, long[] rows) {
        if (width <= SLICE) {
            kernel.transpose128(columns, width, rows);
            return;
        }
        int words = width >>> 6;
        for (int from = 0; from < width; from += SLICE) {
            int slice = Math.min(SLICE, width - from);
            int sliceWords = slice >>> 6;
            for (int j = 0; j < Iknp.K; j++) {
                System.arraycopy(columns, j * words + (from >>> 6), sliceColumns, j * sliceWords, sliceWords);
            }
            kernel.transpose128(sliceColumns, slice, sliceRows);
            System.arraycopy(sliceRows, 0, rows, 2 * from, 2 * slice);
        }
    }
}
