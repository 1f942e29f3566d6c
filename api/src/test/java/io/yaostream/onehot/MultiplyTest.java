package io.yaostream.onehot;

import io.yaostream.core.bits.BitString;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.yaostream.onehot.ModuleRuns.bytes;
import static io.yaostream.onehot.ModuleRuns.columnSum;
import static io.yaostream.onehot.ModuleRuns.outerProduct;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * One-hot integer multiplication (HK21 §7.4): the low half, the full product and Karatsuba over one-hot leaves
 * against the integers' product, on the plaintext back end and through half-gates and grr3 sessions, at the
 * ciphertexts and AND gates their construction counts; the schoolbook baselines beside them.
 */
class MultiplyTest {
    private static final BigInteger TWO = BigInteger.TWO;

    private static List<BigInteger> products(List<BitString> as, List<BitString> bs, int width) {
        List<BigInteger> out = new ArrayList<>();
        for (int i = 0; i < as.size(); i++) {
            out.add(as.get(i).toBigInteger().multiply(bs.get(i).toBigInteger()).mod(TWO.pow(width)));
        }
        return out;
    }

    private static ModuleRuns.Op low(int k) {
        return (c, x) -> Multiply.of(x[0], x[1], k).asBits();
    }

    private static ModuleRuns.Op full(int k) {
        return (c, x) -> Multiply.full(x[0], x[1], k).asBits();
    }

    private static ModuleRuns.Op karatsuba(int k, int leaf) {
        return (c, x) -> Multiply.karatsuba(x[0], x[1], k, leaf).asBits();
    }

    /** Bytes of a low-half product with half-gates or grr3: the outer product below n and (n − 1)(n − 2)/2 ANDs. */
    private static long lowBytes(String scheme, int n, int k) {
        return bytes(scheme, 16 * outerProduct(n, n, k, n), (long) (n - 1) * (n - 2) / 2);
    }

    private static long fullBytes(String scheme, int n, int m, int k) {
        return bytes(scheme, 16 * outerProduct(n, m, k, Integer.MAX_VALUE), columnSum(n, m, n + m));
    }

    /**
     * Karatsuba's: one-hot full products at the leaves; above them two halves' sums (n − h ANDs each), two
     * subtractions mod 2^(n+1) (n each) and the addition of the middle term over 2n − h bits.
     */
    private static long[] karatsubaCost(int n, int k, int leaf) {
        if (n <= leaf) {
            return new long[] {16 * outerProduct(n, n, k, Integer.MAX_VALUE), columnSum(n, n, 2 * n)};
        }
        int h = n / 2;
        int hi = n - h;
        long[] z0 = karatsubaCost(h, k, leaf);
        long[] z2 = karatsubaCost(hi, k, leaf);
        long[] zm = karatsubaCost(hi + 1, k, leaf);
        long ands = 2L * hi + 2L * n + (2L * n - h - 1);
        return new long[] {z0[0] + z2[0] + zm[0], z0[1] + z2[1] + zm[1] + ands};
    }

    @Test
    void everyFormComputesTheProductOnThePlaintextBackEnd() {
        Random rnd = new Random(74);
        int[][] lowCases = {{1, 1}, {2, 1}, {5, 2}, {8, 3}, {13, 4}, {16, 6}, {32, 6}, {32, 8}, {33, 5}, {64, 6}};
        for (int[] t : lowCases) {
            List<BitString> as = ModuleRuns.random(rnd, t[0], 40);
            List<BitString> bs = ModuleRuns.random(rnd, t[0], 40);
            assertEquals(products(as, bs, t[0]), ModuleRuns.plain(as, bs, low(t[1])), "low " + t[0] + " k " + t[1]);
            assertEquals(products(as, bs, t[0]), ModuleRuns.plain(as, bs, (c, x) -> Multiply.standard(x[0], x[1]).asBits()));
        }
        int[][] fullCases = {{1, 1, 1}, {1, 7, 3}, {7, 1, 3}, {8, 8, 4}, {20, 13, 6}, {32, 32, 6}};
        for (int[] t : fullCases) {
            List<BitString> as = ModuleRuns.random(rnd, t[0], 40);
            List<BitString> bs = ModuleRuns.random(rnd, t[1], 40);
            assertEquals(products(as, bs, t[0] + t[1]), ModuleRuns.plain(as, bs, full(t[2])), "full " + t[0] + "x" + t[1]);
            assertEquals(products(as, bs, t[0] + t[1]), ModuleRuns.plain(as, bs, (c, x) -> Multiply.standardFull(x[0], x[1]).asBits()));
        }
        int[][] karatsubaCases = {{2, 2, 3}, {5, 2, 3}, {9, 3, 4}, {20, 6, 8}, {32, 6, 16}, {33, 4, 8}, {64, 6, 16}};
        for (int[] t : karatsubaCases) {
            List<BitString> as = ModuleRuns.random(rnd, t[0], 30);
            List<BitString> bs = ModuleRuns.random(rnd, t[0], 30);
            assertEquals(products(as, bs, 2 * t[0]), ModuleRuns.plain(as, bs, karatsuba(t[1], t[2])), "karatsuba " + t[0]);
        }
        // The extremes: all ones (every carry chain at its longest) and zero.
        List<BitString> ones = List.of(BitString.of(TWO.pow(32).subtract(BigInteger.ONE), 32), BitString.zeros(32));
        List<BitString> also = List.of(BitString.of(TWO.pow(32).subtract(BigInteger.ONE), 32), BitString.of(TWO.pow(32).subtract(BigInteger.ONE), 32));
        assertEquals(products(ones, also, 32), ModuleRuns.plain(ones, also, low(6)));
        assertEquals(products(ones, also, 64), ModuleRuns.plain(ones, also, full(6)));
        assertEquals(products(ones, also, 64), ModuleRuns.plain(ones, also, karatsuba(6, 8)));
    }

    @Test
    void sessionsAgreeAndSendWhatTheConstructionCounts() {
        Random rnd = new Random(75);
        for (String scheme : List.of("half-gates", "grr3")) {
            // HK21's benchmark: 32-bit multiplication at k = 6, and a smaller one.
            for (int[] t : new int[][] {{32, 6}, {11, 4}}) {
                int n = t[0];
                List<BitString> as = ModuleRuns.random(rnd, n, 3);
                List<BitString> bs = ModuleRuns.random(rnd, n, 3);
                ModuleRuns.Session s = ModuleRuns.garbled(scheme, as, bs, low(t[1]));
                assertEquals(products(as, bs, n), s.evaluator(), scheme + " low " + n);
                assertEquals(3 * lowBytes(scheme, n, t[1]), s.costs().tableBytes(), scheme + " low " + n);
                assertEquals(3L * (n - 1) * (n - 2) / 2, s.costs().andGates());
            }
            List<BitString> as = ModuleRuns.random(rnd, 12, 2);
            List<BitString> bs = ModuleRuns.random(rnd, 9, 2);
            ModuleRuns.Session full = ModuleRuns.garbled(scheme, as, bs, full(5));
            assertEquals(products(as, bs, 21), full.evaluator(), scheme + " full");
            assertEquals(2 * fullBytes(scheme, 12, 9, 5), full.costs().tableBytes(), scheme + " full");

            List<BitString> xs = ModuleRuns.random(rnd, 32, 2);
            List<BitString> ys = ModuleRuns.random(rnd, 32, 2);
            ModuleRuns.Session kara = ModuleRuns.garbled(scheme, xs, ys, karatsuba(6, 16));
            assertEquals(products(xs, ys, 64), kara.evaluator(), scheme + " karatsuba");
            long[] cost = karatsubaCost(32, 6, 16);
            assertEquals(2 * bytes(scheme, cost[0], cost[1]), kara.costs().tableBytes(), scheme + " karatsuba");
            assertEquals(2 * cost[1], kara.costs().andGates());

            ModuleRuns.Session standard = ModuleRuns.garbled(scheme, xs, ys, (c, x) -> Multiply.standard(x[0], x[1]).asBits());
            assertEquals(products(xs, ys, 32), standard.evaluator(), scheme + " schoolbook");
            assertEquals(2 * bytes(scheme, 0, 993), standard.costs().tableBytes());
        }
    }

    @Test
    void at32BitsAndKSixItSendsTwoThirdsOfSchoolbook() {
        // The outer product below the anti-diagonal: chunks at offsets 0, 6, ..., 30 take 32, 26, 20, 14, 8, 2
        // columns, plus 2(size − 1) = 10 (2 for the last chunk of 2 bits) each, on both sides.
        assertEquals(2 * (32 + 26 + 20 + 14 + 8 + 2 + 5 * 10 + 2), outerProduct(32, 32, 6, 32));
        assertEquals(308, outerProduct(32, 32, 6, 32));
        // 308 ciphertexts (4,928 bytes) and 465 ANDs (14,880 bytes): 19,808 bytes. HK21 reports 21.3 KB for its
        // one-hot multiplication, and 32.0 KB for the standard one; schoolbook here is 993 ANDs, 31,776 bytes.
        assertEquals(19_808, lowBytes("half-gates", 32, 6));
        assertEquals(31_776, bytes("half-gates", 0, 993));
        // The full 64-bit product: the whole outer product (488 ciphertexts) and the wider sum.
        assertEquals(488, outerProduct(32, 32, 6, Integer.MAX_VALUE));
        assertEquals(7_808 + 32 * columnSum(32, 32, 64), fullBytes("half-gates", 32, 32, 6));
    }

    @Test
    void operandsOfTheLowHalfMustHaveOneWidth() {
        assertThrows(IllegalArgumentException.class, () -> Multiply.Module.lowHalf(6).outputWidths(8, 9));
        assertThrows(IllegalArgumentException.class, () -> Multiply.Module.lowHalf(0));
        assertThrows(IllegalArgumentException.class, () -> Multiply.Module.karatsubaProduct(6, 2));
    }
}
