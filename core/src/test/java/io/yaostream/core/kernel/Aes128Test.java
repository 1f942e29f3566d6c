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
    void matchesTheJdkOnRandomKeysAndBlocks() throws Exception {
        Random rnd = new Random(11);
        Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
        int[] rk = new int[Aes128.ROUND_KEY_INTS];
        for (int i = 0; i < 500; i++) {
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
