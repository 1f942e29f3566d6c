package io.yaostream.core.net;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.Internals;
import io.yaostream.Result;
import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.Party;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.protocol.Handshake;
import io.yaostream.core.testing.TestCircuits;
import io.yaostream.core.twoparty.YaoSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A listener keeps listening through connections that are not its peer (garbage, HTTP, TLS against plain TCP and
 * plain TCP against TLS, an untrusted certificate, silence, a scanner that hangs up), drops each with one notice,
 * and still connects the real peer that comes after; a connecting side refuses a listener that does not greet.
 */
@Timeout(60)
class StrayConnectionsTest {
    private static final byte[] HTTP_GET = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
    /** The start of a TLS 1.2 ClientHello record. */
    private static final byte[] TLS_HELLO = {0x16, 0x03, 0x01, 0x00, (byte) 0xc8, 0x01, 0x00, 0x00, (byte) 0xc4, 0x03, 0x03};

    private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true, 0, 1, 8192, 9, 0, 0, false);
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(3))
            .withFrames(64 << 10, 256 << 10).withAllocator(allocator).withNotices(notices::add);

    @AfterEach
    void nothingLeaks() throws InterruptedException {
        NettyTransportTest.assertNoNetThreads();
        long active = allocator.metric().directArenas().stream().mapToLong(PoolArenaMetric::numActiveAllocations).sum();
        assertEquals(0, active, "direct buffers still allocated");
    }

    /** A raw connection that sends {@code bytes} and stays open (until the test closes it). */
    private static Socket stray(int port, byte[] bytes) throws Exception {
        Socket s = new Socket("127.0.0.1", port);
        if (bytes.length > 0) {
            s.getOutputStream().write(bytes);
            s.getOutputStream().flush();
        }
        return s;
    }

    /** Waits (up to 5 s) until a notice matches, and returns it. */
    private String awaitNotice(Predicate<String> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            for (String n : notices) {
                if (wanted.test(n)) {
                    return n;
                }
            }
            Thread.sleep(10);
        }
        throw new AssertionError("no such notice in " + notices);
    }

    /** The two ends carry a few bytes each way, then close. */
    private static void talk(Channel server, Channel client) {
        client.write(new byte[] {1, 2, 3}, 0, 3);
        client.flush();
        byte[] got = new byte[3];
        server.readFully(got, 0, 3);
        assertArrayEquals(new byte[] {1, 2, 3}, got);
        server.write(new byte[] {4}, 0, 1);
        server.flush();
        client.readFully(got, 0, 1);
        assertEquals(4, got[0]);
        client.close();
        server.close();
    }

    @Test
    void garbageHttpTlsAndSilenceBeforeThePeerAreDroppedAndThePeerConnects() throws Exception {
        List<Socket> strays = new ArrayList<>();
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options)) {
            int port = l.port();
            strays.add(stray(port, new byte[] {0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01}));
            String garbage = awaitNotice(n -> n.contains("first bytes are"));
            strays.add(stray(port, HTTP_GET));
            String http = awaitNotice(n -> n.contains("HTTP"));
            strays.add(stray(port, TLS_HELLO));
            String tls = awaitNotice(n -> n.contains("TLS"));
            Socket silent = stray(port, new byte[0]);
            strays.add(silent);
            long start = System.nanoTime();
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", port, options));
            Channel server = l.accept();
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds < 2, "the silent connection held the real peer back for " + seconds + " s");
            talk(server, client.get(10, TimeUnit.SECONDS));

            assertTrue(garbage.matches("dropped connection from 127\\.0\\.0\\.1:\\d+: not a yaostream peer: first bytes are 7f 45 4c 46 02 01"), garbage);
            assertTrue(http.endsWith("not a yaostream peer: first bytes look like HTTP (\"GET / HTTP/1.1\")"), http);
            assertTrue(tls.endsWith("not a yaostream peer: first bytes look like a TLS handshake: the peer speaks TLS; start both parties with the same --tls-* options"), tls);
            String silentLine = awaitNotice(n -> n.contains(":" + silent.getLocalPort() + ": "));
            assertTrue(silentLine.endsWith("another peer greeted first"), silentLine);
            assertEquals(4, notices.size(), notices.toString());
            for (Socket s : strays) {
                assertClosedAfterGreeting(s);
            }
        } finally {
            for (Socket s : strays) {
                s.close();
            }
        }
    }

    /** What the listener sent a dropped connection: its greeting at most, then the end of the stream. */
    private static void assertClosedAfterGreeting(Socket s) throws Exception {
        s.setSoTimeout(5000);
        InputStream in = s.getInputStream();
        byte[] buf = new byte[64];
        int total = 0;
        for (int n; (n = readOrReset(in, buf)) > 0; ) {
            total += n;
        }
        assertTrue(total <= NettyTransport.greeting().length, total + " bytes");
    }

    private static int readOrReset(InputStream in, byte[] buf) {
        try {
            return in.read(buf);
        } catch (java.io.IOException reset) {
            return -1; // closed with unread data: a reset is an end too
        }
    }

    @Test
    void plaintextAndUntrustedClientsAgainstTlsAreDroppedAndTheTrustedPeerConnects(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "parties-ca");
        TestCertificates otherPki = new TestCertificates(dir, "other-ca");
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        TlsFiles stranger = otherPki.party("stranger");
        List<Socket> strays = new ArrayList<>();
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options.withTls(garbler))) {
            int port = l.port();
            strays.add(stray(port, HTTP_GET));
            String plaintext = awaitNotice(n -> n.contains("TLS"));
            strays.add(stray(port, NettyTransport.greeting())); // a yaostream party with TLS off
            awaitNotice(n -> n != plaintext && n.contains("TLS"));
            TlsFiles strangerTrustingUs = new TlsFiles(stranger.certificate(), stranger.privateKey(), pki.caFile());
            assertThrows(ChannelException.class, () -> NettyTransport.connect("127.0.0.1", port, options.withTls(strangerTrustingUs)));
            strays.add(stray(port, new byte[0]));
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(
                    () -> NettyTransport.connect("127.0.0.1", port, options.withTls(evaluator)));
            Channel server = l.accept();
            talk(server, client.get(10, TimeUnit.SECONDS));
        } finally {
            for (Socket s : strays) {
                s.close();
            }
        }
        assertEquals(4, notices.size(), notices.toString());
        assertTrue(notices.get(0).endsWith("TLS handshake failed: the peer does not speak TLS (is TLS off at the peer?)"), notices.toString());
        assertTrue(notices.get(1).endsWith("TLS handshake failed: the peer speaks yaostream without TLS; start both parties with the same"
                + " --tls-* options"), notices.toString());
        assertTrue(notices.get(2).endsWith("TLS handshake failed: the peer presented no certificate signed by a certificate this party trusts"),
                notices.toString());
        assertTrue(notices.get(3).endsWith("another peer greeted first"), notices.toString()); // the silent one
    }

    @Test
    void aSilentConnectionIsDroppedAfterItsGreetingTimeout() throws Exception {
        TransportOptions quick = options.withTimeout(Duration.ofSeconds(1));
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, quick);
             Socket silent = stray(l.port(), new byte[0]);
             Socket halfGreeting = stray(l.port(), new byte[] {0, 0, 0, 10, 'Y', 'A'})) {
            long start = System.nanoTime();
            assertClosedAfterGreeting(silent);
            double seconds = (System.nanoTime() - start) / 1e9;
            assertTrue(seconds > 0.8 && seconds < 2, seconds + " s");
            assertTrue(awaitNotice(n -> n.contains(":" + silent.getLocalPort() + ": ")).endsWith(": sent no greeting within 1 s"), notices.toString());
            assertClosedAfterGreeting(halfGreeting);
            assertTrue(awaitNotice(n -> n.contains(":" + halfGreeting.getLocalPort() + ": ")).endsWith(": sent no greeting within 1 s (6 of 14 bytes)"),
                    notices.toString());
            ChannelException e = assertThrows(ChannelException.class, l::accept);
            assertTrue(e.getMessage().matches("no peer connected to 127\\.0\\.0\\.1:\\d+ within 1 s \\(2 connections that did not greet dropped\\)"),
                    e.getMessage());
        }
    }

    @Test
    void aScannerThatHangsUpAndAPeerOfAnotherVersionAreDropped() throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options)) {
            stray(l.port(), new byte[0]).close();
            assertTrue(awaitNotice(n -> true).endsWith(": closed the connection before its greeting"), notices.toString());
            byte[] future = Greeting.frame(Greeting.VERSION + 1);
            try (Socket s = stray(l.port(), future)) {
                assertTrue(awaitNotice(n -> n.contains("version")).endsWith(": a yaostream peer of transport version " + (Greeting.VERSION + 1)
                        + " (this party speaks version " + Greeting.VERSION + ")"),
                        notices.toString());
                assertClosedAfterGreeting(s);
            }
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), options));
            talk(l.accept(), client.get(10, TimeUnit.SECONDS));
        }
    }

    /**
     * A whole session through {@link TwoParty}: the garbler listens on port 0 and says which port it got, an HTTP
     * probe and a silent connection come first, and the evaluator's session still gives the plaintext results.
     */
    @Test
    void aSessionRunsAfterStrayConnections() throws Exception {
        CompiledCircuit c = TestCircuits.random(new Random(17), 500);
        RepeatProgram program = new RepeatProgram(c, 3);
        Inputs zeros = CoreBridge.inputs(BitString::zeros);
        TwoParty base = CoreBridge.circuits(CoreBridge.transport(TwoParty.garbler().kernel("java"), options).name(program.name()), List.of(c));
        CompletableFuture<Result<List<Optional<BitString>>>> garbler = CompletableFuture.supplyAsync(
                () -> base.listen("127.0.0.1", 0).run(CoreBridge.program(program), zeros));
        String listening = awaitNotice(n -> n.startsWith("listening on "));
        int port = Integer.parseInt(listening.substring(listening.lastIndexOf(':') + 1));
        assertEquals("listening on 127.0.0.1:" + port, listening);
        try (Socket probe = stray(port, HTTP_GET); Socket silent = stray(port, new byte[0])) {
            awaitNotice(n -> n.contains("HTTP"));
            Result<List<Optional<BitString>>> evaluator = CoreBridge.circuits(CoreBridge.transport(TwoParty.as(Party.EVALUATOR).kernel("java"), options)
                    .name(program.name()), List.of(c)).connect("127.0.0.1", port).run(CoreBridge.program(program), zeros);
            assertEquals(TwoParty.plain(CoreBridge.program(program), Party.EVALUATOR, zeros, zeros), evaluator.value());
            assertEquals(TwoParty.plain(CoreBridge.program(program), Party.GARBLER, zeros, zeros), garbler.get(30, TimeUnit.SECONDS).value());
        }
    }

    /**
     * Beyond the cap, a new connection makes room by dropping the oldest one still to greet, so a flood holds a bounded
     * amount and the newest (a real peer greets at once) is never the one turned away.
     */
    @Test
    void connectionsStillToGreetAreCappedByDroppingTheOldest() throws Exception {
        List<Socket> silent = new ArrayList<>();
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options)) {
            for (int i = 0; i < NettyTransport.MAX_CANDIDATES + 1; i++) {
                silent.add(stray(l.port(), new byte[0]));
            }
            String line = awaitNotice(n -> n.contains("made room"));
            int firstPort = silent.get(0).getLocalPort();
            assertEquals("dropped connection from 127.0.0.1:" + firstPort + ": made room for a newer connection ("
                    + NettyTransport.MAX_CANDIDATES + " connections were still to greet)", line);
            silent.get(0).setSoTimeout(5000);
            InputStream oldest = silent.get(0).getInputStream();
            assertEquals(NettyTransport.greeting().length, oldest.readNBytes(NettyTransport.greeting().length).length);
            assertEquals(-1, oldest.read(), "the oldest connection was closed");
            assertEquals(1, notices.size(), notices.toString());
        } finally {
            for (Socket s : silent) {
                s.close();
            }
        }
    }

    /**
     * Seventy silent connections held open on a two-party listener (more than its cap) do not keep the real evaluator
     * out: the oldest are dropped as newer ones come, the evaluator greets at once, and the run gives the right result.
     */
    @Test
    void aFloodOfSilentConnectionsDoesNotKeepTheRealPeerOut() throws Exception {
        CompiledCircuit c = TestCircuits.random(new Random(71), 300);
        RepeatProgram program = new RepeatProgram(c, 1);
        Inputs garblerIn = CoreBridge.inputs(width -> {
            boolean[] bits = new boolean[width];
            for (int i = 0; i < width; i++) {
                bits[i] = i % 3 == 0;
            }
            return BitString.fromBits(bits);
        });
        Inputs evaluatorIn = CoreBridge.inputs(BitString::zeros);
        List<Socket> silent = new ArrayList<>();
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options.withTimeout(Duration.ofSeconds(20)))) {
            int port = l.port();
            for (int i = 0; i < 70; i++) {
                silent.add(stray(port, new byte[0]));
            }
            awaitNotice(n -> n.contains("made room"));
            CompletableFuture<Result<List<Optional<BitString>>>> garbler = CompletableFuture.supplyAsync(() ->
                    Internals.run(CoreBridge.circuits(CoreBridge.transport(TwoParty.as(Party.GARBLER).kernel("java"), options).name(program.name()), List.of(c)),
                            Party.GARBLER, l.accept(), program, garblerIn));
            Result<List<Optional<BitString>>> evaluator = CoreBridge.circuits(CoreBridge.transport(TwoParty.as(Party.EVALUATOR).kernel("java"), options)
                    .name(program.name()), List.of(c)).connect("127.0.0.1", port).run(CoreBridge.program(program), evaluatorIn);
            assertEquals(TwoParty.plain(CoreBridge.program(program), Party.EVALUATOR, garblerIn, evaluatorIn), evaluator.value());
            assertEquals(TwoParty.plain(CoreBridge.program(program), Party.GARBLER, garblerIn, evaluatorIn), garbler.get(30, TimeUnit.SECONDS).value());
        } finally {
            for (Socket s : silent) {
                s.close();
            }
        }
    }

    /**
     * Strangers that greet and then are not this session's peer (a hello with another scheme, a shard's hello, silence
     * after greeting) are refused, each told why, and the listening garbler goes on to run with the real evaluator.
     */
    @Test
    void strangersThatGreetButAreNotThePeerAreRefusedAndTheRunGoesOn() throws Exception {
        CompiledCircuit c = TestCircuits.random(new Random(73), 200);
        RepeatProgram program = new RepeatProgram(c, 1);
        Inputs zeros = CoreBridge.inputs(BitString::zeros);
        TransportOptions patient = options.withTimeout(Duration.ofSeconds(20));
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        CompletableFuture<Result<List<Optional<BitString>>>> garbler = CompletableFuture.supplyAsync(() ->
                CoreBridge.circuits(CoreBridge.transport(TwoParty.as(Party.GARBLER).kernel("java"), patient).name(program.name()), List.of(c))
                        .listen("127.0.0.1", port).run(CoreBridge.program(program), zeros));
        Channel otherScheme = NettyTransport.connect("127.0.0.1", port, patient);
        Handshake.send(otherScheme, new Handshake.Hello(io.yaostream.core.circuit.Party.EVALUATOR, "grr3", program.name(), Handshake.digest(List.of(c))));
        otherScheme.flush();
        Handshake.receive(otherScheme); // the listener's hello comes first, as to any connection, then its base-OT points
        ChannelException refused = assertThrows(ChannelException.class, () -> {
            byte[] b = new byte[1];
            for (int i = 0; i < 1 << 16; i++) {
                otherScheme.readFully(b, 0, 1);
            }
        });
        assertTrue(refused.getMessage().contains("ended the session: refused: handshake mismatch: the peer uses scheme grr3, this party"
                + " half-gates"), refused.getMessage());
        otherScheme.close();

        Channel shard = NettyTransport.connect("127.0.0.1", port, patient);
        Channel silent = null;
        try {
            java.nio.ByteBuffer hello = java.nio.ByteBuffer.allocate(24).put(Handshake.MAGIC).putInt(Handshake.SHARDED).putLong(7).putInt(0)
                    .putInt(2);
            shard.write(hello.array(), 0, 24);
            shard.flush();
            // Refused before the evaluator comes: a connection still being read when the peer is taken is dropped unheard.
            awaitNotice(n -> n.contains(": the peer runs a sharded computation, this party one session"));
            silent = NettyTransport.connect("127.0.0.1", port, patient);

            Result<List<Optional<BitString>>> evaluator = CoreBridge.circuits(CoreBridge.transport(TwoParty.as(Party.EVALUATOR).kernel("java"), patient)
                    .name(program.name()), List.of(c)).connect("127.0.0.1", port).run(CoreBridge.program(program), zeros);
            assertEquals(TwoParty.plain(CoreBridge.program(program), Party.EVALUATOR, zeros, zeros), evaluator.value());
            assertEquals(TwoParty.plain(CoreBridge.program(program), Party.GARBLER, zeros, zeros), garbler.get(30, TimeUnit.SECONDS).value());
            assertTrue(notices.stream().anyMatch(n -> n.matches("refused a connection from 127\\.0\\.0\\.1:\\d+: handshake mismatch: the peer"
                    + " uses scheme grr3, this party half-gates")), notices.toString());
        } finally {
            shard.close();
            if (silent != null) {
                silent.close();
            }
        }
    }

    /**
     * Strangers that greet, send a hello of another scheme and never close are refused without holding a thread each:
     * two hundred of them leave no more hello threads than the listener reads at once; and a wait in vain ends in a
     * {@link ChannelException} that names the last refusal.
     */
    @Test
    void refusedStrangersHoldNoThreadAndTheWaitEndsInOneLine() throws Exception {
        CompiledCircuit c = TestCircuits.random(new Random(74), 50);
        RepeatProgram program = new RepeatProgram(c, 1);
        byte[] hello;
        {
            MemoryChannel[] pair = MemoryChannel.pair(1000);
            Handshake.send(pair[0], new Handshake.Hello(io.yaostream.core.circuit.Party.EVALUATOR, "grr3", program.name(), Handshake.digest(List.of(c))));
            pair[0].flush();
            int n = (int) Handshake.helloBytes("grr3", program.name());
            hello = new byte[n];
            pair[1].readFully(hello, 0, n);
        }
        java.nio.ByteBuffer frame = java.nio.ByteBuffer.allocate(4 + hello.length).putInt(hello.length).put(hello);
        TransportOptions quick = options.withTimeout(Duration.ofSeconds(4));
        List<Socket> strangers = new ArrayList<>();
        try (NettyTransport.Listener l = NettyTransport.listenForMany("127.0.0.1", 0, quick, 1)) {
            CompletableFuture<Channel> gate = CompletableFuture.supplyAsync(() ->
                    io.yaostream.core.twoparty.HelloGate.accept(l, quick, new Handshake.Hello(io.yaostream.core.circuit.Party.GARBLER, "half-gates", program.name(),
                            Handshake.digest(List.of(c)))));
            for (int i = 0; i < 200; i++) {
                Socket s = new Socket("127.0.0.1", l.port());
                s.getOutputStream().write(NettyTransport.greeting());
                s.getOutputStream().write(frame.array());
                s.getOutputStream().flush();
                strangers.add(s);
            }
            long threads = Thread.getAllStackTraces().keySet().stream().filter(t -> t.getName().startsWith("yaostream-hello")).count();
            assertTrue(threads <= 70, threads + " hello threads");
            java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class,
                    () -> gate.get(30, TimeUnit.SECONDS));
            assertTrue(e.getCause() instanceof ChannelException, String.valueOf(e.getCause()));
            assertTrue(e.getCause().getMessage().matches("no peer connected to 127\\.0\\.0\\.1:\\d+ within 4 s \\(refused \\d+ connections, the"
                    + " last: handshake mismatch: the peer uses scheme grr3, this party half-gates.*"), e.getCause().getMessage());
        } finally {
            for (Socket s : strangers) {
                s.close();
            }
        }
    }

    @Test
    void aConnectorRefusesAListenerThatIsNotAYaostreamParty() throws Exception {
        try (ServerSocket web = new ServerSocket(0)) {
            CompletableFuture<Void> server = CompletableFuture.runAsync(() -> {
                try (Socket s = web.accept()) {
                    s.getOutputStream().write("HTTP/1.1 400 Bad Request\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                    s.getInputStream().read(new byte[100]);
                } catch (java.io.IOException e) {
                    // the client hung up
                }
            });
            ChannelException e = assertThrows(ChannelException.class, () -> NettyTransport.connect("127.0.0.1", web.getLocalPort(), options));
            assertEquals("cannot connect to 127.0.0.1:" + web.getLocalPort() + ": not a yaostream peer: first bytes look like HTTP (\"HTTP/1.1 400 Bad Request\")",
                    e.getMessage());
            server.get(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aConnectorGivesOneNoticeWhileItRetries() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        TransportOptions quick = options.withTimeout(Duration.ofMillis(2500));
        long start = System.nanoTime();
        ChannelException e = assertThrows(ChannelException.class, () -> NettyTransport.connect("127.0.0.1", port, quick));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds > 2.3 && seconds < 3.5, seconds + " s");
        assertEquals(List.of("waiting for 127.0.0.1:" + port + " (nobody is listening yet; retrying for up to 2500 ms)"), notices);
        assertTrue(e.getMessage().startsWith("cannot connect to 127.0.0.1:" + port + ": ") && e.getMessage().endsWith("(retried for 2500 ms)"),
                e.getMessage());
    }

    /** A raw peer over a socket that greets correctly is a peer: what comes after the greeting in one write is kept. */
    @Test
    void bytesThatFollowTheGreetingInOneWriteReachTheChannel() throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options); Socket s = new Socket("127.0.0.1", l.port())) {
            byte[] greeting = NettyTransport.greeting();
            byte[] both = new byte[greeting.length + 6];
            System.arraycopy(greeting, 0, both, 0, greeting.length);
            both[greeting.length + 3] = 2; // a frame of 2 bytes
            both[greeting.length + 4] = 42;
            both[greeting.length + 5] = 43;
            OutputStream o = s.getOutputStream();
            o.write(both);
            o.flush();
            Channel ch = l.accept();
            byte[] got = new byte[2];
            ch.readFully(got, 0, 2);
            assertArrayEquals(new byte[] {42, 43}, got);
            byte[] theirs = s.getInputStream().readNBytes(greeting.length);
            assertArrayEquals(greeting, theirs);
            ch.close();
        }
    }
}
