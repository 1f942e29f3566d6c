package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;

/**
 * AES-128 (FIPS-197) in plain Java with T-tables, for what the JDK's cipher cannot do without allocating:
 * encrypting under a new key for every gate. Key schedules go into caller-owned arrays, so nothing is
 * allocated per key or per block. Blocks are in the {@link Blocks} layout.
 */
public final class Aes128 {
    /** Ints in one expanded key: 11 round keys of 4 words. */
    public static final int ROUND_KEY_INTS = 44;

    private static final int[] SBOX = new int[256];
    private static final int[] T0 = new int[256];
    private static final int[] T1 = new int[256];
    private static final int[] T2 = new int[256];
    private static final int[] T3 = new int[256];
    private static final int[] RCON = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

    static {
        // S-box from the multiplicative inverse in GF(2^8) and the affine map (FIPS-197 5.1.1).
        int p = 1;
        int q = 1;
        do {
            p = p ^ ((p << 1) & 0xff) ^ ((p & 0x80) != 0 ? 0x1b : 0);
            q ^= q << 1;
            q ^= q << 2;
            q ^= q << 4;
            q &= 0xff;
            if ((q & 0x80) != 0) {
                q ^= 0x09;
            }
            int x = q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4);
            SBOX[p] = (x ^ 0x63) & 0xff;
        } while (p != 1);
        SBOX[0] = 0x63;
        for (int i = 0; i < 256; i++) {
            int s = SBOX[i];
            int s2 = xtime(s);
            int s3 = s2 ^ s;
            // Column (2s, s, s, 3s) as a little-endian word: byte 0 is row 0.
            int t = s2 | (s << 8) | (s << 16) | (s3 << 24);
            T0[i] = t;
            T1[i] = Integer.rotateLeft(t, 8);
            T2[i] = Integer.rotateLeft(t, 16);
            T3[i] = Integer.rotateLeft(t, 24);
        }
    }

    private Aes128() {
    }

    private static int rotl8(int x, int n) {
        return ((x << n) | (x >>> (8 - n))) & 0xff;
    }

    private static int xtime(int x) {
        return ((x << 1) ^ ((x & 0x80) != 0 ? 0x1b : 0)) & 0xff;
    }

    private static int subWord(int w) {
        return SBOX[w & 0xff] | SBOX[(w >>> 8) & 0xff] << 8 | SBOX[(w >>> 16) & 0xff] << 16 | SBOX[w >>> 24] << 24;
    }

    /**
     * Expands the key block {@code (keyLo, keyHi)} into {@code rk[off .. off+43]} (words little-endian: byte 0
     * of the key is the low byte of word 0).
     */
    public static void expandKey(long keyLo, long keyHi, int[] rk, int off) {
        rk[off] = (int) keyLo;
        rk[off + 1] = (int) (keyLo >>> 32);
        rk[off + 2] = (int) keyHi;
        rk[off + 3] = (int) (keyHi >>> 32);
        for (int i = 4; i < ROUND_KEY_INTS; i++) {
            int t = rk[off + i - 1];
            if ((i & 3) == 0) {
                t = subWord(Integer.rotateRight(t, 8)) ^ RCON[i / 4 - 1];
            }
            rk[off + i] = rk[off + i - 4] ^ t;
        }
    }

    /** Encrypts block {@code block} of {@code in} into block {@code block} of {@code out} with round keys at {@code rk[off]}. */
    public static void encrypt(int[] rk, int off, long[] in, int inBlock, long[] out, int outBlock) {
        long lo = in[2 * inBlock];
        long hi = in[2 * inBlock + 1];
        int s0 = (int) lo ^ rk[off];
        int s1 = (int) (lo >>> 32) ^ rk[off + 1];
        int s2 = (int) hi ^ rk[off + 2];
        int s3 = (int) (hi >>> 32) ^ rk[off + 3];
        int k = off + 4;
        for (int round = 1; round < 10; round++, k += 4) {
            int t0 = T0[s0 & 0xff] ^ T1[(s1 >>> 8) & 0xff] ^ T2[(s2 >>> 16) & 0xff] ^ T3[s3 >>> 24] ^ rk[k];
            int t1 = T0[s1 & 0xff] ^ T1[(s2 >>> 8) & 0xff] ^ T2[(s3 >>> 16) & 0xff] ^ T3[s0 >>> 24] ^ rk[k + 1];
            int t2 = T0[s2 & 0xff] ^ T1[(s3 >>> 8) & 0xff] ^ T2[(s0 >>> 16) & 0xff] ^ T3[s1 >>> 24] ^ rk[k + 2];
            int t3 = T0[s3 & 0xff] ^ T1[(s0 >>> 8) & 0xff] ^ T2[(s1 >>> 16) & 0xff] ^ T3[s2 >>> 24] ^ rk[k + 3];
            s0 = t0;
            s1 = t1;
            s2 = t2;
            s3 = t3;
        }
        int r0 = finalWord(s0, s1, s2, s3) ^ rk[k];
        int r1 = finalWord(s1, s2, s3, s0) ^ rk[k + 1];
        int r2 = finalWord(s2, s3, s0, s1) ^ rk[k + 2];
        int r3 = finalWord(s3, s0, s1, s2) ^ rk[k + 3];
        out[2 * outBlock] = (r0 & 0xffffffffL) | ((long) r1 << 32);
        out[2 * outBlock + 1] = (r2 & 0xffffffffL) | ((long) r3 << 32);
    }

    /** Last round: SubBytes and ShiftRows without MixColumns. */
    private static int finalWord(int a, int b, int c, int d) {
        return SBOX[a & 0xff] | SBOX[(b >>> 8) & 0xff] << 8 | SBOX[(c >>> 16) & 0xff] << 16 | SBOX[d >>> 24] << 24;
    }
}
