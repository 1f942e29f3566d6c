package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;

/**
 * AES-128 (FIPS-197) in plain Java, bitsliced and constant-time, for what the JDK's cipher cannot do without
 * allocating: encrypting under a new key for every gate.
 *
 * <p>Why constant-time: the keys here are garbled-circuit labels, which are secret, and so are the blocks. A
 * table-driven AES (T-tables, an S-box array) loads from addresses that depend on key and data bytes, and the cache
 * lines it touches leak them to anything sharing the CPU. Here no memory address and no branch depends on a key or
 * a block: the S-box is the Boyar-Peralta circuit (AND and XOR on words), every other step is fixed shifts and
 * masks, and the key schedule runs on the same bitsliced words.
 *
 * <p>Layout: four blocks at once in eight {@code long}s. Word {@code i} holds bit {@code i} of every byte; in it,
 * the bit of state byte (row {@code r}, column {@code c}) of block {@code j} is at {@code 16r + 4c + j}. ShiftRows is
 * then a rotation inside each 16-bit row, MixColumns a rotation of the whole word by 16, and the four blocks may
 * each have their own key: the key schedule of four keys runs in the same layout, round by round beside the
 * encryption, so round keys are never stored. Batches go sixteen blocks at a time (four states beside four key
 * states whose SubWord shares one S-box circuit). Blocks are in the {@link Blocks} layout; the batch methods take a
 * caller-owned scratch array, so nothing is allocated per key or per block.
 */
public final class Aes128 {
    /** Ints in one expanded key: 11 round keys of 4 words. */
    public static final int ROUND_KEY_INTS = 44;

    /** Longs of the scratch array the batch methods take. */
    public static final int SCRATCH_LONGS = 128;

    // Scratch: up to four states (16 blocks), up to four key states (16 keys), a temporary for the key schedule's
    // S-box, the round keys of up to four states (when keys are used twice), and a padded copy of a short last group
    // (four keys, then eight blocks). Every offset is a constant, which lets the JIT drop range checks.
    private static final int STATES = 0;
    private static final int KEYS = 32;
    private static final int TMP = 64;
    private static final int ROUND_KEYS = 72;
    private static final int PAD_KEYS = 104;
    private static final int PAD_BLOCKS = 112;

    private static final int[] RCON = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

    /** Bit slice i of round r's constant (row 0, column 0, every block) at {@code [8r + i]}; r and i are public. */
    private static final long[] RCON_SLICES = new long[80];

    static {
        for (int r = 0; r < 10; r++) {
            for (int i = 0; i < 8; i++) {
                RCON_SLICES[8 * r + i] = ((RCON[r] >>> i) & 1) != 0 ? 0xfL : 0L;
            }
        }
    }

    /** Slots 0 and 1 of every nibble (blocks 0 and 1 of a group), and slots 2 and 3. */
    private static final long SLOTS_01 = 0x3333333333333333L;
    private static final long SLOTS_23 = 0xccccccccccccccccL;

    private Aes128() {
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Batches: the Java kernel's multi-key AES.

    /**
     * {@code out[i] = AES_{keys[i]}(in[i])} for {@code blocks} blocks ({@link Kernel#multiKeyEncrypt}): sixteen at a
     * time (four states, four key states whose SubWord shares one S-box circuit), then four at a time, then a padded
     * group for the last one to three. {@code in} may equal {@code out}; {@code scratch} holds {@link #SCRATCH_LONGS}
     * longs.
     */
    public static void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks, long[] scratch) {
        if (scratch.length < SCRATCH_LONGS) {
            throw new IllegalArgumentException("scratch of " + scratch.length + " longs, needs " + SCRATCH_LONGS);
        }
        int i = 0;
        for (; i + 16 <= blocks; i += 16) {
            encrypt16(keys, 2 * i, in, 2 * i, out, 2 * i, scratch);
        }
        for (; i + 4 <= blocks; i += 4) {
            encrypt4(keys, 2 * i, in, 2 * i, out, 2 * i, scratch);
        }
        int rest = blocks - i;
        if (rest > 0) {
            java.util.Arrays.fill(scratch, PAD_KEYS, PAD_BLOCKS + 8, 0L);
            System.arraycopy(keys, 2 * i, scratch, PAD_KEYS, 2 * rest);
            System.arraycopy(in, 2 * i, scratch, PAD_BLOCKS, 2 * rest);
            encrypt4(scratch, PAD_KEYS, scratch, PAD_BLOCKS, scratch, PAD_BLOCKS, scratch);
            System.arraycopy(scratch, PAD_BLOCKS, out, 2 * i, 2 * rest);
        }
    }

    /**
     * {@link Kernel#multiKeyEncryptTwice}: keys {@code 2p} and {@code 2p + 1} encrypt blocks {@code 4p .. 4p + 3} in
     * the order key 2p, key 2p + 1, key 2p, key 2p + 1. Four pairs at a time (two key states sharing one S-box for
     * SubWord, four states), then two (one key state, two states), then a padded group for the last one: each key
     * schedule serves two blocks. {@code in} may equal {@code out}; {@code scratch} holds {@link #SCRATCH_LONGS} longs.
     */
    public static void multiKeyEncryptTwice(long[] keys, long[] in, long[] out, int pairs, long[] scratch) {
        if (scratch.length < SCRATCH_LONGS) {
            throw new IllegalArgumentException("scratch of " + scratch.length + " longs, needs " + SCRATCH_LONGS);
        }
        int p = 0;
        for (; p + 4 <= pairs; p += 4) {
            encrypt16Twice(keys, 4 * p, in, 8 * p, out, 8 * p, scratch);
        }
        for (; p + 2 <= pairs; p += 2) {
            encrypt8Twice(keys, 4 * p, in, 8 * p, out, 8 * p, scratch);
        }
        if (p < pairs) {
            java.util.Arrays.fill(scratch, PAD_KEYS, PAD_BLOCKS + 16, 0L);
            System.arraycopy(keys, 4 * p, scratch, PAD_KEYS, 4);
            System.arraycopy(in, 8 * p, scratch, PAD_BLOCKS, 8);
            encrypt8Twice(scratch, PAD_KEYS, scratch, PAD_BLOCKS, scratch, PAD_BLOCKS, scratch);
            System.arraycopy(scratch, PAD_BLOCKS, out, 8 * p, 8);
        }
    }

    // Each group reads all its keys and blocks (pack) before it writes an output (unpack), so in may equal out.

    /** Four blocks at {@code in[inAt..]}, each under its own key at {@code keys[keyAt..]} (longs, two a block). */
    private static void encrypt4(long[] keys, int keyAt, long[] in, int inAt, long[] out, int outAt, long[] s) {
        pack(keys, keyAt, s, KEYS);
        pack(in, inAt, s, STATES);
        addRoundKey(s, STATES, KEYS);
        for (int round = 0; round < 10; round++) {
            subBytes(s, STATES);
            nextRoundKey(s, round);
            if (round < 9) {
                shiftRowsMixColumnsAddKey(s, STATES, KEYS);
            } else {
                shiftRowsAddKey(s, STATES, KEYS);
            }
        }
        unpack(s, STATES, out, outAt);
    }

    /** Sixteen blocks, each under its own key: state j (blocks 4j .. 4j + 3) under key state j. */
    private static void encrypt16(long[] keys, int keyAt, long[] in, int inAt, long[] out, int outAt, long[] s) {
        pack(keys, keyAt, s, KEYS);
        pack(keys, keyAt + 8, s, KEYS + 8);
        pack(keys, keyAt + 16, s, KEYS + 16);
        pack(keys, keyAt + 24, s, KEYS + 24);
        pack(in, inAt, s, STATES);
        pack(in, inAt + 8, s, STATES + 8);
        pack(in, inAt + 16, s, STATES + 16);
        pack(in, inAt + 24, s, STATES + 24);
        addRoundKey(s, STATES, KEYS);
        addRoundKey(s, STATES + 8, KEYS + 8);
        addRoundKey(s, STATES + 16, KEYS + 16);
        addRoundKey(s, STATES + 24, KEYS + 24);
        for (int round = 0; round < 10; round++) {
            subBytes(s, STATES);
            subBytes(s, STATES + 8);
            subBytes(s, STATES + 16);
            subBytes(s, STATES + 24);
            nextRoundKeys4(s, round);
            if (round < 9) {
                shiftRowsMixColumnsAddKey(s, STATES, KEYS);
                shiftRowsMixColumnsAddKey(s, STATES + 8, KEYS + 8);
                shiftRowsMixColumnsAddKey(s, STATES + 16, KEYS + 16);
                shiftRowsMixColumnsAddKey(s, STATES + 24, KEYS + 24);
            } else {
                shiftRowsAddKey(s, STATES, KEYS);
                shiftRowsAddKey(s, STATES + 8, KEYS + 8);
                shiftRowsAddKey(s, STATES + 16, KEYS + 16);
                shiftRowsAddKey(s, STATES + 24, KEYS + 24);
            }
        }
        unpack(s, STATES, out, outAt);
        unpack(s, STATES + 8, out, outAt + 8);
        unpack(s, STATES + 16, out, outAt + 16);
        unpack(s, STATES + 24, out, outAt + 24);
    }

    /**
     * Two pairs: keys {@code k0..k3} at {@code keys[keyAt..]}, blocks 0-3 under k0, k1, k0, k1 and blocks 4-7 under
     * k2, k3, k2, k3. The key state holds k0..k3 in slots 0..3; each state's round key copies two slots onto the
     * other two.
     */
    private static void encrypt8Twice(long[] keys, int keyAt, long[] in, int inAt, long[] out, int outAt, long[] s) {
        pack(keys, keyAt, s, KEYS);
        pack(in, inAt, s, STATES);
        pack(in, inAt + 8, s, STATES + 8);
        spreadKeys(s, KEYS, ROUND_KEYS);
        addRoundKey(s, STATES, ROUND_KEYS);
        addRoundKey(s, STATES + 8, ROUND_KEYS + 8);
        for (int round = 0; round < 10; round++) {
            subBytes(s, STATES);
            subBytes(s, STATES + 8);
            nextRoundKey(s, round);
            spreadKeys(s, KEYS, ROUND_KEYS);
            if (round < 9) {
                shiftRowsMixColumnsAddKey(s, STATES, ROUND_KEYS);
                shiftRowsMixColumnsAddKey(s, STATES + 8, ROUND_KEYS + 8);
            } else {
                shiftRowsAddKey(s, STATES, ROUND_KEYS);
                shiftRowsAddKey(s, STATES + 8, ROUND_KEYS + 8);
            }
        }
        unpack(s, STATES, out, outAt);
        unpack(s, STATES + 8, out, outAt + 8);
    }

    /** Four pairs: {@link #encrypt8Twice} twice over, with the two key states' SubWord in one S-box circuit. */
    private static void encrypt16Twice(long[] keys, int keyAt, long[] in, int inAt, long[] out, int outAt, long[] s) {
        pack(keys, keyAt, s, KEYS);
        pack(keys, keyAt + 8, s, KEYS + 8);
        pack(in, inAt, s, STATES);
        pack(in, inAt + 8, s, STATES + 8);
        pack(in, inAt + 16, s, STATES + 16);
        pack(in, inAt + 24, s, STATES + 24);
        spreadKeys(s, KEYS, ROUND_KEYS);
        spreadKeys(s, KEYS + 8, ROUND_KEYS + 16);
        addRoundKey(s, STATES, ROUND_KEYS);
        addRoundKey(s, STATES + 8, ROUND_KEYS + 8);
        addRoundKey(s, STATES + 16, ROUND_KEYS + 16);
        addRoundKey(s, STATES + 24, ROUND_KEYS + 24);
        for (int round = 0; round < 10; round++) {
            subBytes(s, STATES);
            subBytes(s, STATES + 8);
            subBytes(s, STATES + 16);
            subBytes(s, STATES + 24);
            nextRoundKeys2(s, round);
            spreadKeys(s, KEYS, ROUND_KEYS);
            spreadKeys(s, KEYS + 8, ROUND_KEYS + 16);
            if (round < 9) {
                shiftRowsMixColumnsAddKey(s, STATES, ROUND_KEYS);
                shiftRowsMixColumnsAddKey(s, STATES + 8, ROUND_KEYS + 8);
                shiftRowsMixColumnsAddKey(s, STATES + 16, ROUND_KEYS + 16);
                shiftRowsMixColumnsAddKey(s, STATES + 24, ROUND_KEYS + 24);
            } else {
                shiftRowsAddKey(s, STATES, ROUND_KEYS);
                shiftRowsAddKey(s, STATES + 8, ROUND_KEYS + 8);
                shiftRowsAddKey(s, STATES + 16, ROUND_KEYS + 16);
                shiftRowsAddKey(s, STATES + 24, ROUND_KEYS + 24);
            }
        }
        unpack(s, STATES, out, outAt);
        unpack(s, STATES + 8, out, outAt + 8);
        unpack(s, STATES + 16, out, outAt + 16);
        unpack(s, STATES + 24, out, outAt + 24);
    }

    /**
     * The round keys of two states from key state {@code k}: slots 0, 1 copied onto 2, 3 into {@code to}, and slots
     * 2, 3 onto 0, 1 into {@code to + 8}.
     */
    private static void spreadKeys(long[] s, int k, int to) {
        for (int i = 0; i < 8; i++) {
            long x = s[k + i];
            long lo = x & SLOTS_01;
            long hi = x & SLOTS_23;
            s[to + i] = lo | (lo << 2);
            s[to + 8 + i] = hi | (hi >>> 2);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // One block, one key: the original interface, kept for tests and callers outside the kernel. Constant-time as
    // well, but slow (a group of four with three empty slots) and allocating a scratch array per call.

    /**
     * Expands the key block {@code (keyLo, keyHi)} into {@code rk[off .. off+43]} (words little-endian: byte 0
     * of the key is the low byte of word 0).
     */
    public static void expandKey(long keyLo, long keyHi, int[] rk, int off) {
        long[] s = new long[SCRATCH_LONGS];
        s[PAD_KEYS] = keyLo;
        s[PAD_KEYS + 1] = keyHi;
        pack(s, PAD_KEYS, s, KEYS);
        putWords(keyLo, keyHi, rk, off);
        for (int round = 0; round < 10; round++) {
            nextRoundKey(s, round);
            System.arraycopy(s, KEYS, s, TMP, 8); // unpack works in place
            unpack(s, TMP, s, PAD_BLOCKS);
            putWords(s[PAD_BLOCKS], s[PAD_BLOCKS + 1], rk, off + 4 * (round + 1));
        }
    }

    /** Encrypts block {@code block} of {@code in} into block {@code block} of {@code out} with round keys at {@code rk[off]}. */
    public static void encrypt(int[] rk, int off, long[] in, int inBlock, long[] out, int outBlock) {
        long[] s = new long[SCRATCH_LONGS];
        s[PAD_BLOCKS] = in[2 * inBlock];
        s[PAD_BLOCKS + 1] = in[2 * inBlock + 1];
        pack(s, PAD_BLOCKS, s, STATES);
        packRoundKey(rk, off, s);
        addRoundKey(s, STATES, KEYS);
        for (int round = 1; round <= 10; round++) {
            subBytes(s, STATES);
            packRoundKey(rk, off + 4 * round, s);
            if (round < 10) {
                shiftRowsMixColumnsAddKey(s, STATES, KEYS);
            } else {
                shiftRowsAddKey(s, STATES, KEYS);
            }
        }
        unpack(s, STATES, s, PAD_BLOCKS);
        out[2 * outBlock] = s[PAD_BLOCKS];
        out[2 * outBlock + 1] = s[PAD_BLOCKS + 1];
    }

    private static void putWords(long lo, long hi, int[] rk, int off) {
        rk[off] = (int) lo;
        rk[off + 1] = (int) (lo >>> 32);
        rk[off + 2] = (int) hi;
        rk[off + 3] = (int) (hi >>> 32);
    }

    /** Round key {@code rk[off .. off+3]} into slot 0 of the key state (the other slots zero). */
    private static void packRoundKey(int[] rk, int off, long[] s) {
        s[PAD_KEYS] = (rk[off] & 0xffffffffL) | ((long) rk[off + 1] << 32);
        s[PAD_KEYS + 1] = (rk[off + 2] & 0xffffffffL) | ((long) rk[off + 3] << 32);
        pack(s, PAD_KEYS, s, KEYS);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Bitslicing. A bit of four blocks is addressed by 9 bits: which of the 8 longs (block j, then low or high half,
    // which is bit 1 of the column c) and where in it (bit 0 of c, row r, bit i of the byte). The target address is
    // (i | r, c, j). Each step below exchanges one address bit of the long's index with one of the bit's position:
    // "swap(a, b, n, m)" moves the bits of a at positions not in m into b's positions in m, n places lower.

    private static final long POS2_ZERO = 0x0f0f0f0f0f0f0f0fL;
    private static final long POS3_ZERO = 0x00ff00ff00ff00ffL;
    private static final long POS4_ZERO = 0x0000ffff0000ffffL;
    private static final long POS5_ZERO = 0x00000000ffffffffL;
    private static final long POS0_ZERO = 0x5555555555555555L;
    private static final long POS1_ZERO = 0x3333333333333333L;

    private static void swap(long[] s, int a, int b, int n, long m) {
        long x = s[a];
        long y = s[b];
        long t = ((x >>> n) ^ y) & m;
        s[b] = y ^ t;
        s[a] = x ^ (t << n);
    }

    /**
     * Four blocks at {@code src[at .. at+7]} into bitsliced words {@code s[q .. q+7]}. Long {@code w} of the source
     * goes to {@code s[q + (w >> 1) + 4 (w & 1)]}, so that after the swaps word {@code i} is bit {@code i} of the bytes.
     */
    private static void pack(long[] src, int at, long[] s, int q) {
        for (int w = 0; w < 8; w++) {
            s[q + (w >> 1) + 4 * (w & 1)] = src[at + w];
        }
        // Low or high half (bit 1 of the column) through positions 8, 16, 32, 4: rows move up to bits 4-5 of the
        // position, the column to bits 2-3, and bit 2 of the byte's bit index goes into the long's index.
        swapHalves(s, q, 8, POS3_ZERO);
        swapHalves(s, q, 16, POS4_ZERO);
        swapHalves(s, q, 32, POS5_ZERO);
        swapHalves(s, q, 4, POS2_ZERO);
        // Block bit 0 for bit index 0, block bit 1 for bit index 1.
        swapBlockBit0(s, q);
        swapBlockBit1(s, q);
    }

    /** The inverse of {@link #pack}: the same swaps in reverse order, in place in {@code t[q .. q+7]}. */
    private static void unpack(long[] t, int q, long[] dst, int at) {
        swapBlockBit1(t, q);
        swapBlockBit0(t, q);
        swapHalves(t, q, 4, POS2_ZERO);
        swapHalves(t, q, 32, POS5_ZERO);
        swapHalves(t, q, 16, POS4_ZERO);
        swapHalves(t, q, 8, POS3_ZERO);
        long w0 = t[q];
        long w1 = t[q + 4];
        long w2 = t[q + 1];
        long w3 = t[q + 5];
        long w4 = t[q + 2];
        long w5 = t[q + 6];
        long w6 = t[q + 3];
        long w7 = t[q + 7];
        dst[at] = w0;
        dst[at + 1] = w1;
        dst[at + 2] = w2;
        dst[at + 3] = w3;
        dst[at + 4] = w4;
        dst[at + 5] = w5;
        dst[at + 6] = w6;
        dst[at + 7] = w7;
    }

    private static void swapHalves(long[] s, int q, int n, long m) {
        swap(s, q, q + 4, n, m);
        swap(s, q + 1, q + 5, n, m);
        swap(s, q + 2, q + 6, n, m);
        swap(s, q + 3, q + 7, n, m);
    }

    private static void swapBlockBit0(long[] s, int q) {
        swap(s, q, q + 1, 1, POS0_ZERO);
        swap(s, q + 4, q + 5, 1, POS0_ZERO);
        swap(s, q + 2, q + 3, 1, POS0_ZERO);
        swap(s, q + 6, q + 7, 1, POS0_ZERO);
    }

    private static void swapBlockBit1(long[] s, int q) {
        swap(s, q, q + 2, 2, POS1_ZERO);
        swap(s, q + 4, q + 6, 2, POS1_ZERO);
        swap(s, q + 1, q + 3, 2, POS1_ZERO);
        swap(s, q + 5, q + 7, 2, POS1_ZERO);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Rounds.

    private static void addRoundKey(long[] s, int q, int k) {
        for (int i = 0; i < 8; i++) {
            s[q + i] ^= s[k + i];
        }
    }

    /**
     * Row r turns left by r columns: in its 16 bits, right by 4r. Rows 2 and 3 turn by 8 (their two bytes swap), then
     * rows 1 and 3 by 4.
     */
    private static long shiftRows(long x) {
        long t = (x ^ (x >>> 8)) & 0x00ff00ff00000000L;
        x ^= t ^ (t << 8);
        return (x & 0x0000ffff0000ffffL) | ((x >>> 4) & 0x0fff00000fff0000L) | ((x << 12) & 0xf0000000f0000000L);
    }

    private static void shiftRowsAddKey(long[] s, int q, int k) {
        for (int i = 0; i < 8; i++) {
            s[q + i] = shiftRows(s[q + i]) ^ s[k + i];
        }
    }

    /**
     * ShiftRows, MixColumns and AddRoundKey. Row r of {@code rotateRight(x, 16)} is row r + 1 of x, so with
     * {@code t = a ^ rot16(a)} a column's row r becomes {@code 2 t_r ^ a_{r+1} ^ t_{r+2}}; doubling in GF(2^8) on
     * bit slices takes bit 7 into bits 0, 1, 3 and 4 (0x1b).
     */
    private static void shiftRowsMixColumnsAddKey(long[] s, int q, int k) {
        long a0 = shiftRows(s[q]);
        long a1 = shiftRows(s[q + 1]);
        long a2 = shiftRows(s[q + 2]);
        long a3 = shiftRows(s[q + 3]);
        long a4 = shiftRows(s[q + 4]);
        long a5 = shiftRows(s[q + 5]);
        long a6 = shiftRows(s[q + 6]);
        long a7 = shiftRows(s[q + 7]);
        long b0 = Long.rotateRight(a0, 16);
        long b1 = Long.rotateRight(a1, 16);
        long b2 = Long.rotateRight(a2, 16);
        long b3 = Long.rotateRight(a3, 16);
        long b4 = Long.rotateRight(a4, 16);
        long b5 = Long.rotateRight(a5, 16);
        long b6 = Long.rotateRight(a6, 16);
        long b7 = Long.rotateRight(a7, 16);
        long t0 = a0 ^ b0;
        long t1 = a1 ^ b1;
        long t2 = a2 ^ b2;
        long t3 = a3 ^ b3;
        long t4 = a4 ^ b4;
        long t5 = a5 ^ b5;
        long t6 = a6 ^ b6;
        long t7 = a7 ^ b7;
        s[q] = t7 ^ b0 ^ Long.rotateRight(t0, 32) ^ s[k];
        s[q + 1] = t0 ^ t7 ^ b1 ^ Long.rotateRight(t1, 32) ^ s[k + 1];
        s[q + 2] = t1 ^ b2 ^ Long.rotateRight(t2, 32) ^ s[k + 2];
        s[q + 3] = t2 ^ t7 ^ b3 ^ Long.rotateRight(t3, 32) ^ s[k + 3];
        s[q + 4] = t3 ^ t7 ^ b4 ^ Long.rotateRight(t4, 32) ^ s[k + 4];
        s[q + 5] = t4 ^ b5 ^ Long.rotateRight(t5, 32) ^ s[k + 5];
        s[q + 6] = t5 ^ b6 ^ Long.rotateRight(t6, 32) ^ s[k + 6];
        s[q + 7] = t6 ^ b7 ^ Long.rotateRight(t7, 32) ^ s[k + 7];
    }

    /**
     * The key state (four keys) to the next round key, in place. SubWord goes through the S-box circuit (all columns,
     * into TMP); RotWord and the move of column 3 to column 0 are one rotation (row r + 1, column 3 to row r, column 0),
     * and the running XOR of the columns ({@code w'_c = w_0 ^ .. ^ w_c ^ temp}) then spreads it over the row.
     */
    private static void nextRoundKey(long[] s, int round) {
        subBytes(s, KEYS, TMP);
        addTemp(s, KEYS, 28, round);
    }

    /**
     * {@link #nextRoundKey} for the four key states at KEYS with one S-box circuit: only column 3 of a key needs
     * SubWord, so column 3 of key state j goes to column j of TMP, and comes back from there (row r + 1, column j to
     * row r, column 0, a rotation by 16 + 4j).
     */
    private static void nextRoundKeys4(long[] s, int round) {
        for (int i = 0; i < 8; i++) {
            s[TMP + i] = ((s[KEYS + i] & COLUMN_3) >>> 12) | ((s[KEYS + 8 + i] & COLUMN_3) >>> 8)
                    | ((s[KEYS + 16 + i] & COLUMN_3) >>> 4) | (s[KEYS + 24 + i] & COLUMN_3);
        }
        subBytes(s, TMP);
        addTemp(s, KEYS, 16, round);
        addTemp(s, KEYS + 8, 20, round);
        addTemp(s, KEYS + 16, 24, round);
        addTemp(s, KEYS + 24, 28, round);
    }

    /** {@link #nextRoundKeys4} for the two key states at KEYS. */
    private static void nextRoundKeys2(long[] s, int round) {
        for (int i = 0; i < 8; i++) {
            s[TMP + i] = ((s[KEYS + i] & COLUMN_3) >>> 12) | ((s[KEYS + 8 + i] & COLUMN_3) >>> 8);
        }
        subBytes(s, TMP);
        addTemp(s, KEYS, 16, round);
        addTemp(s, KEYS + 8, 20, round);
    }

    private static final long COLUMN_3 = 0xf000f000f000f000L;

    /** Key state {@code k} gets its temp word (SubWord in TMP, rotated by {@code rot}) and the running XOR. */
    private static void addTemp(long[] s, int k, int rot, int round) {
        for (int i = 0; i < 8; i++) {
            long x = s[k + i] ^ (Long.rotateRight(s[TMP + i], rot) & 0x000f000f000f000fL) ^ RCON_SLICES[8 * round + i];
            x ^= (x << 4) & 0xfff0fff0fff0fff0L;
            x ^= (x << 8) & 0xff00ff00ff00ff00L;
            s[k + i] = x;
        }
    }

    private static void subBytes(long[] s, int q) {
        subBytes(s, q, q);
    }

    /**
     * SubBytes of eight bit slices {@code s[from .. from+7]} (slice i: bit i of every byte) into {@code s[to ..
     * to+7]}: the depth-16 circuit of Boyar and Peralta ("A depth-16 circuit for the AES S-box", 2011), 32 ANDs and
     * 83 XOR/XNORs. The circuit numbers bits from the most significant: u0 is bit 7.
     */
    private static void subBytes(long[] s, int from, int to) {
        long u0 = s[from + 7];
        long u1 = s[from + 6];
        long u2 = s[from + 5];
        long u3 = s[from + 4];
        long u4 = s[from + 3];
        long u5 = s[from + 2];
        long u6 = s[from + 1];
        long u7 = s[from];

        // Top linear layer.
        long t1 = u0 ^ u3;
        long t2 = u0 ^ u5;
        long t3 = u0 ^ u6;
        long t4 = u3 ^ u5;
        long t5 = u4 ^ u6;
        long t6 = t1 ^ t5;
        long t7 = u1 ^ u2;
        long t8 = u7 ^ t6;
        long t9 = u7 ^ t7;
        long t10 = t6 ^ t7;
        long t11 = u1 ^ u5;
        long t12 = u2 ^ u5;
        long t13 = t3 ^ t4;
        long t14 = t6 ^ t11;
        long t15 = t5 ^ t11;
        long t16 = t5 ^ t12;
        long t17 = t9 ^ t16;
        long t18 = u3 ^ u7;
        long t19 = t7 ^ t18;
        long t20 = t1 ^ t19;
        long t21 = u6 ^ u7;
        long t22 = t7 ^ t21;
        long t23 = t2 ^ t22;
        long t24 = t2 ^ t10;
        long t25 = t20 ^ t17;
        long t26 = t3 ^ t16;
        long t27 = t1 ^ t12;

        // Middle non-linear layer: inversion in GF(2^8) through GF(2^4).
        long m1 = t13 & t6;
        long m2 = t23 & t8;
        long m3 = t14 ^ m1;
        long m4 = t19 & u7;
        long m5 = m4 ^ m1;
        long m6 = t3 & t16;
        long m7 = t22 & t9;
        long m8 = t26 ^ m6;
        long m9 = t20 & t17;
        long m10 = m9 ^ m6;
        long m11 = t1 & t15;
        long m12 = t4 & t27;
        long m13 = m12 ^ m11;
        long m14 = t2 & t10;
        long m15 = m14 ^ m11;
        long m16 = m3 ^ m2;
        long m17 = m5 ^ t24;
        long m18 = m8 ^ m7;
        long m19 = m10 ^ m15;
        long m20 = m16 ^ m13;
        long m21 = m17 ^ m15;
        long m22 = m18 ^ m13;
        long m23 = m19 ^ t25;
        long m24 = m22 ^ m23;
        long m25 = m22 & m20;
        long m26 = m21 ^ m25;
        long m27 = m20 ^ m21;
        long m28 = m23 ^ m25;
        long m29 = m28 & m27;
        long m30 = m26 & m24;
        long m31 = m20 & m23;
        long m32 = m27 & m31;
        long m33 = m27 ^ m25;
        long m34 = m21 & m22;
        long m35 = m24 & m34;
        long m36 = m24 ^ m25;
        long m37 = m21 ^ m29;
        long m38 = m32 ^ m33;
        long m39 = m23 ^ m30;
        long m40 = m35 ^ m36;
        long m41 = m38 ^ m40;
        long m42 = m37 ^ m39;
        long m43 = m37 ^ m38;
        long m44 = m39 ^ m40;
        long m45 = m42 ^ m41;
        long m46 = m44 & t6;
        long m47 = m40 & t8;
        long m48 = m39 & u7;
        long m49 = m43 & t16;
        long m50 = m38 & t9;
        long m51 = m37 & t17;
        long m52 = m42 & t15;
        long m53 = m45 & t27;
        long m54 = m41 & t10;
        long m55 = m44 & t13;
        long m56 = m40 & t23;
        long m57 = m39 & t19;
        long m58 = m43 & t3;
        long m59 = m38 & t22;
        long m60 = m37 & t20;
        long m61 = m42 & t1;
        long m62 = m45 & t4;
        long m63 = m41 & t2;

        // Bottom linear layer, with the affine constant 0x63 as complements (bits 0, 1, 5, 6).
        long l0 = m61 ^ m62;
        long l1 = m50 ^ m56;
        long l2 = m46 ^ m48;
        long l3 = m47 ^ m55;
        long l4 = m54 ^ m58;
        long l5 = m49 ^ m61;
        long l6 = m62 ^ l5;
        long l7 = m46 ^ l3;
        long l8 = m51 ^ m59;
        long l9 = m52 ^ m53;
        long l10 = m53 ^ l4;
        long l11 = m60 ^ l2;
        long l12 = m48 ^ m51;
        long l13 = m50 ^ l0;
        long l14 = m52 ^ m61;
        long l15 = m55 ^ l1;
        long l16 = m56 ^ l0;
        long l17 = m57 ^ l1;
        long l18 = m58 ^ l8;
        long l19 = m63 ^ l4;
        long l20 = l0 ^ l1;
        long l21 = l1 ^ l7;
        long l22 = l3 ^ l12;
        long l23 = l18 ^ l2;
        long l24 = l15 ^ l9;
        long l25 = l6 ^ l10;
        long l26 = l7 ^ l9;
        long l27 = l8 ^ l10;
        long l28 = l11 ^ l14;
        long l29 = l11 ^ l17;

        s[to + 7] = l6 ^ l24;
        s[to + 6] = ~(l16 ^ l26);
        s[to + 5] = ~(l19 ^ l28);
        s[to + 4] = l6 ^ l21;
        s[to + 3] = l20 ^ l22;
        s[to + 2] = l25 ^ l29;
        s[to + 1] = ~(l13 ^ l27);
        s[to] = ~(l6 ^ l23);
    }
}
