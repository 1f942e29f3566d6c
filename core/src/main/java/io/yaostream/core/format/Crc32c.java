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

    /** The CRC-32C of {@code A || B} from {@code crcA}, {@code crcB} and the length of B in bytes. */
    static int combine(int crcA, int crcB, long lengthB) {
        if (lengthB <= 0) {
            return crcA;
        }
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
        long len = lengthB;
        int crc = crcA;
        do { // apply len zero bytes to crcA, squaring the operator for each bit of len
            square(even, odd);
            if ((len & 1) != 0) {
                crc = times(even, crc);
            }
            len >>>= 1;
            if (len == 0) {
                break;
            }
            square(odd, even);
            if ((len & 1) != 0) {
                crc = times(odd, crc);
            }
            len >>>= 1;
        } while (len != 0);
        return crc ^ crcB;
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
