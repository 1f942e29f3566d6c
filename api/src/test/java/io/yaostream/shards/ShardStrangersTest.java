package io.yaostream.shards;

import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.Sharded;
import io.yaostream.TwoParty;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.shard.ShardLinks;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.math.BigInteger;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Strangers at a sharded run's one port: without identities nobody but the peer can end the run by what it says, and
 * silent connections cannot fill the listener's places; with identities only the named certificates get through, at
 * either end, and the authenticated peer still fails the run at once when it disagrees.
 */
class ShardStrangersTest {
    private static final long[] G = {40, 17, 99, 23};
    private static final long[] E = {58, 31, 12, 77};

    @AfterEach
    void noThreadLeftBehind() throws InterruptedException {
        ShardsTest.assertNoShardThreads(8);
    }

    private static CompletableFuture<Sharded<BigInteger>> garbler(TransportOptions options, int port) {
        return CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.garbler(), options).name("m").listen("127.0.0.1", port).shards(2)
                .run(i -> ShardsTest.shard(2), ShardsTest.slices(G, 2), ShardsTest.combine(2)));
    }

    private static Sharded<BigInteger> evaluator(TransportOptions options, int port) {
        return CoreBridge.transport(TwoParty.evaluator(), options).name("m").connect("127.0.0.1", port).shards(2)
                .run(i -> ShardsTest.shard(2), ShardsTest.slices(E, 2), ShardsTest.combine(2));
    }

    private static Throwable failureOf(Runnable r) {
        try {
            r.run();
        } catch (RuntimeException e) {
            return e;
        }
        throw new AssertionError("it did not fail");
    }

    /**
     * Before the evaluator comes: a party of one session, a run of 3 shards, shard 1 of a run with no shard 0 yet, and
     * 70 connections that greet and say nothing (above the 64 read at once). After its shard 0: a connection of another
     * run. Each is refused or dropped with a notice, and the run gives the minimum.
     */
    @Test
    void withoutIdentitiesStrangersAreRefusedAndTheRunGoesOn() throws Exception {
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(20)).withNotices(notices::add);
        int port = ShardsTest.freePort();
        CompletableFuture<Sharded<BigInteger>> g = garbler(options, port);

        SecureProgram<Object> one = c -> c.garbler().uint(8).add(c.evaluator().uint(8)).reveal();
        Throwable oneSession = failureOf(() -> CoreBridge.transport(TwoParty.evaluator(), options).connect("127.0.0.1", port).run(one, Inputs.of(2, 8)));
        assertTrue(oneSession.getMessage().contains("refused: the listening party runs 2 shards, the connecting one a single session"),
                oneSession.getMessage());
        Throwable otherK = failureOf(() -> ShardLinks.connecting("127.0.0.1", port, options, 3).open(0));
        assertTrue(otherK.getMessage().contains("refused: the listening party runs 2 shards, the connecting one 3"), otherK.getMessage());
        Throwable noRunYet = failureOf(() -> ShardLinks.connecting("127.0.0.1", port, options, 2).open(1));
        assertTrue(noRunYet.getMessage().contains("shard 0 connects first"), noRunYet.getMessage());
        List<Channel> silent = new ArrayList<>();
        for (int i = 0; i < 70; i++) {
            silent.add(NettyTransport.connect("127.0.0.1", port, options));
        }
        assertTrue(!g.isDone(), "the garbler's run ended: " + g);

        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch go = new CountDownLatch(1);
        CompletableFuture<Sharded<BigInteger>> e = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.evaluator(), options).name("m")
                .connect("127.0.0.1", port).shards(2).run(i -> c -> {
                    started.countDown();
                    try {
                        go.await();
                    } catch (InterruptedException x) {
                        throw new AssertionError(x);
                    }
                    return ShardsTest.shard(2).compute(c);
                }, ShardsTest.slices(E, 2), ShardsTest.combine(2)));
        started.await();
        Throwable otherRun = failureOf(() -> ShardLinks.connecting("127.0.0.1", port, options, 2).open(1));
        assertTrue(otherRun.getMessage().contains("refused: the listening party serves another run"), otherRun.getMessage());
        go.countDown();
        assertEquals(12, e.get().value().longValue());
        assertEquals(12, g.get().value().longValue());
        silent.forEach(Channel::close);

        for (String said : List.of("refused a connection from 127.0.0.1:PORT: the peer runs one session, this party a sharded run of 2 shards",
                "refused a connection from 127.0.0.1:PORT: the peer runs 3 shards, this party 2",
                "refused a connection from 127.0.0.1:PORT: it is shard 1 of a run whose shard 0",
                "dropped a connection from 127.0.0.1:PORT: made room for a newer connection (64 connections were still to say its shard)",
                "refused a connection from 127.0.0.1:PORT: it belongs to another run")) {
            assertTrue(notices.stream().anyMatch(n -> n.replaceFirst(":\\d+: ", ":PORT: ").startsWith(said)), said + " in " + notices);
        }
    }

    /** A peer of another shard count that is not identified is refused; the run then waits in vain, and says why. */
    @Test
    void aTimeoutNamesTheLastRefusal() {
        TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(3)).withNotices(n -> { });
        int port = ShardsTest.freePort();
        CompletableFuture<Sharded<BigInteger>> g = garbler(options, port);
        Throwable otherK = failureOf(() -> ShardLinks.connecting("127.0.0.1", port, options, 3).open(0));
        assertTrue(otherK.getMessage().contains("refused: the listening party runs 2 shards, the connecting one 3"), otherK.getMessage());
        Throwable e = assertThrows(java.util.concurrent.CompletionException.class, g::join).getCause();
        assertEquals("shard 0 of 2: no peer connected shard 0 to 127.0.0.1:" + port + " within 3 s (refused 1 connection: the peer runs 3"
                + " shards, this party 2: give both parties the same number of shards (--shards))", e.getMessage());
    }

    private record Pki(TlsFiles garbler, TlsFiles evaluator, TlsFiles mallory) {
        static Pki in(Path dir) throws Exception {
            TestCertificates pki = new TestCertificates(dir, "parties-ca");
            return new Pki(pki.party("garbler"), pki.party("evaluator"), pki.party("mallory"));
        }

        /** {@code who}'s options, its peer named {@code role} with {@code peer}'s certificate. */
        static TransportOptions options(TransportOptions base, TlsFiles who, String role, TlsFiles peer) {
            return base.withTls(who).withPeer(PeerIdentity.of(role, PeerCertificate.of(peer.certificate())));
        }
    }

    /**
     * Mallory's certificate is signed by the parties' CA but is not the evaluator's: its shard connection is refused in
     * the TLS handshake, with a notice naming it, and the real run then gives the minimum.
     */
    @Test
    void anImpostorEvaluatorIsRefusedNamingItsCertificate(@TempDir Path dir) throws Exception {
        Pki pki = Pki.in(dir);
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions base = TransportOptions.defaults().withTimeout(Duration.ofSeconds(20)).withNotices(notices::add);
        int port = ShardsTest.freePort();
        CompletableFuture<Sharded<BigInteger>> g = garbler(Pki.options(base, pki.garbler(), "the evaluator", pki.evaluator()), port);
        TransportOptions asMallory = Pki.options(base.withTimeout(Duration.ofSeconds(2)), pki.mallory(), "the garbler", pki.garbler());
        assertThrows(ChannelException.class, () -> ShardLinks.connecting("127.0.0.1", port, asMallory, 2).open(0));
        String mallory = PeerCertificate.of(pki.mallory().certificate()).toString();
        assertTrue(notices.stream().anyMatch(n -> n.contains("the peer presented " + mallory + ", not the evaluator's certificate")),
                notices.toString());
        assertTrue(!g.isDone(), "the garbler's run ended: " + g);
        assertEquals(12, evaluator(Pki.options(base, pki.evaluator(), "the garbler", pki.garbler()), port).value().longValue());
        assertEquals(12, g.get().value().longValue());
    }

    /** A listener with Mallory's certificate at the garbler's address: the evaluator refuses it at once, naming it. */
    @Test
    void anImpostorGarblerIsRefusedByTheEvaluatorAtOnce(@TempDir Path dir) throws Exception {
        Pki pki = Pki.in(dir);
        TransportOptions base = TransportOptions.defaults().withTimeout(Duration.ofSeconds(20)).withNotices(n -> { });
        int port = ShardsTest.freePort();
        CompletableFuture<Sharded<BigInteger>> impostor = garbler(Pki.options(base.withTimeout(Duration.ofSeconds(5)), pki.mallory(),
                "the evaluator", pki.evaluator()), port);
        long start = System.nanoTime();
        Throwable e = failureOf(() -> evaluator(Pki.options(base, pki.evaluator(), "the garbler", pki.garbler()), port));
        double seconds = (System.nanoTime() - start) / 1e9;
        String mallory = PeerCertificate.of(pki.mallory().certificate()).toString();
        assertTrue(e.getMessage().contains("the peer presented " + mallory + ", not the garbler's certificate"), e.getMessage());
        assertTrue(seconds < 15, "the evaluator gave up only after " + seconds + " s");
        assertThrows(java.util.concurrent.CompletionException.class, impostor::join);
    }

    /** The authenticated evaluator with another shard count still fails the run at once, at both parties. */
    @Test
    void anAuthenticatedPeerWithAnotherShardCountFailsTheRunAtOnce(@TempDir Path dir) throws Exception {
        Pki pki = Pki.in(dir);
        TransportOptions base = TransportOptions.defaults().withTimeout(Duration.ofSeconds(20)).withNotices(n -> { });
        int port = ShardsTest.freePort();
        CompletableFuture<Sharded<BigInteger>> g = garbler(Pki.options(base, pki.garbler(), "the evaluator", pki.evaluator()), port);
        long start = System.nanoTime();
        Throwable e = failureOf(() -> CoreBridge.transport(TwoParty.evaluator(), Pki.options(base, pki.evaluator(), "the garbler", pki.garbler()))
                .name("m").connect("127.0.0.1", port).shards(3).run(i -> ShardsTest.shard(1), i -> Inputs.of(new long[] {1}, 20),
                        ShardsTest.combine(3)));
        assertTrue(e.getMessage().contains("refused: the listening party runs 2 shards, the connecting one 3"), e.getMessage());
        Throwable ge = assertThrows(java.util.concurrent.CompletionException.class, g::join).getCause();
        assertEquals("shard 0 of 2: the peer runs 3 shards, this party 2: give both parties the same number of shards (--shards)", ge.getMessage());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 15, "the garbler failed only after " + seconds + " s");
    }
}
