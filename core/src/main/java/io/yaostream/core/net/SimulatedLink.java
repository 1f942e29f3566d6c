package io.yaostream.core.net;

import java.util.concurrent.locks.LockSupport;

/**
 * One direction of a {@link SimulatedNetwork}: the first-in-first-out line that tells when each message is due at
 * the far end. It keeps only the moment the line will have carried everything given to it so far, so it costs
 * nothing per byte. Used by one thread at a time (a TCP channel's event loop, or under a memory pipe's lock).
 */
final class SimulatedLink {
    /** Bytes whose line time is computed in one step: 2^24 bytes times 8·10^9 stays well inside a long. */
    private static final long STEP_BYTES = 1 << 24;

    private final long bitsPerSecond;
    private final long latencyNanos;
    private final long windowBytes;
    /** When the line will have carried every byte given so far (System.nanoTime); meaningful once busy is set. */
    private long free;
    private boolean busy;
    /** The part of a nanosecond of line time left over from earlier messages, in units of 1/bitsPerSecond ns. */
    private long carry;

    SimulatedLink(SimulatedNetwork network) {
        if (!network.simulates()) {
            throw new IllegalArgumentException("no network to simulate");
        }
        this.bitsPerSecond = network.bitsPerSecond();
        this.latencyNanos = network.latencyNanos();
        this.windowBytes = network.windowBytes();
    }

    /** See {@link SimulatedNetwork#windowBytes}. */
    long windowBytes() {
        return windowBytes;
    }

    /**
     * When a message of {@code bytes} sent at {@code now} is due at the far end: the line starts on it once it is
     * free (it may still be carrying earlier messages), takes bytes·8/rate to carry it, and the last byte arrives
     * one latency later. Its time is added to the line's, so the next message waits for this one.
     */
    long due(long now, long bytes) {
        long start = busy && free - now > 0 ? free : now;
        long nanos = 0;
        for (long left = bytes; left > 0; left -= STEP_BYTES) {
            long scaled = Math.min(left, STEP_BYTES) * 8_000_000_000L + carry;
            nanos += scaled / bitsPerSecond;
            carry = scaled % bitsPerSecond;
        }
        free = start + nanos;
        busy = true;
        return free + latencyNanos;
    }

    /**
     * Sleeps until {@code due} (System.nanoTime). Parks in one go for the whole wait rather than polling, so the
     * sleep ends within the scheduler's wake-up time of the due moment; an interrupt ends it with a
     * {@link ChannelException}.
     */
    static void sleepUntil(long due) {
        for (long left; (left = due - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
            if (Thread.interrupted()) {
                Thread.currentThread().interrupt();
                throw new ChannelException("interrupted while the simulated network delivered data");
            }
        }
    }
}
