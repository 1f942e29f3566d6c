package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Openings;
import io.yaostream.core.protocol.Handshake;

import java.util.concurrent.CompletableFuture;

/**
 * One shard's connection where each shard runs somewhere of its own (a task of each party's Spark application, say)
 * instead of all of a party's shards sharing one port: the connecting side opens it with the run's {@link ShardHello},
 * and the listening side takes only the connection that names its run and its shard. The hello and its answer are
 * those of {@link ShardLinks}, so the two agree on every byte.
 */
public final class ShardPair {
    private static final long POLL_MILLIS = 100;
    /** Hellos read side by side at most (see {@link Openings}). */
    private static final int MAX_GREETING = 64;

    private ShardPair() {
    }

    /**
     * Connects to {@code host:port} as shard {@code shard} of run {@code run}, within the connect timeout.
     *
     * @return the connection, taken by the peer; the caller owns it
     * @throws ProtocolException if the peer refuses the hello or runs one session
     * @throws ChannelException if the peer cannot be reached or the connection fails
     */
    public static Channel connect(String host, int port, TransportOptions options, long run, int shard, int shards) {
        ShardHello hello = new ShardHello(run, shard, shards);
        Channel channel = NettyTransport.connect(host, port, options);
        try {
            hello.write(channel);
            byte[] answer = new byte[1];
            channel.readFully(answer, 0, 1);
            if (answer[0] == Handshake.MAGIC[0]) {
                throw new ProtocolException(ShardHello.ONE_SESSION);
            }
            if (answer[0] != ShardHello.ACCEPTED) {
                throw new ProtocolException("the peer answered " + hello.what() + "'s hello with byte " + (answer[0] & 0xff)
                        + ", not the byte that takes it");
            }
            return channel;
        } catch (RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * Waits, within the connect timeout, for the connection of shard {@code shard} of run {@code run} on a listener of
     * many peers ({@link NettyTransport#listenForMany}). Each connection's hello is read on a thread of its own within
     * the transport's greeting timeout (at most {@value #MAX_GREETING} at once, the oldest cut to make room), so a silent
     * or slow one never holds up the peer. A connection of another run, another shard or another number of shards is
     * refused with a goodbye that says why and a notice here, and the wait goes on; only a peer the transport
     * authenticated fails the wait at once by saying another number of shards, as it then has another computation.
     *
     * @return the connection, answered; the caller owns it and closes it before the listener
     * @throws ProtocolException if the authenticated peer runs another number of shards
     * @throws ChannelException if no such connection comes in time (naming the last refusal, if any), or the wait is
     *                          interrupted
     */
    public static Channel accept(NettyTransport.Listener listener, TransportOptions options, long run, int shard, int shards) {
        long millis = options.connectTimeout().toMillis();
        long deadline = System.nanoTime() + millis * 1_000_000L;
        String what = ShardHello.name(shard, shards);
        CompletableFuture<Channel> found = new CompletableFuture<>();
        try (Openings openings = new Openings("say its shard", MAX_GREETING, options.greetingTimeout(), options.notices(), "yaostream-shard-hello")) {
            Openings.Handler route = o -> {
                Channel c = o.channel();
                ShardHello hello;
                try {
                    hello = ShardHello.read(c);
                } catch (ProtocolException e) {
                    if (o.said()) {
                        openings.refuse(c, e.getMessage(), e.getMessage());
                    }
                    return;
                }
                if (!o.said()) {
                    return;
                }
                if (hello.shards() != shards) {
                    String why = "the peer runs " + hello.shards() + " shards, this party " + shards
                            + ": give both parties the same number of shards";
                    if (c.peerIdentity() != null) {
                        found.completeExceptionally(new ProtocolException(why));
                        c.abort("refused: " + why);
                    } else {
                        openings.refuse(c, why, why);
                    }
                    return;
                }
                if (hello.run() != run || hello.shard() != shard) {
                    String why = hello.run() != run ? "it belongs to another run" : "it is " + hello.what() + "'s, this is " + what;
                    openings.refuse(c, why, why);
                    return;
                }
                synchronized (found) {
                    if (found.isDone()) {
                        c.abort("refused: " + what + " is connected already");
                        return;
                    }
                    c.write(new byte[] {ShardHello.ACCEPTED}, 0, 1);
                    c.flush();
                    found.complete(c);
                }
            };
            while (!found.isDone() && System.nanoTime() < deadline) {
                if (Thread.currentThread().isInterrupted()) {
                    abandon(found, "refused: " + what + " stopped waiting");
                    throw new ChannelException("interrupted while waiting for " + what + "'s peer on " + listener.address());
                }
                Channel c = listener.acceptNext(POLL_MILLIS);
                if (c != null) {
                    openings.take(c, route);
                }
            }
            if (found.isDone()) {
                try {
                    return found.join();
                } catch (java.util.concurrent.CompletionException e) {
                    throw e.getCause() instanceof RuntimeException r ? r : e;
                }
            }
            abandon(found, "refused: " + what + " stopped waiting");
            throw new ChannelException("no peer connected " + what + " to " + listener.address() + " within "
                    + Openings.seconds(millis) + openings.summary());
        }
    }

    /** Ends a connection that a hello's thread hands over after this party stopped waiting for it. */
    private static void abandon(CompletableFuture<Channel> found, String reason) {
        synchronized (found) {
            if (!found.complete(null) && !found.isCompletedExceptionally() && found.join() != null) {
                found.join().abort(reason);
            }
        }
    }
}
