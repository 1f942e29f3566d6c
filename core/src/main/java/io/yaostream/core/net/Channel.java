package io.yaostream.core.net;

/**
 * One party's end of a reliable, ordered byte stream to the other party. Writes are buffered until
 * {@link #flush}; reads block until the bytes arrive. Every failure (peer gone, timeout, closed) is a
 * {@link ChannelException} that says what happened and how many bytes had passed. Not thread-safe: one
 * thread writes and reads at a time (a protocol may use one writer thread and one reader thread).
 */
public interface Channel extends AutoCloseable {
    void write(byte[] src, int offset, int length);

    /** Writes {@code count} longs of {@code src} from {@code offset}, little-endian. */
    void writeLongs(long[] src, int offset, int count);

    /** Sends everything written so far. */
    void flush();

    /** Reads exactly {@code length} bytes. */
    void readFully(byte[] dst, int offset, int length);

    /** Reads exactly {@code count} little-endian longs into {@code dst} from {@code offset}. */
    void readLongs(long[] dst, int offset, int count);

    /** Bytes written (flushed or not) since the channel opened. */
    long bytesWritten();

    /** Bytes read since the channel opened. */
    long bytesRead();

    /** Flushes and closes; the peer's reads then fail once they have consumed what was sent. */
    @Override
    void close();
}
