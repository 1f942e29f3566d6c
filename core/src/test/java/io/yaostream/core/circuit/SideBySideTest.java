package io.yaostream.core.circuit;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.garble.LocalGarbling;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SideBySideTest {
    private static BitString[] randomInputs(CompiledCircuit c, Random rnd) {
        return c.inputs().stream().map(g -> BitString.of(new BigInteger(g.width(), rnd), g.width())).toArray(BitString[]::new);
    }

    /** Each copy, on inputs of its own, computes what the circuit computes on them: in plaintext and garbled. */
    @Test
    void everyCopyComputesWhatTheCircuitWould() {
        Random rnd = new Random(11);
        PlainEvaluator plain = new PlainEvaluator();
        LocalGarbling garbled = new LocalGarbling(Schemes.byName(Schemes.DEFAULT), new JavaKernel(), new JavaKernel(),
                AesCtrRandom.forTesting(5));
        for (int t = 0; t < 60; t++) {
            CompiledCircuit c = TestCircuits.random(rnd, 1 + rnd.nextInt(300));
            int copies = 1 + rnd.nextInt(5);
            CompiledCircuit wide = SideBySide.of(c, copies);
            int groups = c.inputs().size();
            BitString[] in = new BitString[copies * groups];
            BitString[] expected = new BitString[copies * c.outputs().size()];
            for (int j = 0; j < copies; j++) {
                BitString[] mine = randomInputs(c, rnd);
                System.arraycopy(mine, 0, in, j * groups, groups);
                BitString[] out = plain.evaluate(c, mine);
                System.arraycopy(out, 0, expected, j * out.length, out.length);
            }
            assertArrayEquals(expected, plain.evaluate(wide, in), "circuit " + t + ", " + copies + " copies, in plaintext");
            assertArrayEquals(expected, garbled.run(wide, in).outputs(), "circuit " + t + ", " + copies + " copies, garbled");
        }
    }

    /** The same gates, k times over: k times the slots, the same number of batches, each k times as wide. */
    @Test
    void batchesWidenAndCountsMultiply() {
        Random rnd = new Random(12);
        for (int t = 0; t < 20; t++) {
            CompiledCircuit c = TestCircuits.random(rnd, 200);
            int k = 2 + rnd.nextInt(7);
            CompiledCircuit wide = SideBySide.of(c, k);
            GateCounts n = c.counts();
            assertEquals(new GateCounts(k * n.gates(), k * n.and(), k * n.xor(), k * n.inv(), k * n.constants()), wide.counts());
            assertEquals(k * c.slots(), wide.slots());
            assertEquals(c.andBatchCount(), wide.andBatchCount());
            for (int b = 0; b < c.andBatchCount(); b++) {
                assertEquals(k * c.andBatchStart(b), wide.andBatchStart(b));
                assertEquals(k * c.andBatchLength(b), wide.andBatchLength(b));
            }
            assertEquals(k * c.inputs().size(), wide.inputs().size());
            assertEquals(k * c.outputs().size(), wide.outputs().size());
            // Consecutive gates are of different copies: none reads the output of the gate just before it.
            for (int g = 1; g < wide.gateCount(); g++) {
                int before = wide.out(g - 1);
                assertTrue(wide.in0(g) != before && wide.in1(g) != before, "gate " + g + " reads the one before");
            }
        }
    }

    @Test
    void aStreamedCircuitIsItsOwnOneCopyAndIsNotCopied(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        CompiledCircuit s = io.yaostream.core.garble.StreamedWalks.streamed(TestCircuits.random(new Random(13), 300), dir, 64);
        assertSame(s, SideBySide.of(s, 1));
        assertThrows(IllegalArgumentException.class, () -> SideBySide.of(s, 2));
    }

    @Test
    void oneCopyIsTheCircuitAndNoneIsAnError() {
        CompiledCircuit c = TestCircuits.small();
        assertSame(c, SideBySide.of(c, 1));
        assertThrows(IllegalArgumentException.class, () -> SideBySide.of(c, 0));
        assertThrows(IllegalArgumentException.class, () -> SideBySide.of(c, CompiledCircuit.MAX_SLOTS));
        assertEquals(Arrays.asList("a", "b", "a", "b"), SideBySide.of(c, 2).inputs().stream().map(WireGroup::name).toList());
    }
}
