package io.yaostream.core.net;

import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(60)
class NettyTransportTest {
    /** No thread caches, so every buffer's release shows in the arena's counts. */
    private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true, 0, 1, 8192, 9, 0, 0, false);
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(10))
            .withFrames(64 << 10, 256 << 10).withAllocator(allocator);

    @AfterEach
    void nothingLeaks() throws InterruptedException {
        assertNoNetThreads();
        long active = allocator.metric().directArenas().stream().mapToLong(PoolArenaMetric::numActiveAllocations).sum();
        assertEquals(0, active, "direct buffers still allocated");
    }

    static void assertNoNetThreads() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (netThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, netThreads(), () -> "event-loop threads still running: " + Thread.getAllStackTraces().entrySet().stream()
                .filter(t -> t.getKey().getName().startsWith(NettyTransport.THREAD_NAME))
                .map(t -> t.getKey().getName() + java.util.Arrays.toString(t.getValue())).toList());
    }

    private static long netThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && t.getName().startsWith(NettyTransport.THREAD_NAME)).count();
    }

    private Channel[] pair(TransportOptions serverOptions, TransportOptions clientOptions) throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen(0, serverOptions)) {
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), clientOptions));
            Channel server = l.accept();
            return new Channel[] {server, client.get(20, TimeUnit.SECONDS)};
        }
    }

    @Test
    void carriesDataBothWaysAcrossManyFrames() throws Exception {
        Channel[] ends = pair(options, options);
        long[] data = new Random(1).longs(400_000).toArray(); // 3.2 MB: fifty frames
        CompletableFuture<long[]> received = CompletableFuture.supplyAsync(() -> {
            long[] got = new long[data.length];
            ends[1].readLongs(got, 0, got.length);
            ends[1].write(new byte[] {42}, 0, 1);
            ends[1].flush();
            return got;
        });
        for (int off = 0; off < data.length; off += 1000) {
            ends[0].writeLongs(data, off, 1000);
        }
        byte[] reply = new byte[1];
        ends[0].readFully(reply, 0, 1); // the read flushes what is buffered first
        assertArrayEquals(data, received.get(20, TimeUnit.SECONDS));
        assertEquals(42, reply[0]);
        assertEquals(8L * data.length, ends[0].bytesWritten());
        assertEquals(8L * data.length, ends[1].bytesRead());
        ends[0].close();
        ends[1].close();
    }

    /**
     * Single bytes between runs of longs put the longs at every byte offset, so on the reading side some straddle
     * two socket reads. Flushes of odd sizes make short frames in between.
     */
    /** The same under TLS: a connection closed in the middle of its TLS handshake connects again and gets through. */
    @Test
    void aConnectionClosedInItsTlsHandshakeConnectsAgain(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "ca");
        TlsFiles server = pki.party("garbler");
        TlsFiles client = pki.party("evaluator");
        TransportOptions pinned = options.withTls(client).withPeer(PeerIdentity.of("the garbler", PeerCertificate.of(server.certificate())));
        List<String> notices = new CopyOnWriteArrayList<>();
        int port;
        try (java.net.ServerSocket first = new java.net.ServerSocket(0)) {
            port = first.getLocalPort();
            CompletableFuture<Void> dropper = CompletableFuture.runAsync(() -> {
                try (Socket s = first.accept()) {
                    s.getInputStream().read(new byte[5]); // the start of the ClientHello: then hang up, as a listener making room does
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            CompletableFuture<Channel> connecting = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", port,
                    pinned.withNotices(notices::add)));
            dropper.get(10, TimeUnit.SECONDS);
            first.close();
            try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", port, options.withTls(server))) {
                Channel s = l.accept();
                Channel c = connecting.get(20, TimeUnit.SECONDS);
                assertEquals(PeerCertificate.of(server.certificate()), c.peerIdentity());
                c.close();
                s.close();
            }
        }
        assertEquals(1, notices.stream().filter(n -> n.contains("closed this connection before its greeting; connecting again")).count(),
                notices.toString());
    }

    /**
     * Greeted connections that nobody takes from a many-peer listener wait with their reading stopped, and at most
     * {@link NettyTransport#MAX_CANDIDATES} of them: beyond, the oldest is dropped.
     */
    @Test
    void greetedConnectionsNobodyTakesAreCapped() throws Exception {
        List<String> notices = new CopyOnWriteArrayList<>();
        List<Socket> strangers = new java.util.ArrayList<>();
        try (NettyTransport.Listener l = NettyTransport.listenForMany("127.0.0.1", 0, options.withNotices(notices::add), 1)) {
            for (int i = 0; i < NettyTransport.MAX_CANDIDATES + 10; i++) {
                Socket s = new Socket("127.0.0.1", l.port());
                s.getOutputStream().write(NettyTransport.greeting());
                s.getOutputStream().flush();
                strangers.add(s);
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (notices.stream().filter(n -> n.contains("greeted ones were waiting to be taken")).count() < 10
                    && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            int waiting = 0;
            for (Channel c; (c = l.acceptNext(200)) != null; ) {
                waiting++;
                c.close();
            }
            assertEquals(NettyTransport.MAX_CANDIDATES, waiting, notices.toString());
        } finally {
            for (Socket s : strangers) {
                s.close();
            }
        }
    }

    /**
     * A connecting party whose connection the listener closes before greeting (as a listener flooded by silent
     * connections drops its oldest) connects again within its timeout, says so once, and gets through.
     */
    @Test
    void aConnectionClosedBeforeItsGreetingConnectsAgain() throws Exception {
        List<String> notices = new CopyOnWriteArrayList<>();
        int port;
        CompletableFuture<Void> dropper;
        try (java.net.ServerSocket first = new java.net.ServerSocket(0)) {
            port = first.getLocalPort();
            dropper = CompletableFuture.runAsync(() -> {
                try (Socket s = first.accept()) {
                    s.getInputStream().readNBytes(NettyTransport.greeting().length); // the client is up: now hang up, without a greeting
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() ->
                    NettyTransport.connect("127.0.0.1", port, options.withNotices(notices::add)));
            dropper.get(10, TimeUnit.SECONDS);
            first.close();
            try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", port, options)) {
                Channel server = l.accept();
                Channel c = client.get(20, TimeUnit.SECONDS);
                c.write(new byte[] {9}, 0, 1);
                c.flush();
                byte[] got = new byte[1];
                server.readFully(got, 0, 1);
                assertEquals(9, got[0]);
                c.close();
                server.close();
            }
        }
        assertEquals(1, notices.stream().filter(n -> n.startsWith("the listener at 127.0.0.1:" + port + " closed this connection before its"
                + " greeting; connecting again")).count(), notices.toString());
    }

    @Test
    void longsAtEveryByteOffsetCrossFramesIntact() throws Exception {
        Channel[] ends = pair(options, options);
        Random rnd = new Random(2);
        long[] data = rnd.longs(300_000).toArray();
        int[] runs = rnd.ints(2_000, 1, 300).toArray();
        CompletableFuture<long[]> received = CompletableFuture.supplyAsync(() -> {
            long[] got = new long[data.length];
            byte[] one = new byte[1];
            int at = 0;
            for (int i = 0; at < data.length; i++) {
                int n = Math.min(runs[i % runs.length], data.length - at);
                ends[1].readLongs(got, at, n);
                at += n;
                ends[1].readFully(one, 0, 1);
                assertEquals((byte) i, one[0], "byte after run " + i);
            }
            return got;
        });
        int at = 0;
        for (int i = 0; at < data.length; i++) {
            int n = Math.min(runs[i % runs.length], data.length - at);
            ends[0].writeLongs(data, at, n);
            at += n;
            ends[0].write(new byte[] {(byte) i}, 0, 1);
            if (i % 97 == 0) {
                ends[0].flush();
            }
        }
        ends[0].flush();
        assertArrayEquals(data, received.get(20, TimeUnit.SECONDS));
        assertEquals(ends[0].bytesWritten(), ends[1].bytesRead());
        ends[0].close();
        ends[1].close();
    }

    /**
     * Tables read in place a piece at a time: each view holds whole units of the next bytes, at most as many as asked,
     * positioned at the first with its limit at the end of them, and together with the units read by copying where
     * fewer than a unit lie in one piece, they are the stream as sent. Most of it is read in place.
     */
    @Test
    void readSpaceUpToGivesWholeUnitsWhereTheyLieInOnePiece() throws Exception {
        Channel[] ends = pair(options, options);
        Random rnd = new Random(4);
        int unit = 32;
        long[] data = rnd.longs(1_000_000).toArray(); // 8 MB, 250,000 units
        CompletableFuture<long[]> received = CompletableFuture.supplyAsync(() -> {
            long[] got = new long[data.length];
            int at = 0;
            long inPlace = 0;
            while (at < data.length) {
                int max = unit * Math.min((data.length - at) / 4, 1 + rnd.nextInt(4096));
                ByteBuffer view = ends[1].readSpaceUpTo(max, unit);
                if (view == null) {
                    ends[1].readLongs(got, at, 4);
                    at += 4;
                    continue;
                }
                int bytes = view.limit() - view.position();
                assertTrue(bytes > 0 && bytes <= max && bytes % unit == 0, bytes + " bytes for at most " + max);
                assertTrue(view.isDirect());
                view.asLongBuffer().get(got, at, bytes / 8);
                at += bytes / 8;
                inPlace += bytes;
            }
            assertTrue(inPlace > 8L * data.length * 9 / 10, inPlace + " of " + 8L * data.length + " bytes in place");
            return got;
        });
        for (int at = 0; at < data.length; ) {
            int n = Math.min(data.length - at, 1 + rnd.nextInt(20_000));
            ends[0].writeLongs(data, at, n);
            at += n;
        }
        ends[0].flush();
        assertArrayEquals(data, received.get(30, TimeUnit.SECONDS));
        ends[0].close();
        ends[1].close();
    }

    /**
     * Bytes put into the frame buffer through writeSpace, between ordinary writes, arrive in order; a request for
     * more space than the frame has left sends the frame first, and one larger than a frame gets none.
     */
    @Test
    void writeSpaceFillsTheFrameInOrderWithOtherWrites() throws Exception {
        Channel[] ends = pair(options, options);
        Random rnd = new Random(3);
        byte[] expected = new byte[3_000_000];
        rnd.nextBytes(expected);
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
            byte[] got = new byte[expected.length];
            ends[1].readFully(got, 0, got.length);
            return got;
        });
        assertNull(ends[0].writeSpace((64 << 10) + 1), "more than a frame");
        int at = 0;
        for (int i = 0; at < expected.length; i++) {
            int n = Math.min(expected.length - at, 1 + rnd.nextInt(40_000));
            if (i % 2 == 0) {
                ByteBuffer space = ends[0].writeSpace(n);
                assertTrue(space.remaining() >= n, "space for " + n);
                int k = Math.min(space.remaining(), n + rnd.nextInt(100)); // sometimes more than asked for
                k = Math.min(k, expected.length - at);
                space.duplicate().put(expected, at, k);
                ends[0].commitWrite(k);
                n = k;
            } else {
                ends[0].write(expected, at, n);
            }
            at += n;
        }
        ends[0].flush();
        assertArrayEquals(expected, received.get(20, TimeUnit.SECONDS));
        assertEquals(expected.length, ends[0].bytesWritten());
        assertThrows(IllegalArgumentException.class, () -> ends[0].commitWrite(1 << 20));
        ends[0].close();
        ends[1].close();
    }

    @Test
    void aWriterWaitsForAReaderThatDoesNotRead() throws Exception {
        Channel[] ends = pair(options, options);
        byte[] chunk = new byte[1 << 16];
        long total = 200L << 20;
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            for (long sent = 0; sent < total; sent += chunk.length) {
                ends[0].write(chunk, 0, chunk.length);
            }
            ends[0].flush();
        });
        Thread.sleep(1500);
        long sentWhileStalled = ends[0].bytesWritten();
        assertTrue(sentWhileStalled < 64L << 20, "writer ran " + sentWhileStalled + " bytes ahead of a reader that did not read");
        byte[] buf = new byte[1 << 16];
        for (long got = 0; got < total; got += buf.length) {
            ends[1].readFully(buf, 0, buf.length);
        }
        writer.get(30, TimeUnit.SECONDS);
        ends[0].close();
        ends[1].close();
    }

    @Test
    void garbageFromAPeerIsABadFrame() throws Exception {
        ChannelException e = rawPeer("GET / HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII), true);
        assertTrue(e.getMessage().contains("bad frame") && e.getMessage().contains("exceeds the maximum of 65536"), e.getMessage());
    }

    @Test
    void anOversizedFrameIsRefusedBeforeItsBytesArrive() throws Exception {
        ChannelException e = rawPeer(new byte[] {0, 1, 0, 1}, false); // 65,537 bytes announced, none sent
        assertTrue(e.getMessage().contains("frame of 65537 bytes exceeds the maximum of 65536"), e.getMessage());
    }

    @Test
    void aConnectionThatEndsInsideAFrameIsReported() throws Exception {
        byte[] truncated = new byte[14];
        truncated[3] = 100; // a 100-byte frame, of which 10 bytes come
        ChannelException e = rawPeer(truncated, true);
        // A peer killed while sending leaves such a frame: its end, named as one, not a violation of the framing.
        assertTrue(e.getMessage().startsWith("peer 127.0.0.1:") && e.getMessage().contains(
                " closed the connection partway through a frame (14 of 104 bytes had arrived)"), e.getMessage());
        assertFalse(e.getMessage().contains("bad frame"), e.getMessage());
    }

    @Test
    void anEmptyFrameIsRefused() throws Exception {
        ChannelException e = rawPeer(new byte[4], false);
        assertTrue(e.getMessage().contains("empty frame"), e.getMessage());
    }

    /** A raw socket peer greets, then sends {@code bytes} (then closes if asked); returns what the channel's read raised. */
    private ChannelException rawPeer(byte[] bytes, boolean closeAfter) throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen(0, options); Socket s = new Socket("127.0.0.1", l.port())) {
            OutputStream o = s.getOutputStream();
            o.write(NettyTransport.greeting());
            o.flush();
            Channel ch = l.accept();
            o.write(bytes);
            o.flush();
            if (closeAfter) {
                s.shutdownOutput();
            }
            try {
                return assertThrows(ChannelException.class, () -> ch.readFully(new byte[1000], 0, 1000));
            } finally {
                ch.close();
            }
        }
    }

    @Test
    void aClosedPeerEndsReadsWithOneClearMessage() throws Exception {
        Channel[] ends = pair(options, options);
        ends[1].write(new byte[5], 0, 5);
        ends[1].close();
        byte[] buf = new byte[10];
        ChannelException e = assertThrows(ChannelException.class, () -> ends[0].readFully(buf, 0, 10));
        assertTrue(e.getMessage().contains("closed the connection") && e.getMessage().contains("5 bytes received"), e.getMessage());
        ChannelException again = assertThrows(ChannelException.class, () -> ends[0].readFully(buf, 0, 1));
        assertTrue(again.getMessage().contains("closed the connection"), again.getMessage());
        ends[0].close();
    }

    @Test
    void aSilentPeerTimesOut() throws Exception {
        TransportOptions quick = options.withTimeout(Duration.ofMillis(300));
        Channel[] ends = pair(quick, quick);
        long start = System.nanoTime();
        ChannelException e = assertThrows(ChannelException.class, () -> ends[0].readFully(new byte[1], 0, 1));
        assertTrue(e.getMessage().contains("no data from peer"), e.getMessage());
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5));
        ends[0].close();
        ends[1].close();
    }

    @Test
    void connectRetriesUntilTheListenerIsUp() throws Exception {
        int port;
        try (NettyTransport.Listener probe = NettyTransport.listen(0, options)) {
            port = probe.port();
        }
        CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", port, options));
        Thread.sleep(400);
        try (NettyTransport.Listener l = NettyTransport.listen(port, options)) {
            Channel server = l.accept();
            Channel c = client.get(20, TimeUnit.SECONDS);
            c.write(new byte[] {7}, 0, 1);
            c.flush();
            byte[] b = new byte[1];
            server.readFully(b, 0, 1);
            assertEquals(7, b[0]);
            c.close();
            server.close();
        }
    }

    @Test
    void connectGivesUpAfterItsTimeout() throws Exception {
        int port;
        try (NettyTransport.Listener probe = NettyTransport.listen(0, options)) {
            port = probe.port();
        }
        ChannelException e = assertThrows(ChannelException.class,
                () -> NettyTransport.connect("127.0.0.1", port, options.withTimeout(Duration.ofMillis(300))));
        assertTrue(e.getMessage().startsWith("cannot connect to 127.0.0.1:" + port), e.getMessage());
    }

    @Test
    void noPeerWithinTheTimeoutIsAnError() {
        NettyTransport.Listener l = NettyTransport.listen(0, options.withTimeout(Duration.ofMillis(300)));
        ChannelException e = assertThrows(ChannelException.class, l::accept);
        assertTrue(e.getMessage().contains("no peer connected"), e.getMessage());
        l.close();
    }

    @Test
    void mutualTlsConnectsTrustedPeers(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "test-ca");
        Channel[] ends = pair(options.withTls(pki.party("garbler")), options.withTls(pki.party("evaluator")));
        ends[0].write(new byte[] {1, 2, 3}, 0, 3);
        ends[0].flush();
        byte[] b = new byte[3];
        ends[1].readFully(b, 0, 3);
        assertArrayEquals(new byte[] {1, 2, 3}, b);
        ends[0].close();
        ends[1].close();
    }

    /**
     * A peer whose certificate no trusted certificate signed is refused in the TLS handshake: the listener drops it
     * with one notice that says why and goes on waiting; the stranger's connect fails with a reason, not "null".
     */
    @Test
    void mutualTlsRefusesAPeerWithoutATrustedCertificate(@TempDir Path dir) throws Exception {
        TestCertificates trusted = new TestCertificates(dir, "trusted-ca");
        TestCertificates other = new TestCertificates(dir, "other-ca");
        TlsFiles server = trusted.party("garbler");
        TlsFiles stranger = other.party("stranger");
        // The stranger trusts the server's CA, so only the server's check of the client can refuse it.
        TlsFiles strangerTrustingServer = new TlsFiles(stranger.certificate(), stranger.privateKey(), trusted.caFile());
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions quick = options.withTimeout(Duration.ofSeconds(3)).withNotices(notices::add);
        try (NettyTransport.Listener l = NettyTransport.listen(0, quick.withTls(server))) {
            ChannelException refused = assertThrows(ChannelException.class,
                    () -> NettyTransport.connect("127.0.0.1", l.port(), quick.withTls(strangerTrustingServer)));
            assertTrue(refused.getMessage().startsWith("cannot connect to 127.0.0.1:" + l.port() + ": ")
                    && refused.getMessage().contains("TLS") && !refused.getMessage().contains("null"), refused.getMessage());
            ChannelException e = assertThrows(ChannelException.class, l::accept);
            assertTrue(e.getMessage().contains("no peer connected") && e.getMessage().contains("1 connection"), e.getMessage());
        }
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).matches("dropped connection from 127\\.0\\.0\\.1:\\d+: TLS handshake failed: the peer presented no certificate"
                + " signed by a certificate this party trusts"), notices.toString());
    }

    /** The other way round: the connecting side refuses the listener's certificate, and both say why. */
    @Test
    void aConnectorThatDoesNotTrustTheListenerSaysWhy(@TempDir Path dir) throws Exception {
        TestCertificates trusted = new TestCertificates(dir, "trusted-ca");
        TestCertificates other = new TestCertificates(dir, "other-ca");
        TlsFiles client = trusted.party("evaluator");
        TlsFiles strangeServer = other.party("server");
        TlsFiles serverTrustingClient = new TlsFiles(strangeServer.certificate(), strangeServer.privateKey(), trusted.caFile());
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions quick = options.withTimeout(Duration.ofSeconds(3)).withNotices(notices::add);
        try (NettyTransport.Listener l = NettyTransport.listen(0, quick.withTls(serverTrustingClient))) {
            ChannelException refused = assertThrows(ChannelException.class,
                    () -> NettyTransport.connect("127.0.0.1", l.port(), quick.withTls(client)));
            assertTrue(refused.getMessage().endsWith("TLS handshake failed: the peer's certificate is not signed by a certificate"
                    + " this party trusts"), refused.getMessage());
            assertThrows(ChannelException.class, l::accept);
        }
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).contains("TLS handshake failed: the peer refused this party's certificate (TLS alert"), notices.toString());
    }

    /**
     * A party that ends the session says why before it closes: the peer, busy sending, learns the reason (not a reset),
     * as the failure of its next read and as how its peer went.
     */
    @Test
    void aGoodbyeReachesAPeerThatIsStillSending() throws Exception {
        Channel[] ends = pair(options, options);
        CompletableFuture<ChannelException> sender = CompletableFuture.supplyAsync(() -> {
            byte[] chunk = new byte[1 << 16];
            try {
                while (true) {
                    ends[1].write(chunk, 0, chunk.length);
                }
            } catch (ChannelException e) {
                return e;
            }
        });
        byte[] some = new byte[1 << 20];
        ends[0].readFully(some, 0, some.length); // the sender is well under way, with more on the wire
        ends[0].abort("link to P2: peer 10.0.0.2:7002 closed the connection");
        ChannelException e = sender.get(20, TimeUnit.SECONDS);
        String expected = " ended the session: link to P2: peer 10.0.0.2:7002 closed the connection";
        assertTrue(e.getMessage().startsWith("peer 127.0.0.1:") && e.getMessage().contains(expected), e.getMessage());
        assertTrue(ends[1].peerGone().endsWith(expected), ends[1].peerGone());
        ChannelException read = assertThrows(ChannelException.class, () -> ends[1].readFully(new byte[1], 0, 1));
        assertTrue(read.getMessage().contains(expected), read.getMessage());
        ends[1].close();
    }

    /**
     * TLS on one party and off at the other: each says so and what to do, whichever listens. A party without TLS meets
     * a silent end (the TLS listener drops its greeting without a word); a party with TLS meets the plain greeting
     * where a TLS record was due.
     */
    @Test
    void tlsOnOneSideOnlyIsNamedWithTheFix(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "test-ca");
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions quick = options.withTimeout(Duration.ofSeconds(2)).withNotices(notices::add);
        String fix = "start both parties with the same --tls-* options";
        try (NettyTransport.Listener l = NettyTransport.listen(0, quick.withTls(pki.party("garbler")))) {
            ChannelException plain = assertThrows(ChannelException.class, () -> NettyTransport.connect("127.0.0.1", l.port(), quick));
            assertTrue(plain.getMessage().contains("TLS is on at the peer") && plain.getMessage().contains(fix), plain.getMessage());
            assertThrows(ChannelException.class, l::accept);
        }
        assertTrue(notices.get(0).endsWith("the peer speaks yaostream without TLS; " + fix), notices.toString());
        notices.clear();
        try (NettyTransport.Listener l = NettyTransport.listen(0, quick)) {
            ChannelException tls = assertThrows(ChannelException.class,
                    () -> NettyTransport.connect("127.0.0.1", l.port(), quick.withTls(pki.party("evaluator"))));
            assertTrue(tls.getMessage().contains(fix), tls.getMessage());
            assertThrows(ChannelException.class, l::accept);
        }
        assertTrue(notices.get(0).endsWith("first bytes look like a TLS handshake: the peer speaks TLS; " + fix), notices.toString());
    }

    @Test
    void missingTlsFilesAreNamed(@TempDir Path dir) {
        TlsFiles missing = new TlsFiles(dir.resolve("cert.pem"), dir.resolve("key.pem"), dir.resolve("ca.pem"));
        ChannelException e = assertThrows(ChannelException.class, () -> NettyTransport.connect("127.0.0.1", 1, options.withTls(missing)));
        assertTrue(e.getMessage().contains("cert.pem") && e.getMessage().contains("does not exist"), e.getMessage());
    }
}
