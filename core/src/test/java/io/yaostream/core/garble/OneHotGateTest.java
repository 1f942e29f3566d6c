package io.yaostream.core.garble;

import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The one-hot gate on its own: for random Δ, shares, values a and b and a random truth table f, the evaluator's
 * shares XOR the garbler's are (f(a) ⊗ b)Δ (HK21 Fig. 3), and a flipped bit in any ciphertext never turns an
 * output share into a valid share of the wrong value.
 */
class OneHotGateTest {
    private final Kernel kernel = new JavaKernel();

    /** One gate: the garbler's and evaluator's shares of the outputs, and the ciphertexts. */
    private record Run(long[] garbler, long[] evaluator, long[] cts, long[] delta, long[] rows, int r, int m, long a, long b) {
    }

    private Run run(Random rnd, int n, int m, int r, int flipBlock, int flipBit) {
        long[] delta = {rnd.nextLong() | 1, rnd.nextLong()};
        long a = rnd.nextInt(1 << n);
        long b = rnd.nextLong() & (m == 64 ? -1L : (1L << m) - 1);
        long[] ga = shares(rnd, n);
        long[] gb = shares(rnd, m);
        long[] ea = active(ga, a, delta);
        long[] eb = active(gb, b, delta);
        long[] rows = new long[1 << n];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = rnd.nextLong() & ((1L << r) - 1);
        }
        long[] gOut = new long[2 * r * m];
        long[] eOut = new long[2 * r * m];
        long[] cts = new long[2 * OneHotGate.ciphertexts(n, m)];
        OneHotGate garbler = new OneHotGate(kernel);
        OneHotGate evaluator = new OneHotGate(kernel);
        garbler.garble(delta[0], delta[1], ga, n, gb, m, rows, r, gOut, cts);
        if (flipBlock >= 0) {
            cts[2 * flipBlock + flipBit / 64] ^= 1L << (flipBit % 64);
        }
        evaluator.evaluate(ea, n, (int) a, eb, m, rows, r, eOut, cts);
        return new Run(gOut, eOut, cts, delta, rows, r, m, a, b);
    }

    private static long[] shares(Random rnd, int bits) {
        long[] s = new long[2 * bits];
        for (int i = 0; i < s.length; i++) {
            s[i] = rnd.nextLong();
        }
        return s;
    }

    private static long[] active(long[] zero, long value, long[] delta) {
        long[] s = zero.clone();
        for (int i = 0; i < s.length / 2; i++) {
            if ((value >>> i & 1) != 0) {
                s[2 * i] ^= delta[0];
                s[2 * i + 1] ^= delta[1];
            }
        }
        return s;
    }

    /** -1: the shares are not a valid sharing; else the bit they share. */
    private static int shared(Run run, int k) {
        long lo = run.garbler[2 * k] ^ run.evaluator[2 * k];
        long hi = run.garbler[2 * k + 1] ^ run.evaluator[2 * k + 1];
        if (lo == 0 && hi == 0) {
            return 0;
        }
        return lo == run.delta[0] && hi == run.delta[1] ? 1 : -1;
    }

    private static int expected(Run run, int o, int j) {
        return (int) ((run.rows[(int) run.a] >>> o) & (run.b >>> j) & 1);
    }

    @Test
    void theSharesAreThoseOfTheTruthTableTimesBForEveryWidth() {
        Random rnd = new Random(11);
        for (int n = 1; n <= 9; n++) {
            for (int m : new int[] {1, 2, 7, 33}) {
                for (int trial = 0; trial < 6; trial++) {
                    int r = 1 + rnd.nextInt(12);
                    Run run = run(rnd, n, m, r, -1, 0);
                    for (int o = 0; o < r; o++) {
                        for (int j = 0; j < m; j++) {
                            assertEquals(expected(run, o, j), shared(run, o * m + j), "n " + n + " m " + m + " output " + o + " column " + j);
                        }
                    }
                }
            }
        }
    }

    @Test
    void itSendsTwoCiphertextsPerLevelAndOnePerBitOfB() {
        assertEquals(2 * 7 + 8, OneHotGate.ciphertexts(8, 8)); // HK21 §7.5: 22 for an 8 x 8 outer-product side
        assertEquals(2 * 5 + 128, OneHotGate.ciphertexts(6, 128));
        assertEquals(1, OneHotGate.ciphertexts(1, 1));
    }

    @Test
    void aFlippedCiphertextBitNeverGivesAValidShareOfTheWrongValue() {
        Random rnd = new Random(12);
        int wrongButValid = 0;
        int invalid = 0;
        for (int n = 1; n <= 6; n++) {
            int m = 1 + rnd.nextInt(6);
            for (int block = 0; block < OneHotGate.ciphertexts(n, m); block++) {
                for (int trial = 0; trial < 4; trial++) {
                    int r = 1 + rnd.nextInt(6);
                    Run run = run(rnd, n, m, r, block, rnd.nextInt(128));
                    for (int o = 0; o < r; o++) {
                        for (int j = 0; j < m; j++) {
                            int s = shared(run, o * m + j);
                            if (s == -1) {
                                invalid++;
                            } else if (s != expected(run, o, j)) {
                                wrongButValid++;
                            }
                        }
                    }
                }
            }
        }
        assertEquals(0, wrongButValid);
        assertTrue(invalid > 100, "flips were detected " + invalid + " times");
    }
}
