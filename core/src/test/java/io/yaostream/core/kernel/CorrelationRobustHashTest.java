package io.yaostream.core.kernel;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CorrelationRobustHashTest {
    @Test
    void hashWithOffsetIsTheHashOfTheBlockAndOfTheBlockXorTheOffset() {
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(9);
        int n = 37;
        long[] in = new long[2 * n];
        long[] flipped = new long[2 * n];
        long[] tweaks = new long[n];
        long offsetLo = rnd.nextLong();
        long offsetHi = rnd.nextLong();
        for (int i = 0; i < n; i++) {
            in[2 * i] = rnd.nextLong();
            in[2 * i + 1] = rnd.nextLong();
            flipped[2 * i] = in[2 * i] ^ offsetLo;
            flipped[2 * i + 1] = in[2 * i + 1] ^ offsetHi;
            tweaks[i] = rnd.nextLong();
        }
        long domain = 0x1234;
        long[] plain = new long[2 * n];
        long[] ofFlipped = new long[2 * n];
        long[] scratch = new long[2 * n];
        CorrelationRobustHash.hash(kernel, in, tweaks, domain, plain, scratch, n);
        CorrelationRobustHash.hash(kernel, flipped, tweaks, domain, ofFlipped, scratch, n);
        long[] both = new long[4 * n];
        CorrelationRobustHash.hashWithOffset(kernel, in, offsetLo, offsetHi, tweaks, domain, both, n);
        for (int i = 0; i < n; i++) {
            assertEquals(plain[2 * i], both[4 * i], "H(x) low, block " + i);
            assertEquals(plain[2 * i + 1], both[4 * i + 1], "H(x) high, block " + i);
            assertEquals(ofFlipped[2 * i], both[4 * i + 2], "H(x ^ s) low, block " + i);
            assertEquals(ofFlipped[2 * i + 1], both[4 * i + 3], "H(x ^ s) high, block " + i);
        }
    }
}
