package io.yaostream.core.net;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * An in-memory channel between two threads of one process, for tests and benchmarks: each direction is a
 * bounded ring buffer, so a fast writer waits for its reader instead of growing memory. A read or write that
 * waits longer than the timeout fails with a {@link ChannelException}.
 *
 * <p>Each byte is copied once on the way in and once on the way out, longs included (straight between the
 * caller's {@code long[]} and the ring, little-endian), and the copies run outside the ring's lock, so the
 * writer fills one part of the ring while the reader empties another. Each direction has one writer thread
 * and one reader thread at a time.
 */
public final class MemoryChannel extends LongStagingChannel {
    /** Bytes one direction can hold before the writer waits. */
    public static final int CAPACITY = 1 << 20;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Pipe in;
    private final Pipe out;
    private final long timeoutNanos;
    /** A long that goes in or out in pieces (see {@link #writeLongs}); one each, as writer and reader may differ. */
    private final byte[] longOut = new byte[8];
    private final byte[] longIn = new byte[8];

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
        for (int done = 0; done < length; ) {
            int n = Math.min(length - done, out.awaitSpace(timeoutNanos, written));
            System.arraycopy(src, offset + done, out.ring, out.tail, n);
            out.filled(n);
            written += n;
            done += n;
        }
    }

    @Override
    public void writeLongs(long[] src, int offset, int count) {
        for (int done = 0; done < count; ) {
            int n = Math.min(count - done, out.awaitSpace(timeoutNanos, written) / 8);
            if (n == 0) {
                // Fewer than 8 bytes free before the end of the ring (or in all of it): this long goes in pieces.
                LONGS.set(longOut, 0, src[offset + done]);
                write(longOut, 0, 8);
                done++;
                continue;
            }
            byte[] ring = out.ring;
            int at = out.tail;
            for (int i = 0; i < n; i++) {
                LONGS.set(ring, at + 8 * i, src[offset + done + i]);
            }
            out.filled(8 * n);
            written += 8L * n;
            done += n;
        }
    }

    @Override
    public void flush() {
        // Writes are visible to the reader at once.
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        for (int done = 0; done < length; ) {
            int n = Math.min(length - done, in.awaitData(timeoutNanos, read));
            System.arraycopy(in.ring, in.head, dst, offset + done, n);
            in.emptied(n);
            read += n;
            done += n;
        }
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
        for (int done = 0; done < count; ) {
            int n = Math.min(count - done, in.awaitData(timeoutNanos, read) / 8);
            if (n == 0) {
                readFully(longIn, 0, 8);
                dst[offset + done] = (long) LONGS.get(longIn, 0);
                done++;
                continue;
            }
            byte[] ring = in.ring;
            int at = in.head;
            for (int i = 0; i < n; i++) {
                dst[offset + done + i] = (long) LONGS.get(ring, at + 8 * i);
            }
            in.emptied(8 * n);
            read += 8L * n;
            done += n;
        }
    }

    @Override
    public void close() {
        out.close();
        in.close();
    }

    /**
     * One direction: a ring buffer whose fill level is shared under a lock, while the positions belong to one
     * side each ({@code tail} to the writer, {@code head} to the reader). The writer copies into the free part
     * and then publishes it ({@link #filled}), the reader copies out of the filled part and then frees it
     * ({@link #emptied}); the lock orders each copy before the other side's use of those bytes.
     */
    private static final class Pipe {
        /**
         * How long a side that finds the ring full (or empty) spins before it sleeps on the lock's condition:
         * waking a parked thread costs tens of microseconds on a virtual machine, as long as the peer takes for
         * a block of OTs, and a chosen-OT block waits for the peer twice. Spinning beyond this would only burn
         * a core the peer might need.
         */
        private static final long SPIN_NANOS = 100_000;

        final byte[] ring = new byte[CAPACITY];
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        /** Next byte to read: the reader's. */
        int head;
        /** Next byte to write: the writer's. */
        int tail;
        /** Written under the lock; volatile so that {@link #spin} may watch it without. */
        private volatile int size;
        private volatile boolean closed;

        /** Waits for free space and returns how much lies contiguous from {@link #tail} (at least 1 byte). */
        int awaitSpace(long timeoutNanos, long sent) {
            spin(CAPACITY);
            lock.lock();
            try {
                long wait = timeoutNanos;
                while (size == CAPACITY && !closed) {
                    if (wait <= 0) {
                        throw new ChannelException("write timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms: the peer stopped reading (" + sent + " bytes sent)");
                    }
                    wait = awaitNanos(wait);
                }
                if (closed) {
                    throw new ChannelException("channel closed after " + sent + " bytes sent");
                }
                return Math.min(CAPACITY - size, CAPACITY - tail);
            } finally {
                lock.unlock();
            }
        }

        /** Publishes {@code n} bytes written at {@link #tail}. */
        void filled(int n) {
            tail = (tail + n) % CAPACITY;
            lock.lock();
            try {
                size += n;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Waits for data and returns how much lies contiguous from {@link #head} (at least 1 byte). */
        int awaitData(long timeoutNanos, long received) {
            spin(0);
            lock.lock();
            try {
                long wait = timeoutNanos;
                while (size == 0 && !closed) {
                    if (wait <= 0) {
                        throw new ChannelException("read timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms waiting for the peer (" + received + " bytes received)");
                    }
                    wait = awaitNanos(wait);
                }
                if (size == 0) {
                    throw new ChannelException("peer closed the channel after " + received + " bytes received");
                }
                return Math.min(size, CAPACITY - head);
            } finally {
                lock.unlock();
            }
        }

        /** Frees {@code n} bytes read at {@link #head}. */
        void emptied(int n) {
            head = (head + n) % CAPACITY;
            lock.lock();
            try {
                size -= n;
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Spins for up to {@link #SPIN_NANOS} while the ring holds {@code waitingSize} bytes and is open. */
        private void spin(int waitingSize) {
            if (size != waitingSize || closed) {
                return;
            }
            long end = System.nanoTime() + SPIN_NANOS;
            while (size == waitingSize && !closed && System.nanoTime() - end < 0) {
                Thread.onSpinWait();
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
