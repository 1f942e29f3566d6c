package io.yaostream.onehot;

import io.yaostream.Inputs;
import io.yaostream.core.testing.Uniformity;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.yaostream.onehot.ModuleRuns.bytes;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One-hot reduction mod a public l (HK21 §7.7) against BigInteger's, with its conditional-subtraction baseline,
 * on the plaintext back end and through half-gates and grr3 sessions, at the bytes its construction counts; and
 * what it shows the evaluator, uniform whatever the input.
 */
class ModReduceTest {
    private static List<BigInteger> residues(List<BitString> as, long l) {
        List<BigInteger> out = new ArrayList<>();
        for (BitString a : as) {
            out.add(a.toBigInteger().mod(BigInteger.valueOf(l)));
        }
        return out;
    }

    private static ModuleRuns.Op oneHot(long l, int k) {
        return (c, x) -> ModReduce.of(x[0], l, k).asBits();
    }

    private static ModuleRuns.Op standard(long l) {
        return (c, x) -> ModReduce.standard(x[0], l).asBits();
    }

    /** One-bit evaluator inputs the operations ignore. */
    private static List<BitString> unused(int count) {
        return Collections.nCopies(count, BitString.zeros(1));
    }

    /**
     * HK21's benchmark, 32-bit a mod 65521 at k = 8, and a smaller one, counted from the construction (the class
     * comment's steps):
     */
    private static long oneHotBytes(String scheme, int n, long l) {
        if (n == 32 && l == 65521) {
            // Reveal: a + α with its carry, 32 ANDs; u is 4 bytes of colours. u's low 16 bits are a term; bits 16-23 and
            // 24-31 are two 8-bit lookups (15 ciphertexts each); the wrap's gate takes 16. The terms' bounds are
            // 65,535, 3,825 (c·2^16 mod l = 15c), 65,280 (c·2^24 mod l = 3840c mod l, at most) and 65,520: their sums
            // cost 16 (12 + 16 bits into 17), 16 (16 + 16 into 17) and 17 (17 + 17 into 18) ANDs, and the total, at
            // most 200,160 < 4l, is reduced by 2l and by l: each a comparison with 16 ANDs (the constant's bits up
            // to its lowest one fold) and a subtraction with 15 (16 bits above that one, the last carry unused).
            long ands = 32 + (16 + 16 + 17) + 2 * (16 + 15);
            return bytes(scheme, 4 + 16 * (15 + 15 + 16), ands);
        }
        if (n == 16 && l == 1000) {
            // At k = 4: u's low 10 bits, then chunks of bits 10-12 and 13-15 (5 ciphertexts each), the wrap's gate
            // 10; 16 ANDs and 2 bytes to reveal. Bounds 1023, 168 (24c), 960 (192c mod 1000) and 999: 168 + 960
            // (10 ANDs, into 11 bits), 999 + 1023 (10, into 11), 1128 + 2022 (11, into 12); the sum, below 4l, is
            // reduced by 2000 = 0b11111010000 (compare over the 12 − 5 bits above its lowest one, subtract from
            // bit 4 to the result's bit 9: 7 + 6) and by 1000 = 0b1111101000 (11 − 4 and bits 3 to 8: 7 + 6).
            long ands = 16 + (10 + 10 + 11) + (7 + 6) + (7 + 6);
            return bytes(scheme, 2 + 16 * (5 + 5 + 10), ands);
        }
        throw new IllegalArgumentException();
    }

    @Test
    void reducesEveryInputOnThePlaintextBackEnd() {
        Random rnd = new Random(77);
        long[][] cases = {{32, 65521, 8}, {32, 65521, 6}, {32, 65521, 3}, {16, 1000, 4}, {20, 3, 5}, {8, 7, 3}, {12, 4096, 4},
                {8, 300, 4}, {8, 256, 4}, {1, 2, 1}, {2, 3, 1}, {64, (1L << 61) - 1, 8}, {40, 1_000_003, 7}, {100, 65521, 8},
                {17, 65537, 8}, {16, 65521, 16}, {24, 6, 5}};
        for (long[] t : cases) {
            int n = (int) t[0];
            long l = t[1];
            List<BitString> as = ModuleRuns.random(rnd, n, 40);
            as.add(BitString.of(BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE), n));
            as.add(BitString.zeros(n));
            List<BitString> none = unused(as.size());
            String what = n + " bits mod " + l + ", k = " + t[2];
            assertEquals(residues(as, l), ModuleRuns.plain(as, none, oneHot(l, (int) t[2])), what);
            assertEquals(residues(as, l), ModuleRuns.plain(as, none, standard(l)), what + ", standard");
        }
    }

    @Test
    void sessionsAgreeAndSendWhatTheConstructionCounts() {
        Random rnd = new Random(78);
        for (String scheme : List.of("half-gates", "grr3")) {
            for (long[] t : new long[][] {{32, 65521, 8, 3}, {16, 1000, 4, 2}}) {
                int n = (int) t[0];
                long l = t[1];
                int reps = (int) t[3];
                List<BitString> as = ModuleRuns.random(rnd, n, reps);
                ModuleRuns.Session s = ModuleRuns.garbled(scheme, as, unused(reps), oneHot(l, (int) t[2]));
                assertEquals(residues(as, l), s.evaluator(), scheme + " " + n + " bits mod " + l);
                assertEquals(reps * oneHotBytes(scheme, n, l), s.costs().tableBytes(), scheme + " " + n + " bits mod " + l);
            }
            List<BitString> as = ModuleRuns.random(rnd, 32, 2);
            ModuleRuns.Session s = ModuleRuns.garbled(scheme, as, unused(2), standard(65521));
            assertEquals(residues(as, 65521), s.evaluator(), scheme + " standard");
            assertEquals(2 * bytes(scheme, 0, standardAnds()), s.costs().tableBytes(), scheme + " standard");
        }
    }

    /**
     * The baseline at 32 bits mod 65521: subtractions of l·2^j for j = 16 down to 0. Before step j < 16 the value
     * has 17 + j bits; the comparison costs one AND per bit above bit j (the constant's lowest one), 16, and the
     * subtraction one per bit from j to the result's top bit but one, 15. Step 16 compares and subtracts in 32
     * bits: 15 + 15.
     */
    private static long standardAnds() {
        return 16 * (16 + 15) + (15 + 15);
    }

    @Test
    void atHk21sBenchmarkItSendsAThirdOfTheStandardCircuit() {
        // One-hot: 143 ANDs (4,576 bytes), 46 ciphertexts (736) and 4 bytes revealed: 5,316 bytes. HK21 reports
        // 10.5 KB for theirs and 35.1 KB for its standard circuit (16 conditional subtractions of p·2^j over 32
        // bits); ours is 526 ANDs, 16,832 bytes, each subtraction in the bits its bound leaves.
        assertEquals(5_316, oneHotBytes("half-gates", 32, 65521));
        assertEquals(16_832, bytes("half-gates", 0, standardAnds()));
    }

    @Test
    void whatTheEvaluatorSeesIsUniformWhateverTheInput() {
        // Two inputs far apart; per call the evaluator sees u = a + α mod 2^32 (Reveal) and the carry's colour
        // (Color). Their distributions must be uniform and the same for both inputs.
        int runs = 3000;
        List<List<BitString>> seen = new ArrayList<>();
        for (long a : new long[] {0, 0xFFFF_FFF0L}) {
            SeenByEvaluator watched = new SeenByEvaluator(new ModReduce.Module(65521, 8));
            SecureProgram<Void> program = c -> {
                for (int r = 0; r < runs; r++) {
                    CoreBridge.module(c, watched, c.bits(Party.GARBLER, 32));
                }
                return null;
            };
            CoreBridge.engine(program).run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.of(Collections.nCopies(runs, BitString.of(a, 32))), InputFeed.of()));
            assertEquals(runs, watched.calls.size());
            List<BitString> revealed = new ArrayList<>();
            List<BitString> coloured = new ArrayList<>();
            for (List<BitString> call : watched.calls) {
                assertEquals(2, call.size(), "one reveal and one colour per call");
                revealed.add(call.get(0));
                coloured.add(call.get(1));
            }
            seen.add(revealed);
            seen.add(coloured);
        }
        Uniformity.assertUniformAndAlike("the revealed a + α", seen.get(0), seen.get(2));
        Uniformity.assertBalancedAndAlike("the carry's colour", seen.get(1), seen.get(3));
        // The statistic sees a leak: the inputs themselves, unmasked, are far from uniform.
        List<BitString> leaked = Collections.nCopies(runs, BitString.of(0xFFFF_FFF0L, 32));
        assertTrue(Uniformity.againstUniform(Uniformity.histogram(leaked, 16, v -> Uniformity.nibble(v, 0))) > 1000);
    }

    @Test
    void refusesModuliItCannotTake() {
        assertThrows(IllegalArgumentException.class, () -> new ModReduce.Module(1, 8));
        assertThrows(IllegalArgumentException.class, () -> new ModReduce.Module(1L << 62, 8));
        assertThrows(IllegalArgumentException.class, () -> new ModReduce.Module(65521, 0));
        assertThrows(IllegalArgumentException.class, () -> new ModReduce.Module(65521, 17));
    }
}
