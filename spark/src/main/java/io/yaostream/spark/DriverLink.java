package io.yaostream.spark;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.program.ProtocolException;

import java.time.Duration;
import java.util.function.Consumer;

/**
 * The two drivers' connection while their data is prepared and their secure stages run, then the combining session's.
 * Each driver says, in one byte: that it is alive (every quarter of the timeout, so a long stage never times the link
 * out), that its data is {@link #READY} (neither side submits its secure stage before both are, so no task waits on a
 * peer still reading its data), that its stage is {@link #DONE}, or that its run {@link #FAILED} and why; a driver that
 * fails or goes away makes the other cancel its jobs. When both stages are done each side sends {@link #END} as the
 * last byte before the combining session, so nothing of this link is left in the session's way. One thread writes,
 * another reads until the peer's {@code END}; each message is sent once, in the order READY, DONE, END.
 */
final class DriverLink implements AutoCloseable {
    static final int ALIVE = 'a';
    static final int READY = 'r';
    static final int DONE = 'd';
    static final int END = 'e';
    static final int FAILED = 'f';

    private final Channel channel;
    private final long intervalNanos;
    private final Consumer<String> onPeerFailure;
    /** The peer's side in messages: "the garbler's" or "the evaluator's". */
    private final String peer;
    private final Thread writer;
    private final Thread reader;
    /** What this side has reached and the peer has said: 0 nothing, 1 ready, 2 done (guarded by this). */
    private int local;
    private int remote;
    private String localFailure;
    /** Why the link or the peer failed; null while it has not. */
    private volatile String peerFailure;

    /**
     * Starts the link over {@code channel}; {@code onPeerFailure} is called once, on the link's own thread, if the peer
     * says its run failed or the link fails first.
     */
    DriverLink(Channel channel, String peer, Duration timeout, Consumer<String> onPeerFailure) {
        this.channel = channel;
        this.peer = peer;
        this.intervalNanos = Math.max(timeout.toNanos() / 4, 1_000_000L);
        this.onPeerFailure = onPeerFailure;
        this.writer = new Thread(this::write, "yaostream-driver-link-out");
        this.reader = new Thread(this::read, "yaostream-driver-link-in");
        writer.setDaemon(true);
        reader.setDaemon(true);
        writer.start();
        reader.start();
    }

    private void write() {
        try {
            long last = System.nanoTime();
            int sent = 0;
            while (true) {
                String failure;
                int reached;
                boolean peerDone;
                synchronized (this) {
                    if (localFailure == null && peerFailure == null && local == sent && !(sent == 2 && remote == 2)) {
                        wait(Math.max(1, Math.min(50, (intervalNanos - (System.nanoTime() - last)) / 1_000_000L)));
                    }
                    failure = localFailure;
                    reached = local;
                    peerDone = remote == 2;
                }
                if (failure != null) {
                    Wire.writeByte(channel, FAILED);
                    Wire.writeString(channel, failure);
                    channel.flush();
                    return;
                }
                if (peerFailure != null) {
                    return;
                }
                while (sent < reached) {
                    sent++;
                    Wire.writeByte(channel, sent == 1 ? READY : DONE);
                    channel.flush();
                    last = System.nanoTime();
                }
                if (sent == 2 && peerDone) {
                    Wire.writeByte(channel, END);
                    channel.flush();
                    return;
                }
                if (System.nanoTime() - last >= intervalNanos) {
                    Wire.writeByte(channel, ALIVE);
                    channel.flush();
                    last = System.nanoTime();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ChannelException e) {
            peerFailed(peer + " driver is gone: " + e.getMessage());
        }
    }

    private void read() {
        try {
            while (true) {
                int b = Wire.readByte(channel);
                if (b == ALIVE) {
                    continue;
                }
                if (b == FAILED) {
                    peerFailed(peer + " side failed: " + Wire.readString(channel, "reason"));
                    return;
                }
                synchronized (this) {
                    int expected = remote == 0 ? READY : remote == 1 ? DONE : END;
                    if (b != expected) {
                        throw new ProtocolException(peer + " driver sent byte " + b + " on the drivers' link where " + expected + " was due");
                    }
                    if (b == END) {
                        return;
                    }
                    remote++;
                    notifyAll();
                }
            }
        } catch (ProtocolException | ChannelException e) {
            synchronized (this) {
                if (localFailure != null) {
                    return; // this side failed first and said so; the peer's end of the link is no news
                }
            }
            peerFailed(peer + " driver is gone: " + e.getMessage());
        }
    }

    private void peerFailed(String why) {
        synchronized (this) {
            if (peerFailure != null) {
                return;
            }
            peerFailure = why;
            notifyAll();
        }
        onPeerFailure.accept(why);
    }

    /** Why the peer or the link failed, or null. */
    String peerFailure() {
        return peerFailure;
    }

    /** Why the peer or the link failed, waiting up to {@code millis} for it to say; null if it did not. */
    synchronized String awaitPeerFailure(long millis) {
        Await.until(this, () -> peerFailure != null, millis);
        return peerFailure;
    }

    /**
     * This side's data is ready: waits until the peer's is too. Bounded: a peer that goes silent fails the link within
     * the timeout, and one that fails says so.
     *
     * @throws ChannelException naming the peer's failure, if it failed instead
     */
    void ready() {
        reach(1);
    }

    /**
     * This side's stage is done: waits until the peer's is too and both have ended the link's part, so the channel is
     * free for the combining session.
     *
     * @return the channel, for the combining session
     * @throws ChannelException naming the peer's failure, if it failed instead
     */
    Channel finish() {
        reach(2);
        joinQuietly(writer);
        joinQuietly(reader);
        if (peerFailure != null) {
            throw new ChannelException(peerFailure);
        }
        return channel;
    }

    private synchronized void reach(int step) {
        local = step;
        notifyAll();
        Await.until(this, () -> remote >= step || peerFailure != null, -1);
        if (peerFailure != null) {
            throw new ChannelException(peerFailure);
        }
        if (remote < step) {
            throw new ChannelException("interrupted while waiting for " + peer + " driver");
        }
    }

    /** This side's run failed: tells the peer why (best effort) and stops. */
    void fail(String why) {
        synchronized (this) {
            if (localFailure == null) {
                localFailure = why;
            }
            notifyAll();
        }
        try {
            writer.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void joinQuietly(Thread t) {
        boolean interrupted = false;
        while (true) {
            try {
                t.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        channel.close();
        try {
            reader.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
