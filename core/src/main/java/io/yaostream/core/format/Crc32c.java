package io.yaostream.core.format;

/**
 * CRC-32C of a concatenation from the CRCs of its parts (zlib's crc32_combine, for the Castagnoli polynomial), so a
 * file whose regions are read side by side (a streamed slot-ID file's AND batches and gates) is still checked as
 * one body.
 */
final class Crc32c {
    /** The reflected Castagnoli polynomial of {@link java.util.zip.CRC32C}. */
    private static final int POLY = 0x82F63B78;

    private Crc32c() {
    }

    /**
     * The CRC-32C of {@code A || B} from {@code crcA}, {@code crcB} and {@code zerosOfB}, the {@link #zeros} of B's
     * length: made once where the same lengths are combined again and again (every pass over a streamed file).
     */
    static int combine(int crcA, int crcB, int[] zerosOfB) {
        return times(zerosOfB, crcA) ^ crcB;
    }

    /** The linear map that appending {@code length} zero bytes makes of a CRC, as 32 columns. */
    static int[] zeros(long length) {
        int[] even = new int[32];
        int[] odd = new int[32];
        odd[0] = POLY; // the operator for one zero bit
        int row = 1;
        for (int n = 1; n < 32; n++) {
            odd[n] = row;
            row <<= 1;
        }
        square(even, odd); // two zero bits
        square(odd, even); // four
        int[] result = new int[32];
        for (int n = 0; n < 32; n++) {
            result[n] = 1 << n; // the identity
        }
        long len = length;
        while (len != 0) { // the operator for len zero bytes, squaring the one for a byte for each bit of len
            square(even, odd);
            if ((len & 1) != 0) {
                result = product(even, result);
            }
            len >>>= 1;
            if (len == 0) {
                break;
            }
            square(odd, even);
            if ((len & 1) != 0) {
                result = product(odd, result);
            }
            len >>>= 1;
        }
        return result;
    }

    /** {@code a} after {@code b}, as columns. */
    private static int[] product(int[] a, int[] b) {
        int[] ab = new int[32];
        for (int n = 0; n < 32; n++) {
            ab[n] = times(a, b[n]);
        }
        return ab;
    }

    private static int times(int[] matrix, int vector) {
        int sum = 0;
        for (int i = 0; vector != 0; i++, vector >>>= 1) {
            if ((vector & 1) != 0) {
                sum ^= matrix[i];
            }
        }
        return sum;
    }

    private static void square(int[] square, int[] matrix) {
        for (int n = 0; n < 32; n++) {
            square[n] = times(matrix, matrix[n]);
        }
    }
}
