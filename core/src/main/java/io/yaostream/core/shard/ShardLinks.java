package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;

import java.security.SecureRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One party's connections of a sharded run: one per shard and one for the combining session, all to one address.
 * The connecting party opens each with a {@link ShardHello}; the listening party takes them on one port in any
 * order, routes each to its shard by the hello, and refuses, in one line to the refused peer and one notice here,
 * a connection of another run (a stray), or for a shard already connected. A peer that runs another number of
 * shards, or one session, fails the run at once.
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
        /** Hellos read side by side at most; beyond, a new connection is dropped at once. */
        private static final int MAX_GREETING = 64;
        private static final long POLL_MILLIS = 100;

        private final NettyTransport.Listener listener;
        private final CompletableFuture<Channel>[] slots;
        /** Which connections a shard has taken (and so closes itself). */
        private final boolean[] taken;
        private final Thread acceptor;
        private final AtomicInteger greeting = new AtomicInteger();
        private volatile boolean closed;
        /** The run this party serves: that of the first hello it took (guarded by this). */
        private Long run;

        @SuppressWarnings("unchecked")
        Listening(String host, int port, TransportOptions options, int shards, boolean sayPort) {
            super(shards, options);
            this.slots = new CompletableFuture[shards + 1];
            this.taken = new boolean[shards + 1];
            for (int i = 0; i <= shards; i++) {
                slots[i] = new CompletableFuture<>();
            }
            // A thread per expected connection, so each shard's network work has a core of its own.
            this.listener = NettyTransport.listenForMany(host, port, options, shards + 1);
            if (sayPort) {
                options.notices().accept("listening on " + listener.address());
            }
            this.acceptor = new Thread(this::acceptAll, "yaostream-shard-accept");
            acceptor.setDaemon(true);
            acceptor.start();
        }

        @Override
        public int port() {
            return listener.port();
        }

        /** Takes connections as they greet, each to a thread of its own that reads its hello. */
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
                if (c == null) {
                    continue;
                }
                if (greeting.incrementAndGet() > MAX_GREETING) {
                    greeting.decrementAndGet();
                    String why = MAX_GREETING + " other connections are still to say their shard";
                    refuse(c, why, why);
                    continue;
                }
                Thread t = new Thread(() -> {
                    try {
                        route(c);
                    } catch (RuntimeException e) { // the connection failed while answering
                        options.notices().accept("dropped a connection while taking its shard: " + e.getMessage());
                        c.close();
                    } finally {
                        greeting.decrementAndGet();
                    }
                }, "yaostream-shard-hello");
                t.setDaemon(true);
                t.start();
            }
        }

        private void route(Channel c) {
            ShardHello hello;
            try {
                hello = ShardHello.read(c);
            } catch (ProtocolException e) {
                if (e.getMessage().equals(ShardHello.ONE_SESSION)) {
                    failAll(new ProtocolException("the peer runs one session, this party a sharded run of " + shards + " shards: " + SAME));
                    c.abort("refused: the listening party runs " + shards + " shards, the connecting one a single session: " + SAME);
                } else {
                    refuse(c, e.getMessage(), e.getMessage());
                }
                return;
            } catch (ChannelException e) {
                options.notices().accept("dropped a connection that did not say its shard: " + e.getMessage());
                c.close();
                return;
            }
            synchronized (this) {
                if (run == null && hello.shards() == shards) {
                    run = hello.run();
                }
                if (run != null && run != hello.run()) {
                    refuse(c, "it belongs to another run than the one this party serves",
                            "the listening party serves another run (of another connecting party)");
                } else if (hello.shards() != shards) {
                    // The run's failure says it, in the one line the run ends with: no notice besides.
                    failAll(new ProtocolException("the peer runs " + hello.shards() + " shards, this party " + shards + ": " + SAME));
                    c.abort("refused: the listening party runs " + shards + " shards, the connecting one " + hello.shards() + ": " + SAME);
                } else if (slots[hello.shard()].isCompletedExceptionally()) {
                    c.abort("refused: the listening party's run has ended"); // its own failure is this party's one line
                } else if (slots[hello.shard()].isDone()) {
                    refuse(c, hello.what() + " is connected already", hello.what() + " is connected already");
                } else {
                    // The answer goes out before the shard can take the connection and write on it.
                    c.write(new byte[] {ShardHello.ACCEPTED}, 0, 1);
                    c.flush();
                    slots[hello.shard()].complete(c);
                }
            }
        }

        private static final String SAME = "give both parties the same number of shards (--shards)";

        /** Ends a connection: {@code local} in a notice here, {@code toPeer} in the goodbye the peer reports. */
        private void refuse(Channel c, String local, String toPeer) {
            options.notices().accept("refused a connection: " + local);
            c.abort("refused: " + toPeer);
        }

        private void failAll(RuntimeException e) {
            for (CompletableFuture<Channel> s : slots) {
                s.completeExceptionally(e);
            }
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
                        + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms"));
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
