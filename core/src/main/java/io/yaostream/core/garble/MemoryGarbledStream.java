package io.yaostream.core.garble;

import io.yaostream.core.bits.Blocks;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;


/**
 * An in-memory {@link GarbledStream}: the garbler writes blocks and bytes, the evaluator reads them back
 * in the same order. Consumed bytes are dropped as the buffer grows, so a garbler and evaluator that take
 * turns keep only what is in flight.
 *
 * <p>The bytes live in a direct little-endian buffer, so a kernel writes half-gates tables straight into it
 * ({@link #blockSpace}) and reads them from it in place ({@link #blocksInPlace}): no copy between the
 * garbler's kernel and the evaluator's.
 */
public final class MemoryGarbledStream implements GarbledStream {
    private ByteBuffer buf = allocate(1 << 16);
    // Views of buf handed out and used per call, made again only when buf is replaced: nothing is allocated per
    // call in steady state.
    private ByteBuffer writeView = view(buf);
    private ByteBuffer readView = view(buf);
    private int readPos;
    private int writePos;
    private long written;

    /** Appends {@code blocks} blocks of {@code src} starting at block {@code from}. */
    @Override
    public void writeBlocks(long[] src, int from, int blocks) {
        ensure(16 * blocks);
        Blocks.toBuffer(src, from, buf, writePos, blocks);
        advanceWrite(16 * blocks);
    }

    @Override
    public void writeByte(int b) {
        ensure(1);
        buf.put(writePos, (byte) b);
        advanceWrite(1);
    }

    /** Room for at least {@code minBlocks} blocks after what is written (the buffer grows when it must). */
    @Override
    public ByteBuffer blockSpace(int minBlocks) {
        ensure(16 * minBlocks);
        return writeView.clear().position(writePos);
    }

    @Override
    public void commitBlocks(int blocks) {
        if (blocks < 0 || writePos + 16L * blocks > buf.capacity()) {
            throw new IllegalArgumentException("cannot commit " + blocks + " blocks: the space holds "
                    + (buf.capacity() - writePos) / 16);
        }
        advanceWrite(16 * blocks);
    }

    @Override
    public void readBlocks(long[] dst, int from, int blocks) {
        need(16 * blocks);
        Blocks.fromBuffer(buf, readPos, dst, from, blocks);
        readPos += 16 * blocks;
    }

    /** The next {@code blocks} blocks, consumed, as a view of this stream's buffer positioned at the first. */
    @Override
    public ByteBuffer blocksInPlace(int blocks) {
        need(16 * blocks);
        readView.clear().position(readPos);
        readPos += 16 * blocks;
        return readView;
    }

    @Override
    public int readByte() {
        need(1);
        return buf.get(readPos++) & 0xff;
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
        int at = readPos + (int) (bit >>> 3);
        buf.put(at, (byte) (buf.get(at) ^ (1 << (bit & 7))));
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

    private void advanceWrite(int n) {
        writePos += n;
        written += n;
    }

    private void need(int n) {
        if (writePos - readPos < n) {
            throw new GarblingException("garbled stream ended early: " + n + " bytes needed, " + (writePos - readPos) + " left");
        }
    }

    private void ensure(int n) {
        if (writePos + n <= buf.capacity()) {
            return;
        }
        int live = writePos - readPos;
        // Compacting in place copies from past the live bytes' new end (readPos > live here), so nothing overlaps.
        ByteBuffer to = live + n <= buf.capacity() / 2 ? buf : allocate(Math.max(buf.capacity() * 2, live + n));
        to.put(0, buf, readPos, live);
        if (to != buf) {
            buf = to;
            writeView = view(buf);
            readView = view(buf);
        }
        readPos = 0;
        writePos = live;
    }

    private static ByteBuffer view(ByteBuffer b) {
        return b.duplicate().order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * A direct buffer that starts on a 64-byte boundary: the native kernel moves tables 64 bytes at a time, and a
     * move across two cache lines costs two (measured ~5% of garbling and ~10% of evaluation on 65,536 AND gates).
     */
    private static ByteBuffer allocate(int bytes) {
        return ByteBuffer.allocateDirect(bytes + CACHE_LINE - 1).alignedSlice(CACHE_LINE).limit(bytes).slice()
                .order(ByteOrder.LITTLE_ENDIAN);
    }

    private static final int CACHE_LINE = 64;
}
