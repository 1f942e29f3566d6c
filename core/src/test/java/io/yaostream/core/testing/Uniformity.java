package io.yaostream.core.testing;

import io.yaostream.core.bits.BitString;

import java.util.List;
import java.util.function.ToIntFunction;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Chi-square tests of what the evaluator saw: uniform over buckets, and alike for two inputs. Thresholds are at
 * p = 10^-6 (Wilson–Hilferty), so a correct module fails about once in a million runs, while a mask that leaves any
 * of the bucketed bits depending on the input gives statistics in the thousands.
 */
public final class Uniformity {
    private Uniformity() {
    }

    public static long[] histogram(List<BitString> values, int buckets, ToIntFunction<BitString> bucket) {
        long[] counts = new long[buckets];
        for (BitString v : values) {
            counts[bucket.applyAsInt(v)]++;
        }
        return counts;
    }

    /** Σ (observed − expected)² / expected against the uniform distribution. */
    public static double againstUniform(long[] counts) {
        long total = 0;
        for (long c : counts) {
            total += c;
        }
        double expected = (double) total / counts.length;
        double chi = 0;
        for (long c : counts) {
            chi += (c - expected) * (c - expected) / expected;
        }
        return chi;
    }

    /** The two-sample (homogeneity) statistic: are a and b drawn from one distribution? */
    public static double between(long[] a, long[] b) {
        long ta = 0;
        long tb = 0;
        for (int i = 0; i < a.length; i++) {
            ta += a[i];
            tb += b[i];
        }
        double chi = 0;
        for (int i = 0; i < a.length; i++) {
            double col = a[i] + b[i];
            if (col == 0) {
                continue;
            }
            double ea = col * ta / (ta + tb);
            double eb = col * tb / (ta + tb);
            chi += (a[i] - ea) * (a[i] - ea) / ea + (b[i] - eb) * (b[i] - eb) / eb;
        }
        return chi;
    }

    /** The chi-square value exceeded with probability 10^-6 at {@code df} degrees of freedom (Wilson–Hilferty). */
    public static double critical(int df) {
        double z = 4.753;
        double v = 2.0 / (9 * df);
        return df * Math.pow(1 - v + z * Math.sqrt(v), 3);
    }

    /** Bits {@code from} to {@code from + 4} of v, a bucket of 16. */
    public static int nibble(BitString v, int from) {
        return (int) v.slice(from, from + 4).toLong();
    }

    /**
     * The values seen for two inputs: each set uniform on its low and its high four bits, and the two sets alike
     * there; {@code what} names them in failures.
     */
    public static void assertUniformAndAlike(String what, List<BitString> first, List<BitString> second) {
        int width = first.get(0).width();
        for (int from : new int[] {0, width - 4}) {
            long[] a = histogram(first, 16, v -> nibble(v, from));
            long[] b = histogram(second, 16, v -> nibble(v, from));
            double limit = critical(15);
            assertTrue(againstUniform(a) < limit, what + ", bits " + from + "+4, first input: chi-square " + againstUniform(a));
            assertTrue(againstUniform(b) < limit, what + ", bits " + from + "+4, second input: chi-square " + againstUniform(b));
            assertTrue(between(a, b) < limit, what + ", bits " + from + "+4, the two inputs differ: chi-square " + between(a, b));
        }
    }

    /** One-bit values seen for two inputs: balanced, and alike. */
    public static void assertBalancedAndAlike(String what, List<BitString> first, List<BitString> second) {
        long[] a = histogram(first, 2, v -> v.get(0) ? 1 : 0);
        long[] b = histogram(second, 2, v -> v.get(0) ? 1 : 0);
        double limit = critical(1);
        assertTrue(againstUniform(a) < limit, what + ", first input: chi-square " + againstUniform(a));
        assertTrue(againstUniform(b) < limit, what + ", second input: chi-square " + againstUniform(b));
        assertTrue(between(a, b) < limit, what + ", the two inputs differ: chi-square " + between(a, b));
    }
}
