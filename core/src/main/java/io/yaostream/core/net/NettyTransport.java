package io.yaostream.core.net;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.AdaptiveRecvByteBufAllocator;
import io.netty.channel.ChannelOption;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * TCP channels between the two parties: one side {@linkplain #listen listens} and accepts exactly one peer, the
 * other {@linkplain #connect connects}, retrying until the connect timeout so the two may start in any order.
 * Each connection has its own event-loop thread (named {@code yaostream-net}), stopped when the channel closes.
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

    private NettyTransport() {
    }

    /** A bound server socket waiting for its one peer. */
    public static final class Listener implements AutoCloseable {
        private final EventLoopGroup group;
        private final TransportOptions options;
        private final AtomicBoolean taken = new AtomicBoolean();
        private final CompletableFuture<NettyChannel> peer = new CompletableFuture<>();
        private io.netty.channel.Channel server;
        private boolean handedOver;

        private Listener(EventLoopGroup group, TransportOptions options) {
            this.group = group;
            this.options = options;
        }

        /** The port actually bound (useful after listening on port 0). */
        public int port() {
            return ((InetSocketAddress) server.localAddress()).getPort();
        }

        /**
         * Waits up to the connect timeout for a peer (and its TLS handshake); the server socket closes with the
         * first connection, so a second peer is refused. The channel owns the event loop from here on.
         */
        public Channel accept() {
            try {
                NettyChannel channel = peer.get(options.connectTimeout().toMillis(), TimeUnit.MILLISECONDS);
                handedOver = true;
                return channel;
            } catch (TimeoutException e) {
                close();
                throw new ChannelException("no peer connected to port " + port() + " within " + options.connectTimeout().toSeconds() + " s");
            } catch (ExecutionException e) {
                close();
                throw (ChannelException) e.getCause();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                close();
                throw new ChannelException("interrupted while waiting for a peer on port " + port(), e);
            }
        }

        /** Stops listening; releases the event loop unless an accepted channel owns it. */
        @Override
        public void close() {
            server.close().awaitUninterruptibly();
            if (!handedOver) {
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            }
        }

        /**
         * The server socket's own errors. The epoll transport's accept loop meets the socket that
         * {@link #connected} has just closed ("Bad file descriptor"): nothing to report then. An error while the
         * listener still waits fails the wait with one clear line, instead of a warning from Netty's pipeline.
         */
        private ChannelInboundHandlerAdapter acceptErrors() {
            return new ChannelInboundHandlerAdapter() {
                @Override
                public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                    if (!taken.get() && ctx.channel().isOpen()) {
                        peer.completeExceptionally(new ChannelException("cannot accept a peer on port " + port() + ": "
                                + cause.getMessage(), cause));
                    }
                }
            };
        }

        /** On the event loop: the first connection becomes the channel, later ones are dropped. */
        private void connected(SocketChannel ch) {
            if (!taken.compareAndSet(false, true)) {
                ch.close();
                return;
            }
            ch.parent().close(); // the server socket: no second peer
            InetSocketAddress remote = ch.remoteAddress();
            NettyChannel channel;
            try {
                channel = newChannel(ch, group, options, remote.getHostString() + ":" + remote.getPort(),
                        options.tls() == null ? null : options.tls().serverContext());
            } catch (ChannelException e) {
                ch.close();
                peer.completeExceptionally(e);
                return;
            }
            SslHandler tls = ch.pipeline().get(SslHandler.class);
            if (tls == null) {
                peer.complete(channel);
                return;
            }
            tls.handshakeFuture().addListener(f -> {
                if (f.isSuccess()) {
                    peer.complete(channel);
                } else {
                    String reason = "TLS handshake with peer " + channel.peer() + " failed: " + f.cause().getMessage();
                    channel.fail(reason);
                    ch.close();
                    peer.completeExceptionally(new ChannelException(reason));
                }
            });
        }
    }

    /** Listens on {@code port} (0: any free port) of all interfaces. */
    public static Listener listen(int port, TransportOptions options) {
        return listen(null, port, options);
    }

    /** Listens on {@code port} (0: any free port) of {@code host}'s interface, or of all interfaces when it is null. */
    public static Listener listen(String host, int port, TransportOptions options) {
        EventLoopGroup group = newGroup();
        Listener listener = new Listener(group, options);
        ServerBootstrap b = new ServerBootstrap().group(group).channel(EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                .handler(listener.acceptErrors())
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.ALLOCATOR, options.allocator())
                .childOption(ChannelOption.RCVBUF_ALLOCATOR, socketReads())
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        listener.connected(ch);
                    }
                });
        ChannelFuture bound = (host == null ? b.bind(port) : b.bind(host, port)).awaitUninterruptibly();
        if (!bound.isSuccess()) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            throw new ChannelException("cannot listen on port " + port + ": " + bound.cause().getMessage());
        }
        listener.server = bound.channel();
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

    /** Connects to {@code host:port}, retrying refused connections until the connect timeout. */
    public static Channel connect(String host, int port, TransportOptions options) {
        EventLoopGroup group = newGroup();
        SslContext ssl;
        try {
            ssl = options.tls() == null ? null : options.tls().clientContext();
        } catch (ChannelException e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
            throw e;
        }
        String peer = host + ":" + port;
        NettyChannel[] made = new NettyChannel[1];
        Bootstrap b = new Bootstrap().group(group).channel(EPOLL ? EpollSocketChannel.class : NioSocketChannel.class)
                .option(ChannelOption.ALLOCATOR, options.allocator())
                .option(ChannelOption.RCVBUF_ALLOCATOR, socketReads())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, options.connectTimeout().toMillis()))
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        made[0] = newChannel(ch, group, options, peer, ssl);
                    }
                });
        long deadline = System.nanoTime() + options.connectTimeout().toNanos();
        while (true) {
            ChannelFuture f = b.connect(host, port).awaitUninterruptibly();
            if (f.isSuccess()) {
                NettyChannel channel = made[0];
                if (!awaitTls(f.channel(), channel)) {
                    String reason = channel.failureReason();
                    channel.close();
                    throw new ChannelException(reason);
                }
                return channel;
            }
            Throwable cause = f.cause();
            if (!(cause instanceof ConnectException) || System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_MILLIS) > deadline) {
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
                throw new ChannelException("cannot connect to " + peer + ": " + cause.getMessage());
            }
            try {
                Thread.sleep(RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                group.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
                throw new ChannelException("interrupted while connecting to " + peer, e);
            }
        }
    }

    private static NettyChannel newChannel(SocketChannel ch, EventLoopGroup group, TransportOptions options, String peer, SslContext ssl) {
        NettyChannel channel = new NettyChannel(ch, group, options, peer);
        if (ssl != null) {
            ch.pipeline().addLast(ssl.newHandler(ch.alloc()));
        }
        ch.pipeline().addLast(new FrameDecoder(options.maxFrameBytes()), channel.inboundHandler());
        return channel;
    }

    /** Waits for the TLS handshake when there is one; false (with the channel's failure set) when it fails. */
    private static boolean awaitTls(io.netty.channel.Channel ch, NettyChannel channel) {
        SslHandler tls = ch.pipeline().get(SslHandler.class);
        if (tls == null) {
            return true;
        }
        var handshake = tls.handshakeFuture().awaitUninterruptibly();
        if (!handshake.isSuccess()) {
            channel.fail("TLS handshake with peer " + channel.peer() + " failed: " + handshake.cause().getMessage());
            return false;
        }
        return true;
    }

    private static EventLoopGroup newGroup() {
        DefaultThreadFactory threads = new DefaultThreadFactory(THREAD_NAME, true);
        return EPOLL ? new EpollEventLoopGroup(1, threads) : new NioEventLoopGroup(1, threads);
    }
}
