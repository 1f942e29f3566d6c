package io.yaostream.core.net;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A simulated network takes the time its rate and latency say, over a memory pair and over TCP: a bulk transfer
 * is limited by the rate (messages pipeline: it does not wait a latency per message), a round trip of small
 * messages takes twice the latency, the two directions do not slow each other, and the timeouts count only the
 * waits that are not the line's. The bands are wide (0.8 to 1.6 times the figure) because this runs on a small
 * shared machine; a line that waited a latency per message, or not at all, falls far outside them.
 */
@Timeout(60)
class SimulatedNetworkTimingTest {
    private static final SimulatedNetwork FAST_ETHERNET = SimulatedNetwork.parse("100mbit,30ms");
    private static final SimulatedNetwork LONG_GIGABIT = SimulatedNetwork.parse("1gbit,20ms");
    private static final int BULK_BYTES = 2_000_000;
    /** 2 MB at 100 Mbit/s, plus the latency. */
    private static final double BULK_SECONDS = BULK_BYTES * 8 / 100e6 + 0.030;
    private static final int ROUND_TRIPS = 10;

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        NettyTransportTest.assertNoNetThreads();
    }

    @Test
    void bulkOverAMemoryPairTakesItsLineTime() throws Exception {
        MemoryChannel[] ends = MemoryChannel.pair(10_000, FAST_ETHERNET);
        assertBulkTakesLineTime(ends[0], ends[1]);
    }

    @Test
    void roundTripsOverAMemoryPairTakeTwiceTheLatency() throws Exception {
        MemoryChannel[] ends = MemoryChannel.pair(10_000, LONG_GIGABIT);
        assertRoundTripsTakeTwiceTheLatency(ends[0], ends[1]);
    }

    /** Each direction is a line of its own: 1 MB each way at once takes as long as 1 MB one way. */
    @Test
    void theTwoDirectionsOfAMemoryPairDoNotShareTheirRate() throws Exception {
        MemoryChannel[] ends = MemoryChannel.pair(10_000, FAST_ETHERNET);
        byte[] data = new byte[BULK_BYTES / 2];
        long start = System.nanoTime();
        CompletableFuture<Void> other = CompletableFuture.runAsync(() -> exchange(ends[1], data));
        exchange(ends[0], data);
        other.get(20, TimeUnit.SECONDS);
        assertTakes(data.length * 8 / 100e6 + 0.030, start, "1 MB each way at 100 Mbit/s, 30 ms");
    }

    /** The time a message spends on the line is not the peer's delay: a latency longer than the timeout is no timeout. */
    @Test
    void aMemoryPairsTimeoutCountsOnlyWaitsThatAreNotTheLines() throws Exception {
        MemoryChannel[] slow = MemoryChannel.pair(150, SimulatedNetwork.parse("1gbit,400ms"));
        long start = System.nanoTime();
        send(slow[0], 1);
        byte[] one = new byte[1];
        slow[1].readFully(one, 0, 1);
        assertTakes(0.4, start, "one byte with a latency of 400 ms and a timeout of 150 ms");
        start = System.nanoTime();
        assertThrows(ChannelException.class, () -> slow[1].readFully(one, 0, 1), "a peer that sends nothing");
        assertTakes(0.15, start, "a read from a frozen peer");
    }

    /**
     * A writer that waits for room while the line carries the oldest message (64 KiB at 8 Mbit/s: 66 ms) is not
     * waiting for its reader, so a timeout of 40 ms does not end it.
     */
    @Test
    void aMemoryPairsWriterWaitsForTheLineWithoutTimingOut() throws Exception {
        MemoryChannel[] ends = MemoryChannel.pair(40, SimulatedNetwork.parse("8mbit"));
        byte[] data = new byte[MemoryChannel.CAPACITY + 3 * MemoryChannel.MESSAGE_BYTES];
        new Random(4).nextBytes(data);
        long start = System.nanoTime();
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
            byte[] got = new byte[data.length];
            ends[1].readFully(got, 0, got.length);
            return got;
        });
        ends[0].write(data, 0, data.length);
        ends[0].flush();
        assertArrayEquals(data, received.get(20, TimeUnit.SECONDS));
        assertTakes(data.length * 8 / 8e6, start, "1.2 MB at 8 Mbit/s");
    }

    @Test
    void bulkOverTcpTakesItsLineTime() throws Exception {
        Channel[] ends = tcpPair(FAST_ETHERNET, Duration.ofSeconds(10));
        try {
            assertBulkTakesLineTime(ends[0], ends[1]);
        } finally {
            ends[0].close();
            ends[1].close();
        }
    }

    @Test
    void roundTripsOverTcpTakeTwiceTheLatency() throws Exception {
        Channel[] ends = tcpPair(LONG_GIGABIT, Duration.ofSeconds(10));
        try {
            assertRoundTripsTakeTwiceTheLatency(ends[0], ends[1]);
        } finally {
            ends[0].close();
            ends[1].close();
        }
    }

    @Test
    void aTcpChannelsTimeoutCountsOnlyWaitsThatAreNotTheLines() throws Exception {
        Channel[] ends = tcpPair(SimulatedNetwork.parse("1gbit,1500ms"), Duration.ofSeconds(1));
        try {
            long start = System.nanoTime();
            send(ends[0], 1);
            byte[] one = new byte[1];
            ends[1].readFully(one, 0, 1);
            assertTakes(1.5, start, "one byte with a latency of 1.5 s and a timeout of 1 s");
            start = System.nanoTime();
            assertThrows(ChannelException.class, () -> ends[1].readFully(one, 0, 1), "a peer that sends nothing");
            assertTakes(1.0, start, "a read from a frozen peer");
        } finally {
            ends[0].close();
            ends[1].close();
        }
    }

    /** Both ends simulate what they receive, so both directions of the connection are simulated. */
    private static Channel[] tcpPair(SimulatedNetwork network, Duration timeout) throws Exception {
        TransportOptions options = TransportOptions.defaults().withTimeout(timeout).withNetwork(network).withNotices(n -> { });
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options)) {
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), options));
            Channel server = l.accept();
            return new Channel[] {server, client.get(20, TimeUnit.SECONDS)};
        }
    }

    /** 2 MB from {@code a} to {@code b} in 32 KiB writes: the rate's time plus one latency, and the bytes intact. */
    private static void assertBulkTakesLineTime(Channel a, Channel b) throws Exception {
        byte[] data = new byte[BULK_BYTES];
        new Random(1).nextBytes(data);
        long start = System.nanoTime();
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            for (int at = 0; at < data.length; at += 32 << 10) {
                a.write(data, at, Math.min(32 << 10, data.length - at));
            }
            a.flush();
        });
        byte[] got = new byte[data.length];
        b.readFully(got, 0, got.length);
        assertTakes(BULK_SECONDS, start, "2 MB at 100 Mbit/s, 30 ms");
        writer.get(20, TimeUnit.SECONDS);
        assertArrayEquals(data, got);
    }

    /** Ten round trips of one byte each way: 2·10·20 ms. */
    private static void assertRoundTripsTakeTwiceTheLatency(Channel a, Channel b) throws Exception {
        CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
            byte[] one = new byte[1];
            for (int i = 0; i < ROUND_TRIPS; i++) {
                b.readFully(one, 0, 1);
                send(b, one[0] + 1);
            }
        });
        byte[] one = new byte[1];
        long start = System.nanoTime();
        for (int i = 0; i < ROUND_TRIPS; i++) {
            send(a, 2 * i);
            a.readFully(one, 0, 1);
            assertEquals((byte) (2 * i + 1), one[0]);
        }
        assertTakes(2 * ROUND_TRIPS * 0.020, start, ROUND_TRIPS + " round trips with a latency of 20 ms");
        echo.get(20, TimeUnit.SECONDS);
    }

    private static void exchange(Channel ch, byte[] data) {
        ch.write(data, 0, data.length);
        ch.flush();
        byte[] got = new byte[data.length];
        ch.readFully(got, 0, got.length);
    }

    private static void send(Channel ch, int value) {
        ch.write(new byte[] {(byte) value}, 0, 1);
        ch.flush();
    }

    private static void assertTakes(double expectedSeconds, long startNanos, String what) {
        double took = (System.nanoTime() - startNanos) / 1e9;
        assertTrue(took >= 0.8 * expectedSeconds && took <= 1.6 * expectedSeconds,
                String.format("%s took %.3f s, expected %.3f s (0.8 to 1.6 times)", what, took, expectedSeconds));
    }
}
