package io.yaostream.core.ot;

/**
 * What both ends of the IKNP extension agree on: the number of base OTs, the block size rules, how a call of
 * n OTs is cut into blocks, the hash domain and the packed layout of choice bits.
 *
 * <p>A call for n OTs is cut into blocks of at most M OTs; a block of {@code len} OTs is computed at the width
 * {@code len} rounded up to a multiple of 128 (the transpose works on whole 128 x 128 squares of AES output).
 * The padding OTs of a short last block are computed and dropped by both ends: their PRG output and their
 * global indices are consumed, so nothing is ever reused, at a cost of at most 127 OTs per call.
 */
final class Iknp {
    /** Base OTs, columns of the IKNP matrix, bits of a block: the computational security parameter. */
    static final int K = 128;

    /**
     * Default OTs per block: 2^13 keeps a block's columns and rows (128 KiB each) in the L2 cache; on this
     * machine it measured faster than 2^12, 2^14 and 2^16 ({@code bench ot}).
     */
    static final int DEFAULT_BLOCK_SIZE = 1 << 13;

    /**
     * Largest block for which the chosen-OT receiver sends the next block's u before reading the current
     * answer: at most 256 KiB of u and 512 KiB of answers are then in flight, which channels buffer (the memory
     * channel holds 1 MiB a way).
     */
    static final int MAX_SEND_AHEAD_BLOCK = 1 << 13;

    /**
     * High word of every OT hash tweak {@code (index, HASH_DOMAIN)}: ASCII "IKNP-OT", far from the small
     * integers the garbling schemes use there, so no hash input serves both garbling and OT.
     */
    static final long HASH_DOMAIN = 0x0054_4f2d_504e_4b49L;

    private Iknp() {
    }

    static int checkBlockSize(int blockSize) {
        if (blockSize < K || blockSize % K != 0) {
            throw new IllegalArgumentException("OT extension block size " + blockSize + " is not a positive multiple of " + K);
        }
        return blockSize;
    }

    /** The width a block of {@code len} OTs is computed at. */
    static int paddedWidth(int len) {
        return (len + K - 1) & -K;
    }

    /** Bit {@code i} of a packed bit string: bit i % 64 of word i / 64. */
    static int bit(long[] bits, long i) {
        return (int) (bits[(int) (i >>> 6)] >>> i) & 1;
    }

    /**
     * Copies the packed bits {@code [from, from + len)} of {@code src} ({@code from} a multiple of 64) to
     * {@code dst} from bit 0 and clears {@code dst} up to bit {@code width}.
     */
    static void copyBits(long[] src, int from, int len, long[] dst, int width) {
        int words = (len + 63) >>> 6;
        System.arraycopy(src, from >>> 6, dst, 0, words);
        if ((len & 63) != 0) {
            dst[words - 1] &= (1L << len) - 1;
        }
        java.util.Arrays.fill(dst, words, width >>> 6, 0L);
    }

    static void checkCount(int n, long[] array, int longsPerOt, String name) {
        if (n < 0) {
            throw new IllegalArgumentException("negative OT count " + n);
        }
        if ((long) longsPerOt * n > array.length) {
            throw new IllegalArgumentException(name + " holds " + array.length + " longs, " + n + " OTs need "
                    + (long) longsPerOt * n);
        }
    }

    static void checkBits(int n, long[] bits, String name) {
        if (bits.length < (n + 63) >>> 6) {
            throw new IllegalArgumentException(name + " holds " + 64L * bits.length + " bits, " + n + " OTs need " + n);
        }
    }
}
