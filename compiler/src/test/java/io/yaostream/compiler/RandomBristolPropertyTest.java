package io.yaostream.compiler;

import io.yaostream.compiler.bristol.BristolReader.Dialect;
import io.yaostream.compiler.bristol.BristolReader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.RandomBristol;
import io.yaostream.compiler.testing.ReferenceBristol;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property tests of the whole compile pipeline (Bristol reader, netlist folding, scheduler, slot allocator)
 * against {@link ReferenceBristol}, a direct wire-by-wire evaluation of the file, on random Bristol files of
 * up to tens of thousands of gates and on many random inputs (64 per run).
 */
class RandomBristolPropertyTest {
    /** Seeds per test; {@code -Dyaostream.seeds=N} runs more. */
    private static final int SEEDS = Integer.getInteger("yaostream.seeds", 60);
    /** First seed; {@code -Dyaostream.seed=S} explores other circuits (failures name the seed). */
    private static final long BASE = Long.getLong("yaostream.seed", 0);
    private static final int ROUNDS = 4;
    private static final Compiler.Options[] OPTIONS = {
        Compiler.Options.IN_ORDER, new Compiler.Options(1), new Compiler.Options(2), new Compiler.Options(5),
        new Compiler.Options(64), Compiler.Options.DEFAULT
    };

    /** Sizes cycle through small and large: every fifth seed has 20,000 to 50,000 gates. */
    private static int size(long seed) {
        return seed % 5 == 0 ? 20_000 + new Random(seed).nextInt(30_000) : 10 + new Random(seed).nextInt(3_000);
    }

    @Test
    void fashionCircuitsEvaluateLikeTheFile() {
        for (long seed = BASE; seed < BASE + SEEDS; seed++) {
            RandomBristol.Source src = RandomBristol.fashion(seed, size(seed));
            ReferenceBristol ref = ReferenceBristol.parse(src.text(), true);
            // As a command loads it: format guessed from the content.
            CompiledCircuit c = CircuitLoader.load(src.bytes(), "random.txt", null, Compiler.Options.DEFAULT);
            assertMatchesReference(ref, c, seed, "fashion");
        }
    }

    @Test
    void oldFormatCircuitsEvaluateLikeTheFile() {
        for (long seed = BASE + 1_000_000; seed < BASE + 1_000_000 + SEEDS / 2; seed++) {
            RandomBristol.Source src = RandomBristol.old(seed, size(seed));
            ReferenceBristol ref = ReferenceBristol.parse(src.text(), false);
            assertEquals(Dialect.OLD, BristolReader.detect(src.bytes(), "old.txt"));
            CompiledCircuit c = CircuitLoader.load(src.bytes(), "old.txt", null, Compiler.Options.DEFAULT);
            assertMatchesReference(ref, c, seed, "old");
            CompiledCircuit named = CircuitLoader.load(src.bytes(), "old.txt", CircuitLoader.SourceFormat.BRISTOL_OLD,
                    Compiler.Options.DEFAULT);
            assertEquals(c, named, "--from bristol-old gives what detection gives");
        }
    }

    @Test
    void everySchedulingOptionEvaluatesLikeTheFile() {
        for (long seed = BASE + 2_000_000; seed < BASE + 2_000_000 + SEEDS / 2; seed++) {
            RandomBristol.Source src = seed % 4 == 0 ? RandomBristol.old(seed, size(seed)) : RandomBristol.fashion(seed, size(seed));
            Dialect dialect = src.fashion() ? Dialect.FASHION : Dialect.OLD;
            ReferenceBristol ref = ReferenceBristol.parse(src.text(), src.fashion());
            for (Compiler.Options o : OPTIONS) {
                CompiledCircuit c = Compiler.compile(BristolReader.read(src.bytes(), "random.txt", dialect), o);
                assertMatchesReference(ref, c, seed, "maxBatch " + o.maxBatch());
                for (int b = 0; o.maxBatch() > 0 && b < c.andBatchCount(); b++) {
                    assertTrue(c.andBatchLength(b) <= o.maxBatch(), "batch " + b + " has " + c.andBatchLength(b)
                            + " AND gates, more than maxBatch " + o.maxBatch() + ", seed " + seed);
                }
                if (o.maxBatch() == 0) {
                    assertEquals(c, CircuitLoader.load(src.bytes(), "random.txt", null, o), "IN_ORDER through the loader");
                }
            }
        }
    }

    @Test
    void compilationIsDeterministic() {
        for (long seed = BASE + 3_000_000; seed < BASE + 3_000_000 + SEEDS / 6; seed++) {
            RandomBristol.Source src = RandomBristol.fashion(seed, size(seed));
            for (Compiler.Options o : new Compiler.Options[] {Compiler.Options.DEFAULT, Compiler.Options.IN_ORDER, new Compiler.Options(3)}) {
                CompiledCircuit a = Compiler.compile(BristolReader.read(src.bytes(), "a.txt", Dialect.FASHION), o);
                CompiledCircuit b = Compiler.compile(BristolReader.read(src.bytes().clone(), "b.txt", Dialect.FASHION), o);
                assertEquals(a, b, "seed " + seed);
                assertEquals(a.hashCode(), b.hashCode());
                assertArrayEquals(TestCircuits.write(a, Format.SLOT_BINARY), TestCircuits.write(b, Format.SLOT_BINARY),
                        "identical slot-ID bytes, seed " + seed);
                assertArrayEquals(TestCircuits.write(a, Format.SLOT_TEXT), TestCircuits.write(b, Format.SLOT_TEXT));
            }
        }
    }

    /**
     * The compiled circuit has the file's interface, computes what the file computes on ROUNDS x 64 random
     * input sets (so no slot was reused while its value was still needed), and is no bigger than the file.
     */
    private static void assertMatchesReference(ReferenceBristol ref, CompiledCircuit c, long seed, String what) {
        String at = what + ", seed " + seed;
        assertEquals(Arrays.stream(ref.inputWidths()).boxed().toList(), TestCircuits.widths(c.inputs()), "input widths, " + at);
        assertEquals(Arrays.stream(ref.outputWidths()).boxed().toList(), TestCircuits.widths(c.outputs()), "output widths, " + at);
        Random rnd = new Random(seed);
        for (int r = 0; r < ROUNDS; r++) {
            long[] in = TestCircuits.randomLanes(rnd, ref.totalInputBits());
            if (r == 0) {
                in[0] = 0; // lanes also see all-zero and all-one inputs on the first bit
                if (in.length > 1) {
                    in[1] = -1;
                }
            }
            assertArrayEquals(ref.evaluate(in), TestCircuits.run(c, in), "outputs differ from the file's, " + at + ", round " + r);
        }
        assertTrue(c.counts().and() <= ref.andGates(), "compiled AND " + c.counts().and() + " > source AND " + ref.andGates() + ", " + at);
        // NOT folding: an INV gate remains only where an output bit needs an inverted value; constants only for outputs.
        assertTrue(c.counts().inv() <= c.totalOutputBits(), "INV gates " + c.counts().inv() + ", " + at);
        assertTrue(c.counts().constants() <= 2, "constant gates " + c.counts().constants() + ", " + at);
        assertTrue(c.gateCount() <= ref.gateCount() + ref.andGates() + c.totalOutputBits(), "gate count, " + at);
        // Slots: at most one per value, and reused (the working set is far below the value count in big circuits).
        assertTrue(c.slots() <= c.totalInputBits() + c.gateCount(), "slots, " + at);
        if (c.gateCount() > 10_000) {
            assertTrue(c.slots() < c.gateCount() / 2, "slot reuse: S = " + c.slots() + " for " + c.gateCount() + " gates, " + at);
        }
    }
}
