package io.yaostream.core.net;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.PooledByteBufAllocator;

import java.time.Duration;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * How a TCP channel behaves: how long to wait for the peer, how big a frame may be and how many bytes may be
 * in flight before a writer waits for its peer to read.
 *
 * @param connectTimeout how long {@code connect} keeps retrying and {@code accept} waits for a peer
 * @param idleTimeout    how long a read may wait for data, or a write for the peer to take data
 * @param maxFrameBytes  largest frame either end sends or accepts (a frame is one flush, or one full buffer), from
 *                       1024 to 2^24-1 (see {@link FrameDecoder})
 * @param maxInFlightBytes bytes written and not yet taken by the socket before a writer waits; received
 *                       bytes not yet read are limited to the same amount (reading pauses beyond it), plus a
 *                       simulated {@code network}'s bandwidth-delay product
 * @param tls            mutual TLS, or null for plain TCP
 * @param allocator      where frame buffers come from ({@link #FRAME_BUFFERS} by default)
 * @param notices        where one-line notices go: connections a listener dropped (not a yaostream peer, TLS
 *                       refused, silent), a connect that keeps retrying; {@link #LOG} by default
 * @param network        a slower network to simulate on what the channel receives, or {@link SimulatedNetwork#NONE}
 *                       (the default)
 * @param peer           the certificate(s) the peer must present (needs {@code tls}), or null to accept any certificate
 *                       the trust file signs: the link is then encrypted, but the peer is not identified
 */
public record TransportOptions(Duration connectTimeout, Duration idleTimeout, int maxFrameBytes, int maxInFlightBytes,
                               TlsFiles tls, ByteBufAllocator allocator, Consumer<String> notices, SimulatedNetwork network,
                               PeerIdentity peer) {
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
     * The default frame buffers: one pooled direct arena in 8 MiB chunks (8 KiB pages, order 10), shared by every
     * connection. Netty's default allocator takes 16 MiB chunks and an arena per thread, and a party run with
     * {@code -Xmx32m} (whose direct-memory limit is the heap's) ran out of direct memory when a slow peer let
     * buffers pile up; with a smaller limit it fell back to unpooled buffers and ran ten times slower. Bytes in
     * flight are bounded anyway, so a chunk or two is all a connection needs. Not smaller: the pool frees a chunk
     * once it has been a quarter full and then empties, and with 2 MiB chunks a streaming evaluator's 128 KiB reads
     * did that every 2 MiB, so it zeroed a fresh chunk (and took its page faults) for every 2 MiB received, 1.4% of
     * its CPU in the zeroing alone (perf, mult64 over loopback); an 8 MiB chunk with 2 MiB in flight stays below a
     * quarter and is kept.
     */
    public static final ByteBufAllocator FRAME_BUFFERS = new PooledByteBufAllocator(true, 0, 1, 8192, 10,
            PooledByteBufAllocator.defaultSmallCacheSize(), PooledByteBufAllocator.defaultNormalCacheSize(), true);

    /**
     * How long a connection may take, once its TCP connection is up, to finish TLS and send its greeting, when the
     * timeout is longer: a real peer sends its greeting at once (TLS takes a few round trips), so a few seconds are
     * plenty even across continents, and a connection that stays silent is dropped without holding the listener's
     * resources until the whole timeout. Candidates are handled side by side, so a silent one never delays the
     * real peer either way.
     */
    public static final Duration GREETING_TIMEOUT = Duration.ofSeconds(5);

    /** The default notices: the {@code io.yaostream.net} platform logger, at level INFO. */
    public static final Consumer<String> LOG = message -> System.getLogger("io.yaostream.net").log(System.Logger.Level.INFO, message);

    public TransportOptions {
        if (connectTimeout.isNegative() || connectTimeout.isZero() || idleTimeout.isNegative() || idleTimeout.isZero()) {
            throw new IllegalArgumentException("timeouts must be positive");
        }
        if (maxFrameBytes < 1024) {
            throw new IllegalArgumentException("maxFrameBytes must be at least 1024, got " + maxFrameBytes);
        }
        if (maxFrameBytes > FrameDecoder.MAX_FRAME_BYTES) {
            throw new IllegalArgumentException("maxFrameBytes must be at most " + FrameDecoder.MAX_FRAME_BYTES
                    + " (a frame's length has 24 bits), got " + maxFrameBytes);
        }
        if (maxInFlightBytes < maxFrameBytes) {
            throw new IllegalArgumentException("maxInFlightBytes (" + maxInFlightBytes + ") must be at least maxFrameBytes (" + maxFrameBytes + ")");
        }
        Objects.requireNonNull(allocator, "allocator");
        Objects.requireNonNull(notices, "notices");
        Objects.requireNonNull(network, "network");
    }

    /**
     * 30 s timeouts, 256 KiB frames, 2 MiB in flight, plain TCP, {@link #FRAME_BUFFERS}, notices to {@link #LOG}, no
     * simulated network.
     */
    public static TransportOptions defaults() {
        return new TransportOptions(DEFAULT_TIMEOUT, DEFAULT_TIMEOUT, DEFAULT_MAX_FRAME_BYTES, DEFAULT_MAX_IN_FLIGHT_BYTES,
                null, FRAME_BUFFERS, LOG, SimulatedNetwork.NONE, null);
    }

    /** How long a new connection has to finish TLS and greet: the connect timeout, at most {@link #GREETING_TIMEOUT}. */
    public Duration greetingTimeout() {
        return connectTimeout.compareTo(GREETING_TIMEOUT) < 0 ? connectTimeout : GREETING_TIMEOUT;
    }

    /** Both timeouts set to {@code timeout}. */
    public TransportOptions withTimeout(Duration timeout) {
        return new TransportOptions(timeout, timeout, maxFrameBytes, maxInFlightBytes, tls, allocator, notices, network, peer);
    }

    public TransportOptions withTls(TlsFiles files) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, files, allocator, notices, network, peer);
    }

    public TransportOptions withFrames(int maxFrame, int maxInFlight) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrame, maxInFlight, tls, allocator, notices, network, peer);
    }

    public TransportOptions withAllocator(ByteBufAllocator alloc) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, tls, alloc, notices, network, peer);
    }

    /** Notices (see {@link #notices}) go to {@code sink}, e.g. a command's standard error with the party's name. */
    public TransportOptions withNotices(Consumer<String> sink) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, tls, allocator, sink, network, peer);
    }

    /**
     * Received data is delivered as over {@code simulated} ({@link SimulatedNetwork#NONE}: as it arrives): each frame
     * once the simulated line has carried it, after the frames before it, plus the latency, counted from when it
     * reached this end. Only this end's incoming direction is simulated; the peer simulates the other with its own
     * options. A read waits for the simulated delivery on top of its timeout, which still counts only the wait for
     * the bytes to arrive at all. Unread frames may take the line's bandwidth-delay product (at most 16 MiB) beyond
     * the in-flight budget, as they would be on the wire, so that budget does not cap a long line's throughput.
     */
    public TransportOptions withNetwork(SimulatedNetwork simulated) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, tls, allocator, notices, simulated, peer);
    }

    /**
     * The peer must present one of {@code identity}'s certificates (null: any the trust file signs). TLS must be on;
     * the transport checks it on both the accepting and the connecting side.
     */
    public TransportOptions withPeer(PeerIdentity identity) {
        return new TransportOptions(connectTimeout, idleTimeout, maxFrameBytes, maxInFlightBytes, tls, allocator, notices, network, identity);
    }
}
