package io.yaostream.core.threeparty;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.kernel.PolynomialHash;
import io.yaostream.core.net.Channel;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;

/**
 * A garbler's side of the garbled-material stream of a three-party session, MRZ15 §3.4's halving made streaming:
 * the stream is cut into chunks of at most {@link #CHUNK_BYTES}, chunk i is sent whole by garbler 1 + (i mod 2) and
 * as a {@link ThreeHashes#chunk digest} by the other, under a key P3 gave that garbler alone. Both garblers produce the same bytes from their shared seed, so
 * each sends half of the material and vouches for the other half; P3 ({@link CheckedGarbledStream}) takes a chunk only
 * when the two agree. A chunk ends when it is full or when the protocol waits for P3 ({@link #endChunk}), at the same
 * points at both garblers. Memory: one chunk.
 */
final class SplitGarbledStream implements GarbledStream {
    /** 64 KiB: 17 digest bytes per chunk cost 0.03 %, and a chunk stays in cache while it is hashed. */
    static final int CHUNK_BYTES = 64 << 10;

    private final Channel toEvaluator;
    private final int me;
    private final ThreeHashes hashes;
    private final PolynomialHash key;
    private final byte[] chunk = new byte[CHUNK_BYTES];
    /** The chunk as little-endian longs: blocks go in with one bulk copy, not a long at a time. */
    private final LongBuffer longs = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    private final byte[] header = new byte[5];
    private final byte[] digest = new byte[1 + ThreeHashes.DIGEST_BYTES];
    private int fill;
    private long index;
    private long written;

    /** The stream of garbler {@code me} (1 or 2), sending to P3 over {@code toEvaluator}, vouching under {@code key}. */
    SplitGarbledStream(Channel toEvaluator, int me, ThreeHashes hashes, PolynomialHash key) {
        this.toEvaluator = toEvaluator;
        this.me = me;
        this.hashes = hashes;
        this.key = key;
        digest[0] = (byte) ThreeFrames.DIGEST;
    }

    /** The garbler that sends chunk {@code index} whole. */
    static int carrier(long index) {
        return 1 + (int) (index & 1);
    }

    @Override
    public void writeBlocks(long[] src, int from, int blocks) {
        while (blocks > 0) {
            if (fill == CHUNK_BYTES) {
                endChunk();
            }
            int n = Math.min(blocks, (CHUNK_BYTES - fill) / 16);
            if (n == 0) {
                endChunk(); // fewer than 16 bytes left: a block is never split between chunks
                continue;
            }
            if ((fill & 7) == 0) {
                longs.put(fill >>> 3, src, 2 * from, 2 * n);
            } else {
                Blocks.toBytes(src, from, chunk, fill, n);
            }
            fill += 16 * n;
            written += 16L * n;
            from += n;
            blocks -= n;
        }
    }

    /** Appends {@code length} bytes of {@code src} from {@code offset}. */
    void writeBytes(byte[] src, int offset, int length) {
        while (length > 0) {
            if (fill == CHUNK_BYTES) {
                endChunk();
            }
            int n = Math.min(length, CHUNK_BYTES - fill);
            System.arraycopy(src, offset, chunk, fill, n);
            fill += n;
            written += n;
            offset += n;
            length -= n;
        }
    }

    @Override
    public void writeByte(int b) {
        if (fill == CHUNK_BYTES) {
            endChunk();
        }
        chunk[fill++] = (byte) b;
        written++;
    }

    /** Ends the current chunk (if it holds anything): sends it whole, or its digest, as this garbler's turn is. */
    void endChunk() {
        if (fill == 0) {
            return;
        }
        if (carrier(index) == me) {
            header[0] = (byte) ThreeFrames.CHUNK;
            header[1] = (byte) (fill >>> 24);
            header[2] = (byte) (fill >>> 16);
            header[3] = (byte) (fill >>> 8);
            header[4] = (byte) fill;
            toEvaluator.write(header, 0, 5);
            toEvaluator.write(chunk, 0, fill);
        } else {
            hashes.chunk(key, index, chunk, fill, digest, 1);
            toEvaluator.write(digest, 0, digest.length);
        }
        index++;
        fill = 0;
    }

    @Override
    public void readBlocks(long[] dst, int from, int blocks) {
        throw new UnsupportedOperationException("a garbler reads nothing from its garbled-material stream");
    }

    @Override
    public int readByte() {
        throw new UnsupportedOperationException("a garbler reads nothing from its garbled-material stream");
    }

    @Override
    public long bytesWritten() {
        return written;
    }
}
