package io.yaostream.spark;


import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** The inputs of the two-application tests, drawn from fixed seeds: each party's application and the test draw the same. */
final class PairData {
    static final int BITS = 32;
    static final byte[] KEY = java.util.HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");
    /** FIPS-197 Appendix C.1: this block under {@link #KEY}. */
    static final String FIPS_BLOCK = "00112233445566778899aabbccddeeff";
    static final String FIPS_CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";

    private PairData() {
    }

    static List<Long> values(boolean garbler, int count) {
        SplittableRandom r = new SplittableRandom(garbler ? 11 : 22);
        List<Long> v = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            v.add(r.nextLong(1L << BITS));
        }
        return v;
    }

    /** {@code count} random blocks and, last, the FIPS-197 block. */
    static List<byte[]> blocks(int count) {
        SplittableRandom r = new SplittableRandom(33);
        List<byte[]> b = new ArrayList<>(count);
        for (int i = 0; i < count - 1; i++) {
            byte[] block = new byte[16];
            for (int j = 0; j < 16; j++) {
                block[j] = (byte) r.nextInt(256);
            }
            b.add(block);
        }
        b.add(java.util.HexFormat.of().parseHex(FIPS_BLOCK));
        return b;
    }

    /** AES-128 of {@code block} under {@link #KEY} in plaintext (the JDK's AES), as hex. */
    static String encrypt(byte[] block) {
        try {
            javax.crypto.Cipher c = javax.crypto.Cipher.getInstance("AES/ECB/NoPadding");
            c.init(javax.crypto.Cipher.ENCRYPT_MODE, new javax.crypto.spec.SecretKeySpec(KEY, "AES"));
            return java.util.HexFormat.of().formatHex(c.doFinal(block));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static int aesBlocks(int shards) {
        return shards == 4 ? 3 : 9; // three blocks over four shards leave a shard with none
    }

}
