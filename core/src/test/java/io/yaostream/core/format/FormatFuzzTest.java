package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.testing.BinaryLayout;
import io.yaostream.core.testing.Malformed;
import io.yaostream.core.testing.Malformed.Where;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mutation fuzzing of the four compiled-circuit readers, with fixed seeds: every mutant of a small valid
 * file is either read (and then evaluates without error) or refused with a {@link CircuitFormatException}
 * that follows the message contract; nothing else is thrown and nothing hangs.
 */
class FormatFuzzTest {
    /** Mutants per test; {@code -Dyaostream.fuzzIterations=N} runs more. */
    private static final int ITERATIONS = Integer.getInteger("yaostream.fuzzIterations", 6000);
    /** Added to every fuzz seed; {@code -Dyaostream.seed=S} explores other mutants (failures name the seed). */
    private static final long BASE = Long.getLong("yaostream.seed", 0);

    @Test
    void slotBinary() {
        // Half the mutants get a recomputed CRC so they reach the body parser.
        fuzz(Format.SLOT_BINARY, "fuzz.ysid", Where.BYTE, BinaryLayout::fixSlotCrc, 101);
    }

    @Test
    void slotText() {
        fuzz(Format.SLOT_TEXT, "fuzz.yst", Where.LINE, null, 102);
    }

    @Test
    void mesfeText() {
        fuzz(Format.MESFE_TEXT, "fuzz.mec", Where.LINE, null, 103);
    }

    @Test
    void mesfeBinary() {
        fuzz(Format.MESFE_BINARY, "fuzz.bmec", Where.BYTE, null, 104);
    }

    @Test
    void detectThenRead() {
        // Mutants of every format through format detection, as a command reads an unknown file.
        List<byte[]> seeds = new ArrayList<>();
        for (Format f : Format.values()) {
            seeds.addAll(seeds(f));
        }
        Random rnd = new Random(BASE + 105);
        Malformed.fuzz("fuzz.any", Where.EITHER, seeds, BASE + 105, ITERATIONS, null, data -> {
            Format f = CircuitFiles.detect(data, "fuzz.any");
            if (f != null) {
                evaluate(CircuitFiles.read(data, "fuzz.any", f), rnd);
            }
        });
    }

    @Test
    void aHangingReadIsReportedAndTheNextReadStillRuns() {
        AssertionFailedError hang = assertThrows(AssertionFailedError.class, () -> Malformed.guarded(
                data -> Thread.sleep(60_000), new byte[] {1}, " (test)", Duration.ofMillis(200)));
        assertTrue(hang.getMessage().startsWith("reading did not finish within PT0.2S (test)"), hang.getMessage());
        assertNull(Malformed.guarded(data -> { }, new byte[0], ""));
    }

    private static void fuzz(Format format, String name, Where where, UnaryOperator<byte[]> fixup, long fixedSeed) {
        long seed = BASE + fixedSeed;
        Random rnd = new Random(seed);
        int accepted = Malformed.fuzz(name, where, seeds(format), seed, ITERATIONS, fixup,
                data -> evaluate(CircuitFiles.read(data, name, format), rnd));
        // Some mutants (a changed slot number, a duplicated comment, ...) are still valid: the fuzzer got past
        // the header checks.
        assertTrue(accepted > 0, "no mutant was accepted");
    }

    private static List<byte[]> seeds(Format format) {
        List<byte[]> seeds = new ArrayList<>();
        seeds.add(TestCircuits.write(TestCircuits.small(), format));
        Random rnd = new Random(format.ordinal());
        for (int i = 0; i < 4; i++) {
            seeds.add(TestCircuits.write(TestCircuits.random(rnd, 5 + rnd.nextInt(40)), format));
        }
        return seeds;
    }

    private static void evaluate(CompiledCircuit c, Random rnd) {
        TestCircuits.run(c, TestCircuits.randomLanes(rnd, c.totalInputBits()));
    }
}
