package io.yaostream.core.net;

import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Flights counted over real TCP (see {@link Channel#flights}), in the frames' length words: each message of a ping-pong
 * is one flight more than the one it answers, the count saturates at 63, and a mark starts a count that messages of the
 * peer's previous epoch do not raise.
 */
@Timeout(60)
class NettyChannelFlightsTest {
    /** No thread caches, so every buffer's release shows in the arena's counts. */
    private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true, 0, 1, 8192, 9, 0, 0, false);
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(10))
            .withFrames(64 << 10, 256 << 10).withAllocator(allocator);

    @AfterEach
    void nothingLeaks() throws InterruptedException {
        NettyTransportTest.assertNoNetThreads();
        long active = allocator.metric().directArenas().stream().mapToLong(PoolArenaMetric::numActiveAllocations).sum();
        assertEquals(0, active, "direct buffers still allocated");
    }

    private static Channel[] pair(TransportOptions serverOptions, TransportOptions clientOptions) throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen(0, serverOptions)) {
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), clientOptions));
            Channel server = l.accept();
            return new Channel[] {server, client.get(20, TimeUnit.SECONDS)};
        }
    }

    /** {@code from} sends {@code bytes} bytes (several frames where they exceed one) and flushes; {@code to} reads them. */
    private static void send(Channel from, Channel to, int bytes) {
        from.write(new byte[bytes], 0, bytes);
        from.flush();
        to.readFully(new byte[bytes], 0, bytes);
    }

    /** A ping-pong from {@code a} to {@code b} and back: each reply is one flight more than what it answers. */
    private static void pingPongs(Channel a, Channel b) {
        assertEquals(0, a.flights(), "nothing read yet");
        assertEquals(0, b.flights(), "nothing read yet");
        send(a, b, 1);
        assertEquals(1, b.flights());
        send(b, a, 1);
        assertEquals(2, a.flights());
        assertEquals(1, b.flights(), "its own send counts only once the peer answers");
    }

    private void runPingPong(TransportOptions server, TransportOptions client) throws Exception {
        Channel[] ends = pair(server, client);
        try {
            pingPongs(ends[0], ends[1]);
        } finally {
            ends[0].close();
            ends[1].close();
        }
    }

    @Test
    void aPingPongIsTwoFlights() throws Exception {
        runPingPong(options, options);
    }

    @Test
    void aPingPongIsTwoFlightsWithTls(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "test-ca");
        runPingPong(options.withTls(pki.party("garbler")), options.withTls(pki.party("evaluator")));
    }

    @Test
    void aPingPongIsTwoFlightsOverASimulatedNetwork() throws Exception {
        TransportOptions slow = options.withNetwork(SimulatedNetwork.of(100_000_000, Duration.ofMillis(1)));
        runPingPong(slow, slow);
    }

    /** A message of several frames (a full buffer sends one) is one flight: every frame carries the same stamp. */
    @Test
    void aMessageOfManyFramesIsOneFlight() throws Exception {
        Channel[] ends = pair(options, options);
        try {
            send(ends[0], ends[1], 300_000); // five frames
            assertEquals(1, ends[1].flights());
            send(ends[1], ends[0], 300_000);
            assertEquals(2, ends[0].flights());
        } finally {
            ends[0].close();
            ends[1].close();
        }
    }

    @Test
    void aMarkStartsANewCountThatTheOldEpochDoesNotRaise() throws Exception {
        Channel[] ends = pair(options, options);
        Channel a = ends[0];
        Channel b = ends[1];
        try {
            pingPongs(a, b);
            send(a, b, 1);
            assertEquals(3, b.flights());
            a.write(new byte[1], 0, 1);
            a.flush(); // stamped 4 in A's first epoch
            b.markFlights();
            assertEquals(0, b.flights());
            b.readFully(new byte[1], 0, 1);
            assertEquals(0, b.flights(), "a message the peer sent before its own mark counts for nothing");
            a.markFlights();
            assertEquals(0, a.flights());
            pingPongs(a, b); // both in their second epoch
            a.markFlights();
            b.markFlights();
            pingPongs(a, b); // the third: the parity is back to the first's, and the count still restarts
        } finally {
            a.close();
            b.close();
        }
    }

    @Test
    void theCountSaturatesAt63() throws Exception {
        Channel[] ends = pair(options, options);
        Channel a = ends[0];
        Channel b = ends[1];
        try {
            for (int k = 1; k <= 70; k++) {
                send(a, b, 8);
                assertEquals(Math.min(63, 2 * k - 1), b.flights(), "ping " + k);
                send(b, a, 8);
                assertEquals(Math.min(63, 2 * k), a.flights(), "pong " + k);
            }
            a.markFlights();
            b.markFlights();
            pingPongs(a, b);
        } finally {
            a.close();
            b.close();
        }
    }
}
