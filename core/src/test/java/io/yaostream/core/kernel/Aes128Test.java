package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;
import org.junit.jupiter.api.Test;

import java.util.HexFormat;
import java.util.Random;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class Aes128Test {
    private static long[] block(String hex) {
        long[] b = new long[2];
        Blocks.fromBytes(HexFormat.of().parseHex(hex), 0, b, 0, 1);
        return b;
    }

    private static String hex(long[] b, int block) {
        byte[] out = new byte[16];
        Blocks.toBytes(b, block, out, 0, 1);
        return HexFormat.of().formatHex(out);
    }

    @Test
    void fips197AppendixC1() {
        long[] key = block("000102030405060708090a0b0c0d0e0f");
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        Aes128.expandKey(key[0], key[1], rk, 0);
        long[] out = new long[2];
        Aes128.encrypt(rk, 0, block("00112233445566778899aabbccddeeff"), 0, out, 0);
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", hex(out, 0));
    }

    @Test
    void fips197AppendixA1KeyExpansion() {
        // FIPS-197 A.1: key 2b7e1516..., last round key word w[43] = b6630ca6.
        long[] key = block("2b7e151628aed2a6abf7158809cf4f3c");
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        Aes128.expandKey(key[0], key[1], rk, 0);
        assertEquals(0xa60c63b6, rk[43]); // little-endian word of bytes b6 63 0c a6
        assertEquals(0x17fefaa0, rk[4]);  // w[4] = a0fafe17
    }

    @Test
    void fips197AppendixA1EveryRoundKeyWord() {
        String[] w = {
            "2b7e1516", "28aed2a6", "abf71588", "09cf4f3c", "a0fafe17", "88542cb1", "23a33939", "2a6c7605",
            "f2c295f2", "7a96b943", "5935807a", "7359f67f", "3d80477d", "4716fe3e", "1e237e44", "6d7a883b",
            "ef44a541", "a8525b7f", "b671253b", "db0bad00", "d4d1c6f8", "7c839d87", "caf2b8bc", "11f915bc",
            "6d88a37a", "110b3efd", "dbf98641", "ca0093fd", "4e54f70e", "5f5fc9f3", "84a64fb2", "4ea6dc4f",
            "ead27321", "b58dbad2", "312bf560", "7f8d292f", "ac7766f3", "19fadc21", "28d12941", "575c006e",
            "d014f9a8", "c9ee2589", "e13f0cc8", "b6630ca6"};
        long[] key = block("2b7e151628aed2a6abf7158809cf4f3c");
        int[] rk = new int[Aes128.ROUND_KEY_INTS + 3];
        Aes128.expandKey(key[0], key[1], rk, 3); // at an offset
        for (int i = 0; i < Aes128.ROUND_KEY_INTS; i++) {
            assertEquals(Integer.reverseBytes(Integer.parseUnsignedInt(w[i], 16)), rk[3 + i], "w[" + i + "]");
        }
    }

    @Test
    void fips197AppendixC1ThroughTheBatch() {
        // The vector in each of the four slots of a group, and in a short last group.
        long[] key = block("000102030405060708090a0b0c0d0e0f");
        long[] pt = block("00112233445566778899aabbccddeeff");
        for (int n = 1; n <= 9; n++) {
            long[] keys = new long[2 * n];
            long[] in = new long[2 * n];
            for (int i = 0; i < n; i++) {
                System.arraycopy(key, 0, keys, 2 * i, 2);
                System.arraycopy(pt, 0, in, 2 * i, 2);
            }
            long[] out = new long[2 * n];
            Aes128.multiKeyEncrypt(keys, in, out, n, new long[Aes128.SCRATCH_LONGS]);
            for (int i = 0; i < n; i++) {
                assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", hex(out, i), n + " blocks, block " + i);
            }
        }
    }

    /** The JDK's AES/ECB/NoPadding on {@code blocks} blocks, block {@code i} under key {@code keyOf(i)}. */
    private static long[] jdk(Cipher cipher, long[] keys, long[] in, int blocks, java.util.function.IntUnaryOperator keyOf)
            throws Exception {
        long[] out = new long[2 * blocks];
        byte[] k = new byte[16];
        byte[] p = new byte[16];
        for (int i = 0; i < blocks; i++) {
            Blocks.toBytes(keys, keyOf.applyAsInt(i), k, 0, 1);
            Blocks.toBytes(in, i, p, 0, 1);
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"));
            Blocks.fromBytes(cipher.doFinal(p), 0, out, i, 1);
        }
        return out;
    }

    private static long[] random(Random rnd, int longs) {
        long[] a = new long[longs];
        for (int i = 0; i < a.length; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }

    @Test
    void batchMatchesTheJdkOnThousandsOfRandomKeysInEveryGroupShape() throws Exception {
        Random rnd = new Random(12);
        Cipher cipher = Cipher.getInstance("AES/ECB/NoPadding");
        long[] scratch = new long[Aes128.SCRATCH_LONGS];
        int total = 0;
        for (int n : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 13, 16, 17, 20, 23, 31, 64, 1001, 4000}) {
            long[] keys = random(rnd, 2 * n);
            long[] in = random(rnd, 2 * n);
            long[] expected = jdk(cipher, keys, in, n, i -> i);
            long[] out = new long[2 * n];
            Aes128.multiKeyEncrypt(keys, in, out, n, scratch);
            assertArrayEquals(expected, out, n + " blocks");
            Aes128.multiKeyEncrypt(keys, in, in, n, scratch); // in place
            assertArrayEquals(expected, in, n + " blocks in place");
            total += n;
        }
        assertEquals(5221, total); // thousands of random keys; groups of 16, of 4, and every remainder mod 4
    }

    @Test
    void batchTwiceMatchesTheJdkWithEveryKeyOnItsFourBlocks() throws Exception {
        Random rnd = new Random(13);
        Cipher cipher = Cipher.getInstance("AES/ECB/NoPadding");
        long[] scratch = new long[Aes128.SCRATCH_LONGS];
        for (int pairs : new int[] {0, 1, 2, 3, 4, 5, 6, 7, 8, 501}) {
            long[] keys = random(rnd, 4 * pairs);
            long[] in = random(rnd, 8 * pairs);
            long[] expected = jdk(cipher, keys, in, 4 * pairs, b -> 2 * (b / 4) + (b & 1));
            long[] out = new long[8 * pairs];
            Aes128.multiKeyEncryptTwice(keys, in, out, pairs, scratch);
            assertArrayEquals(expected, out, pairs + " pairs");
            Aes128.multiKeyEncryptTwice(keys, in, in, pairs, scratch);
            assertArrayEquals(expected, in, pairs + " pairs in place");
        }
    }

    @Test
    void matchesTheJdkOnRandomKeysAndBlocks() throws Exception {
        Random rnd = new Random(11);
        Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        for (int i = 0; i < 3000; i++) {
            byte[] key = new byte[16];
            byte[] pt = new byte[16];
            rnd.nextBytes(key);
            rnd.nextBytes(pt);
            jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
            byte[] expected = jdk.doFinal(pt);
            long[] k = new long[2];
            long[] p = new long[2];
            Blocks.fromBytes(key, 0, k, 0, 1);
            Blocks.fromBytes(pt, 0, p, 0, 1);
            Aes128.expandKey(k[0], k[1], rk, 0);
            long[] c = new long[2];
            Aes128.encrypt(rk, 0, p, 0, c, 0);
            byte[] actual = new byte[16];
            Blocks.toBytes(c, 0, actual, 0, 1);
            assertArrayEquals(expected, actual, "key " + HexFormat.of().formatHex(key));
        }
    }
}
