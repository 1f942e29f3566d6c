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

    /**
     * Free space for at least {@code minBytes} in this channel's own outgoing buffer, for a producer that writes
     * there itself (the kernel's garbled tables) instead of handing over an array to copy; null when the channel
     * has no such buffer. The view starts at what comes next in the stream; what the producer wrote becomes part of
     * the stream only through {@link #commitWrite}, before any other write.
     */
    default java.nio.ByteBuffer writeSpace(int minBytes) {
        return null;
    }

    /**
     * The next {@code bytes} bytes of the stream read in place: a direct little-endian view of the channel's own receive
     * buffer, positioned at the first of them and valid until the channel is next used, for a consumer that reads
     * there itself (the kernel's garbled tables); null, with nothing read, when the channel has no such buffer or the
     * bytes are not in one piece of it. Waits, as a read does, for the first of them to arrive.
     */
    default java.nio.ByteBuffer readSpace(int bytes) {
        return null;
    }

    /**
     * As many of the next bytes as lie in one piece of the receive buffer, read in place: at most {@code maxBytes}, a
     * multiple of {@code unitBytes}, the view's limit marking their end; null, with nothing read, when fewer than
     * {@code unitBytes} lie in one piece or the channel has no such buffer. A consumer that can take its bytes in
     * parts (the evaluator's tables, a gate at a time) then copies none of them where they straddle two socket reads.
     * By default, {@link #readSpace} of all {@code maxBytes}.
     */
    default java.nio.ByteBuffer readSpaceUpTo(int maxBytes, int unitBytes) {
        java.nio.ByteBuffer b = readSpace(maxBytes);
        return b == null ? null : b.limit(b.position() + maxBytes);
    }

    /** Appends the first {@code bytes} bytes of the last {@link #writeSpace} to the stream. */
    default void commitWrite(int bytes) {
        throw new UnsupportedOperationException("this channel has no write space");
    }

    /** Sends everything written so far. */
    void flush();

    /** Reads exactly {@code length} bytes. */
    void readFully(byte[] dst, int offset, int length);

    /** Reads exactly {@code count} little-endian longs into {@code dst} from {@code offset}. */
    void readLongs(long[] dst, int offset, int count);

    /**
     * How the peer's end went (closed, reset, failed), once this channel's network events have shown it, or null while
     * they have not or where the channel cannot tell: so a party with several peers can say which left first.
     */
    default String peerGone() {
        return null;
    }

    /** {@link System#nanoTime()} when {@link #peerGone} was first seen; meaningful only when it is not null. */
    default long peerGoneNanos() {
        return 0;
    }

    /**
     * Closes because the session is over for {@code reason} (one line, e.g. which other party's link failed): where the
     * channel can, the peer learns the reason before the end of the connection, as its {@link #peerGone}. What is
     * buffered is dropped. By default, just {@link #close}.
     */
    default void abort(String reason) {
        close();
    }

    /**
     * Ends the session from another thread than the one using the channel (a sharded run stopping its other shards
     * when one fails): where the channel can, the peer learns {@code reason} as from {@link #abort}, and this
     * channel's user fails at its next read or write; it still closes the channel itself. By default nothing happens,
     * and the session ends by its timeout.
     */
    default void cancel(String reason) {
    }

    /**
     * The certificate the peer presented, where the transport checked it against the {@link PeerIdentity} it was given:
     * the peer is then authenticated as the party that certificate names. Null where no identity was given (no TLS, or
     * TLS that accepts any certificate the trust file signs) or the channel cannot tell.
     */
    default PeerCertificate peerIdentity() {
        return null;
    }

    /** The peer's address as {@code HOST:PORT}, for messages; null where the channel has none. */
    default String peerAddress() {
        return null;
    }

    /**
     * The connection's own set-up before the channel was handed over, in seconds: at the connecting end from its connect
     * call (TCP's handshake, TLS's, the transport's greeting; a retry while the peer was not yet listening restarts it),
     * at the accepting end from the accept (TLS's handshake, the greeting). 0 where the channel has no connection.
     */
    default double setupSeconds() {
        return 0;
    }

    /**
     * The flights behind what this end has read since it last {@linkplain #markFlights marked}: the most one-way
     * latencies on a chain of messages, each sent after its sender read the one before, that ends in a message this end
     * has read (0 before it has read any). A message is stamped as it is sent with one more than the flights behind what
     * its sender had read; so a result known after reading a message is known after that many flights. -1 where the
     * channel does not stamp its messages.
     */
    default int flights() {
        return -1;
    }

    /**
     * Starts a new count of {@link #flights}: this end's count goes back to 0, and messages the peer sent before its own
     * matching mark (its previous program's, on a kept link) no longer raise it. Both ends mark at the start of each
     * program they run one after another on a link, so each program's count is its own.
     */
    default void markFlights() {
    }

    /** Bytes written (flushed or not) since the channel opened. */
    long bytesWritten();

    /** Bytes read since the channel opened. */
    long bytesRead();

    /** Flushes and closes; the peer's reads then fail once they have consumed what was sent. */
    @Override
    void close();
}
