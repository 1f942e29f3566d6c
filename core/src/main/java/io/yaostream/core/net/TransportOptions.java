package io.yaostream.core.net;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

import java.time.Duration;

/**
 * How a TCP channel behaves: how long to wait for the peer, how big a frame may be and how many bytes may be
 * in flight before a writer waits for its peer to read.
 *
 * @param connectTimeout how long {@code connect} keeps retrying and {@code accept} waits for a peer
 * @param idleTimeout    how long a read may wait for data, or a write for the peer to take data
 * @param maxFrameBytes  largest frame either end sends or accepts (a frame is one flush, or one full buffer)
 * @param maxInFlightBytes bytes written and not yet taken by the socket before a writer waits; received
 *                       bytes not yet read are limited to the same amount (reading pauses beyond it)
 * @param tls            mutual TLS, or null for plain TCP
 * @param allocator      where frame buffers come from ({@link #FRAME_BUFFERS} by default)
 */
public record TransportOptions(Duration connectTimeout, Duration idleTimeout, int maxFrameBytes, int maxInFlightBytes,
                               TlsFiles tls, ByteBufAllocator allocator) {
    /**
     * 256 KiB frames and 2 MiB in flight. Measured on loopback (mult64, {@code --repeat 60000}, two processes):
     * with 4 MiB in flight the evaluator spent about a fifth more CPU than with 1–2 MiB, reading tables that had
     * waited long enough to leave the cache; frames of 64 KiB cost the garbler more per byte sent. What the socket
     * itself buffers is not counted here, so this does not cap a long link's throughput.
     */
    public static final int DEFAULT_MAX_FRAME_BYTES = 256 << 10;
    public static final int DEFAULT_MAX_IN_FLIGHT_BYTES = 2 << 20;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /**
     * The default frame buffers: one pooled direct arena in 2 MiB chunks (8 KiB pages, order 8), shared by every
     * connection. Netty's default allocator takes 16 MiB chunks and an arena per thread, and a party run with
     * {@code -Xmx32m} (whose direct-memory limit is the heap's) ran out of direct memory when a slow peer let
     * buffers pile up; with a smaller limit it fell back to unpooled buffers and ran ten times slower. Bytes in
     * flight are bounded anyway, so a few chunks are all a connection needs.
     */
    public static final ByteBufAllocator FRAME_BUFFERS = new PooledByteBufAllocator(true, 0, 1, 8192, 8,
            PooledByteBufAllocator.defaultSmallCacheSize(), PooledByteBufAllocator.defaultNormalCacheSize(), true);

    public TransportOptions {
        if (connectTimeout.isNegative() || connectTimeout.isZero() || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        if (maxFrameBytes < 1024) {
            throw new IllegalArgumentException("maxFrameBytes must be at least 1024, got " + maxFrameBytes);
        }
        if (maxInFlightBytes < maxFrameBytes) {
            throw new IllegalArgumentException("maxInFlightBytes (" + maxInFlightBytes + ") must be at least maxFrameBytes (" + maxFrameBytes + ")");
        }
    }

    /** 30 s timeouts, 256 KiB frames, 2 MiB in flight, plain TCP, {@link #FRAME_BUFFERS}. */
    public static TransportOptions defaults() {
        return new TransportOptions(DEFAULT_TIMEOUT, DEFAULT_TIMEOUT, DEFAULT_MAX_FRAME_BYTES, DEFAULT_MAX_IN_FLIGHT_BYTES,
                null, FRAME_BUFFERS);
    }

    /** Both timeouts set to {@code timeout}. */
    public TransportOptions withTimeout(Duration timeout) {
        return new TransportOptions(timeout, timeout, maxFrameBytes, maxInFlightBytes, tls, allocator);
    }

    public TransportOptions withTls(TlsFiles files) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, files, allocator);
    }

    public TransportOptions withFrames(int maxFrame, int maxInFlight) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrame, maxInFlight, tls, allocator);
    }

    public TransportOptions withAllocator(ByteBufAllocator alloc) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, tls, alloc);
    }
}
