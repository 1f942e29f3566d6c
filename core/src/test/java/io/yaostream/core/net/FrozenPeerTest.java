package io.yaostream.core.net;

import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer that froze (connected and greeted, then reads or writes nothing) ends the waiting party after the timeout
 * plus at most a second, reading or writing, listening or connecting, and closing the channel then does not wait
 * for the peer again (it did: a writer used to give up after twice the timeout).
 */
@Timeout(60)
class FrozenPeerTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(1);
    private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true, 0, 1, 8192, 9, 0, 0, false);
    private final TransportOptions options = TransportOptions.defaults().withTimeout(TIMEOUT)
            .withFrames(64 << 10, 256 << 10).withAllocator(allocator).withNotices(n -> { });

    @AfterEach
    void nothingLeaks() throws InterruptedException {
        NettyTransportTest.assertNoNetThreads();
        long active = allocator.metric().directArenas().stream().mapToLong(PoolArenaMetric::numActiveAllocations).sum();
        assertEquals(0, active, "direct buffers still allocated");
    }

    /** A fake peer over a raw socket: it greets, takes the greeting, then does nothing more. */
    private static Socket frozenPeer(int port) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        s.getOutputStream().write(NettyTransport.greeting());
        s.getOutputStream().flush();
        s.getInputStream().readNBytes(NettyTransport.greeting().length);
        return s;
    }

    /**
     * Writes until a write fails; asserts that it failed between the timeout and a second more after the last write
     * that returned (the writer was blocked in between), and that closing took less than a second.
     */
    private static ChannelException writeUntilItFails(Channel ch) {
        byte[] chunk = new byte[1 << 16];
        long lastReturned = System.nanoTime();
        ChannelException failure = null;
        for (int i = 0; i < 100_000 && failure == null; i++) {
            try {
                ch.write(chunk, 0, chunk.length);
                lastReturned = System.nanoTime();
            } catch (ChannelException e) {
                failure = e;
            }
        }
        assertTrue(failure != null, "the writer never blocked");
        assertWaited(lastReturned);
        assertClosesAtOnce(ch);
        return failure;
    }

    private static void assertWaited(long since) {
        double waited = (System.nanoTime() - since) / 1e9;
        assertTrue(waited >= TIMEOUT.toMillis() / 1000.0 - 0.05 && waited <= TIMEOUT.toMillis() / 1000.0 + 1,
                "gave up after " + waited + " s with a timeout of " + TIMEOUT);
    }

    private static void assertClosesAtOnce(Channel ch) {
        long start = System.nanoTime();
        ch.close();
        double closing = (System.nanoTime() - start) / 1e9;
        assertTrue(closing < 1, "closing took " + closing + " s");
    }

    @Test
    void aListenerWhosePeerStopsReadingFailsOnTime() throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options); Socket peer = frozenPeer(l.port())) {
            ChannelException e = writeUntilItFails(l.accept());
            assertTrue(e.getMessage().matches("peer 127\\.0\\.0\\.1:\\d+ took no data for 1 s: this party waited that long to send"
                    + " and the peer read nothing \\(\\d+ bytes sent, \\d+ of them not taken\\)"), e.getMessage());
        }
    }

    @Test
    void aListenerWhosePeerStopsWritingFailsOnTime() throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options); Socket peer = frozenPeer(l.port())) {
            Channel ch = l.accept();
            ch.write(new byte[10], 0, 10); // unflushed: the read sends it first, and closing must not wait on it
            long start = System.nanoTime();
            ChannelException e = assertThrows(ChannelException.class, () -> ch.readFully(new byte[1], 0, 1));
            assertWaited(start);
            assertTrue(e.getMessage().matches("no data from peer 127\\.0\\.0\\.1:\\d+ for 1 s: this party waited that long to read"
                    + " and the peer sent nothing \\(0 bytes received, 10 sent\\)"), e.getMessage());
            ChannelException again = assertThrows(ChannelException.class, () -> ch.readFully(new byte[1], 0, 1));
            assertTrue(again.getMessage().startsWith("no data from peer"), again.getMessage());
            assertClosesAtOnce(ch);
        }
    }

    /** A fake listener's next connection, greeted and then left frozen (neither read nor written). */
    private static CompletableFuture<Socket> acceptGreetAndFreeze(ServerSocket fake) {
        return CompletableFuture.supplyAsync(() -> {
            try {
                Socket s = fake.accept();
                s.getOutputStream().write(NettyTransport.greeting());
                s.getOutputStream().flush();
                return s;
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    /** The connecting side, against a fake listener that greets and then freezes. */
    @Test
    void aConnectorWhosePeerFreezesFailsOnTimeReadingAndWriting() throws Exception {
        try (ServerSocket fake = new ServerSocket(0)) {
            CompletableFuture<Socket> peer = acceptGreetAndFreeze(fake);
            Channel reader = NettyTransport.connect("127.0.0.1", fake.getLocalPort(), options);
            long start = System.nanoTime();
            assertThrows(ChannelException.class, () -> reader.readFully(new byte[1], 0, 1));
            assertWaited(start);
            assertClosesAtOnce(reader);
            peer.get(5, TimeUnit.SECONDS).close();

            peer = acceptGreetAndFreeze(fake);
            Channel writer = NettyTransport.connect("127.0.0.1", fake.getLocalPort(), options);
            ChannelException e = writeUntilItFails(writer);
            assertTrue(e.getMessage().contains("took no data for 1 s"), e.getMessage());
            peer.get(5, TimeUnit.SECONDS).close();
        }
    }

    /**
     * Over TLS, with a real peer whose program stops reading (its channel then stops taking bytes from the socket):
     * the writer fails on time, and closing does not wait the 3 s Netty gives a close_notify by default.
     */
    @Test
    void aTlsWriterWhosePeerStopsReadingFailsOnTimeAndClosesAtOnce(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "parties-ca");
        TransportOptions server = options.withTls(pki.party("garbler"));
        TransportOptions client = options.withTls(pki.party("evaluator"));
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, server)) {
            CompletableFuture<Channel> peer = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), client));
            Channel ch = l.accept();
            Channel idle = peer.get(10, TimeUnit.SECONDS);
            ChannelException e = writeUntilItFails(ch);
            assertTrue(e.getMessage().contains("took no data for 1 s"), e.getMessage());
            idle.close();
        }
    }
}
