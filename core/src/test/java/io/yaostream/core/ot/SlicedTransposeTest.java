package io.yaostream.core.ot;

import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class SlicedTransposeTest {
    /** Widths below, at and above one slice, and a last slice that is short. */
    @ParameterizedTest
    @ValueSource(ints = {128, SlicedTranspose.SLICE, SlicedTranspose.SLICE + 128, 3 * SlicedTranspose.SLICE, 8192 + 384})
    void agreesWithTheKernelsTranspose(int width) {
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(width);
        long[] columns = new long[Iknp.K * width / 64];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = rnd.nextLong();
        }
        long[] expected = new long[2 * width];
        kernel.transpose128(columns, width, expected);
        long[] rows = new long[2 * width];
        new SlicedTranspose().transpose(kernel, columns, width, rows);
        assertArrayEquals(expected, rows);
    }
}
