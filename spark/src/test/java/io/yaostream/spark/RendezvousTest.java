package io.yaostream.spark;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rendezvous at the garbler's driver, without Spark: who may join, register and look up, and what is refused. */
class RendezvousTest {
    private static final long RUN = 0x1234_5678_9abcL;
    private final List<String> notices = new ArrayList<>();
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(3))
            .withNotices(line -> {
                synchronized (notices) {
                    notices.add(line);
                }
            });

    private Rendezvous rendezvous(int shards) {
        return new Rendezvous("127.0.0.1", 0, options, new Rendezvous.Expectation(NAME, "half-gates", shards), RUN, null);
    }

    private static final String NAME = "minimum of unsigned 32-bit values";

    /** The three parties' certificates, all signed by one CA: the garbler, the evaluator, and Mallory, who is neither. */
    private record Pki(TlsFiles garbler, TlsFiles evaluator, TlsFiles mallory) {
        static Pki in(Path dir) throws Exception {
            TestCertificates pki = new TestCertificates(dir, "rendezvous-ca");
            return new Pki(pki.party("garbler"), pki.party("evaluator"), pki.party("mallory"));
        }

        PeerCertificate cert(TlsFiles party) {
            return PeerCertificate.of(party.certificate());
        }

        /** The garbler's rendezvous, which knows both certificates. */
        Rendezvous rendezvous(TransportOptions options, int shards) {
            return new Rendezvous("127.0.0.1", 0, options.withTls(garbler), new Rendezvous.Expectation(NAME, "half-gates", shards), RUN,
                    new Rendezvous.Roles(cert(garbler), cert(evaluator)));
        }

        /** How {@code who} reaches the garbler's driver: TLS with its own files, the garbler's certificate required. */
        TransportOptions client(TransportOptions options, TlsFiles who) {
            return options.withTls(who).withPeer(PeerIdentity.of("the garbler", cert(garbler)));
        }
    }

    @Test
    void registeredShardsAreFoundAndTheJoinGetsTheRun() {
        try (Rendezvous r = rendezvous(2)) {
            CompletableFuture<RendezvousClient.Joined> joined = CompletableFuture.supplyAsync(() ->
                    RendezvousClient.join("127.0.0.1", r.port(), options, "minimum of unsigned 32-bit values", "half-gates", 2));
            try (Channel link = r.awaitPeerDriver()) {
                assertEquals(RUN, joined.join().run());
                joined.join().link().close();
            }
            // A lookup waits for its shard's registration.
            CompletableFuture<Rendezvous.Address> found = CompletableFuture.supplyAsync(() -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 1));
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 1, "10.1.2.3", 40001);
            assertEquals(new Rendezvous.Address("10.1.2.3", 40001), found.join());
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.1.2.4", 40002);
            assertEquals(new Rendezvous.Address("10.1.2.4", 40002), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
        }
    }

    @Test
    void wrongRunsShardsAndSecondRegistrationsAreRefused() {
        try (Rendezvous r = rendezvous(2)) {
            ProtocolException e = assertThrows(ProtocolException.class,
                    () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN + 1, 0, "10.0.0.1", 4000));
            assertTrue(e.getMessage().contains("is not the garbler's run"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN - 1, 0));
            assertTrue(e.getMessage().contains("is not the garbler's run"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 2, "10.0.0.1", 4000));
            assertTrue(e.getMessage().contains("the run has shards 0 to 1, not 2"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, -1));
            assertTrue(e.getMessage().contains("not -1"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.1", 0));
            assertTrue(e.getMessage().contains("port 0 is not a port"), e.getMessage());
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.1", 4000);
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.6.6.6", 4666));
            assertTrue(e.getMessage().contains("shard 0 is registered already"), e.getMessage());
            // The first registration stands.
            assertEquals(new Rendezvous.Address("10.0.0.1", 4000), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
        }
    }

    private static final String[][] JOINS = {
        {"minimum of unsigned 20-bit values", "half-gates", "2", "the garbler runs \"minimum of unsigned 32-bit values\", the evaluator \"minimum of unsigned 20-bit values\""},
        {"minimum of unsigned 32-bit values", "grr3", "2", "the garbler runs the scheme half-gates, the evaluator grr3"},
        {"minimum of unsigned 32-bit values", "half-gates", "3", "the garbler runs 2 shards, the evaluator 3"},
    };

    /** The evaluator authenticated by its certificate and disagreeing fails both runs at once, in one line. */
    @Test
    void anAuthenticatedJoinWithAnotherComputationSchemeOrShardCountFailsBothSides(@TempDir Path dir) throws Exception {
        Pki pki = Pki.in(dir);
        for (String[] j : JOINS) {
            try (Rendezvous r = pki.rendezvous(options, 2)) {
                ProtocolException evaluator = assertThrows(ProtocolException.class,
                        () -> RendezvousClient.join("127.0.0.1", r.port(), pki.client(options, pki.evaluator()), j[0], j[1], Integer.parseInt(j[2])));
                assertEquals(j[3], evaluator.getMessage());
                ProtocolException garbler = assertThrows(ProtocolException.class, r::awaitPeerDriver);
                assertEquals(j[3], garbler.getMessage());
            }
        }
    }

    /**
     * Joins that disagree from a party that is not identified are refused, each told why, and the run waits on: the
     * evaluator's join that agrees then gets the run.
     */
    @Test
    void strayJoinsAreRefusedAndTheRunGoesOn() {
        try (Rendezvous r = rendezvous(2)) {
            for (String[] j : JOINS) {
                ProtocolException stray = assertThrows(ProtocolException.class,
                        () -> RendezvousClient.join("127.0.0.1", r.port(), options, j[0], j[1], Integer.parseInt(j[2])));
                assertEquals(j[3], stray.getMessage());
            }
            CompletableFuture<RendezvousClient.Joined> joined = CompletableFuture.supplyAsync(() ->
                    RendezvousClient.join("127.0.0.1", r.port(), options, NAME, "half-gates", 2));
            try (Channel link = r.awaitPeerDriver()) {
                assertEquals(RUN, joined.join().run());
                joined.join().link().close();
            }
        }
        synchronized (notices) {
            assertTrue(notices.contains("rendezvous: refused a join: the garbler runs 2 shards, the evaluator 3; waiting on for the evaluator's"
                    + " driver"), notices.toString());
        }
    }

    /** A run whose evaluator never joins says, at its timeout, what it refused. */
    @Test
    void aTimeoutNamesTheLastRefusedJoin() {
        try (Rendezvous r = rendezvous(2)) {
            assertThrows(ProtocolException.class, () -> RendezvousClient.join("127.0.0.1", r.port(), options, NAME, "half-gates", 3));
            ChannelException e = assertThrows(ChannelException.class, r::awaitPeerDriver);
            assertEquals("no evaluator's driver joined at " + r.address() + " within 3 s (refused 1 connection: the garbler runs 2 shards, the"
                    + " evaluator 3)", e.getMessage());
        }
    }

    /**
     * With identities, the rendezvous takes joins and lookups only from the evaluator's certificate and registrations
     * only from the garbler's own: Mallory (signed by the same CA) is refused in the TLS handshake, and a request of
     * the other role is refused naming the certificate it came with; the real requests then go through.
     */
    @Test
    void withIdentitiesEachRequestComesFromItsRole(@TempDir Path dir) throws Exception {
        Pki pki = Pki.in(dir);
        try (Rendezvous r = pki.rendezvous(options, 1)) {
            TransportOptions mallory = pki.client(options.withTimeout(Duration.ofSeconds(2)), pki.mallory());
            assertThrows(ChannelException.class, () -> RendezvousClient.join("127.0.0.1", r.port(), mallory, NAME, "half-gates", 1));
            synchronized (notices) {
                assertTrue(notices.stream().anyMatch(n -> n.contains("the peer presented " + pki.cert(pki.mallory()) + ", not one of the"
                        + " certificates of the evaluator or the garbler's own tasks")), notices.toString());
            }
            TransportOptions evaluator = pki.client(options, pki.evaluator());
            TransportOptions garbler = pki.client(options, pki.garbler());
            ProtocolException e = assertThrows(ProtocolException.class,
                    () -> RendezvousClient.register("127.0.0.1", r.port(), evaluator, RUN, 0, "10.6.6.6", 4666));
            assertEquals("the registration of shard 0 refused by the garbler's driver: a registration from " + pki.cert(pki.evaluator())
                    + ": only the garbler's own tasks register, with its certificate " + pki.cert(pki.garbler()), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.join("127.0.0.1", r.port(), garbler, NAME, "half-gates", 1));
            assertEquals("a join from " + pki.cert(pki.garbler()) + ": only the evaluator joins and looks up, with its certificate "
                    + pki.cert(pki.evaluator()), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.lookup("127.0.0.1", r.port(), garbler, RUN, 0));
            assertTrue(e.getMessage().contains("a lookup from " + pki.cert(pki.garbler())), e.getMessage());

            CompletableFuture<RendezvousClient.Joined> joined = CompletableFuture.supplyAsync(() ->
                    RendezvousClient.join("127.0.0.1", r.port(), evaluator, NAME, "half-gates", 1));
            try (Channel link = r.awaitPeerDriver()) {
                assertEquals(pki.cert(pki.evaluator()), link.peerIdentity());
                assertEquals(RUN, joined.join().run());
                joined.join().link().close();
            }
            RendezvousClient.register("127.0.0.1", r.port(), garbler, RUN, 0, "10.0.0.9", 4009);
            assertEquals(new Rendezvous.Address("10.0.0.9", 4009), RendezvousClient.lookup("127.0.0.1", r.port(), evaluator, RUN, 0));
        }
    }

    /** A request sent a byte a second is cut at its deadline (the 3 s timeout here), not served whenever it ends. */
    @Test
    void aTricklingRequestIsCutAtItsDeadline() throws Exception {
        try (Rendezvous r = rendezvous(1)) {
            byte[] join = new byte[30];
            System.arraycopy(new byte[] {'Y', 'A', 'O', 'S', 0x4a, 0x4f, 0x49, 0x4e, 0, 20}, 0, join, 0, 10);
            // The trickler itself waits longer than the rendezvous's deadline.
            try (Channel c = NettyTransport.connect("127.0.0.1", r.port(), options.withTimeout(Duration.ofSeconds(20)))) {
                long start = System.nanoTime();
                CompletableFuture<String> answer = CompletableFuture.supplyAsync(() -> {
                    try {
                        Wire.readAnswer(c, "the join");
                        return "answered";
                    } catch (RuntimeException e) {
                        return e.getMessage();
                    }
                });
                try {
                    for (int i = 0; i < join.length && !answer.isDone(); i++) {
                        c.write(join, i, 1);
                        c.flush();
                        Thread.sleep(1000);
                    }
                } catch (ChannelException cut) {
                    // the rendezvous ended the connection while this side still sent
                }
                String said = answer.get(10, java.util.concurrent.TimeUnit.SECONDS);
                assertTrue(said.contains("ended the session: refused: it did not send its whole request within 3 s"), said);
                assertTrue(System.nanoTime() - start < 25_000_000_000L, "cut after " + (System.nanoTime() - start) / 1e9 + " s");
            }
        }
        synchronized (notices) {
            assertTrue(notices.stream().anyMatch(n -> n.matches("rendezvous: dropped a connection from 127\\.0\\.0\\.1:\\d+: it did not send its"
                    + " whole request within 3 s")), notices.toString());
        }
    }

    /**
     * More silent connections than the rendezvous reads at once (2K + 65): the oldest make room for newer ones, so the
     * run's own requests are still served.
     */
    @Test
    void silentConnectionsBeyondEveryPlaceDoNotStopTheRun() {
        List<Channel> silent = new ArrayList<>();
        try (Rendezvous r = rendezvous(1)) {
            for (int i = 0; i < 2 + 65 + 8; i++) {
                silent.add(NettyTransport.connect("127.0.0.1", r.port(), options));
            }
            CompletableFuture<RendezvousClient.Joined> joined = CompletableFuture.supplyAsync(() ->
                    RendezvousClient.join("127.0.0.1", r.port(), options, NAME, "half-gates", 1));
            try (Channel link = r.awaitPeerDriver()) {
                joined.join().link().close();
            }
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.9", 4009);
            assertEquals(new Rendezvous.Address("10.0.0.9", 4009), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
        } finally {
            silent.forEach(Channel::close);
        }
        synchronized (notices) {
            assertTrue(notices.stream().anyMatch(n -> n.matches("rendezvous: dropped a connection from 127\\.0\\.0\\.1:\\d+: made room for a newer connection \\(67.*")),
                    notices.toString());
        }
    }

    @Test
    void onceTheRunHasFailedEveryRequestSaysWhyAndWaitingLookupsEnd() {
        try (Rendezvous r = rendezvous(2)) {
            CompletableFuture<Rendezvous.Address> waiting = CompletableFuture.supplyAsync(() -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 1));
            sleep(300);
            r.fail("shard 0 of 2: a.txt line 7: 'x' is not an unsigned decimal value");
            Throwable e = assertThrows(java.util.concurrent.CompletionException.class, waiting::join).getCause();
            assertEquals("the garbler's side failed: shard 0 of 2: a.txt line 7: 'x' is not an unsigned decimal value", e.getMessage());
            e = assertThrows(Wire.PeerRunFailed.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.1", 4000));
            assertTrue(e.getMessage().endsWith("'x' is not an unsigned decimal value"), e.getMessage());
        }
    }

    @Test
    void garbageAndSilenceCostOnlyThemselves() throws Exception {
        Random random = new Random(7);
        try (Rendezvous r = rendezvous(1)) {
            for (int i = 0; i < 40; i++) {
                byte[] junk = new byte[random.nextInt(64)];
                random.nextBytes(junk);
                if (i % 2 == 0 && junk.length >= 8) { // a rendezvous opening, then junk: strings of any claimed length
                    System.arraycopy(new byte[] {'Y', 'A', 'O', 'S', 0x4c, 0x4f, 0x4f, 0x4b}, 0, junk, 0, 8);
                }
                try (Channel c = NettyTransport.connect("127.0.0.1", r.port(), options)) {
                    c.write(junk, 0, junk.length);
                    c.flush();
                }
            }
            Channel silent = NettyTransport.connect("127.0.0.1", r.port(), options); // says nothing at all
            try {
                RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.9", 4009);
                assertEquals(new Rendezvous.Address("10.0.0.9", 4009), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
            } finally {
                silent.close();
            }
        }
        synchronized (notices) {
            assertTrue(notices.stream().anyMatch(n -> n.contains("not a yaostream rendezvous message")), String.valueOf(notices));
        }
    }

    @Test
    void aLongStringIsRefusedWhereItIsRead() {
        try (Rendezvous r = rendezvous(1)) {
            try (Channel c = NettyTransport.connect("127.0.0.1", r.port(), options)) {
                Wire.writeOpening(c, Wire.REGISTER);
                Wire.writeLong(c, RUN);
                Wire.writeInt(c, 0);
                c.write(new byte[] {(byte) 0xff, (byte) 0xff}, 0, 2); // a host of 65,535 bytes
                c.flush();
                ProtocolException e = assertThrows(ProtocolException.class, () -> Wire.readAnswer(c, "the registration"));
                assertTrue(e.getMessage().contains("the peer's host is 65535 bytes, above the 1024 allowed"), e.getMessage());
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
