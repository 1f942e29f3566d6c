package io.yaostream.core.circuit;

/**
 * Where a circuit too large to keep in memory reads its gate records and AND batches from: its compiled file,
 * read once per walk ({@link CompiledCircuit#openBlocks}). Implemented by the file format; the records it hands
 * out are raw, {@link GateBlocks} checks them.
 */
public interface GateFile {
    /** Opens a pass over the records; the caller closes it. */
    Pass open();

    /** A one-line error that names the file: {@code message} says what is wrong. */
    RuntimeException error(String message);

    /**
     * One sequential read of the file's gate records and, independently, of its AND batch records. Reads fail with
     * {@link #error} when the file ends early or cannot be read.
     */
    interface Pass extends AutoCloseable {
        /**
         * Reads the next {@code count} gate records into {@code dst}, {@link CompiledCircuit#GATE_STRIDE} ints each
         * ({@code op, in0, in1, out}) from int {@code GATE_STRIDE * at}.
         */
        void readGates(int[] dst, int at, int count);

        /** Reads the next AND batch record into {@code dst[0]} (first gate) and {@code dst[1]} (length). */
        void readBatch(int[] dst);

        /** After every record was read: fails with {@link #error} when the file's checksum does not match. */
        void verify();

        @Override
        void close();
    }
}
