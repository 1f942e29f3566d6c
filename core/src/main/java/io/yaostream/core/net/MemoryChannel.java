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
 *
 * <p>A pair over a {@linkplain SimulatedNetwork simulated network} ({@link #pair(long, SimulatedNetwork)}) carries
 * each direction as messages, like a TCP channel's frames: the bytes written until a {@link #flush}, until
 * {@value #MESSAGE_BYTES} bytes have gathered, or until this end reads (or waits for room), become one message,
 * which the reader sees once the simulated line delivers it. The writer stamps each message as it is sent, and the
 * stamps wait in a small array beside the ring; waiting for a stamp's moment does not count toward the timeout,
 * which still finds a peer that neither sends nor reads. The ring grows by the line's bandwidth-delay product, to
 * hold what is on the simulated wire.
 */
public final class MemoryChannel extends LongStagingChannel {
    /** Bytes one direction can hold before the writer waits (a simulated pair adds its line's bandwidth-delay product). */
    public static final int CAPACITY = 1 << 20;
    /**
     * Largest message over a simulated network: bytes written without a flush are sent in messages of this size,
     * so a long write reaches the reader piece by piece, as a TCP channel's frames do.
     */
    public static final int MESSAGE_BYTES = 64 << 10;
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

    /** Two connected ends; each end's writes are the other's reads, at once. */
    public static MemoryChannel[] pair(long timeoutMillis) {
        return pair(timeoutMillis, SimulatedNetwork.NONE);
    }

    /**
     * Two connected ends, each direction over its own line of {@code network} ({@link SimulatedNetwork#NONE}: none,
     * as {@link #pair(long)}). Written bytes then travel when flushed (see the class comment).
     */
    public static MemoryChannel[] pair(long timeoutMillis, SimulatedNetwork network) {
        Pipe ab = new Pipe(network);
        Pipe ba = new Pipe(network);
        ab.answers = ba;
        ba.answers = ab;
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

    /** Without a simulated network writes are visible to the reader at once; with one, this sends them. */
    @Override
    public void flush() {
        out.send();
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        out.send(); // as a TCP channel flushes before it reads: the peer may be waiting for these bytes
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
        out.send();
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

    /** Over a simulated network, see {@link Channel#flights}; -1 without one, where messages are not kept apart. */
    @Override
    public int flights() {
        return in.link == null ? -1 : in.readFlights;
    }

    @Override
    public void markFlights() {
        in.mark();
    }

    @Override
    public void close() {
        out.send();
        out.close();
        in.close();
    }

    /**
     * One direction: a ring buffer whose fill level is shared under a lock, while the positions belong to one
     * side each ({@code tail} to the writer, {@code head} to the reader). The writer copies into the free part
     * and then publishes it ({@link #filled}), the reader copies out of the filled part and then frees it
     * ({@link #emptied}); the lock orders each copy before the other side's use of those bytes.
     *
     * <p>Over a simulated line the reader sees only the bytes of messages the line has delivered: the writer's
     * published bytes become a message when {@link #send} stamps them with their due moment.
     */
    private static final class Pipe {
        /**
         * How long a side that finds the ring full (or empty) spins before it sleeps on the lock's condition:
         * waking a parked thread costs tens of microseconds on a virtual machine, as long as the peer takes for
         * a block of OTs, and a chosen-OT block waits for the peer twice. Spinning beyond this would only burn
         * a core the peer might need.
         */
        private static final long SPIN_NANOS = 100_000;
        /**
         * Messages a simulated line holds stamps for. A writer that sends more before the reader has taken the oldest
         * adds its bytes to the newest message instead (whose earlier bytes then arrive with the later ones): the
         * stamps stay bounded, and only more than a thousand unread flushes, each far smaller than the ring, are
         * delivered later than their own stamps would say.
         */
        private static final int STAMPS = 1024;

        final int capacity;
        final byte[] ring;
        /** The simulated line, or null: bytes are the reader's once published. */
        private final SimulatedLink link;
        /** Ends (in bytes since the pipe opened) and due moments of the messages sent and not yet all read, oldest first. */
        private final long[] messageEnd;
        private final long[] messageDue;
        /** Each message's flights (see {@link MemoryChannel#flights}): one more than its sender had read behind it. */
        private final int[] messageFlights;
        /** Each message's epoch: the {@link #epoch} of its sender when it was sent. */
        private final int[] messageEpoch;
        /** The reader's epoch, raised by each {@link #mark}: messages of another epoch do not raise {@link #readFlights}. */
        private volatile int epoch;
        /** The other direction, whose reader is this direction's writer: what it has read stamps what this one sends. */
        private Pipe answers;
        /** The most flights of a message the reader has read from (under the lock; volatile for {@link #flights}). */
        private volatile int readFlights;
        private int firstMessage;
        private int messages;
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition changed = lock.newCondition();
        /** Next byte to read: the reader's. */
        int head;
        /** Next byte to write: the writer's. */
        int tail;
        /** Written under the lock; volatile so that {@link #spin} may watch it without. */
        private volatile int size;
        private volatile boolean closed;
        /** Bytes freed since the pipe opened (under the lock). */
        private long emptiedTotal;
        /**
         * Bytes published, and sent as messages, since the pipe opened: written under the lock, volatile so that
         * {@link #send} sees without taking it that there is nothing to send (a read on this end's thread asks often).
         */
        private volatile long filledTotal;
        private volatile long sentTotal;

        Pipe(SimulatedNetwork network) {
            this.link = network.simulates() ? new SimulatedLink(network) : null;
            this.capacity = CAPACITY + (link == null ? 0 : (int) link.windowBytes());
            this.ring = new byte[capacity];
            this.messageEnd = link == null ? null : new long[STAMPS];
            this.messageDue = link == null ? null : new long[STAMPS];
            this.messageFlights = link == null ? null : new int[STAMPS];
            this.messageEpoch = link == null ? null : new int[STAMPS];
        }

        /**
         * Waits for free space and returns how much lies contiguous from {@link #tail} (at least 1 byte); over a
         * simulated line, no more than the current message has room for, so that messages are cut at
         * {@link #MESSAGE_BYTES} however large the writes.
         */
        int awaitSpace(long timeoutNanos, long sent) {
            spin(capacity);
            lock.lock();
            try {
                long wait = timeoutNanos;
                while (size == capacity && !closed) {
                    if (link != null) {
                        sendLocked(); // the reader can make room only by reading what has been sent
                        long onTheLine = messageDue[firstMessage] - System.nanoTime();
                        if (onTheLine > 0) {
                            awaitNanos(onTheLine); // the line is still carrying the oldest message: not the reader's delay
                            continue;
                        }
                    }
                    if (wait <= 0) {
                        throw new ChannelException("write timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms: the peer stopped reading (" + sent + " bytes sent)");
                    }
                    wait = awaitNanos(wait);
                }
                if (closed) {
                    throw new ChannelException("channel closed after " + sent + " bytes sent");
                }
                int free = Math.min(capacity - size, capacity - tail);
                return link == null ? free : (int) Math.min(free, MESSAGE_BYTES - (filledTotal - sentTotal));
            } finally {
                lock.unlock();
            }
        }

        /** Publishes {@code n} bytes written at {@link #tail}; over a simulated line, sends a full message. */
        void filled(int n) {
            tail = (tail + n) % capacity;
            lock.lock();
            try {
                size += n;
                filledTotal += n;
                if (link != null && filledTotal - sentTotal >= MESSAGE_BYTES) {
                    sendLocked();
                }
                changed.signalAll();
            } finally {
                lock.unlock();
            }
        }

        /** Over a simulated line, makes the bytes published since the last message one message; otherwise nothing. */
        void send() {
            if (link == null || sentTotal == filledTotal) {
                return;
            }
            lock.lock();
            try {
                sendLocked();
            } finally {
                lock.unlock();
            }
        }

        private void sendLocked() {
            long bytes = filledTotal - sentTotal;
            if (bytes == 0) {
                return;
            }
            long due = link.due(System.nanoTime(), bytes);
            sentTotal = filledTotal;
            int at;
            int flights = answers.readFlights + 1; // read by this writer's thread, which alone raises it
            int sentIn = answers.epoch;
            if (messages == STAMPS) {
                at = (firstMessage + messages - 1) % STAMPS; // the newest message takes these bytes too
                flights = messageEpoch[at] == sentIn ? Math.max(flights, messageFlights[at]) : flights;
            } else {
                at = (firstMessage + messages) % STAMPS;
                messages++;
            }
            messageEnd[at] = filledTotal;
            messageDue[at] = due;
            messageFlights[at] = flights;
            messageEpoch[at] = sentIn;
            changed.signalAll();
        }

        /** The reader starts a new epoch (see {@link Channel#markFlights}). */
        void mark() {
            lock.lock();
            try {
                epoch++;
                readFlights = 0;
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
                while (true) {
                    int ready = readyBytes();
                    if (ready > 0) {
                        return Math.min(ready, capacity - head);
                    }
                    if (link != null && messages > 0) {
                        awaitNanos(messageDue[firstMessage] - System.nanoTime()); // on the line: not the peer's delay
                        continue;
                    }
                    if (closed) {
                        throw new ChannelException("peer closed the channel after " + received + " bytes received");
                    }
                    if (wait <= 0) {
                        throw new ChannelException("read timed out after " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos)
                                + " ms waiting for the peer (" + received + " bytes received)");
                    }
                    wait = awaitNanos(wait);
                }
            } finally {
                lock.unlock();
            }
        }

        /** Under the lock: bytes the reader may take now (all published ones, or over a simulated line the delivered ones). */
        private int readyBytes() {
            if (link == null) {
                return size;
            }
            if (messages == 0 || messageDue[firstMessage] - System.nanoTime() > 0) {
                return 0;
            }
            return (int) (messageEnd[firstMessage] - emptiedTotal);
        }

        /** Frees {@code n} bytes read at {@link #head}. */
        void emptied(int n) {
            head = (head + n) % capacity;
            lock.lock();
            try {
                size -= n;
                emptiedTotal += n;
                if (link != null && messages > 0 && messageEpoch[firstMessage] == epoch && messageFlights[firstMessage] > readFlights) {
                    readFlights = messageFlights[firstMessage]; // a read never runs past the first message's end
                }
                while (messages > 0 && messageEnd[firstMessage] <= emptiedTotal) {
                    firstMessage = (firstMessage + 1) % STAMPS;
                    messages--;
                }
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
