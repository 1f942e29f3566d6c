package io.yaostream.core.garble;

import io.yaostream.core.kernel.Blocks;


/**
 * An in-memory {@link GarbledStream}: the garbler writes blocks and bytes, the evaluator reads them back
 * in the same order. Consumed bytes are dropped as the buffer grows, so a garbler and evaluator that take
 * turns keep only what is in flight.
 */
public final class MemoryGarbledStream implements GarbledStream {
    private byte[] buf = new byte[1 << 16];
    private int readPos;
    private int writePos;
    private long written;

    /** Appends {@code blocks} blocks of {@code src} starting at block {@code from}. */
    @Override
    public void writeBlocks(long[] src, int from, int blocks) {
        ensure(16 * blocks);
        Blocks.toBytes(src, from, buf, writePos, blocks);
        writePos += 16 * blocks;
        written += 16L * blocks;
    }

    @Override
    public void writeByte(int b) {
        ensure(1);
        buf[writePos++] = (byte) b;
        written++;
    }

    @Override
    public void readBlocks(long[] dst, int from, int blocks) {
        need(16 * blocks);
        Blocks.fromBytes(buf, readPos, dst, from, blocks);
        readPos += 16 * blocks;
    }

    @Override
    public int readByte() {
        need(1);
        return buf[readPos++] & 0xff;
    }

    /** Drops everything written and not read. */
    public void clear() {
        readPos = 0;
        writePos = 0;
    }

    /**
     * Reads again from the start of the buffer (benchmarks replay one garbled circuit). Only meaningful while
     * everything written since the last {@link #clear} is still buffered, which holds until a write finds the
     * buffer full after reads.
     */
    public void replay() {
        readPos = 0;
    }

    /** Flips bit {@code bit} of the unread bytes (tests of tamper detection). */
    void flipUnreadBit(long bit) {
        buf[readPos + (int) (bit >>> 3)] ^= (byte) (1 << (bit & 7));
    }

    /** Total bytes ever written. */
    @Override
    public long bytesWritten() {
        return written;
    }

    /** Bytes written and not yet read. */
    public int available() {
        return writePos - readPos;
    }

    private void need(int n) {
        if (writePos - readPos < n) {
            throw new GarblingException("garbled stream ended early: " + n + " bytes needed, " + (writePos - readPos) + " left");
        }
    }

    private void ensure(int n) {
        if (writePos + n <= buf.length) {
            return;
        }
        int live = writePos - readPos;
        if (live + n <= buf.length / 2) {
            System.arraycopy(buf, readPos, buf, 0, live);
        } else {
            byte[] bigger = new byte[Math.max(buf.length * 2, live + n)];
            System.arraycopy(buf, readPos, bigger, 0, live);
            buf = bigger;
        }
        readPos = 0;
        writePos = live;
    }
}
