package io.yaostream.core.net;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.Result;
import io.yaostream.ThreeParty;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.Party;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.testing.TestCircuits;
import io.yaostream.core.threeparty.ThreeLinks;
import io.yaostream.core.threeparty.ThreePartyCircuit;
import io.yaostream.core.threeparty.ThreePartySession;
import io.yaostream.core.twoparty.YaoSession;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Links bound to the party they claim: the impostor attacks a review found, each now refused in the TLS handshake with
 * one line that names the certificate presented, while the run with the real party goes on. Every certificate here is
 * signed by the one CA all parties trust, as an organisation's CA or a shared trust file would be: trust alone would
 * take any of them.
 */
@Timeout(120)
class PeerIdentityTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @TempDir
    Path dir;
    private TestCertificates pki;
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final TransportOptions options = TransportOptions.defaults().withTimeout(TIMEOUT).withNotices(notices::add);

    @BeforeEach
    void certificates() throws Exception {
        pki = new TestCertificates(dir, "parties-ca");
    }

    @AfterEach
    void noThreadsLeft() throws InterruptedException {
        NettyTransportTest.assertNoNetThreads();
    }

    private static String pem(TlsFiles f) {
        return f.certificate().toString();
    }

    private static String subject(TlsFiles f) {
        return PeerCertificate.of(f.certificate()).toString();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Two parties

    private final CompiledCircuit circuit = TestCircuits.random(new Random(36), 400);
    private final RepeatProgram program = new RepeatProgram(circuit, 1);
    private final Inputs garblerIn = CoreBridge.inputs(width -> pattern(width, 3));
    private final Inputs evaluatorIn = CoreBridge.inputs(width -> pattern(width, 5));

    private static BitString pattern(int width, int every) {
        boolean[] bits = new boolean[width];
        for (int i = 0; i < width; i++) {
            bits[i] = i % every == 0;
        }
        return BitString.fromBits(bits);
    }

    private TwoParty party(Party role, TlsFiles tls) {
        return CoreBridge.circuits(CoreBridge.transport(TwoParty.as(role).kernel("java"), options.withTls(tls)).name(program.name()), List.of(circuit));
    }

    /**
     * A holder of another certificate under the trust file (mallory) connects to a garbler that names its evaluator:
     * mallory is refused in the TLS handshake, the garbler says whose certificate it refused and goes on waiting, and the
     * real evaluator runs with it.
     */
    @Test
    void anImpostorEvaluatorIsRefusedAndTheRealOneRuns() throws Exception {
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        TlsFiles mallory = pki.party("mallory");
        int port = freePort();
        CompletableFuture<Result<List<Optional<BitString>>>> g = CompletableFuture.supplyAsync(() ->
                party(Party.GARBLER, garbler).peerCertificate(pem(evaluator)).listen("127.0.0.1", port).run(CoreBridge.program(program), garblerIn));
        ChannelException refused = assertThrows(ChannelException.class, () -> party(Party.EVALUATOR, mallory)
                .connect("127.0.0.1", port).run(CoreBridge.program(program), evaluatorIn));
        assertTrue(refused.getMessage().contains("TLS handshake failed: the peer refused this party's certificate"), refused.getMessage());
        String line = "TLS handshake failed: the peer presented " + subject(mallory) + ", not the evaluator's certificate " + subject(evaluator);
        assertTrue(notices.stream().anyMatch(n -> n.matches("dropped connection from 127\\.0\\.0\\.1:\\d+: .*") && n.endsWith(line)),
                notices.toString());

        Result<List<Optional<BitString>>> e = party(Party.EVALUATOR, evaluator).peerCertificate(pem(garbler))
                .connect("127.0.0.1", port).run(CoreBridge.program(program), evaluatorIn);
        assertEquals(TwoParty.plain(CoreBridge.program(program), Party.EVALUATOR, garblerIn, evaluatorIn), e.value());
        assertEquals(TwoParty.plain(CoreBridge.program(program), Party.GARBLER, garblerIn, evaluatorIn), g.get(30, TimeUnit.SECONDS).value());
    }

    /**
     * Only the authenticated peer can end a listening party's run by disagreeing: an evaluator with the named certificate
     * and another scheme fails the garbler at once, where an unauthenticated one would be refused while it waits on.
     */
    @Test
    void theAuthenticatedPeerThatDisagreesEndsTheRunAtOnce() throws Exception {
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        int port = freePort();
        long start = System.nanoTime();
        CompletableFuture<Result<List<Optional<BitString>>>> g = CompletableFuture.supplyAsync(() ->
                party(Party.GARBLER, garbler).peerCertificate(pem(evaluator)).listen("127.0.0.1", port).run(CoreBridge.program(program), garblerIn));
        assertThrows(RuntimeException.class, () -> party(Party.EVALUATOR, evaluator).scheme("grr3").peerCertificate(pem(garbler))
                .connect("127.0.0.1", port).run(CoreBridge.program(program), evaluatorIn));
        java.util.concurrent.ExecutionException e = assertThrows(java.util.concurrent.ExecutionException.class, () -> g.get(30, TimeUnit.SECONDS));
        assertEquals("handshake mismatch: the peer uses scheme grr3, this party half-gates", e.getCause().getMessage());
        assertTrue((System.nanoTime() - start) / 1e9 < TIMEOUT.toSeconds() / 2.0, "the garbler ended at once, not at its timeout");
    }

    /** An evaluator that names its garbler refuses, at once, a listener that presents another certificate. */
    @Test
    void anImpostorGarblerIsRefusedByTheEvaluator() throws Exception {
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        TlsFiles mallory = pki.party("mallory");
        try (NettyTransport.Listener impostor = NettyTransport.listen("127.0.0.1", 0, options.withTls(mallory))) {
            long start = System.nanoTime();
            ChannelException refused = assertThrows(ChannelException.class, () -> party(Party.EVALUATOR, evaluator)
                    .peerCertificate(pem(garbler)).connect("127.0.0.1", impostor.port()).run(CoreBridge.program(program), evaluatorIn));
            assertEquals("cannot connect to 127.0.0.1:" + impostor.port() + ": TLS handshake failed: the peer presented " + subject(mallory)
                    + ", not the garbler's certificate " + subject(garbler), refused.getMessage());
            assertTrue((System.nanoTime() - start) / 1e9 < 10, "refused at once, not after retrying");
        }
    }

    /** A fingerprint names the peer as its file does; a wrong one refuses even the right party. */
    @Test
    void aFingerprintNamesThePeerAsItsFileDoes() throws Exception {
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        String fingerprint = "sha256:" + PeerCertificate.of(evaluator.certificate()).fingerprint();
        int port = freePort();
        CompletableFuture<Result<List<Optional<BitString>>>> g = CompletableFuture.supplyAsync(() ->
                party(Party.GARBLER, garbler).peerCertificate(fingerprint).listen("127.0.0.1", port).run(CoreBridge.program(program), garblerIn));
        String wrong = "sha256:" + "00".repeat(32);
        ChannelException refused = assertThrows(ChannelException.class, () -> party(Party.EVALUATOR, evaluator).peerCertificate(wrong)
                .connect("127.0.0.1", port).run(CoreBridge.program(program), evaluatorIn));
        assertTrue(refused.getMessage().endsWith("not the garbler's certificate SHA-256 00:00:00:00:…:00:00"), refused.getMessage());
        Result<List<Optional<BitString>>> e = party(Party.EVALUATOR, evaluator)
                .peerCertificate("sha256:" + PeerCertificate.of(garbler.certificate()).fingerprint().replace(":", ""))
                .connect("127.0.0.1", port).run(CoreBridge.program(program), evaluatorIn);
        assertEquals(TwoParty.plain(CoreBridge.program(program), Party.EVALUATOR, garblerIn, evaluatorIn), e.value());
        g.get(30, TimeUnit.SECONDS);
    }

    /**
     * Without a named certificate, a connection by host name checks that the listener's certificate names that host, as
     * HTTPS does (the test certificates name no host); a named certificate is the identity whatever name reached it.
     */
    @Test
    void aHostNameIsCheckedWhereNoCertificateIsNamed() throws Exception {
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options.withTls(garbler))) {
            ChannelException refused = assertThrows(ChannelException.class,
                    () -> NettyTransport.connect("localhost", l.port(), options.withTls(evaluator)));
            assertTrue(refused.getMessage().contains("the peer's certificate does not name the host connected to"), refused.getMessage());
        }
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options.withTls(garbler))) {
            CompletableFuture<Channel> server = CompletableFuture.supplyAsync(l::accept);
            Channel client = NettyTransport.connect("localhost", l.port(), options.withTls(evaluator)
                    .withPeer(PeerIdentity.of("the garbler", PeerCertificate.of(garbler.certificate()))));
            assertEquals(PeerCertificate.of(garbler.certificate()), client.peerIdentity());
            Channel s = server.get(10, TimeUnit.SECONDS);
            assertEquals(null, s.peerIdentity(), "a listener that names no peer authenticates none");
            client.close();
            s.close();
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Three parties

    private final CompiledCircuit three = TestCircuits.random(new Random(37), 300);
    private final ThreePartyCircuit threeProgram = new ThreePartyCircuit(three, 1);

    private ThreeParty threeParty(int p, TlsFiles[] tls) {
        ThreeParty config = CoreBridge.transport(CoreBridge.circuits(ThreeParty.as(p).kernel("java").name(threeProgram.name()), List.of(three)), options.withTls(tls[p - 1]));
        for (int q = 1; q <= 3; q++) {
            if (q != p) {
                config = config.peerCertificate(q, pem(tls[q - 1]));
            }
        }
        return config;
    }

    private List<Inputs> threeInputs(BitString[] inputs) {
        List<List<BitString>> feeds = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int g = 0; g < inputs.length; g++) {
            feeds.get(ThreePartyCircuit.owner(g) - 1).add(inputs[g]);
        }
        return feeds.stream().map(f -> Inputs.bits(f.stream().map(CoreBridge::bits).toList())).toList();
    }

    private CompletableFuture<ThreeParty.Result<List<Optional<BitString>>>> start(int p, TlsFiles[] tls,
                                                                                         List<InetSocketAddress> addresses, Inputs in) {
        return CompletableFuture.supplyAsync(() -> threeParty(p, tls).run(addresses, CoreBridge.program(threeProgram), in));
    }

    /**
     * Party {@code victim} names the party before it in the ring, which it accepts; the party after it (which it does
     * not accept) connects to it posing as that party, with its own certificate: P1 as P2 to P3, P3 as P1 to P2, P2 as
     * P3 to P1. The impostor is refused in the TLS handshake, the victim names the certificate it refused and goes on,
     * and all three then finish with the plaintext result.
     */
    @ParameterizedTest
    @ValueSource(ints = {3, 2, 1})
    void aPartyPosingAsAnotherIsRefusedAndTheRunGoesOn(int victim) throws Exception {
        TlsFiles[] tls = {pki.party("p1"), pki.party("p2"), pki.party("p3")};
        List<InetSocketAddress> addresses = List.of(loopback(freePort()), loopback(freePort()), loopback(freePort()));
        Random rnd = new Random(victim);
        BitString[] inputs = new BitString[three.inputs().size()];
        for (int g = 0; g < inputs.length; g++) {
            boolean[] bits = new boolean[three.inputs().get(g).width()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = rnd.nextBoolean();
            }
            inputs[g] = BitString.fromBits(bits);
        }
        List<Inputs> feeds = threeInputs(inputs);
        int impostor = ThreeLinks.next(victim);
        int posedAs = ThreeLinks.previous(victim);

        var victimRun = start(victim, tls, addresses, feeds.get(victim - 1));
        int victimPort = addresses.get(victim - 1).getPort();
        ChannelException refused = assertThrows(ChannelException.class,
                () -> NettyTransport.connect("127.0.0.1", victimPort, options.withTls(tls[impostor - 1])));
        assertTrue(refused.getMessage().contains("the peer refused this party's certificate"), refused.getMessage());
        String line = "TLS handshake failed: the peer presented " + subject(tls[impostor - 1]) + ", not P" + posedAs + "'s certificate "
                + subject(tls[posedAs - 1]);
        assertTrue(notices.stream().anyMatch(n -> n.endsWith(line)), notices.toString());

        List<CompletableFuture<ThreeParty.Result<List<Optional<BitString>>>>> runs = new ArrayList<>(List.of(victimRun));
        for (int p = 1; p <= 3; p++) {
            if (p != victim) {
                runs.add(start(p, tls, addresses, feeds.get(p - 1)));
            }
        }
        BitString[] expected = new PlainEvaluator().evaluate(three, inputs);
        for (var run : runs) {
            ThreeParty.Result<List<Optional<BitString>>> r = run.get(60, TimeUnit.SECONDS);
            for (int g = 0; g < expected.length; g++) {
                assertEquals(Optional.of(expected[g]), r.value().get(g), "P" + r.party() + ", output " + g);
            }
        }
    }

    /** A party refuses, at once, a listener at the next party's address that presents another certificate. */
    @Test
    void aListenerPosingAsTheNextPartyIsRefused() throws Exception {
        TlsFiles[] tls = {pki.party("p1"), pki.party("p2"), pki.party("p3")};
        TlsFiles mallory = pki.party("mallory");
        try (NettyTransport.Listener impostor = NettyTransport.listen("127.0.0.1", 0, options.withTls(mallory))) {
            List<InetSocketAddress> addresses = List.of(loopback(freePort()), loopback(freePort()), loopback(impostor.port()));
            ChannelException e = assertThrows(ChannelException.class, () -> threeParty(2, tls)
                    .timeout(Duration.ofSeconds(3)).run(addresses, CoreBridge.program(threeProgram), Inputs.bits(List.of())));
            assertTrue(e.getMessage().startsWith("link to P3: cannot connect to 127.0.0.1:" + impostor.port() + ": TLS handshake failed: the"
                    + " peer presented " + subject(mallory) + ", not P3's certificate " + subject(tls[2])), e.getMessage());
        }
    }

    /** Each other party needs a certificate of its own: two parties with one, or one with this party's, are refused. */
    @Test
    void certificatesThatCouldPoseAsEachOtherAreRefused() throws Exception {
        TlsFiles[] tls = {pki.party("p1"), pki.party("p2"), pki.party("p3")};
        List<InetSocketAddress> addresses = List.of(loopback(1), loopback(2), loopback(3));
        ThreeParty p3 = CoreBridge.transport(ThreeParty.as(3), options.withTls(tls[2]));
        IllegalArgumentException same = assertThrows(IllegalArgumentException.class,
                () -> p3.peerCertificate(1, pem(tls[0])).peerCertificate(2, pem(tls[0])).checkLinks(addresses));
        assertEquals("P1 and P2 are given the same certificate: each party needs a certificate of its own, or one could pose as the other",
                same.getMessage());
        IllegalArgumentException own = assertThrows(IllegalArgumentException.class,
                () -> p3.peerCertificate(1, pem(tls[2])).peerCertificate(2, pem(tls[1])).checkLinks(addresses));
        assertTrue(own.getMessage().startsWith("P1's certificate is this party's own (P3)"), own.getMessage());
        IllegalArgumentException half = assertThrows(IllegalArgumentException.class,
                () -> p3.peerCertificate(1, pem(tls[0])).checkLinks(addresses));
        assertEquals("P3 names P1's certificate but not P2's: name both other parties'", half.getMessage());
        assertDoesNotThrow(() -> p3.peerCertificate(1, pem(tls[0])).peerCertificate(2, pem(tls[1])).checkLinks(addresses));
    }

    /**
     * Across machines, a three-party run without bound links is refused before it connects, unless told to run insecurely;
     * on this machine alone it needs neither.
     */
    @Test
    void unboundLinksAcrossMachinesAreRefusedUnlessAskedFor() {
        List<InetSocketAddress> remote = List.of(InetSocketAddress.createUnresolved("p1.example", 7101),
                InetSocketAddress.createUnresolved("p2.example", 7102), loopback(7103));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ThreeParty.as(3).checkLinks(remote));
        assertEquals(LinkPolicy.UNBOUND_ACROSS_MACHINES, e.getMessage());
        assertDoesNotThrow(() -> ThreeParty.as(3).insecureLinks().checkLinks(remote));
        assertDoesNotThrow(() -> ThreeParty.as(3).checkLinks(List.of(loopback(1), loopback(2),
                InetSocketAddress.createUnresolved("localhost", 3))));
    }

    private static InetSocketAddress loopback(int port) {
        return InetSocketAddress.createUnresolved("127.0.0.1", port);
    }

    private static int freePort() throws Exception {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}
