package io.yaostream.core.threeparty;

import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.protocol.FrameTap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What P3 receives when P1's input is x and when it is x' (all 64 bits different), as far as tests can tell: the same
 * 64-bit adder run {@link #RUNS} times on each, P2's input fixed, every frame on every link recorded at its sender. P3
 * sees, per wire of P1's input, the opening index o (which of the two commitments is opened: the value XOR a seed bit)
 * and the opened label, whose colour bit (the low bit of its first long) is the value XOR the wire's random colour.
 * Both must be uniform and independent of the value; the labels must be fresh; the message sizes must not depend on x.
 */
@Timeout(60)
class ThreePartyViewTest {
    static final int W = 64;
    static final int RUNS = 200;
    static final CompiledCircuit ADDER = TappedThreeParties.adder(W);
    static final long X = 0x0123456789abcdefL;
    static final long X2 = ~X;
    static final long Y = 0x0f1e2d3c4b5a6978L;
    /** Five standard deviations: a fair bit's count over {@link #RUNS} runs stays this close to RUNS / 2 but once in 3.5 million. */
    static final double SIGMAS = 5;
    /** A chi-square of one degree of freedom above this has p below 1e-7 (z = 5.33): per wire, 64 wires. */
    static final double CHI2_1DF = 28.4;

    /** What P3 received in the runs on one input of P1. */
    static final class View {
        final int[] ones = new int[W];
        final int[] colours = new int[W];
        /** Per wire, runs in which (o, colour) was 00, 01, 10, 11. */
        final int[][] joint = new int[W][4];
        /** Frame types and sizes of every link direction, once per run (each run's must be the same). */
        final Set<String> shapes = new HashSet<>();
        int runs;
    }

    static View viewOfX;
    static View viewOfX2;
    static final Set<String> labels = new HashSet<>();
    static int labelCount;

    @BeforeAll
    static void runBoth() {
        viewOfX = new View();
        viewOfX2 = new View();
        for (int r = 0; r < RUNS; r++) { // interleaved, so a drift over time shows in neither alone
            record(X, viewOfX);
            record(X2, viewOfX2);
        }
    }

    private static void record(long x, View view) {
        BitString a = BitString.of(x, W);
        BitString b = BitString.of(Y, W);
        ThreePartyCircuit program = new ThreePartyCircuit(ADDER, 1);
        TappedThreeParties links = new TappedThreeParties(10_000);
        List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes = links.run(Schemes.DEFAULT, program,
                TappedThreeParties.feeds(a, b));
        BitString sum = new PlainEvaluator().evaluate(ADDER, a, b)[0];
        assertEquals(BitString.of(x + Y, W), sum);
        for (ThreeParty.Outcome<List<Optional<BitString>>> o : outcomes) {
            assertNull(o.failure(), () -> "P" + o.party() + ": " + o.failure());
            assertEquals(List.of(Optional.of(sum)), o.result().value());
        }
        List<FrameTap.Frame> p1 = links.tap(1, 3).frames(ThreeFrames.OPENINGS);
        List<FrameTap.Frame> p2 = links.tap(2, 3).frames(ThreeFrames.OPENINGS);
        assertEquals(1, p1.size());
        assertEquals(1, p2.size());
        byte[] openings = p1.get(0).bytes();
        assertEquals(1 + W * ThreeGarblerContext.OPENING_BYTES, openings.length);
        for (int i = 0; i < W; i++) {
            int at = 1 + i * ThreeGarblerContext.OPENING_BYTES;
            int o = openings[at];
            assertTrue(o == 0 || o == 1);
            int colour = openings[at + 1] & 1; // the label's first long, little-endian: its low bit
            view.ones[i] += o;
            view.colours[i] += colour;
            view.joint[i][2 * o + colour]++;
        }
        HexFormat hex = HexFormat.of();
        for (FrameTap.Frame f : List.of(p1.get(0), p2.get(0))) {
            for (int i = 0; i < W; i++) {
                int at = 1 + i * ThreeGarblerContext.OPENING_BYTES + 1;
                labels.add(hex.formatHex(f.bytes(), at, at + 16));
                labelCount++;
            }
        }
        StringBuilder shape = new StringBuilder();
        for (int from = 1; from <= 3; from++) {
            for (int to = 1; to <= 3; to++) {
                if (from != to) {
                    FrameTap t = links.tap(from, to);
                    shape.append(from).append("->").append(to).append(' ').append(t.written()).append(':');
                    for (FrameTap.Frame f : t.frames()) {
                        shape.append(f.type() == FrameTap.HELLO ? "hello" : String.valueOf((char) f.type())).append(f.bytes().length).append(' ');
                    }
                    shape.append('\n');
                }
            }
        }
        view.shapes.add(shape.toString());
        view.runs++;
    }

    /**
     * Null when per-wire counts of ones over {@code n} runs on each of two inputs look like fair coins independent of
     * the input: every count within {@link #SIGMAS} of n / 2, and no wire's 2x2 table (input, bit) with a chi-square
     * above {@link #CHI2_1DF}; otherwise what failed.
     */
    static String uniformAndIndependent(String what, int[] onesX, int[] onesX2, int n) {
        double bound = SIGMAS * Math.sqrt(n * 0.25);
        for (int i = 0; i < onesX.length; i++) {
            for (int[] ones : new int[][] {onesX, onesX2}) {
                if (Math.abs(ones[i] - n / 2.0) > bound) {
                    return what + " of wire " + i + " is 1 in " + ones[i] + " of " + n + " runs, beyond " + SIGMAS + " sigma";
                }
            }
            double chi2 = chiSquare(new int[][] {{n - onesX[i], onesX[i]}, {n - onesX2[i], onesX2[i]}});
            if (chi2 > CHI2_1DF) {
                return what + " of wire " + i + " depends on P1's input: " + onesX[i] + " vs " + onesX2[i] + " ones of " + n
                        + ", chi-square " + chi2;
            }
        }
        return null;
    }

    /** Pearson's chi-square of a contingency table (rows: inputs, columns: outcomes); empty columns ignored. */
    static double chiSquare(int[][] table) {
        int rows = table.length;
        int cols = table[0].length;
        double total = 0;
        double[] rowSum = new double[rows];
        double[] colSum = new double[cols];
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                rowSum[r] += table[r][c];
                colSum[c] += table[r][c];
                total += table[r][c];
            }
        }
        double chi2 = 0;
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < cols; c++) {
                double expected = rowSum[r] * colSum[c] / total;
                if (expected > 0) {
                    double d = table[r][c] - expected;
                    chi2 += d * d / expected;
                }
            }
        }
        return chi2;
    }

    /**
     * The chi-square of {@code df} degrees of freedom exceeded with probability about that of a normal beyond
     * {@code z} (Wilson and Hilferty).
     */
    static double chiSquareQuantile(int df, double z) {
        double k = 2.0 / (9 * df);
        double t = 1 - k + z * Math.sqrt(k);
        return df * t * t * t;
    }

    /** The sum over wires of the 2x2 chi-squares, against 64 degrees of freedom: catches a weak bias on many wires. */
    static String noBiasOverAllWires(String what, int[] onesX, int[] onesX2, int n) {
        double sum = 0;
        for (int i = 0; i < onesX.length; i++) {
            sum += chiSquare(new int[][] {{n - onesX[i], onesX[i]}, {n - onesX2[i], onesX2[i]}});
        }
        double limit = chiSquareQuantile(onesX.length, SIGMAS);
        return sum > limit ? what + ": the chi-squares of all wires sum to " + sum + ", above " + limit : null;
    }

    // ---- (a) the opening indices

    @Test
    void openingIndicesAreUniformAndIndependentOfP1sInput() {
        assertEquals(RUNS, viewOfX.runs);
        assertNull(uniformAndIndependent("the opening index", viewOfX.ones, viewOfX2.ones, RUNS));
        assertNull(noBiasOverAllWires("the opening index", viewOfX.ones, viewOfX2.ones, RUNS));
    }

    // ---- (b) the colour bits of the opened labels

    @Test
    void colourBitsOfP1sLabelsAreUniformAndIndependentOfP1sInput() {
        assertNull(uniformAndIndependent("the colour bit", viewOfX.colours, viewOfX2.colours, RUNS));
        assertNull(noBiasOverAllWires("the colour bit", viewOfX.colours, viewOfX2.colours, RUNS));
    }

    /** (o, colour) together: per wire a 2x4 table (input, o, colour), 3 degrees of freedom. */
    @Test
    void openingIndexAndColourTogetherAreIndependentOfP1sInput() {
        double limit = chiSquareQuantile(3, 5.33);
        for (int i = 0; i < W; i++) {
            double chi2 = chiSquare(new int[][] {viewOfX.joint[i], viewOfX2.joint[i]});
            assertTrue(chi2 < limit, "wire " + i + ": (o, colour) depends on P1's input, chi-square " + chi2 + " > " + limit);
        }
    }

    // ---- (c) fresh labels

    @Test
    void noOpenedLabelRepeatsAcrossRuns() {
        assertEquals(2 * RUNS * 2 * W, labelCount);
        assertEquals(labelCount, labels.size(), "labels P3 received in openings repeat");
    }

    // ---- (d) message sizes

    @Test
    void everyLinkCarriesTheSameFramesAndBytesForEitherInput() {
        assertEquals(1, viewOfX.shapes.size(), () -> "the frames differ between runs on x: " + viewOfX.shapes);
        assertEquals(viewOfX.shapes, viewOfX2.shapes, "the frames on the links depend on P1's input");
    }

    // ---- the checks above can fail: they reject views that leak

    @Test
    void theChecksRejectViewsThatLeakP1sInput() {
        Random rnd = new Random(11);
        int n = RUNS;
        int[] fairX = new int[W];
        int[] fairX2 = new int[W];
        int[] leakX = new int[W];
        int[] leakX2 = new int[W];
        int[] weakX = new int[W];
        int[] weakX2 = new int[W];
        for (int r = 0; r < n; r++) {
            for (int i = 0; i < W; i++) {
                int x = (int) (X >>> i & 1);
                int x2 = (int) (X2 >>> i & 1);
                fairX[i] += rnd.nextInt(2);
                fairX2[i] += rnd.nextInt(2);
                leakX[i] += x; // o = the value: no permutation
                leakX2[i] += x2;
                weakX[i] += rnd.nextInt(4) == 0 ? x ^ 1 : x; // o = the value three times in four
                weakX2[i] += rnd.nextInt(4) == 0 ? x2 ^ 1 : x2;
            }
        }
        assertNull(uniformAndIndependent("fair", fairX, fairX2, n));
        assertNull(noBiasOverAllWires("fair", fairX, fairX2, n));
        assertNotNull(uniformAndIndependent("o = x", leakX, leakX2, n));
        assertNotNull(uniformAndIndependent("o = x three times in four", weakX, weakX2, n));
        assertNotNull(noBiasOverAllWires("o = x three times in four", weakX, weakX2, n));
        int[] slightX = new int[W];
        int[] slightX2 = new int[W];
        for (int i = 0; i < W; i++) { // every wire 12 runs off in the direction of the value: no wire alone is suspicious
            slightX[i] = n / 2 + ((X >>> i & 1) == 1 ? 12 : -12);
            slightX2[i] = n / 2 + ((X2 >>> i & 1) == 1 ? 12 : -12);
        }
        assertNull(uniformAndIndependent("slight", slightX, slightX2, n));
        assertNotNull(noBiasOverAllWires("slight", slightX, slightX2, n));
    }
}
