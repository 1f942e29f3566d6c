package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Openings;

import java.security.SecureRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One party's connections of a sharded run: one per shard and one for the combining session, all to one address.
 * The connecting party opens each with a {@link ShardHello}; the listening party takes them on one port in any
 * order, reads each hello on a thread of its own within the transport's greeting timeout, routes each to its shard by
 * the hello, and refuses, in one line to the refused peer and one notice here, a connection of another run (a stray),
 * one for a shard already connected, one that says nothing in time, and one of a peer that runs another number of
 * shards or one session: the run goes on, and if its peer never comes, its timeout names the last refusal. Only a peer
 * the transport authenticated ({@link Channel#peerIdentity}) fails the run at once by disagreeing.
 */
public abstract class ShardLinks implements AutoCloseable {
    final int shards;
    final TransportOptions options;

    ShardLinks(int shards, TransportOptions options) {
        ShardHello.checkShards(shards);
        this.shards = shards;
        this.options = options;
    }

    /** The number of shards; the combining session's connection is number {@code shards()}. */
    public int shards() {
        return shards;
    }

    /**
     * The connection of shard {@code shard} (0 to shards − 1, or shards for the combining session), made or waited for
     * now, within the connect timeout. The caller owns it.
     */
    public abstract Channel open(int shard);

    /** Stops whatever still waits for a connection; connections already opened are their owners' to close. */
    @Override
    public abstract void close();

    /** Links that connect to {@code host:port}, as a run this party numbers at random. */
    public static ShardLinks connecting(String host, int port, TransportOptions options, int shards) {
        return new Connecting(host, port, options, shards);
    }

    /**
     * Links that listen on {@code port} of {@code host} (null: every interface; 0: a port the system chooses, said in a
     * notice) from now until closed.
     */
    public static ShardLinks listening(String host, int port, TransportOptions options, int shards) {
        return new Listening(host, port, options, shards, port == 0);
    }

    /** As {@link #listening(String, int, TransportOptions, int)}, without the notice of the port (both parties in one process). */
    public static ShardLinks listeningQuietly(String host, int port, TransportOptions options, int shards) {
        return new Listening(host, port, options, shards, false);
    }

    /** The port the links listen on, or -1 for connecting links. */
    public int port() {
        return -1;
    }

    /**
     * Whether these links take connections (listen): the peer then opens the shards' connections at its own pace,
     * and this party runs each shard as its connection comes ({@link #nextConnected}).
     */
    boolean takesConnections() {
        return false;
    }

    /**
     * For links that take connections: a shard (0 to shards − 1) whose connection has come and that has not been
     * given before, waiting up to {@code millis}; −1 if none came meanwhile.
     *
     * @throws RuntimeException if the run has failed (an authenticated peer that disagrees) or the links closed
     */
    int nextConnected(long millis) {
        throw new UnsupportedOperationException("connecting links open their shards in order");
    }

    /**
     * The run has failed: links that take connections answer any more of them that the run has ended, without a
     * notice (the run's failure is this party's one line).
     */
    void runFailed(String why) {
    }

    /** For links that take connections: the failure of a run whose peer did not connect {@code shard} in time. */
    RuntimeException nobodyConnected(int shard) {
        throw new UnsupportedOperationException("connecting links open their shards in order");
    }

    private static final class Connecting extends ShardLinks {
        private final String host;
        private final int port;
        private final long run = new SecureRandom().nextLong();

        Connecting(String host, int port, TransportOptions options, int shards) {
            super(shards, options);
            this.host = host;
            this.port = port;
        }

        @Override
        public Channel open(int shard) {
            return ShardPair.connect(host, port, options, run, shard, shards);
        }

        @Override
        public void close() {
        }
    }

    private static final class Listening extends ShardLinks {
        /**
         * Connections read side by side while they say their shard, at most; beyond, a new one makes room by cutting the
         * oldest (see {@link Openings}). The run's own are each read within a round trip of connecting, and its peer
         * opens no more than {@link ShardRunner#MAX_RUNNING} (as many as this cap) at a time ({@link ShardRunner#running}),
         * so the cap never cuts one of them for another, and a flood of strangers' connections pushes out its own first.
         */
        private static final int MAX_GREETING = 64;
        private static final long POLL_MILLIS = 100;

        private final NettyTransport.Listener listener;
        private final CompletableFuture<Channel>[] slots;
        /** Shards whose connections have come, in the order they came, for {@link #nextConnected}. */
        private final LinkedBlockingQueue<Integer> connected = new LinkedBlockingQueue<>();
        /** Why the run stopped waiting for connections, once it has. */
        private volatile RuntimeException failure;
        /** Which connections a shard has taken (and so closes itself). */
        private final boolean[] taken;
        private final Thread acceptor;
        private final Openings openings;
        private volatile boolean closed;
        /** The run this party serves: that of the first hello of a shard 0 it took (guarded by this). */
        private Long run;

        @SuppressWarnings("unchecked")
        Listening(String host, int port, TransportOptions options, int shards, boolean sayPort) {
            super(shards, options);
            this.slots = new CompletableFuture[shards + 1];
            this.taken = new boolean[shards + 1];
            for (int i = 0; i <= shards; i++) {
                slots[i] = new CompletableFuture<>();
            }
            // A thread for each shard the peer runs at once, and the combine's, up to a core each and a few more.
            this.listener = NettyTransport.listenForMany(host, port, options, ShardRunner.running(shards) + 1);
            if (sayPort) {
                options.notices().accept("listening on " + listener.address());
            }
            this.openings = new Openings("say its shard", MAX_GREETING, options.greetingTimeout(), options.notices(), "yaostream-shard-hello");
            this.acceptor = new Thread(this::acceptAll, "yaostream-shard-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        @Override
        public int port() {
            return listener.port();
        }

        /** Takes connections as they greet, each to a thread of its own that reads its hello within the greeting timeout. */
        private void acceptAll() {
            while (!closed) {
                Channel c;
                try {
                    c = listener.acceptNext(POLL_MILLIS);
                } catch (ChannelException e) {
                    if (!closed) {
                        failAll(e);
                    }
                    return;
                }
                if (c != null) {
                    openings.take(c, this::route);
                }
            }
        }

        /**
         * Reads a connection's hello and routes it to its shard, or refuses it. Only a peer the transport authenticated
         * ({@link Channel#peerIdentity}) can fail the run by what it says (another k, one session): anyone else who says
         * so is refused, with a notice, and the run goes on waiting for its peer, whose timeout then says why.
         */
        private void route(Openings.Opening o) {
            Channel c = o.channel();
            boolean authenticated = c.peerIdentity() != null;
            ShardHello hello;
            try {
                hello = ShardHello.read(c);
            } catch (ChannelException e) {
                // Closed or reset before its whole hello: a peer that died (its run's own line says so) or a stranger
                // that hung up. Nothing to refuse and nothing held up: no notice, so a dead peer's run ends in one line.
                if (o.said()) {
                    c.close();
                }
                return;
            } catch (ProtocolException e) {
                if (!o.said()) {
                    return;
                }
                if (e.getMessage().equals(ShardHello.ONE_SESSION)) {
                    String why = "the peer runs one session, this party a sharded run of " + shards + " shards: " + SAME;
                    String toPeer = "the listening party runs " + shards + " shards, the connecting one a single session: " + SAME;
                    if (authenticated) {
                        failAll(new ProtocolException(why));
                        c.abort("refused: " + toPeer);
                    } else {
                        openings.refuse(c, why, toPeer);
                    }
                } else {
                    openings.refuse(c, e.getMessage(), e.getMessage());
                }
                return;
            }
            if (!o.said()) {
                return;
            }
            String local = null; // a refusal: the notice here, and what the peer is told
            String toPeer = null;
            synchronized (this) {
                if (hello.shards() != shards) {
                    local = "the peer runs " + hello.shards() + " shards, this party " + shards + ": " + SAME;
                    toPeer = "the listening party runs " + shards + " shards, the connecting one " + hello.shards() + ": " + SAME;
                    if (authenticated) {
                        // The run's failure says it, in the one line the run ends with: no notice besides.
                        failAll(new ProtocolException(local));
                        local = null;
                    }
                } else if (slots[hello.shard()].isCompletedExceptionally()) {
                    toPeer = "the listening party's run has ended"; // its own failure is this party's one line
                } else {
                    if (run == null && hello.shard() == 0 && !slots[0].isDone()) {
                        run = hello.run(); // shard 0 connects first: its hello names the run
                    }
                    if (run == null) {
                        local = "it is " + hello.what() + " of a run whose shard 0 has not connected (shard 0 connects first)";
                        toPeer = "the listening party has no run yet whose " + hello.what() + " this could be: shard 0 connects first";
                    } else if (run != hello.run()) {
                        local = "it belongs to another run than the one this party serves";
                        toPeer = "the listening party serves another run (of another connecting party)";
                    } else if (slots[hello.shard()].isDone()) {
                        local = hello.what() + " is connected already";
                        toPeer = local;
                    } else {
                        // The answer goes out before the shard can take the connection and write on it.
                        try {
                            c.write(new byte[] {ShardHello.ACCEPTED}, 0, 1);
                            c.flush();
                        } catch (ChannelException gone) {
                            c.close(); // its peer gave up meanwhile (its run stopped): nothing to say
                            return;
                        }
                        slots[hello.shard()].complete(c);
                        if (hello.shard() < shards) {
                            connected.add(hello.shard());
                        }
                        return;
                    }
                }
            }
            // Outside the lock: a goodbye waits (a few seconds at most) for the peer to close, and other hellos go on.
            if (local != null) {
                openings.refuse(c, local, toPeer);
            } else {
                c.abort("refused: " + toPeer);
            }
        }

        private static final String SAME = "give both parties the same number of shards (--shards)";

        private void failAll(RuntimeException e) {
            if (failure == null) {
                failure = e;
            }
            for (CompletableFuture<Channel> s : slots) {
                s.completeExceptionally(e);
            }
            connected.add(-1); // wakes a waiting nextConnected
        }

        @Override
        boolean takesConnections() {
            return true;
        }

        @Override
        void runFailed(String why) {
            failAll(new ChannelException(why));
        }

        @Override
        int nextConnected(long millis) {
            RuntimeException f = failure;
            if (f != null) {
                throw copy(f);
            }
            Integer s;
            try {
                s = connected.poll(millis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ChannelException("interrupted while waiting for the peer's shards on " + listener.address(), e);
            }
            f = failure;
            if (f != null) {
                throw copy(f);
            }
            return s == null ? -1 : s;
        }

        @Override
        RuntimeException nobodyConnected(int shard) {
            return new ChannelException("no peer connected " + ShardHello.name(shard, shards) + " to " + listener.address() + " within "
                    + Openings.seconds(options.connectTimeout().toMillis()) + openings.summary());
        }

        @Override
        public Channel open(int shard) {
            long millis = options.connectTimeout().toMillis();
            try {
                Channel c = slots[shard].get(millis, TimeUnit.MILLISECONDS);
                synchronized (this) {
                    taken[shard] = true;
                }
                return c;
            } catch (TimeoutException e) {
                throw new ChannelException("no peer connected " + ShardHello.name(shard, shards) + " to " + listener.address() + " within "
                        + Openings.seconds(millis) + openings.summary());
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException r ? copy(r) : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ChannelException("interrupted while waiting for " + ShardHello.name(shard, shards), e);
            }
        }

        /** A failure shared by every waiting shard, raised afresh in each (so each has its own stack). */
        private static RuntimeException copy(RuntimeException r) {
            if (r instanceof ProtocolException) {
                return new ProtocolException(r.getMessage(), r);
            }
            if (r instanceof ChannelException) {
                return new ChannelException(r.getMessage(), r);
            }
            return r;
        }

        @Override
        public void close() {
            if (closed) {
                return;
            }
            closed = true;
            failAll(new ChannelException("stopped listening on " + listener.address()));
            try {
                acceptor.join(TimeUnit.SECONDS.toMillis(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            openings.close(); // connections still to say their shard are told the run has stopped waiting
            synchronized (this) {
                closeUntaken();
            }
            listener.close();
        }

        private void closeUntaken() {
            for (int i = 0; i <= shards; i++) {
                if (!taken[i] && slots[i].isDone() && !slots[i].isCompletedExceptionally()) {
                    slots[i].join().close(); // connected, but its shard never came for it
                }
            }
        }
    }
}
