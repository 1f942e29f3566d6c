package io.yaostream.core.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.RecvByteBufAllocator;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.DefaultThreadFactory;

import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * TCP channels between the two parties: one side {@linkplain #listen listens} until one peer has connected and
 * greeted, the other {@linkplain #connect connects}, retrying until the connect timeout so the two may start in
 * any order. Each connection has its own event-loop thread (named {@code yaostream-net}), stopped when the channel
 * closes.
 *
 * <p>Both ends first send a {@linkplain Greeting greeting} (after TLS, when it is on), and a connection counts only
 * once the other end's has arrived intact. A listener therefore survives stray connections: one that sends
 * garbage or an HTTP request, fails TLS (a plaintext client, an untrusted certificate) or stays silent is dropped
 * with one line to {@link TransportOptions#notices()}, and the listener goes on waiting for its peer.
 */
public final class NettyTransport {
    /** Name prefix of the event-loop threads, so tests can check none outlives its channel. */
    public static final String THREAD_NAME = "yaostream-net";
    /**
     * Netty's epoll transport where its native library loads (Linux x86-64), else NIO. On loopback (mult64,
     * {@code --repeat 200000}, alternated with NIO in the same minutes) both parties used less CPU in all four pairs,
     * 2-15% in total, and three of the four ran faster.
     */
    private static final boolean EPOLL = Epoll.isAvailable();
    private static final long RETRY_MILLIS = 100;
    /**
     * Refused connects are retried this long before the connecting side says it is waiting: two parties started
     * together usually find each other within it, and a peer that is not up yet gets one line, not one per retry.
     */
    private static final long QUIET_RETRY_MILLIS = 1000;
    /**
     * Connections a listener lets greet side by side. Each costs a socket and a few hundred bytes until it greets
     * or its greeting timeout drops it. Beyond this, a new connection makes room by dropping the oldest one still to
     * greet, so a flood of silent connections holds a bounded amount and cannot keep the real peer out: a peer greets
     * within a round trip or two of connecting, long before it is the oldest, and a connecting party dropped before
     * its greeting connects again. A many-peer listener lets as many more greet as it expects peers.
     */
    static final int MAX_CANDIDATES = 64;
    /** Marks a connection whose drop the listener has said already (made room for a newer one, or its peer was taken). */
    /** Marks a connection that has sent bytes (whatever they are) while it was a candidate. */
    private static final io.netty.util.AttributeKey<Boolean> SPOKE = io.netty.util.AttributeKey.valueOf("yaostream.spoke");
    /** What {@link Listener#wakeUp} queues: no connection. */
    private static final Object WAKE_UP = new Object();
    /** When a connection began: its connect call, or its accept (System.nanoTime), for its channel's set-up time. */
    static final io.netty.util.AttributeKey<Long> BEGAN = io.netty.util.AttributeKey.valueOf("yaostream.began");
    private static final io.netty.util.AttributeKey<Boolean> DROP_SAID = io.netty.util.AttributeKey.valueOf("yaostream.dropSaid");
    /**
     * How long closing a TLS connection waits to send its close_notify. Netty waits 3 s by default, which a peer
     * that stopped reading (and so left no room in the socket) would add to this party's timeout.
     */
    private static final long CLOSE_NOTIFY_MILLIS = 500;

    private NettyTransport() {
    }

    /** The greeting each end sends first (a copy), for a test's fake peer speaking over a raw socket. */
    public static byte[] greeting() {
        return Greeting.FRAME.clone();
    }

    /**
     * A bound server socket waiting for its one peer. Connections are handled side by side on the listener's event
     * loop as they come: each has {@link TransportOptions#greetingTimeout()} to finish TLS and greet, and the
     * first to greet becomes the peer; the server socket then closes, and the others are dropped.
     */
    public static final class Listener implements AutoCloseable {
        private final EventLoopGroup group;
        /** Where peers of a many-peer listener run, a thread each up to its size; null for a one-peer listener. */
        private final EventLoopGroup peerGroup;
        private final TransportOptions options;
        private final SslContext ssl;
        private final CompletableFuture<NettyChannel> peer = new CompletableFuture<>();
        /** A many-peer listener's greeted connections not yet taken ({@link #acceptNext}), and its failure, if any. */
        private final java.util.concurrent.LinkedBlockingQueue<Object> arrivals = new java.util.concurrent.LinkedBlockingQueue<>();
        /** Connections that have not greeted yet; used on the event loop only. */
        private final Set<SocketChannel> candidates = new LinkedHashSet<>();
        private final AtomicInteger dropped = new AtomicInteger();
        /** When an accept last failed (System.nanoTime), on the listener's event loop. */
        private long lastAcceptError = System.nanoTime() - TimeUnit.SECONDS.toNanos(2);
        /** Connections let greet side by side (see {@link #MAX_CANDIDATES}). */
        private final int maxCandidates;
        private io.netty.channel.Channel server;
        private String address;
        private boolean handedOver;
        private volatile boolean closed;
        /** A many-peer listener that stopped taking connections ({@link #stopAccepting}). */
        private volatile boolean stopped;

        private Listener(EventLoopGroup group, EventLoopGroup peerGroup, int peerThreads, TransportOptions options, SslContext ssl) {
            this.group = group;
            this.peerGroup = peerGroup;
            this.options = options;
            this.ssl = ssl;
            this.maxCandidates = MAX_CANDIDATES + (peerGroup == null ? 0 : peerThreads);
        }

        /** The port actually bound (useful after listening on port 0). */
        public int port() {
            return ((InetSocketAddress) server.localAddress()).getPort();
        }

        /** Where it listens, as {@code HOST:PORT}; {@code 0.0.0.0} stands for all interfaces. */
        public String address() {
            return address;
        }

        /**
         * Waits up to the connect timeout for a peer to connect and greet (after TLS, when it is on); connections
         * that are not a yaostream peer are dropped meanwhile. The channel owns the event loop from here on.
         */
        public Channel accept() {
            long millis = options.connectTimeout().toMillis();
            try {
                NettyChannel channel = peer.get(millis, TimeUnit.MILLISECONDS);
                handedOver = true;
                return channel;
            } catch (TimeoutException e) {
                close();
                int n = dropped.get();
                throw new ChannelException("no peer connected to " + address + " within " + Greeting.seconds(millis)
                        + (n == 0 ? "" : " (" + n + " connection" + (n == 1 ? "" : "s") + " that did not greet dropped)"));
            } catch (ExecutionException e) {
                close();
                throw (ChannelException) e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new ChannelException("interrupted while waiting for a peer on " + address, e);
            }
        }

        /**
         * A many-peer listener's next greeted connection, waiting up to {@code timeoutMillis}; null when none came in
         * that time. The caller owns the channel; the listener keeps listening until it is closed.
         */
        public Channel acceptNext(long timeoutMillis) {
            if (peerGroup == null) {
                throw new IllegalStateException("a one-peer listener hands its peer to accept()");
            }
            Object next;
            try {
                next = arrivals.poll(timeoutMillis, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ChannelException("interrupted while waiting for peers on " + address, e);
            }
            if (next instanceof ChannelException failure) {
                arrivals.add(failure); // for every later call too
                throw failure;
            }
            if (next instanceof NettyChannel taken) {
                taken.resumeReading();
            }
            return next instanceof Channel c ? c : null;
        }

        /**
         * Makes a waiting (or the next) {@link #acceptNext} return null at once: for a caller whose peer was taken on another
         * thread, so that it stops waiting without sleeping out its poll.
         */
        public void wakeUp() {
            arrivals.add(WAKE_UP);
        }

        /**
         * On an event loop: queues a greeted connection for {@link #acceptNext}; beyond {@link #MAX_CANDIDATES} waiting, the
         * oldest goes, closed off the event loop (closing waits, which an event loop must not).
         */
        private void queue(NettyChannel channel) {
            arrivals.add(channel);
            while (arrivals.size() > MAX_CANDIDATES) {
                Object oldest = arrivals.poll();
                if (oldest instanceof NettyChannel old) {
                    drop(old.peer(), "made room for a newer connection (" + MAX_CANDIDATES + " greeted ones were waiting to be taken)");
                    java.util.concurrent.CompletableFuture.runAsync(old::close);
                } else if (oldest != null) {
                    arrivals.add(oldest); // a failure stays for every later call
                    break;
                }
            }
        }

        /**
         * A many-peer listener that has taken the one peer it needed stops taking more: the port closes, connections
         * still greeting and greeted ones nobody took are closed, and the connections taken stay up (their event loops
         * stop at {@link #close}).
         */
        public void stopAccepting() {
            if (peerGroup == null) {
                throw new IllegalStateException("a one-peer listener stops accepting by itself when its peer greets");
            }
            stopped = true;
            server.close().awaitUninterruptibly();
            synchronized (candidates) {
                for (SocketChannel c : List.copyOf(candidates)) {
                    c.attr(DROP_SAID).set(Boolean.TRUE); // said here, not once more when it closes
                    drop(hostPort(c.remoteAddress()), "another peer greeted first");
                    c.close();
                }
                candidates.clear();
            }
            for (Object o; (o = arrivals.poll()) != null; ) {
                if (o instanceof NettyChannel unclaimed) {
                    unclaimed.close();
                }
            }
        }

        /**
         * Stops listening; drops connections still greeting, and releases the event loop unless the peer owns it. A
         * many-peer listener also closes the connections nobody took and stops its peers' event loops, so every
         * connection taken from it must be closed first.
         */
        @Override
        public synchronized void close() {
            if (closed) {
                return;
            }
            closed = true;
            server.close().awaitUninterruptibly();
            if (peerGroup != null) {
                arrivals.add(new ChannelException("stopped listening on " + address));
                for (Object o; (o = arrivals.poll()) != null; ) {
                    if (o instanceof NettyChannel unclaimed) {
                        unclaimed.close();
                    }
                }
                peerGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
                return;
            }
            if (handedOver) {
                return; // the event loop dropped the other connections when the peer greeted
            }
            peer.completeExceptionally(new ChannelException("stopped listening on " + address));
            NettyChannel unclaimed = peer.isCompletedExceptionally() ? null : peer.join();
            if (unclaimed != null) {
                unclaimed.close(); // greeted just as accept gave up: its close releases the event loop
            } else {
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            }
        }

        /**
         * The server socket's own errors. The epoll transport's accept loop meets the socket that has just been
         * closed when the peer greeted ("Bad file descriptor"): nothing to report then. An error while the listener
         * still waits fails the wait with one clear line, instead of a warning from Netty's pipeline.
         */
        private ChannelInboundHandlerAdapter acceptErrors() {
            return new ChannelInboundHandlerAdapter() {
                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    // An accept that fails (too many open files, say) is this moment's trouble: the port stays open and
                    // the wait goes on, bounded by its timeout; said once a second at most.
                    if (!peer.isDone() && ctx.channel().isOpen()) {
                        long now = System.nanoTime();
                        if (now - lastAcceptError > TimeUnit.SECONDS.toNanos(1)) {
                            lastAcceptError = now;
                            options.notices().accept("cannot accept a connection on " + address + ": " + TlsErrors.innermostMessage(cause)
                                    + "; still listening");
                        }
                    }
                }
            };
        }

        /**
         * On a connection's event loop (a many-peer listener has several): a new connection, which becomes a candidate
         * until it greets or is dropped. The candidates are shared by those loops, so they are used under their lock.
         */
        private void connected(SocketChannel ch) {
            String remote = hostPort(ch.remoteAddress());
            synchronized (candidates) {
                if (peer.isDone()) {
                    ch.close();
                    return;
                }
                if (candidates.size() >= maxCandidates) {
                    SocketChannel oldest = oldestSilent();
                    candidates.remove(oldest);
                    oldest.attr(DROP_SAID).set(Boolean.TRUE);
                    drop(hostPort(oldest.remoteAddress()), "made room for a newer connection (" + maxCandidates
                            + " connections were still to greet)");
                    oldest.close();
                }
                candidates.add(ch);
            }
            ch.closeFuture().addListener(f -> {
                synchronized (candidates) {
                    candidates.remove(ch);
                }
            });
            ch.pipeline().addFirst(new ChannelInboundHandlerAdapter() { // marks a candidate that has sent anything at all
                @Override
                public void channelRead(ChannelHandlerContext ctx, Object msg) {
                    ctx.channel().attr(SPOKE).set(Boolean.TRUE);
                    ctx.pipeline().remove(this);
                    ctx.fireChannelRead(msg);
                }
            });
            addGreeting(ch, ssl, null, 0, options.greetingTimeout().toMillis(), new Greeting.Outcome() {
                @Override
                public void greeted(ChannelHandlerContext ctx) {
                    synchronized (candidates) {
                        candidates.remove(ch);
                    }
                    if (peerGroup != null) { // one of many peers: the listener goes on listening
                        NettyChannel channel = new NettyChannel(ch, null, options, remote);
                        channel.identified(identity(ch, options));
                        addFrames(ch, channel, options);
                        if (closed || stopped) {
                            ch.close();
                        } else {
                            // Nobody reads it until it is taken: it buffers nothing meanwhile, and at most so many wait.
                            ch.config().setAutoRead(false);
                            queue(channel);
                        }
                        return;
                    }
                    NettyChannel channel = new NettyChannel(ch, group, options, remote);
                    channel.identified(identity(ch, options));
                    if (!peer.complete(channel)) {
                        ch.close(); // the listener has stopped
                        return;
                    }
                    addFrames(ch, channel, options);
                    // The parent rather than the server field: a peer can connect and greet before the thread that
                    // bound the socket has set that field.
                    ch.parent().close(); // no second peer
                    synchronized (candidates) {
                        for (SocketChannel other : List.copyOf(candidates)) {
                            drop(hostPort(other.remoteAddress()), "another peer greeted first");
                            other.close();
                        }
                        candidates.clear();
                    }
                }

                @Override
                public void failed(String reason) {
                    synchronized (candidates) {
                        candidates.remove(ch);
                    }
                    if (!peer.isDone() && ch.attr(DROP_SAID).get() == null) { // one dropped to make room was said already
                        drop(remote, reason);
                    }
                    ch.close();
                }
            });
        }

        /**
         * Under the candidates' lock: the oldest candidate that has sent nothing yet, else the oldest of all. A real peer
         * speaks at once (its TLS hello or its greeting), so a flood of silent connections pushes out its own first.
         */
        private SocketChannel oldestSilent() {
            for (SocketChannel c : candidates) { // in the order they came
                if (c.attr(SPOKE).get() == null) {
                    return c;
                }
            }
            return candidates.iterator().next();
        }

        private void drop(String remote, String reason) {
            dropped.incrementAndGet();
            options.notices().accept("dropped connection from " + remote + ": " + reason);
        }
    }

    /** Listens on {@code port} (0: any free port) of all interfaces. */
    public static Listener listen(int port, TransportOptions options) {
        return listen(null, port, options);
    }

    /**
     * Listens on {@code port} (0: any free port) of {@code host}'s interface, or of all interfaces when it is null.
     * The TLS files, when there are any, are read and checked first (see {@link TlsFiles#check}).
     */
    public static Listener listen(String host, int port, TransportOptions options) {
        return listen(host, port, options, 0);
    }

    /**
     * Listens on {@code port} of {@code host} (null: all interfaces) for any number of peers, each taken with
     * {@link Listener#acceptNext} as it greets, until the listener closes. The connections share an event loop of
     * {@code threads} threads, one each while there are no more of them.
     */
    public static Listener listenForMany(String host, int port, TransportOptions options, int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("a many-peer listener needs at least one thread, not " + threads);
        }
        return listen(host, port, options, threads);
    }

    /**
     * Netty's writability marks, above anything the in-flight budget lets a channel queue: the budget is the flow
     * control ({@link NettyChannel}), and with Netty's default marks (64 KiB) a frame written from the session thread
     * turned the channel unwritable and writable again, each turn a task and a wake-up of the event loop (an eventfd
     * write) that no one reads: as much of the evaluator's thread as its kernel in a profile of AES-1000.
     */
    private static WriteBufferWaterMark waterMark(TransportOptions options) {
        int high = (int) Math.min(Integer.MAX_VALUE, 2L * options.maxInFlightBytes() + 2L * options.maxFrameBytes());
        return new WriteBufferWaterMark(high / 2, high);
    }

    private static Listener listen(String host, int port, TransportOptions options, int peerThreads) {
        checkPeer(options);
        SslContext ssl = options.tls() == null ? null : TlsMaterial.load(options.tls()).serverContext(options.peer());
        EventLoopGroup group = newGroup();
        EventLoopGroup peerGroup = peerThreads == 0 ? null : newGroup(peerThreads);
        Listener listener = new Listener(group, peerGroup, peerThreads, options, ssl);
        ServerBootstrap b = new ServerBootstrap().group(group, peerGroup == null ? group : peerGroup).channel(EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .handler(listener.acceptErrors())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.ALLOCATOR, options.allocator())
                .childOption(ChannelOption.RCVBUF_ALLOCATOR, socketReads())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark(options))
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        ch.attr(BEGAN).set(System.nanoTime());
                        listener.connected(ch);
                    }
                });
        ChannelFuture bound = (host == null ? b.bind(port) : b.bind(host, port)).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            if (peerGroup != null) {
                peerGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            }
            throw new ChannelException("cannot listen on " + (host == null ? "port " + port : hostPort(host, port)) + ": "
                    + TlsErrors.innermostMessage(bound.cause()));
        }
        listener.server = bound.channel();
        listener.address = hostPort((InetSocketAddress) listener.server.localAddress());
        return listener;
    }

    /**
     * Socket reads of up to 128 KiB. Buffers above 32 KiB skip the pool's per-thread caches and go to the arena,
     * which now and then zeroes a fresh chunk; but each read also costs a system call, a pass down the pipeline
     * and a piece of a frame, and with reads of at most 32 KiB the evaluator, the busier party, spent more CPU in
     * total: mult64 {@code --repeat 200000} over loopback ran at 31.4-33.3 M AND gates/s against 27.7-29.1 with
     * 32 KiB reads, alternated in the same minutes.
     */
    private static RecvByteBufAllocator socketReads() {
        return new AdaptiveRecvByteBufAllocator(512, 16 << 10, 128 << 10);
    }

    /**
     * Connects to {@code host:port}, retrying refused connections until the connect timeout (after a second of
     * them, one notice says so), then waits for the listener's greeting. The TLS files, when there are any, are
     * read and checked before the first attempt. A peer that is not a yaostream party, or that fails TLS, is an
     * error at once, not retried.
     */
    public static Channel connect(String host, int port, TransportOptions options) {
        checkPeer(options);
        SslContext ssl = options.tls() == null ? null : TlsMaterial.load(options.tls()).clientContext(options.peer());
        // Without a named peer certificate, a host name is checked against the certificate as HTTPS does: that much
        // identifies the listener. With one, the certificate itself is the identity, whatever name reached it.
        String verifyHost = ssl != null && options.peer() == null && !isAddressLiteral(host) ? host : null;
        EventLoopGroup group = newGroup();
        String peer = hostPort(host, port);
        long timeoutMillis = options.connectTimeout().toMillis();
        long start = System.nanoTime();
        long deadline = start + options.connectTimeout().toNanos();
        boolean announced = false;
        boolean droppedOnce = false;
        try {
            while (true) {
                long leftMillis = Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
                // A connection made just before the deadline still gets a moment to greet.
                long greetMillis = Math.max(leftMillis, Math.min(1000, timeoutMillis));
                CompletableFuture<NettyChannel> ready = new CompletableFuture<>();
                Bootstrap b = new Bootstrap().group(group).channel(EPOLL ? EpollSocketChannel.class : NioSocketChannel.class)
                        .option(ChannelOption.ALLOCATOR, options.allocator())
                        .option(ChannelOption.RCVBUF_ALLOCATOR, socketReads())
                        .option(ChannelOption.TCP_NODELAY, true)
                        .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark(options))
                        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, leftMillis))
                        .handler(new ChannelInitializer<SocketChannel>() {
                            @Override
                            protected void initChannel(SocketChannel ch) {
                                ch.attr(BEGAN).set(System.nanoTime());
                                addGreeting(ch, ssl, verifyHost, port, greetMillis, new Greeting.Outcome() {
                                    @Override
                                    public void greeted(ChannelHandlerContext ctx) {
                                        NettyChannel channel = new NettyChannel(ch, group, options, peer);
                                        channel.identified(identity(ch, options));
                                        addFrames(ch, channel, options);
                                        ready.complete(channel);
                                    }

                                    @Override
                                    public void failed(String reason) {
                                        // A TLS listener drops, without a word, a connection whose first bytes are a
                                        // greeting: to a connecting party with TLS off, that silent end is the sign.
                                        String line = ssl == null && reason.equals(Greeting.CLOSED_BEFORE_GREETING)
                                                ? reason + " (if TLS is on at the peer: start both parties with the same --tls-* options)" : reason;
                                        // Closed before greeting, in TLS or before: a listener that made room for
                                        // newer connections does that, and the same listener may take a new one.
                                        boolean dropped = reason.startsWith(Greeting.CLOSED_BEFORE_GREETING)
                                                || reason.equals(Greeting.CLOSED_IN_TLS_HANDSHAKE)
                                                || reason.endsWith(TlsErrors.PEER_CLOSED_HANDSHAKE);
                                        ready.completeExceptionally(dropped ? new Dropped(line) : new ChannelException(line));
                                        ch.close();
                                    }
                                });
                            }
                        });
                ChannelFuture f = b.connect(host, port).awaitUninterruptibly();
                if (f.isSuccess()) {
                    try {
                        return greeted(f.channel(), ready, greetMillis, peer);
                    } catch (Dropped e) {
                        // A listener flooded by silent connections drops the oldest still to greet: connect again.
                        if (System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS) > deadline) {
                            throw e;
                        }
                        if (!droppedOnce) {
                            droppedOnce = true;
                            options.notices().accept("the listener at " + peer + " closed this connection before its greeting;"
                                    + " connecting again (for up to " + Greeting.seconds(timeoutMillis) + ")");
                        }
                        Thread.sleep(RETRY_MILLIS);
                        continue;
                    }
                }
                Throwable cause = f.cause();
                boolean refused = cause instanceof ConnectException;
                if (!refused || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS) > deadline) {
                    throw new ChannelException("cannot connect to " + peer + ": " + TlsErrors.innermostMessage(cause)
                            + (refused && announced ? " (retried for " + Greeting.seconds(timeoutMillis) + ")" : ""));
                }
                if (!announced && System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(QUIET_RETRY_MILLIS)) {
                    announced = true;
                    options.notices().accept("waiting for " + peer + " (nobody is listening yet; retrying for up to "
                            + Greeting.seconds(timeoutMillis) + ")");
                }
                Thread.sleep(RETRY_MILLIS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            throw new ChannelException("interrupted while connecting to " + peer, e);
        } catch (RuntimeException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            throw e;
        }
    }

    /** A connection the listener closed before greeting on it: one it dropped to make room, or a TLS mismatch. */
    private static final class Dropped extends ChannelException {
        Dropped(String message) {
            super(message);
        }
    }

    /** Waits for the listener's greeting on a fresh connection; the greeting's own deadline bounds the wait. */
    private static NettyChannel greeted(io.netty.channel.Channel ch, CompletableFuture<NettyChannel> ready, long greetMillis, String peer)
            throws InterruptedException {
        try {
            return ready.get(greetMillis + 1000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            ch.close().awaitUninterruptibly();
            String line = "cannot connect to " + peer + ": " + e.getCause().getMessage();
            throw e.getCause() instanceof Dropped ? new Dropped(line) : new ChannelException(line, e.getCause());
        } catch (TimeoutException e) {
            ch.close().awaitUninterruptibly();
            throw new ChannelException("cannot connect to " + peer + ": it sent no greeting within " + Greeting.seconds(greetMillis));
        }
    }

    /**
     * The first handlers of a connection: TLS when it is on, then the greeting, which waits for TLS. A connecting side
     * given {@code verifyHost} checks that the listener's certificate names that host.
     */
    private static void addGreeting(SocketChannel ch, SslContext ssl, String verifyHost, int port, long greetMillis, Greeting.Outcome outcome) {
        if (ssl != null) {
            SslHandler tls = verifyHost == null ? ssl.newHandler(ch.alloc()) : ssl.newHandler(ch.alloc(), verifyHost, port);
            if (verifyHost != null) {
                javax.net.ssl.SSLParameters p = tls.engine().getSSLParameters();
                p.setEndpointIdentificationAlgorithm("HTTPS");
                tls.engine().setSSLParameters(p);
            }
            tls.setHandshakeTimeoutMillis(0); // the greeting's deadline covers the handshake
            tls.setCloseNotifyFlushTimeoutMillis(CLOSE_NOTIFY_MILLIS);
            ch.pipeline().addLast(tls);
        }
        ch.pipeline().addLast(new Greeting(ssl != null, greetMillis, outcome));
    }

    /** A peer certificate needs TLS, which checks it. */
    private static void checkPeer(TransportOptions options) {
        if (options.peer() != null && options.tls() == null) {
            throw new ChannelException("a peer certificate (--peer-cert) is checked by TLS: give this party's --tls-cert, --tls-key"
                    + " and --tls-trust too");
        }
    }

    /** The certificate the peer presented on {@code ch}, where the options named the peer (TLS then checked it). */
    private static PeerCertificate identity(SocketChannel ch, TransportOptions options) {
        if (options.peer() == null) {
            return null;
        }
        SslHandler tls = ch.pipeline().get(SslHandler.class);
        try {
            java.security.cert.Certificate[] chain = tls.engine().getSession().getPeerCertificates();
            PeerCertificate matched = options.peer().match((java.security.cert.X509Certificate) chain[0]);
            if (matched == null) {
                throw new IllegalStateException("TLS accepted a certificate that its trust check refuses");
            }
            return matched;
        } catch (javax.net.ssl.SSLPeerUnverifiedException e) {
            throw new IllegalStateException("TLS finished without the peer's certificate", e);
        }
    }

    /** Whether {@code host} is an IPv4 or IPv6 literal, which a certificate's host names do not cover. */
    static boolean isAddressLiteral(String host) {
        return host.indexOf(':') >= 0 || host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }

    /** After the greeting: frames, then the channel's handler, at the end of the pipeline. */
    private static void addFrames(SocketChannel ch, NettyChannel channel, TransportOptions options) {
        ch.pipeline().addLast(new FrameDecoder(options.maxFrameBytes()), channel.inboundHandler());
    }

    /** {@code HOST:PORT}, with IPv6 literals in brackets and {@code 0.0.0.0} for the wildcard address. */
    static String hostPort(InetSocketAddress a) {
        boolean any = a.getAddress() != null && a.getAddress().isAnyLocalAddress();
        return hostPort(any ? "0.0.0.0" : a.getHostString(), a.getPort());
    }

    private static String hostPort(String host, int port) {
        return (host.indexOf(':') >= 0 && !host.startsWith("[") ? "[" + host + "]" : host) + ":" + port;
    }

    private static EventLoopGroup newGroup() {
        return newGroup(1);
    }

    private static EventLoopGroup newGroup(int size) {
        DefaultThreadFactory threads = new DefaultThreadFactory(THREAD_NAME, true);
        return EPOLL ? new EpollEventLoopGroup(size, threads) : new NioEventLoopGroup(size, threads);
    }
}
