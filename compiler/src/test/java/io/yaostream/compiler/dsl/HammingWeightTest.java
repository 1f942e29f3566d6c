package io.yaostream.compiler.dsl;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Hamming weight and distance against a direct count, at widths up to ME-SFE's 900 bits, with the
 * Boyar–Peralta AND count n - popcount(n) and ME-SFE's working set for the 900-bit distance.
 */
class HammingWeightTest {

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 4, 7, 8, 15, 16, 63, 64, 65, 100, 255, 256, 900})
    void countsTheSetBits(int n) {
        CircuitBuilder b = new CircuitBuilder();
        b.output("weight", Receiver.BOTH, b.hammingWeight(b.input("x", Party.GARBLER, n)));
        long[] lanes = inputLanes(n, new Random(n));

        CompiledCircuit inOrder = b.compile(Compiler.Options.IN_ORDER);
        CompiledCircuit compiled = b.compile();
        for (CompiledCircuit c : new CompiledCircuit[] {inOrder, compiled}) {
            assertEquals(n - Integer.bitCount(n), c.counts().and(), "AND gates");
            assertEquals(32 - Integer.numberOfLeadingZeros(n), c.outputs().get(0).width(), "result width = ceil(log2(n+1))");
            assertArrayEquals(expectedWeights(lanes), Lanes.runLanes(c, lanes)[0]);
        }
        // In creation order, each adder frees what it reads before the next one starts: one value beyond the
        // inputs. Batching would defer the first column's n/2 independent ANDs and keep a value alive for
        // each, so the compiler must find the smaller unbatched working set on its own.
        assertTrue(inOrder.slots() <= n + 1, "in-order working set " + inOrder.slots() + " for " + n + " input bits");
        assertTrue(compiled.slots() <= inOrder.slots(), "default working set " + compiled.slots() + " > in-order " + inOrder.slots());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 32, 64})
    void matchesLongBitCount(int n) {
        CircuitBuilder b = new CircuitBuilder();
        b.output("weight", Receiver.BOTH, b.hammingWeight(b.input("x", Party.GARBLER, n)));
        CompiledCircuit c = b.compile();
        Random random = new Random(n);
        for (int round = 0; round < 4; round++) {
            long[] x = Operands.generate(n, random).a(); // includes 0 and all ones
            long[] got = Lanes.run(c, x)[0];
            for (int j = 0; j < Lanes.COUNT; j++) {
                assertEquals(Long.bitCount(x[j]), got[j], "weight of " + Long.toHexString(x[j]));
            }
        }
    }

    /** Hamming distance of two 900-bit values, ME-SFE's example: 896 ANDs and its working set of 1,800. */
    @Test
    void distanceOf900BitValuesMatchesMeSfe() {
        int n = 900;
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, n);
        Bits y = b.input("y", Party.EVALUATOR, n);
        b.output("distance", Receiver.BOTH, b.hammingWeight(b.xor(x, y)));
        Random random = new Random(7);
        long[] lx = inputLanes(n, random);
        long[] ly = inputLanes(n, random);
        long[] diff = new long[n];
        for (int i = 0; i < n; i++) {
            diff[i] = lx[i] ^ ly[i];
        }
        long[] both = new long[2 * n];
        System.arraycopy(lx, 0, both, 0, n);
        System.arraycopy(ly, 0, both, n, n);

        for (Compiler.Options options : new Compiler.Options[] {Compiler.Options.DEFAULT, Compiler.Options.IN_ORDER}) {
            CompiledCircuit c = b.compile(options);
            assertEquals(896, c.counts().and(), "AND gates");
            assertEquals(2 * n, c.slots(), "working set: the 1,800 input bits and nothing more");
            assertArrayEquals(expectedWeights(diff), Lanes.runLanes(c, both)[0]);
        }
    }

    /**
     * One lane word per input bit. Lane 0 is all zeros, lane 1 all ones, and in lane j >= 2 each bit is set
     * with probability about j/63, so the weights spread over the whole range.
     */
    private static long[] inputLanes(int n, Random random) {
        long[] lanes = new long[n];
        for (int i = 0; i < n; i++) {
            long lane = 2L;
            for (int j = 2; j < Lanes.COUNT; j++) {
                if (random.nextInt(63) < j) {
                    lane |= 1L << j;
                }
            }
            lanes[i] = lane;
        }
        return lanes;
    }

    /** The number of set bits in each of the 64 lanes. */
    private static long[] expectedWeights(long[] lanes) {
        long[] weight = new long[Lanes.COUNT];
        for (long lane : lanes) {
            for (int j = 0; j < Lanes.COUNT; j++) {
                weight[j] += lane >>> j & 1;
            }
        }
        return weight;
    }
}
