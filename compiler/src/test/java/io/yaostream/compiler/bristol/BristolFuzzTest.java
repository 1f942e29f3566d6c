package io.yaostream.compiler.bristol;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.RandomBristol;
import io.yaostream.compiler.testing.ReferenceBristol;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFormatException;
import io.yaostream.core.testing.Malformed.Where;
import io.yaostream.core.testing.Malformed;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.yaostream.core.testing.Malformed.ascii;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mutation fuzzing of the Bristol reader (both dialects) and of the loader's format detection, with fixed
 * seeds. A mutant is either refused with a {@link CircuitFormatException} that follows the message contract,
 * or accepted, and then it must compile, and evaluate exactly as {@link ReferenceBristol} evaluates the same
 * mutant (differential check: an accepted file means what the format says).
 */
class BristolFuzzTest {
    /** Mutants per test; {@code -Dyaostream.fuzzIterations=N} runs more. */
    private static final int ITERATIONS = Integer.getInteger("yaostream.fuzzIterations", 6000);
    /** Added to every fuzz seed; {@code -Dyaostream.seed=S} explores other mutants (failures name the seed). */
    private static final long BASE = Long.getLong("yaostream.seed", 0);

    @Test
    void fashion() {
        int accepted = fuzz(true, 201);
        assertTrue(accepted > 0, "no mutant was accepted");
    }

    @Test
    void oldFormat() {
        int accepted = fuzz(false, 202);
        assertTrue(accepted > 0, "no mutant was accepted");
    }

    @Test
    void loaderDetection() {
        List<byte[]> seeds = new ArrayList<>(seeds(true));
        seeds.addAll(seeds(false));
        Random rnd = new Random(BASE + 203);
        Malformed.fuzz("fuzz.txt", Where.EITHER, seeds, BASE + 203, ITERATIONS / 2, null, data -> {
            CompiledCircuit c = CircuitLoader.load(data, "fuzz.txt", null, Compiler.Options.DEFAULT);
            TestCircuits.run(c, TestCircuits.randomLanes(rnd, c.totalInputBits()));
        });
    }

    private static int fuzz(boolean fashion, long fixedSeed) {
        long seed = BASE + fixedSeed;
        BristolReader.Dialect dialect = fashion ? BristolReader.Dialect.FASHION : BristolReader.Dialect.OLD;
        Random rnd = new Random(seed);
        return Malformed.fuzz("fuzz.txt", Where.LINE, seeds(fashion), seed, ITERATIONS, null, data -> {
            CompiledCircuit c = Compiler.compile(BristolReader.read(data, "fuzz.txt", dialect),
                    rnd.nextBoolean() ? Compiler.Options.DEFAULT : new Compiler.Options(1 + rnd.nextInt(3)));
            ReferenceBristol ref = ReferenceBristol.parse(new String(data, StandardCharsets.ISO_8859_1), fashion);
            long[] in = TestCircuits.randomLanes(rnd, c.totalInputBits());
            assertArrayEquals(ref.evaluate(in), TestCircuits.run(c, in), "accepted mutant evaluates differently from the file");
        });
    }

    private static List<byte[]> seeds(boolean fashion) {
        List<byte[]> seeds = new ArrayList<>();
        seeds.add(ascii(fashion ? MalformedBristolTest.VALID_FASHION : MalformedBristolTest.VALID_OLD));
        for (int i = 0; i < 4; i++) {
            seeds.add((fashion ? RandomBristol.fashion(i, 10 + 10 * i) : RandomBristol.old(i, 10 + 10 * i)).bytes());
        }
        return seeds;
    }
}
