package io.yaostream.compiler.dsl;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.plain.PlainEvaluator;

/**
 * Runs a compiled circuit on 64 inputs at once with {@link PlainEvaluator}'s bit-sliced lanes: value j of
 * every group is evaluation j. Groups are at most 64 bits wide, so each value is a {@code long}.
 */
final class Lanes {
    static final int COUNT = 64;

    private Lanes() {
    }

    static long mask(int width) {
        return width == 64 ? -1L : (1L << width) - 1;
    }

    /**
     * @param inputs one array of 64 values per input group, in declaration order
     * @return one array of 64 values per output group, in declaration order
     */
    static long[][] run(CompiledCircuit c, long[]... inputs) {
        long[] in = new long[c.totalInputBits()];
        int k = 0;
        for (int g = 0; g < inputs.length; g++) {
            int width = c.inputs().get(g).width();
            for (int i = 0; i < width; i++) {
                in[k++] = transposeBit(inputs[g], i);
            }
        }
        return runLanes(c, in);
    }

    /**
     * @param inputLanes one lane word per input bit, all groups in order (for inputs wider than 64 bits)
     * @return one array of 64 values per output group, in declaration order
     */
    static long[][] runLanes(CompiledCircuit c, long[] inputLanes) {
        long[] out = new long[c.totalOutputBits()];
        new PlainEvaluator().run(c, inputLanes, out);
        long[][] result = new long[c.outputs().size()][];
        int k = 0;
        for (int g = 0; g < result.length; g++) {
            WireGroup<?> group = c.outputs().get(g);
            result[g] = new long[COUNT];
            for (int i = 0; i < group.width(); i++) {
                long lane = out[k++];
                for (int j = 0; j < COUNT; j++) {
                    result[g][j] |= (lane >>> j & 1) << i;
                }
            }
        }
        return result;
    }

    /** Bit {@code i} of each of the 64 values, as one lane word. */
    private static long transposeBit(long[] values, int i) {
        long lane = 0;
        for (int j = 0; j < COUNT; j++) {
            lane |= (values[j] >>> i & 1) << j;
        }
        return lane;
    }
}
