package io.yaostream.core.net;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-memory channel between two threads of one process, for tests and benchmarks: each direction is a
 * bounded ring buffer, so a fast writer waits for its reader instead of growing memory. A read or write that
 * waits longer than the timeout fails with a {@link ChannelException}.
 */
public final class MemoryChannel extends LongStagingChannel {
    /** Bytes one direction can hold before the writer waits. */
    public static final int CAPACITY = 1 << 20;

    private final Pipe in;
    private final Pipe out;
    private final long timeoutNanos;

    private MemoryChannel(Pipe in, Pipe out, long timeoutMillis) {
        this.in = in;
        this.out = out;
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
    }

    /** Two connected ends; each end's writes are the other's reads. */
    public static MemoryChannel[] pair(long timeoutMillis) {
        Pipe ab = new Pipe();
        Pipe ba = new Pipe();
        return new MemoryChannel[] {new MemoryChannel(ba, ab, timeoutMillis), new MemoryChannel(ab, ba, timeoutMillis)};
    }

    @Override
    public void write(byte[] src, int offset, int length) {
        out.put(src, offset, length, timeoutNanos, written);
        written += length;
    }

    @Override
    public void flush() {
        // Writes are visible to the reader at once.
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        in.take(dst, offset, length, timeoutNanos, read);
        read += length;
    }

    @Override
    public void close() {
        out.close();
        in.close();
    }

    /** One direction: a ring buffer with a lock, closed by either end. */
    private static final class Pipe {
        private final byte[] ring = new byte[CAPACITY];
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        private int head;
        private int size;
        private boolean closed;

        void put(byte[] src, int offset, int length, long timeoutNanos, long before) {
            int done = 0;
            lock.lock();
            try {
                while (done < length) {
                    long wait = timeoutNanos;
                    while (size == CAPACITY && !closed) {
                        if (wait <= 0) {
                            throw new ChannelException("write timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                    + " ms: the peer stopped reading (" + (before + done) + " bytes sent)");
                        }
                        wait = awaitNanos(wait);
                    }
                    if (closed) {
                        throw new ChannelException("channel closed after " + (before + done) + " bytes sent");
                    }
                    int tail = (head + size) % CAPACITY;
                    int n = Math.min(length - done, Math.min(CAPACITY - size, CAPACITY - tail));
                    System.arraycopy(src, offset + done, ring, tail, n);
                    size += n;
                    done += n;
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        void take(byte[] dst, int offset, int length, long timeoutNanos, long before) {
            int done = 0;
            lock.lock();
            try {
                while (done < length) {
                    long wait = timeoutNanos;
                    while (size == 0 && !closed) {
                        if (wait <= 0) {
                            throw new ChannelException("read timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                    + " ms waiting for the peer (" + (before + done) + " bytes received)");
                        }
                        wait = awaitNanos(wait);
                    }
                    if (size == 0) {
                        throw new ChannelException("peer closed the channel after " + (before + done) + " bytes received");
                    }
                    int n = Math.min(length - done, Math.min(size, CAPACITY - head));
                    System.arraycopy(ring, head, dst, offset + done, n);
                    head = (head + n) % CAPACITY;
                    size -= n;
                    done += n;
                    changed.signalAll();
                }
            } finally {
                lock.unlock();
            }
        }

        private long awaitNanos(long nanos) {
            try {
                return changed.awaitNanos(nanos);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ChannelException("interrupted while waiting for the peer", e);
            }
        }

        void close() {
            lock.lock();
            try {
                closed = true;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }
}
