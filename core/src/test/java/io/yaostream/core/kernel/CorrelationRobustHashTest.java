package io.yaostream.core.kernel;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class CorrelationRobustHashTest {
    private static final int N = 37;
    private static final long DOMAIN = 0x1234;
    /** Consecutive tweaks that cross the wrap of the 64-bit index. */
    private static final long FIRST = -5;

    private static long[] consecutiveTweaks() {
        long[] tweaks = new long[N];
        for (int i = 0; i < N; i++) {
            tweaks[i] = FIRST + i;
        }
        return tweaks;
    }

    @Test
    void hashRangeIsTheHashUnderConsecutiveTweaks() {
        Kernel kernel = new JavaKernel();
        long[] in = RandomBlocks.of(new Random(8), N);
        long[] expected = new long[2 * N];
        CorrelationRobustHash.hash(kernel, in, consecutiveTweaks(), DOMAIN, expected, new long[2 * N], N);
        long[] got = new long[2 * N];
        CorrelationRobustHash.hashRange(kernel, in, FIRST, DOMAIN, got, N);
        assertArrayEquals(expected, got);
        kernel.crHashRange(in, FIRST, DOMAIN, got, N);
        assertArrayEquals(expected, got);
    }

    @Test
    void hashRangeWithOffsetIsTheHashOfTheBlockAndOfTheBlockXorTheOffset() {
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(9);
        long[] in = RandomBlocks.of(rnd, N);
        long[] flipped = new long[2 * N];
        long offsetLo = rnd.nextLong();
        long offsetHi = rnd.nextLong();
        for (int i = 0; i < N; i++) {
            flipped[2 * i] = in[2 * i] ^ offsetLo;
            flipped[2 * i + 1] = in[2 * i + 1] ^ offsetHi;
        }
        long[] tweaks = consecutiveTweaks();
        long[] plain = new long[2 * N];
        long[] ofFlipped = new long[2 * N];
        long[] scratch = new long[2 * N];
        CorrelationRobustHash.hash(kernel, in, tweaks, DOMAIN, plain, scratch, N);
        CorrelationRobustHash.hash(kernel, flipped, tweaks, DOMAIN, ofFlipped, scratch, N);
        long[] both = new long[4 * N];
        CorrelationRobustHash.hashRangeWithOffset(kernel, in, offsetLo, offsetHi, FIRST, DOMAIN, both, N);
        for (int i = 0; i < N; i++) {
            assertEquals(plain[2 * i], both[4 * i], "H(x) low, block " + i);
            assertEquals(plain[2 * i + 1], both[4 * i + 1], "H(x) high, block " + i);
            assertEquals(ofFlipped[2 * i], both[4 * i + 2], "H(x ^ s) low, block " + i);
            assertEquals(ofFlipped[2 * i + 1], both[4 * i + 3], "H(x ^ s) high, block " + i);
        }
        long[] viaKernel = new long[4 * N];
        kernel.crHashRangeWithOffset(in, offsetLo, offsetHi, FIRST, DOMAIN, viaKernel, N);
        assertArrayEquals(both, viaKernel);
    }
}
