package io.yaostream.core.kernel;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

/**
 * The stream hash against an independent computation: the polynomial written out with BigInteger carry-less arithmetic
 * modulo x^128 + x^7 + x^2 + x + 1, on random keys, lengths (whole blocks, part blocks, none) and indices.
 */
class PolynomialHashTest {
    private static final BigInteger FIELD = BigInteger.ONE.shiftLeft(128).or(BigInteger.valueOf(0x87));

    private static BigInteger clmul(BigInteger a, BigInteger b) {
        BigInteger r = BigInteger.ZERO;
        for (int i = 0; i < b.bitLength(); i++) {
            if (b.testBit(i)) {
                r = r.xor(a.shiftLeft(i));
            }
        }
        return r;
    }

    private static BigInteger mod(BigInteger a) {
        while (a.bitLength() > 128) {
            a = a.xor(FIELD.shiftLeft(a.bitLength() - 129));
        }
        return a;
    }

    /** The block at bytes [from, from + 16) as a polynomial: byte j's bit k is the coefficient of x^(8j + k). */
    private static BigInteger block(byte[] b, int from) {
        BigInteger r = BigInteger.ZERO;
        for (int j = 0; j < 16; j++) {
            r = r.or(BigInteger.valueOf(b[from + j] & 0xff).shiftLeft(8 * j));
        }
        return r;
    }

    private static BigInteger unsigned(long v) {
        return new BigInteger(Long.toUnsignedString(v));
    }

    /** Σ b_i h^(n - i + 1) + (length + index x^64) h, with the last block zero-padded. */
    static long[] expected(long keyLo, long keyHi, byte[] data, int length, long index) {
        BigInteger h = unsigned(keyLo).or(unsigned(keyHi).shiftLeft(64));
        byte[] padded = new byte[(length + 15) / 16 * 16];
        System.arraycopy(data, 0, padded, 0, length);
        BigInteger acc = BigInteger.ZERO;
        for (int i = 0; i < padded.length; i += 16) {
            acc = mod(clmul(acc.xor(block(padded, i)), h));
        }
        acc = mod(clmul(acc.xor(BigInteger.valueOf(length)).xor(unsigned(index).shiftLeft(64)), h));
        return new long[] {acc.longValue(), acc.shiftRight(64).longValue()};
    }

    @Test
    void matchesThePolynomialWrittenOut() {
        Random rnd = new Random(128);
        for (int length : new int[] {0, 1, 15, 16, 17, 63, 64, 65, 100, 1000, 4099}) {
            byte[] data = new byte[length + 7];
            rnd.nextBytes(data);
            long lo = rnd.nextLong();
            long hi = rnd.nextLong();
            long index = rnd.nextLong();
            long[] out = new long[2];
            new PolynomialHash(lo, hi).hash(data, length, index, out);
            assertArrayEquals(expected(lo, hi, data, length, index), out, length + " bytes");
        }
    }

    @Test
    void theKeyOneGivesTheBlocksSumPlusTheLengthBlock() {
        byte[] data = new byte[32];
        data[0] = 3;
        data[16] = 5;
        long[] out = new long[2];
        new PolynomialHash(1, 0).hash(data, 32, 9, out);
        assertEquals(3 ^ 5 ^ 32, out[0]);
        assertEquals(9, out[1]);
    }

    @Test
    void lengthIndexAndEveryByteChangeTheHash() {
        Random rnd = new Random(7);
        byte[] data = new byte[200];
        rnd.nextBytes(data);
        PolynomialHash h = new PolynomialHash(rnd.nextLong(), rnd.nextLong());
        long[] base = new long[2];
        h.hash(data, 200, 4, base);
        long[] other = new long[2];
        h.hash(data, 200, 5, other);
        assertNotEquals(base[0] + "," + base[1], other[0] + "," + other[1]);
        byte[] zeroTail = java.util.Arrays.copyOf(data, 208);
        h.hash(zeroTail, 208, 4, other); // the same blocks once padded: only the length tells them apart
        assertNotEquals(base[0] + "," + base[1], other[0] + "," + other[1]);
        for (int i = 0; i < 200; i += 13) {
            data[i] ^= 1;
            h.hash(data, 200, 4, other);
            assertNotEquals(base[0] + "," + base[1], other[0] + "," + other[1], "byte " + i);
            data[i] ^= 1;
        }
    }
}
