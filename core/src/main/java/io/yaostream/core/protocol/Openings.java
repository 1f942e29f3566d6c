package io.yaostream.core.protocol;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.PeerCertificate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * Connections a listener has taken that have still to say what they are (a shard's hello, a rendezvous request). Each
 * is read on a thread of its own, never on the thread that accepts, and has a short deadline to say it, counted from
 * when it was taken however slowly its bytes trickle in; at most {@code max} are read at once, and a new one beyond
 * makes room by cutting the oldest, so silent or slow connections hold a bounded amount for a bounded time and never
 * keep the real peer out (it speaks within a round trip of connecting, long before it is the oldest). A connection cut
 * is told why in a goodbye ("refused: it did not say its shard within 5 s") and a one-line notice says so here.
 *
 * <p>Refusals go through {@link #refuse} too, which counts them and keeps the last reason: a party that gives up waiting
 * says why the connections it had were not its peer ({@link #summary}).
 */
public final class Openings implements AutoCloseable {
    /** What a connection's thread does with it: reads what it says, then calls {@link Opening#said} before acting on it. */
    @FunctionalInterface
    public interface Handler {
        void handle(Opening opening);
    }

    /** One connection still to say what it is. */
    public final class Opening {
        private final Channel channel;
        private ScheduledFuture<?> timer;
        private Thread thread;
        /** Guarded by the enclosing Openings. */
        private boolean settled;
        private boolean cut;

        private Opening(Channel channel) {
            this.channel = channel;
        }

        public Channel channel() {
            return channel;
        }

        /**
         * The connection has said what it is (or what it said is being refused): its deadline no longer runs and its
         * place is free. False if it was cut first: it was told why, and is closed now; the handler just returns.
         */
        public boolean said() {
            synchronized (Openings.this) {
                if (!cut) {
                    if (!settled) {
                        settled = true;
                        reading.remove(this);
                        timer.cancel(false);
                    }
                    return true;
                }
            }
            channel.close();
            return false;
        }

        /** The certificate the peer was authenticated by, or null where the transport did not check one. */
        public PeerCertificate identity() {
            return channel.peerIdentity();
        }
    }

    private final String what;
    private final int max;
    private final long deadlineMillis;
    private final Consumer<String> notices;
    private final String threadName;
    private final ScheduledExecutorService timers;
    /** Connections still reading, oldest first; guarded by this. */
    private final Set<Opening> reading = new LinkedHashSet<>();
    private int refused;
    private int dropped;
    private String lastRefusal;
    private boolean closed;

    /**
     * @param what       what a connection has to do, for messages: "say its shard"
     * @param max        connections read at once at most
     * @param deadline   how long each has to say it
     * @param notices    where the one-line notices go
     * @param threadName the name of the connections' threads (and of the deadlines' timer, with "-deadline")
     */
    public Openings(String what, int max, Duration deadline, Consumer<String> notices, String threadName) {
        if (max < 1) {
            throw new IllegalArgumentException("max must be at least 1, not " + max);
        }
        this.what = what;
        this.max = max;
        this.deadlineMillis = Math.max(1, deadline.toMillis());
        this.notices = notices;
        this.threadName = threadName;
        ScheduledThreadPoolExecutor t = new ScheduledThreadPoolExecutor(1, r -> {
            Thread th = new Thread(r, threadName + "-deadline");
            th.setDaemon(true);
            return th;
        });
        t.setRemoveOnCancelPolicy(true);
        t.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.timers = t;
    }

    /** The deadline each connection has, in milliseconds. */
    public long deadlineMillis() {
        return deadlineMillis;
    }

    /**
     * Reads {@code channel} with {@code handler} on a thread of its own, within the deadline. The handler owns the
     * channel: it hands it on or closes it; if it throws, the channel is closed here (with a notice, unless it was cut).
     */
    public void take(Channel channel, Handler handler) {
        Opening o = new Opening(channel);
        Thread t = new Thread(() -> run(o, handler), threadName);
        t.setDaemon(true);
        o.thread = t;
        Opening oldest = null;
        synchronized (this) {
            if (closed) {
                channel.cancel("refused: the listening party has stopped waiting"); // on the accepting thread: no wait
                channel.close();
                return;
            }
            if (reading.size() >= max) {
                oldest = reading.iterator().next(); // kept in the order they came
                cutLocked(oldest);
            }
            reading.add(o);
            o.timer = timers.schedule(() -> expire(o), deadlineMillis, TimeUnit.MILLISECONDS);
        }
        if (oldest != null) {
            String why = "made room for a newer connection (" + max + " connections were still to " + what + ")";
            notices.accept("dropped a connection" + by(oldest) + ": " + why);
            oldest.channel.cancel("refused: " + why);
        }
        t.start();
    }

    private void run(Opening o, Handler handler) {
        try {
            handler.handle(o);
        } catch (RuntimeException | Error e) { // the handler's own failures it answers itself: this is a lost connection
            boolean wasCut;
            synchronized (this) {
                wasCut = o.cut;
            }
            if (!wasCut) {
                notices.accept("dropped a connection" + by(o) + ": " + e.getMessage());
            }
            try {
                o.channel.close();
            } catch (RuntimeException ignored) {
                // closing anyway
            }
        } finally {
            synchronized (this) {
                if (!o.settled && !o.cut) {
                    o.settled = true;
                    reading.remove(o);
                    o.timer.cancel(false);
                }
            }
        }
    }

    private void expire(Opening o) {
        synchronized (this) {
            if (o.settled || o.cut) {
                return;
            }
            cutLocked(o);
        }
        String why = "it did not " + what + " within " + seconds(deadlineMillis);
        notices.accept("dropped a connection" + by(o) + ": " + why);
        o.channel.cancel("refused: " + why);
    }

    private void cutLocked(Opening o) {
        o.cut = true;
        reading.remove(o);
        if (o.timer != null) {
            o.timer.cancel(false);
        }
        dropped++;
    }

    /**
     * Refuses a connection that said something this party does not take: a notice here ("refused a connection: LOCAL"),
     * a goodbye to the peer ("refused: TO_PEER"), and the reason kept for {@link #summary}. Closes the channel.
     */
    public void refuse(Channel channel, String local, String toPeer) {
        synchronized (this) {
            refused++;
            lastRefusal = local;
        }
        notices.accept("refused a connection" + from(channel) + ": " + local);
        // Told why and closed at once: waiting for a stranger to close its side would hold this thread.
        channel.cancel("refused: " + toPeer);
        channel.close();
    }

    /**
     * Counts a refusal that the caller answered in its own way (a protocol's own refusal message), with its reason, for
     * {@link #summary}.
     */
    public synchronized void refused(String reason) {
        refused++;
        lastRefusal = reason;
    }

    /**
     * What this party refused and dropped while it waited, for the line that says it waited in vain: {@code ""} when
     * nothing, else {@code " (refused 1 connection: REASON)"}, {@code " (refused 3 connections, the last: REASON; 2
     * dropped that did not say their shard)"}.
     */
    public synchronized String summary() {
        if (refused == 0 && dropped == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder(" (");
        if (refused > 0) {
            b.append("refused ").append(refused).append(refused == 1 ? " connection: " : " connections, the last: ").append(lastRefusal);
        }
        if (dropped > 0) {
            b.append(refused > 0 ? "; " : "").append(dropped).append(dropped == 1 ? " connection" : " connections")
                    .append(" dropped that did not ").append(what).append(" in time");
        }
        return b.append(')').toString();
    }

    /**
     * Cuts every connection still reading (told that this party has stopped waiting), stops the deadlines' timer and
     * waits for those connections' threads (a moment: the cut ends their reads). Connections already past
     * {@link Opening#said} are their handlers' to finish.
     */
    @Override
    public void close() {
        List<Opening> cut;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            cut = new ArrayList<>(reading);
            for (Opening o : cut) {
                cutLocked(o);
                dropped--; // not the peer's doing: stopped waiting
            }
        }
        for (Opening o : cut) {
            o.channel.cancel("refused: the listening party has stopped waiting");
        }
        timers.shutdownNow();
        // Their threads end at once (the cut fails their reads); threads past what they said finish on their own.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        for (Opening o : cut) {
            try {
                o.thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static String by(Opening o) {
        return from(o.channel);
    }

    /** " from 10.0.0.7:51234", with the certificate it was authenticated by where there is one. */
    private static String from(Channel channel) {
        PeerCertificate id = channel.peerIdentity();
        String address = channel.peerAddress();
        if (address == null) {
            return id == null ? "" : " from " + id;
        }
        return " from " + address + (id == null ? "" : " (" + id + ")");
    }

    /** {@code 5 s}, or {@code 2500 ms} where it is not whole seconds. */
    public static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
