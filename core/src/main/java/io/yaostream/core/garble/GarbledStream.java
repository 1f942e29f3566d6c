package io.yaostream.core.garble;

/**
 * Where the garbler's cores write garbled material and the evaluator's read it, in the same order: the
 * in-memory {@link MemoryGarbledStream} within one process, or a channel to the other party.
 */
public interface GarbledStream {
    /** Appends {@code blocks} 16-byte blocks of {@code src} starting at block {@code from}. */
    void writeBlocks(long[] src, int from, int blocks);

    /**
     * Free space for at least {@code minBlocks} blocks in the stream's own buffer ({@link
     * io.yaostream.core.net.Channel#writeSpace}), little-endian from its position, or null when there is none
     * and blocks must go through {@link #writeBlocks}.
     */
    default java.nio.ByteBuffer blockSpace(int minBlocks) {
        return null;
    }

    /** Appends the first {@code blocks} blocks of the last {@link #blockSpace} to the stream. */
    default void commitBlocks(int blocks) {
        throw new UnsupportedOperationException("this stream has no block space");
    }

    void writeByte(int b);

    /** Reads {@code blocks} blocks into {@code dst} starting at block {@code from}. */
    void readBlocks(long[] dst, int from, int blocks);

    /**
     * The next {@code blocks} blocks read in place: a direct little-endian view of the stream's own buffer positioned
     * at the first of them, valid until the stream is next used, or null when blocks must go through
     * {@link #readBlocks}. The blocks count as read either way.
     */
    default java.nio.ByteBuffer blocksInPlace(int blocks) {
        return null;
    }

    /**
     * As many of the next blocks as the stream's buffer holds in one piece, read in place: at most {@code maxBlocks},
     * a multiple of {@code unitBlocks}, the view's limit marking their end; null when they must go through
     * {@link #readBlocks}. By default, {@link #blocksInPlace} of all {@code maxBlocks}.
     */
    default java.nio.ByteBuffer blocksInPlaceUpTo(int maxBlocks, int unitBlocks) {
        java.nio.ByteBuffer b = blocksInPlace(maxBlocks);
        return b == null ? null : b.limit(b.position() + 16 * maxBlocks);
    }

    int readByte();

    /** Total bytes ever written. */
    long bytesWritten();
}
