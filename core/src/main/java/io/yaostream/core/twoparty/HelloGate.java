package io.yaostream.core.twoparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.protocol.Openings;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * How a listening party of a two-party session takes its peer: every connection that greets is sent this party's
 * hello and has its own read and checked on a thread of its own within the greeting timeout ({@link Openings}); the
 * first whose hello agrees is the peer, with the handshake done. A connection that is not of this session (another
 * role, scheme, program or circuits, a shard of a sharded run, silence, not a yaostream hello) is refused with a goodbye
 * that says why and a notice here, and the wait goes on: a stranger cannot end the run. Only a peer authenticated by
 * its certificate ({@link Channel#peerIdentity}) ends it by disagreeing, as only it can be this party's peer; a
 * misconfigured peer that is not authenticated learns the mismatch from this party's hello, and this party names it
 * when its wait times out.
 */
public final class HelloGate {
    /** Connections whose hello is read side by side at most; beyond, the oldest is cut to make room. */
    static final int MAX_CHECKING = 64;
    private static final long POLL_MILLIS = 50;

    private HelloGate() {
    }

    /**
     * Waits, within the connect timeout, for the connection on {@code listener} (a many-peer listener) whose hello agrees
     * with {@code mine}, and returns it with both hellos exchanged; the caller owns it.
     *
     * @throws ProtocolException if a peer authenticated by its certificate disagrees
     * @throws ChannelException if no such connection comes in time (naming the last connection refused, if any)
     */
    public static Channel accept(NettyTransport.Listener listener, TransportOptions options, Handshake.Hello mine) {
        return accept(listener, options, mine, new byte[0]);
    }

    /**
     * As {@link #accept(NettyTransport.Listener, TransportOptions, Handshake.Hello)}, writing {@code withHello} after this
     * party's hello on each connection (a garbler's first base-OT message, {@link GarblerOpening}): input-independent
     * bytes that the taken peer answers at once.
     */
    public static Channel accept(NettyTransport.Listener listener, TransportOptions options, Handshake.Hello mine, byte[] withHello) {
        return take(listener, options, mine, withHello).channel();
    }

    /** The connection a listening party took and the hello its peer sent on it (a garbler's carries Kπ). */
    public record Taken(Channel channel, Handshake.Hello hello) {
    }

    /** As {@link #accept(NettyTransport.Listener, TransportOptions, Handshake.Hello, byte[])}, with the peer's hello. */
    public static Taken take(NettyTransport.Listener listener, TransportOptions options, Handshake.Hello mine, byte[] withHello) {
        long deadline = System.nanoTime() + options.connectTimeout().toNanos();
        CompletableFuture<Taken> peer = new CompletableFuture<>();
        String summary;
        try (Openings openings = new Openings("say hello", MAX_CHECKING, options.greetingTimeout(), options.notices(), "yaostream-hello")) {
            while (!peer.isDone()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                Channel c = listener.acceptNext(Math.max(1, Math.min(POLL_MILLIS, TimeUnit.NANOSECONDS.toMillis(left))));
                if (c != null) {
                    openings.take(c, o -> {
                        check(o, mine, withHello, openings, peer);
                        if (peer.isDone()) {
                            listener.wakeUp(); // this loop stops polling at once: the peer's session starts now
                        }
                    });
                }
            }
            summary = openings.summary();
        }
        ChannelException timedOut = new ChannelException("no peer connected to " + listener.address() + " within "
                + Openings.seconds(options.connectTimeout().toMillis()) + summary);
        peer.completeExceptionally(timedOut); // a peer taken just now is still the peer
        try {
            return peer.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw (RuntimeException) e.getCause(); // the timeout, or the authenticated peer's disagreement
        }
    }

    /** On the connection's own thread: exchanges hellos and takes it as the peer, refuses it, or ends the wait. */
    private static void check(Openings.Opening o, Handshake.Hello mine, byte[] withHello, Openings openings, CompletableFuture<Taken> peer) {
        Channel c = o.channel();
        Handshake.Hello theirs;
        try {
            Handshake.send(c, mine);
            c.write(withHello, 0, withHello.length);
            c.flush();
            theirs = Handshake.receive(c);
            Handshake.check(mine, theirs);
        } catch (ProtocolException e) {
            if (!o.said()) {
                return;
            }
            if (c.peerIdentity() != null) { // the authenticated peer disagrees: the run ends, and the peer learns why
                c.abort(e.getMessage());
                peer.completeExceptionally(e);
                return;
            }
            openings.refuse(c, e.getMessage(), e.getMessage());
            return;
        }
        if (o.said() && !peer.complete(new Taken(c, theirs))) {
            openings.refuse(c, "another peer was taken first", "the listening party has taken another peer");
        }
    }
}
