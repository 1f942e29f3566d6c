package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Handshake;

/**
 * One shard's connection where each shard runs somewhere of its own (a task of each party's Spark application, say)
 * instead of all of a party's shards sharing one port: the connecting side opens it with the run's {@link ShardHello},
 * and the listening side takes only the connection that names its run and its shard. The hello and its answer are
 * those of {@link ShardLinks}, so the two agree on every byte.
 */
public final class ShardPair {
    private static final long POLL_MILLIS = 100;

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
     * many peers ({@link NettyTransport#listenForMany}). A connection of another run or another shard is refused with
     * a goodbye that says why and a notice here, and the wait goes on; one that says another number of shards fails
     * the wait at once, as the peer has another computation.
     *
     * @return the connection, answered; the caller owns it and closes it before the listener
     * @throws ProtocolException if the peer runs another number of shards
     * @throws ChannelException if no such connection comes in time, or the wait is interrupted
     */
    public static Channel accept(NettyTransport.Listener listener, TransportOptions options, long run, int shard, int shards) {
        long millis = options.connectTimeout().toMillis();
        long deadline = System.nanoTime() + millis * 1_000_000L;
        String what = ShardHello.name(shard, shards);
        while (System.nanoTime() < deadline) {
            if (Thread.currentThread().isInterrupted()) {
                throw new ChannelException("interrupted while waiting for " + what + "'s peer on " + listener.address());
            }
            Channel c = listener.acceptNext(POLL_MILLIS);
            if (c == null) {
                continue;
            }
            ShardHello hello;
            try {
                hello = ShardHello.read(c);
            } catch (RuntimeException e) {
                options.notices().accept("dropped a connection to " + what + ": " + e.getMessage());
                c.abort("refused: " + e.getMessage());
                continue;
            }
            if (hello.shards() != shards) {
                String why = "the peer runs " + hello.shards() + " shards, this party " + shards
                        + ": give both parties the same number of shards";
                c.abort("refused: " + why);
                throw new ProtocolException(why);
            }
            if (hello.run() != run || hello.shard() != shard) {
                String why = hello.run() != run ? "it belongs to another run" : "it is " + hello.what() + "'s, this is " + what;
                options.notices().accept("refused a connection to " + what + ": " + why);
                c.abort("refused: " + why);
                continue;
            }
            c.write(new byte[] {ShardHello.ACCEPTED}, 0, 1);
            c.flush();
            return c;
        }
        throw new ChannelException("no peer connected " + what + " to " + listener.address() + " within "
                + (millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms"));
    }
}
