package io.yaostream.core.kernel;

import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class JavaKernelTest {
    @Test
    void fixedKeyIsAesUnderTheDocumentedKeyInAnyBatchSize() {
        Random rnd = new Random(5);
        JavaKernel kernel = new JavaKernel();
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        Aes128.expandKey(Kernel.FIXED_KEY_LO, Kernel.FIXED_KEY_HI, rk, 0);
        for (int n : new int[] {1, 2, 7, 300, 1}) {
            long[] in = RandomBlocks.of(rnd, n);
            long[] out = new long[2 * n];
            kernel.fixedKeyEncrypt(in, out, n);
            long[] expected = new long[2 * n];
            for (int i = 0; i < n; i++) {
                Aes128.encrypt(rk, 0, in, i, expected, i);
            }
            assertArrayEquals(expected, out, "batch of " + n);
            kernel.fixedKeyEncrypt(in, in, n); // in place
            assertArrayEquals(expected, in);
        }
    }

    /** Each key of a pair encrypts its two blocks (keys 2p, 2p + 1 over blocks 4p .. 4p + 3, alternating). */
    @Test
    void multiKeyTwiceIsMultiKeyWithEveryKeyUsedTwice() {
        Random rnd = new Random(7);
        JavaKernel kernel = new JavaKernel();
        for (int pairs : new int[] {1, 2, 3, 17}) {
            long[] keys = RandomBlocks.of(rnd, 2 * pairs);
            long[] in = RandomBlocks.of(rnd, 4 * pairs);
            long[] each = new long[8 * pairs];
            for (int b = 0; b < 4 * pairs; b++) {
                int key = 2 * (b / 4) + (b & 1);
                each[2 * b] = keys[2 * key];
                each[2 * b + 1] = keys[2 * key + 1];
            }
            long[] expected = new long[8 * pairs];
            kernel.multiKeyEncrypt(each, in, expected, 4 * pairs);
            long[] out = new long[8 * pairs];
            kernel.multiKeyEncryptTwice(keys, in, out, pairs);
            org.junit.jupiter.api.Assertions.assertArrayEquals(expected, out, pairs + " pairs");
        }
    }

    @Test
    void multiKeyUsesEachBlocksOwnKey() {
        Random rnd = new Random(6);
        JavaKernel kernel = new JavaKernel();
        int n = 50;
        long[] keys = RandomBlocks.of(rnd, n);
        long[] in = RandomBlocks.of(rnd, n);
        long[] out = new long[2 * n];
        kernel.multiKeyEncrypt(keys, in, out, n);
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        long[] one = new long[2];
        for (int i = 0; i < n; i++) {
            Aes128.expandKey(keys[2 * i], keys[2 * i + 1], rk, 0);
            Aes128.encrypt(rk, 0, in, i, one, 0);
            assertEquals(one[0], out[2 * i]);
            assertEquals(one[1], out[2 * i + 1]);
        }
    }

    @Test
    void transposeMatchesTheBitByBitDefinition() {
        Random rnd = new Random(9);
        JavaKernel kernel = new JavaKernel();
        for (int n : new int[] {64, 128, 640}) {
            int words = n / 64;
            long[] in = new long[128 * words];
            for (int i = 0; i < in.length; i++) {
                in[i] = rnd.nextLong();
            }
            long[] out = new long[2 * n];
            kernel.transpose128(in, n, out);
            for (int c = 0; c < n; c++) {
                for (int r = 0; r < 128; r++) {
                    long rowBit = (in[r * words + c / 64] >>> (c % 64)) & 1;
                    long outBit = (out[2 * c + r / 64] >>> (r % 64)) & 1;
                    assertEquals(rowBit, outBit, "n " + n + ", row " + r + ", column " + c);
                }
            }
        }
    }

    @Test
    void ctrIsAesOfTheCounterBlocks() {
        JavaKernel kernel = new JavaKernel();
        long[] out = new long[2 * 5];
        kernel.ctr(Kernel.FIXED_KEY_LO, Kernel.FIXED_KEY_HI, Long.MAX_VALUE - 1, out, 5); // counter wraps
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        Aes128.expandKey(Kernel.FIXED_KEY_LO, Kernel.FIXED_KEY_HI, rk, 0);
        long[] one = new long[2];
        for (int i = 0; i < 5; i++) {
            Aes128.encrypt(rk, 0, new long[] {Long.MAX_VALUE - 1 + i, 0}, 0, one, 0);
            assertEquals(one[0], out[2 * i]);
            assertEquals(one[1], out[2 * i + 1]);
        }
    }

    @Test
    void ctrKeysGiveEachKeysStreamInItsOwnRange() {
        JavaKernel kernel = new JavaKernel();
        long[] keys = RandomBlocks.of(new Random(11), 3);
        CtrKeys prgs = kernel.ctrKeys(keys, 3);
        keys[0] = ~keys[0]; // copied: later changes do not reach the generator
        long[] out = new long[2 * 3 * 7];
        prgs.ctr(40, out, 7);
        long[] one = new long[2 * 7];
        for (int j = 0; j < 3; j++) {
            kernel.ctr(j == 0 ? ~keys[0] : keys[2 * j], keys[2 * j + 1], 40, one, 7);
            assertArrayEquals(one, java.util.Arrays.copyOfRange(out, 2 * 7 * j, 2 * 7 * (j + 1)), "key " + j);
        }
        assertEquals(3, prgs.count());
        assertThrows(IllegalArgumentException.class, () -> prgs.ctr(0, new long[2 * 3 * 7 - 1], 7));
    }

    @Test
    void generatorIsDeterministicOnlyForTests() {
        AesCtrRandom a = AesCtrRandom.forTesting(42);
        AesCtrRandom b = AesCtrRandom.forTesting(42);
        AesCtrRandom c = AesCtrRandom.forTesting(43);
        long[] x = new long[2 * 600];
        long[] y = new long[2 * 600];
        long[] z = new long[2 * 600];
        for (int i = 0; i < 600; i++) { // crosses refills
            a.nextBlock(x, i);
            b.nextBlock(y, i);
            c.nextBlock(z, i);
        }
        assertArrayEquals(x, y);
        assertNotEquals(x[0], z[0]);
        long[] s = new long[2];
        long[] t = new long[2];
        AesCtrRandom.create().nextBlock(s, 0);
        AesCtrRandom.create().nextBlock(t, 0);
        assertNotEquals(s[0] ^ s[1], t[0] ^ t[1], "SecureRandom-keyed generators differ");
    }

    @Test
    void generatorBitsAreBalanced() {
        AesCtrRandom r = AesCtrRandom.forTesting(1);
        long ones = 0;
        int n = 20_000;
        for (int i = 0; i < n; i++) {
            ones += Long.bitCount(r.nextLong());
        }
        double mean = ones / (double) (64L * n);
        // 1.28M bits: standard deviation 0.00044; 0.003 is about 7 deviations.
        assertEquals(0.5, mean, 0.003);
    }
}
