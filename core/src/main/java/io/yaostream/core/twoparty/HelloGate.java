package io.yaostream.core.twoparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.protocol.Handshake;

import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * How a listening party of a two-party session takes its peer: every connection that greets is sent this party's
 * hello and has its own hello read and checked on a thread of its own, within a few seconds; the first whose hello
 * agrees is the peer, with the handshake done. A connection that is not of this session (another role, scheme,
 * program or circuits, a shard of a sharded run, silent, not a yaostream hello) is refused with a goodbye that says why
 * and a notice here, and the wait goes on: a stranger cannot end the run. Only a peer authenticated by its certificate
 * ({@link Channel#peerIdentity}) ends it by disagreeing, as only it can be this party's peer; a misconfigured peer that
 * is not authenticated learns the mismatch from this party's hello, and this party names it when its wait times out.
 */
public final class HelloGate {
    /** Connections whose hello is read side by side at most; beyond, the oldest is dropped to make room. */
    static final int MAX_CHECKING = 64;
    private static final long POLL_MILLIS = 50;

    /** What a check thread reports: the peer found, or an authenticated peer that disagrees, or a refusal. */
    private record Outcome(Channel channel, RuntimeException failure, String refusal) {
    }

    private HelloGate() {
    }

    /**
     * Waits, within the connect timeout, for the connection on {@code listener} (a many-peer listener) whose hello agrees
     * with {@code mine}, and returns it with both hellos exchanged; the caller owns it.
     *
     * @throws io.yaostream.core.program.ProtocolException if a peer authenticated by its certificate disagrees
     * @throws ChannelException if no such connection comes in time (naming the last connection refused, if any)
     */
    public static Channel accept(NettyTransport.Listener listener, TransportOptions options, Handshake.Hello mine) {
        long deadline = System.nanoTime() + options.connectTimeout().toNanos();
        long helloNanos = options.greetingTimeout().toNanos();
        LinkedBlockingQueue<Outcome> outcomes = new LinkedBlockingQueue<>();
        AtomicReference<Object> decided = new AtomicReference<>(); // the peer, or a marker once the wait is over
        Map<Channel, String> cancelled = new ConcurrentHashMap<>();
        ArrayDeque<Channel> checking = new ArrayDeque<>();
        Map<Channel, Long> started = new ConcurrentHashMap<>();
        int refused = 0;
        String lastRefusal = null;
        try {
            while (true) {
                for (Outcome o; (o = outcomes.poll()) != null; ) {
                    checking.remove(o.channel());
                    started.remove(o.channel());
                    if (o.refusal() != null) {
                        refused++;
                        lastRefusal = o.refusal();
                    } else if (o.failure() != null) {
                        throw o.failure();
                    } else {
                        return o.channel();
                    }
                }
                long now = System.nanoTime();
                if (now - deadline >= 0) {
                    break;
                }
                for (Channel c : checking) {
                    if (now - started.get(c) > helloNanos && cancelled.putIfAbsent(c, "sent no hello within "
                            + seconds(TimeUnit.NANOSECONDS.toMillis(helloNanos))) == null) {
                        c.cancel("no hello in time");
                    }
                }
                Channel c = listener.acceptNext(Math.max(1, Math.min(POLL_MILLIS, TimeUnit.NANOSECONDS.toMillis(deadline - now))));
                if (c == null) {
                    continue;
                }
                if (checking.size() >= MAX_CHECKING) {
                    Channel oldest = checking.peekFirst();
                    if (cancelled.putIfAbsent(oldest, "made room for a newer connection (" + MAX_CHECKING + " were still to say hello)") == null) {
                        oldest.cancel("refused: too many connections were still to say hello");
                    }
                }
                checking.addLast(c);
                started.put(c, System.nanoTime());
                Thread t = new Thread(() -> check(c, mine, options, decided, cancelled, outcomes), "yaostream-hello");
                t.setDaemon(true);
                t.start();
            }
        } finally {
            decided.compareAndSet(null, Boolean.FALSE); // late successes close their connections
            for (Channel c : checking) {
                cancelled.putIfAbsent(c, "this party stopped waiting");
                c.cancel("refused: the listening party stopped waiting for its peer");
            }
        }
        throw new ChannelException("no peer connected to " + listener.address() + " within " + seconds(options.connectTimeout().toMillis())
                + (refused == 0 ? "" : " (refused " + refused + " connection" + (refused == 1 ? "" : "s") + "; the last: " + lastRefusal + ")"));
    }

    /** On a thread of its own: exchanges hellos with {@code c} and reports what came of it. */
    private static void check(Channel c, Handshake.Hello mine, TransportOptions options, AtomicReference<Object> decided,
                              Map<Channel, String> cancelled, LinkedBlockingQueue<Outcome> outcomes) {
        String from = c.peerAddress() == null ? "" : " from " + c.peerAddress();
        try {
            Handshake.send(c, mine);
            c.flush();
            Handshake.check(mine, Handshake.receive(c));
        } catch (RuntimeException e) {
            String why = cancelled.getOrDefault(c, e.getMessage());
            if (c.peerIdentity() != null && !cancelled.containsKey(c) && decided.compareAndSet(null, c)) {
                // The authenticated peer disagrees: the run ends, and the peer learns why.
                abortQuietly(c, e.getMessage());
                outcomes.add(new Outcome(c, e, null));
                return;
            }
            options.notices().accept("refused a connection" + from + ": " + why);
            if (cancelled.containsKey(c)) {
                c.close(); // its goodbye is said
            } else {
                abortQuietly(c, "refused: " + why);
            }
            outcomes.add(new Outcome(c, null, why));
            return;
        }
        if (cancelled.containsKey(c) || !decided.compareAndSet(null, c)) {
            abortQuietly(c, "refused: the listening party has taken another peer");
            outcomes.add(new Outcome(c, null, "another peer was taken first"));
            return;
        }
        outcomes.add(new Outcome(c, null, null));
    }

    private static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static void abortQuietly(Channel c, String reason) {
        try {
            c.abort(reason);
        } catch (RuntimeException ignored) {
            c.close(); // the connection failed while saying goodbye: nothing more to tell it
        }
    }
}
