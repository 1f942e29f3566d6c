package io.yaostream.core.threeparty;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.kernel.PolynomialHash;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.PeerFault;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.LongBuffer;
import java.security.MessageDigest;

/**
 * P3's side of the garbled-material stream of a three-party session ({@link SplitGarbledStream}): chunk i arrives
 * whole from garbler 1 + (i mod 2) and as a digest from the other; P3 hashes the chunk, and only when the digests
 * agree does it read from it. So every byte P3 evaluates, decodes or checks an opening against is one both garblers
 * vouch for, and P3 has used nothing the two disagree on when it aborts. Memory: one chunk.
 */
final class CheckedGarbledStream implements GarbledStream {
    private final Channel[] fromGarbler = new Channel[3];
    private final ThreeHashes hashes;
    private final PolynomialHash[] keys = new PolynomialHash[3];
    private final byte[] chunk = new byte[SplitGarbledStream.CHUNK_BYTES];
    /** The chunk as little-endian longs: blocks come out with one bulk copy, not a long at a time. */
    private final LongBuffer longs = ByteBuffer.wrap(chunk).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer();
    private final byte[] mine = new byte[ThreeHashes.DIGEST_BYTES];
    private final byte[] theirs = new byte[ThreeHashes.DIGEST_BYTES];
    private final byte[] header = new byte[4];
    private int length;
    private int pos;
    private long index;
    private long read;

    /** {@code keyP1}, {@code keyP2}: the keys under which each garbler vouches for the other's chunks. */
    CheckedGarbledStream(Channel fromP1, Channel fromP2, ThreeHashes hashes, PolynomialHash keyP1, PolynomialHash keyP2) {
        fromGarbler[1] = fromP1;
        fromGarbler[2] = fromP2;
        this.hashes = hashes;
        keys[1] = keyP1;
        keys[2] = keyP2;
    }

    /** Reads the next chunk from its carrier and its digest from the other garbler, and checks they agree. */
    private void nextChunk() {
        int carrier = SplitGarbledStream.carrier(index);
        int other = 3 - carrier;
        Channel whole = fromGarbler[carrier];
        ThreeFrames.expect(whole, ThreeFrames.CHUNK, carrier, "chunk " + index + " of the garbled material");
        whole.readFully(header, 0, 4);
        int n = ((header[0] & 0xff) << 24) | ((header[1] & 0xff) << 16) | ((header[2] & 0xff) << 8) | (header[3] & 0xff);
        if (n <= 0 || n > chunk.length) {
            throw new PeerFault("P" + carrier + " announced chunk " + index + " of the garbled material as " + n + " bytes long (1 to "
                    + chunk.length + " allowed)");
        }
        whole.readFully(chunk, 0, n);
        ThreeFrames.expect(fromGarbler[other], ThreeFrames.DIGEST, other, "the digest of chunk " + index + " of the garbled material");
        fromGarbler[other].readFully(theirs, 0, theirs.length);
        hashes.chunk(keys[other], index, chunk, n, mine, 0);
        if (!MessageDigest.isEqual(mine, theirs)) {
            throw new PeerFault("P1 and P2 sent different garbled material: chunk " + index + " (stream bytes " + read + " to "
                    + (read + n) + ") from P" + carrier + " does not match P" + other + "'s digest of it; one of them is corrupt, and"
                    + " nothing from it was used");
        }
        length = n;
        pos = 0;
        index++;
    }

    @Override
    public void readBlocks(long[] dst, int from, int blocks) {
        while (blocks > 0) {
            if (pos == length) {
                nextChunk();
            }
            int n = Math.min(blocks, (length - pos) / 16);
            if (n == 0) {
                throw new PeerFault("P" + SplitGarbledStream.carrier(index - 1) + "'s chunk " + (index - 1)
                        + " of the garbled material ends inside a block");
            }
            if ((pos & 7) == 0) {
                longs.get(pos >>> 3, dst, 2 * from, 2 * n);
            } else {
                Blocks.fromBytes(chunk, pos, dst, from, n);
            }
            pos += 16 * n;
            read += 16L * n;
            from += n;
            blocks -= n;
        }
    }

    /** Reads {@code n} bytes into {@code dst} from {@code offset}. */
    void readBytes(byte[] dst, int offset, int n) {
        while (n > 0) {
            if (pos == length) {
                nextChunk();
            }
            int k = Math.min(n, length - pos);
            System.arraycopy(chunk, pos, dst, offset, k);
            pos += k;
            read += k;
            offset += k;
            n -= k;
        }
    }

    @Override
    public int readByte() {
        if (pos == length) {
            nextChunk();
        }
        read++;
        return chunk[pos++] & 0xff;
    }

    /** Whether bytes of the last chunk are still unread (the garblers sent more than the program reads). */
    boolean unread() {
        return pos < length;
    }

    @Override
    public void writeBlocks(long[] src, int from, int blocks) {
        throw new UnsupportedOperationException("P3 writes nothing to the garbled-material stream");
    }

    @Override
    public void writeByte(int b) {
        throw new UnsupportedOperationException("P3 writes nothing to the garbled-material stream");
    }

    @Override
    public long bytesWritten() {
        return 0;
    }
}
