package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every scheme, Java kernel: a circuit walked from its file in blocks of a few gates is walked as in memory. */
class StreamedWalkTest {
    @TempDir
    Path dir;

    /** Every scheme but the fleXOR ones, which refuse a streamed circuit (NativeKernelTest.flexorSchemesRefuseAStreamedCircuit). */
    static List<String> schemes() {
        return Schemes.names().stream().filter(n -> SchemeContractTest.flexorOrdering(n) == null).toList();
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void randomCircuitsWalkedInTinyBlocksGiveTheInMemoryMaterial(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        int streamed = 0;
        for (int seed = 0; seed < 60; seed++) {
            Random rnd = new Random(seed);
            CompiledCircuit c = TestCircuits.random(rnd, 1 + rnd.nextInt(seed % 6 == 0 ? 3000 : 200));
            long budget = 16L * (1 + rnd.nextInt(seed % 2 == 0 ? 4 : 40)); // blocks of 1..40 gates
            CompiledCircuit s = StreamedWalks.streamed(c, dir, budget);
            streamed += s.isStreamed() ? 1 : 0;
            StreamedWalks.assertSameAsInMemory(scheme, kernel, c, s, seed);
        }
        assertTrue(streamed > 50, streamed + " of 60 circuits streamed");
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void aLongBatchSplitAcrossBlocksGivesTheInMemoryMaterial(String name) {
        // 300 independent AND gates from the inputs: one batch of 300 over blocks of 7 gates.
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(4 + 300);
        b.input("a", io.yaostream.core.circuit.Party.GARBLER, new int[] {0, 1});
        b.input("b", io.yaostream.core.circuit.Party.EVALUATOR, new int[] {2, 3});
        int[] outs = new int[300];
        for (int i = 0; i < 300; i++) {
            b.gate(io.yaostream.core.circuit.GateOp.AND, i % 4, (i / 4) % 4, 4 + i);
            outs[i] = 4 + i;
        }
        b.output("o", io.yaostream.core.circuit.Receiver.BOTH, outs);
        CompiledCircuit c = b.build();
        CompiledCircuit s = StreamedWalks.streamed(c, dir, 16 * 7);
        assertTrue(s.isStreamed());
        StreamedWalks.assertSameAsInMemory(Schemes.byName(name), new JavaKernel(), c, s, 1);
        assertArrayEquals(c.digest(), s.digest());
    }
}
