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
 * @param allocator      where frame buffers come from (pooled direct buffers by default)
 */
public record TransportOptions(Duration connectTimeout, Duration idleTimeout, int maxFrameBytes, int maxInFlightBytes,
                               TlsFiles tls, ByteBufAllocator allocator) {
    public static final int DEFAULT_MAX_FRAME_BYTES = 1 << 20;
    public static final int DEFAULT_MAX_IN_FLIGHT_BYTES = 4 << 20;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

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

    /** 30 s timeouts, 1 MiB frames, 4 MiB in flight, plain TCP, Netty's pooled direct buffers. */
    public static TransportOptions defaults() {
        return new TransportOptions(DEFAULT_TIMEOUT, DEFAULT_TIMEOUT, DEFAULT_MAX_FRAME_BYTES, DEFAULT_MAX_IN_FLIGHT_BYTES,
                null, PooledByteBufAllocator.DEFAULT);
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
