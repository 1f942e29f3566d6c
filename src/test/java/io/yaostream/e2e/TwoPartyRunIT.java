package io.yaostream.e2e;

import io.yaostream.cli.YaostreamCommand;
import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --listen} / {@code run --connect}: two parties over TCP loopback. Every Bristol vector runs through
 * the command's code in this JVM (two threads, a real TCP connection) with every scheme; each file also runs as
 * two separate processes, the schemes taking turns (one file per scheme in the suite's Java-kernel pass). Faults: a
 * killed peer, a handshake mismatch, TLS.
 */
class TwoPartyRunIT {
    private static final List<String> SCHEMES = io.yaostream.core.garble.Schemes.names();
    /** Schemes per vector over TCP in the native pass, taking turns: each scheme runs every vector in process already. */
    private static final int SCHEMES_PER_VECTOR = 3;

    /** The run arguments of one party for a vector: group 1 is the garbler's, the rest the evaluator's. */
    private static List<String> partyArgs(BristolVectors.Vector v, String role, String scheme, int port) {
        List<String> args = new ArrayList<>(List.of("run", "--role", role, "--circuit", Cli.bristol(v.file()).toString(), "--scheme", scheme));
        List<String> mine = role.equals("garbler") ? v.in().subList(0, 1) : v.in().subList(1, v.in().size());
        for (String in : mine) {
            args.add("--in");
            args.add(in);
        }
        if (v.msbFirst()) {
            args.add("--msb-first");
        }
        args.addAll(role.equals("garbler") ? List.of("--listen", Integer.toString(port)) : List.of("--connect", "127.0.0.1:" + port));
        return args;
    }

    private record InProcess(int status, String out, String err) {
    }

    private static InProcess execute(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new InProcess(status, out.toString(), err.toString());
    }

    private static List<String> lines(String s) {
        return s.isBlank() ? List.of() : List.of(s.strip().split("\n"));
    }

    /**
     * Every vector over TCP with three schemes, all the schemes taking turns (GarbledSharedCircuitsTest runs every Bristol
     * file with every scheme in one process). The Java-kernel pass runs each file once, the schemes taking turns: that the two
     * kernels garble bit for bit alike is proven on random circuits for every scheme by the native module's tests
     * (NativeKernelTest, ThreePartyKernelsTest), so this pass shows the Java kernel end to end on every file, not every
     * vector again.
     */
    @TestFactory
    Stream<DynamicTest> everyVectorOverTcp() {
        List<Map.Entry<String, BristolVectors.Vector>> runs = new ArrayList<>();
        Map<String, Boolean> fileSeen = new LinkedHashMap<>();
        for (BristolVectors.Vector v : BristolVectors.all()) {
            if (Cli.javaKernelPass()) {
                if (fileSeen.putIfAbsent(v.file(), true) == null) {
                    runs.add(Map.entry(SCHEMES.get((fileSeen.size() - 1) % SCHEMES.size()), v));
                }
                continue;
            }
            int first = runs.size(); // three runs per vector so far: the next vector starts at the next three schemes
            for (int k = 0; k < SCHEMES_PER_VECTOR; k++) {
                runs.add(Map.entry(SCHEMES.get((first + k) % SCHEMES.size()), v));
            }
        }
        return runs.stream().map(run -> {
            String scheme = run.getKey();
            BristolVectors.Vector v = run.getValue();
            return DynamicTest.dynamicTest(scheme + " " + v.file() + " " + v.in(), () -> {
            int port = Cli.freePort();
            CompletableFuture<InProcess> garbler = CompletableFuture.supplyAsync(() -> execute(partyArgs(v, "garbler", scheme, port)));
            InProcess evaluator = execute(partyArgs(v, "evaluator", scheme, port));
            InProcess g = garbler.get(120, TimeUnit.SECONDS);
            String both = "garbler: " + g.err() + " / evaluator: " + evaluator.err();
            assertEquals(0, g.status(), both);
            assertEquals(0, evaluator.status(), both);
            assertEquals(v.out(), lines(g.out()), "garbler's outputs");
            assertEquals(v.out(), lines(evaluator.out()), "evaluator's outputs");
            assertTrue(g.err().startsWith("garbler: ") && g.err().contains("AND gates"), g.err());
            });
        });
    }

    @TestFactory
    Stream<DynamicTest> everyFileAsTwoProcesses() {
        Map<String, BristolVectors.Vector> firstOfEachFile = new LinkedHashMap<>();
        for (BristolVectors.Vector v : BristolVectors.all()) {
            firstOfEachFile.putIfAbsent(v.file(), v);
        }
        List<BristolVectors.Vector> files = new ArrayList<>(firstOfEachFile.values());
        // Two processes add start-up and process boundaries, not kernel coverage, and every vector already runs over
        // TCP with every scheme under each kernel above: the Java-kernel pass runs one file per scheme as processes.
        List<BristolVectors.Vector> asProcesses = Cli.javaKernelPass() ? files.subList(0, SCHEMES.size()) : files;
        return asProcesses.stream().map(v -> {
            String scheme = SCHEMES.get(files.indexOf(v) % SCHEMES.size());
            return DynamicTest.dynamicTest(scheme + " " + v.file(), () -> {
                int port = Cli.freePort();
                CompletableFuture<Cli.Result> garbler = Cli.start(partyArgs(v, "garbler", scheme, port).toArray(String[]::new));
                Cli.Result evaluator = Cli.run(partyArgs(v, "evaluator", scheme, port).toArray(String[]::new));
                Cli.Result g = garbler.get(120, TimeUnit.SECONDS);
                assertEquals(0, g.status(), g.err());
                assertEquals(0, evaluator.status(), evaluator.err());
                assertEquals(v.out(), g.lines());
                assertEquals(v.out(), evaluator.lines());
            });
        });
    }

    private static String[] aes(String role, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--role", role, "--circuit", Cli.bristol("aes_128.txt").toString(),
                "--in", role.equals("garbler") ? "000102030405060708090a0b0c0d0e0f" : "00112233445566778899aabbccddeeff"));
        args.addAll(role.equals("garbler") ? List.of("--listen", Integer.toString(port)) : List.of("--connect", "127.0.0.1:" + port));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /**
     * Millions of AND gates with 16 MiB of heap at each party, whose direct-memory limit is then 16 MiB too: frame
     * buffers come from a small pool and received frames are not copied into ever larger buffers, so neither
     * party runs out (before, the evaluator failed after about a million AND gates).
     */
    @Test
    void aLongRunFitsInSixteenMegabytesAtEachParty() throws Exception {
        int port = Cli.freePort();
        List<String> jvm = List.of("-Xmx16m");
        String[] repeat = {"--repeat", "1000", "--circuit", Cli.bristol("mult64.txt").toString()};
        Cli.Running garbler = Cli.launch(jvm, concat(List.of("run", "--role", "garbler", "--in", "0000000000000005",
                "--listen", Integer.toString(port)), repeat));
        Cli.Running evaluator = Cli.launch(jvm, concat(List.of("run", "--role", "evaluator", "--in", "0000000000000007",
                "--connect", "127.0.0.1:" + port), repeat));
        Cli.Result e = evaluator.await(120);
        Cli.Result g = garbler.await(30);
        for (Cli.Result r : List.of(g, e)) {
            assertEquals(0, r.status(), r.err());
            assertEquals(List.of("0000000000000023"), r.lines(), r.err());
            assertTrue(r.err().contains("4,033,000 AND gates"), r.err());
        }
    }

    private static String[] concat(List<String> first, String[] more) {
        List<String> all = new ArrayList<>(first);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }

    @Test
    void aKilledPeerEndsTheOtherWithOneLineSayingHowFarItGot() throws Exception {
        Cli.firstPassOnly("a dead peer does not depend on the kernel");
        int port = Cli.freePort();
        Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, aes("garbler", port, "--repeat", "100000000", "--timeout", "20"));
        Cli.Running evaluator = Cli.launch(Cli.QUICK_JVM, aes("evaluator", port, "--repeat", "100000000", "--timeout", "20"));
        Thread.sleep(6000); // connected and well into the run
        assertTrue(evaluator.process().isAlive() && garbler.process().isAlive(), "the run ended early: " + garbler.errSoFar() + evaluator.errSoFar());
        evaluator.process().destroyForcibly();
        long killed = System.nanoTime();
        Cli.Result g = garbler.await(60);
        double seconds = (System.nanoTime() - killed) / 1e9;
        evaluator.await(10);
        assertEquals(1, g.status(), g.err());
        List<String> err = lines(g.err());
        assertEquals(1, err.size(), g.err());
        assertTrue(err.get(0).startsWith("yaostream run: ") && err.get(0).contains("AND gates in") && err.get(0).contains("circuit calls"), g.err());
        assertTrue(seconds < 20, "the garbler took " + seconds + " s to notice");
    }

    @Test
    void aHandshakeMismatchIsOneClearLineAtBothParties() throws Exception {
        Cli.firstPassOnly("the handshake does not depend on the kernel");
        int port = Cli.freePort();
        CompletableFuture<Cli.Result> garbler = Cli.start(aes("garbler", port, "--scheme", "grr3", "--timeout", "5"));
        Cli.Result evaluator = Cli.run(aes("evaluator", port));
        Cli.Result g = garbler.get(120, TimeUnit.SECONDS);
        for (Cli.Result r : List.of(g, evaluator)) {
            assertEquals(1, r.status(), r.err());
            assertEquals(1, errorLines(r.err()).size(), r.err());
            assertTrue(r.err().contains("handshake mismatch: the peer uses scheme"), r.err());
        }
        // The listening garbler said at once whom it refused and why, and waited on: the evaluator was not authenticated.
        assertTrue(g.err().matches("(?s)garbler: refused a connection from 127\\.0\\.0\\.1:\\d+: handshake mismatch: the peer uses scheme half-gates,"
                + " this party grr3\\R.*no peer connected to .* within 5 s \\(refused 1 connection: handshake mismatch.*"), g.err());
        port = Cli.freePort();
        CompletableFuture<Cli.Result> other = Cli.start(aes("garbler", port, "--repeat", "2", "--timeout", "5"));
        Cli.Result e2 = Cli.run(aes("evaluator", port));
        assertTrue(e2.err().contains("handshake mismatch: the peer runs program 'circuit repeat 2'"), e2.err());
        assertEquals(1, other.get(120, TimeUnit.SECONDS).status());
    }

    /**
     * Each party of a two-process run delays what it receives, so the option at both simulates both directions: the
     * run still decodes, the JSON names the network and the flights, and it takes at least the 3 one-way latencies of
     * 20 ms the session waits (the garbler's base-OT points with its hello, the evaluator's answer with its corrections,
     * the tables).
     */
    @Test
    void twoProcessesRunOverASimulatedNetwork() throws Exception {
        int port = Cli.freePort();
        CompletableFuture<Cli.Result> garbler = Cli.start(aes("garbler", port, "--network", "100mbit,20ms", "--json"));
        Cli.Result evaluator = Cli.run(aes("evaluator", port, "--network", "100mbit,20ms", "--json"));
        Cli.Result g = garbler.get(120, TimeUnit.SECONDS);
        for (Cli.Result r : List.of(g, evaluator)) {
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("\"result\":[\"69c4e0d86a7b0430d8cdb78070b4c55a\"]") && r.out().contains("\"network\":\"100mbit,20ms\""),
                    r.out());
            // Each party's clock, from its session's start to its result, spans at least 3 one-way latencies of 20 ms (the
            // listening garbler's starts once the hellos are exchanged, a flight into the evaluator's 3; its outputs come a
            // flight after the evaluator's), and the wire counts 3 flights to the evaluator's result, 4 to the garbler's.
            java.util.regex.Matcher seconds = java.util.regex.Pattern.compile("\"seconds\":([0-9.eE+-]+)").matcher(r.out());
            assertTrue(seconds.find() && Double.parseDouble(seconds.group(1)) >= 3 * 0.020, r.out());
            assertTrue(r.out().contains("\"flights\":" + (r == g ? 4 : 3)), r.out());
        }
    }

    /** Standard-error lines other than the connecting side's notice that it is waiting for the listener. */
    private static List<String> errorLines(String err) {
        return lines(err).stream().filter(l -> !l.matches("(garbler|evaluator): (waiting for |links are encrypted, but |the listener at |refused a connection from ).*"))
                .toList();
    }

    /**
     * A garbler that names its evaluator's certificate ({@code --peer-cert}): a stranger (its certificate signed by a CA
     * the garbler does not trust) and an impostor (mallory, whose certificate the same CA signed) are each refused in
     * the TLS handshake with a line that says why, the garbler naming mallory's certificate; it drops each with one
     * line and goes on, so the real evaluator, which names the garbler's certificate in turn, runs.
     */
    @Test
    void mutualTlsWithNamedPeersRefusesAStrangerAndAnImpostor(@TempDir Path dir) throws Exception {
        Cli.firstPassOnly("TLS does not depend on the kernel");
        TestCertificates pki = new TestCertificates(dir, "parties-ca");
        TestCertificates otherPki = new TestCertificates(dir, "other-ca");
        TlsFiles garblerTls = pki.party("garbler");
        TlsFiles evaluatorTls = pki.party("evaluator");
        TlsFiles mallory = pki.party("mallory");
        TlsFiles stranger = otherPki.party("stranger");
        int port = Cli.freePort();
        Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, aes("garbler", port, with(tls(garblerTls), "--peer-cert",
                evaluatorTls.certificate().toString())));
        Cli.Result strangerRun = Cli.run(aes("evaluator", port, tls(new TlsFiles(stranger.certificate(), stranger.privateKey(), pki.caFile()))));
        assertEquals(1, strangerRun.status(), strangerRun.err());
        List<String> refused = errorLines(strangerRun.err());
        assertEquals(1, refused.size(), strangerRun.err());
        assertTrue(refused.get(0).startsWith("yaostream run: cannot connect to 127.0.0.1:" + port + ": TLS handshake failed: ")
                && !refused.get(0).contains("null"), strangerRun.err());
        assertTrue(strangerRun.err().contains("evaluator: links are encrypted, but the peer is not identified"), strangerRun.err());

        Cli.Result impostor = Cli.run(aes("evaluator", port, tls(mallory)));
        assertEquals(1, impostor.status(), impostor.err());
        assertTrue(errorLines(impostor.err()).get(0).startsWith("yaostream run: cannot connect to 127.0.0.1:" + port
                + ": TLS handshake failed: the peer refused this party's certificate"), impostor.err());

        Cli.Result evaluator = Cli.run(aes("evaluator", port, with(tls(evaluatorTls), "--peer-cert", garblerTls.certificate().toString())));
        assertEquals(0, evaluator.status(), evaluator.err());
        assertEquals(List.of("69c4e0d86a7b0430d8cdb78070b4c55a"), evaluator.lines());
        Cli.Result g = garbler.await(60);
        assertEquals(0, g.status(), g.err());
        List<String> err = lines(g.err());
        assertEquals(3, err.size(), g.err());
        assertTrue(err.get(0).matches("garbler: dropped connection from 127\\.0\\.0\\.1:\\d+: TLS handshake failed: the peer presented no"
                + " certificate signed by a certificate this party trusts"), g.err());
        assertTrue(err.get(1).matches("garbler: dropped connection from 127\\.0\\.0\\.1:\\d+: TLS handshake failed: the peer presented"
                + " CN=mallory \\(SHA-256 [0-9A-F:]+…:[0-9A-F:]+\\), not the evaluator's certificate CN=evaluator \\(SHA-256 .*\\)"), g.err());
    }

    private static String[] with(String[] args, String... more) {
        String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    /**
     * {@code --listen 0 --bind 127.0.0.1}: the garbler says which port it got, on the interface asked for; an HTTP
     * probe and a silent connection before the evaluator are dropped with one line each, and the run completes.
     */
    @Test
    void listenZeroOnABoundInterfaceSurvivesStrayConnections() throws Exception {
        Cli.firstPassOnly("the listener does not depend on the kernel");
        Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, aes("garbler", 0, "--bind", "127.0.0.1", "--timeout", "20"));
        int port = Integer.parseInt(awaitErr(garbler, "garbler: listening on 127\\.0\\.0\\.1:(\\d+)"));
        try (Socket probe = new Socket("127.0.0.1", port); Socket silent = new Socket("127.0.0.1", port)) {
            probe.getOutputStream().write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            probe.getOutputStream().flush();
            awaitErr(garbler, "garbler: dropped connection from 127\\.0\\.0\\.1:\\d+: not a yaostream peer: first bytes look like HTTP \\(\"GET / HTTP/1\\.1\"\\)()");
            Cli.Result evaluator = Cli.run(aes("evaluator", port));
            assertEquals(0, evaluator.status(), evaluator.err());
            assertEquals(List.of("69c4e0d86a7b0430d8cdb78070b4c55a"), evaluator.lines());
            Cli.Result g = garbler.await(60);
            assertEquals(0, g.status(), g.err());
            List<String> err = lines(g.err());
            assertEquals(4, err.size(), g.err());
            assertTrue(err.get(2).matches("garbler: dropped connection from 127\\.0\\.0\\.1:" + silent.getLocalPort() + ": (another peer greeted first|sent no greeting within 5 s)"),
                    g.err());
            assertTrue(err.get(3).startsWith("garbler: ") && err.get(3).contains("AND gates"), g.err());
        }
    }

    /** Waits (up to 30 s) for a line of the process's standard error to match {@code regex}; returns its first group. */
    private static String awaitErr(Cli.Running p, String regex) throws InterruptedException {
        java.util.regex.Pattern pattern = java.util.regex.Pattern.compile(regex);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            for (String line : lines(p.errSoFar())) {
                java.util.regex.Matcher m = pattern.matcher(line);
                if (m.matches()) {
                    return m.group(1);
                }
            }
            assertTrue(p.process().isAlive(), "the party ended: " + p.errSoFar());
            Thread.sleep(50);
        }
        throw new AssertionError("no line matching " + regex + " in: " + p.errSoFar());
    }

    @Test
    void aBindAddressThatIsNotThisMachinesIsACommandLineError() {
        Cli.firstPassOnly("the command line is parsed before any kernel loads");
        InProcess notLocal = execute(List.of(aes("garbler", 0, "--bind", "192.0.2.1")));
        assertEquals(2, notLocal.status(), notLocal.err());
        assertEquals(List.of("yaostream run: --bind: 192.0.2.1 is not an address of this machine (give one of its interfaces' addresses,"
                + " or leave --bind out to listen on all) (see 'yaostream run --help')"), lines(notLocal.err()));
        InProcess unknown = execute(List.of(aes("garbler", 0, "--bind", "no such host")));
        assertEquals(2, unknown.status(), unknown.err());
        assertTrue(unknown.err().contains("--bind: 'no such host' is neither an IP address nor a known host name"), unknown.err());
        InProcess connecting = execute(List.of(aes("evaluator", 7000, "--bind", "127.0.0.1")));
        assertEquals(2, connecting.status(), connecting.err());
        assertTrue(connecting.err().contains("--bind: only with --listen"), connecting.err());
    }

    /** Nobody listening: one line after a second of retries (not one per retry), then the error at --timeout. */
    @Test
    void aConnectingPartySaysOnceThatItIsWaiting() {
        Cli.firstPassOnly("connecting does not depend on the kernel");
        int port = Cli.freePort();
        long start = System.nanoTime();
        InProcess r = execute(List.of(aes("evaluator", port, "--timeout", "2")));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(1, r.status(), r.err());
        List<String> err = lines(r.err());
        assertEquals(2, err.size(), r.err());
        assertEquals("evaluator: waiting for 127.0.0.1:" + port + " (nobody is listening yet; retrying for up to 2 s)", err.get(0));
        assertTrue(err.get(1).startsWith("yaostream run: cannot connect to 127.0.0.1:" + port), r.err());
        assertTrue(seconds < 4, seconds + " s");
    }

    /** A PKCS#1 key is refused when the party starts, before it listens, with the openssl command that converts it. */
    @Test
    void aPkcs1KeyIsRefusedAtStartUp(@TempDir Path dir) throws Exception {
        Cli.firstPassOnly("TLS files are checked before any kernel loads");
        TestCertificates pki = new TestCertificates(dir, "parties-ca");
        TlsFiles rsa = pki.rsaParty("garbler");
        Path pkcs1 = pki.pkcs1Key("garbler");
        InProcess r = execute(List.of(aes("garbler", 0, tls(new TlsFiles(rsa.certificate(), pkcs1, rsa.trusted())))));
        assertEquals(1, r.status(), r.err());
        assertEquals(List.of("yaostream run: TLS private key file " + pkcs1 + ": a PKCS#1 RSA key (-----BEGIN RSA PRIVATE KEY-----), not PKCS#8;"
                + " convert it with: openssl pkcs8 -topk8 -nocrypt -in " + pkcs1 + " -out key-pkcs8.pem"), lines(r.err()));
    }

    private static String[] tls(TlsFiles f) {
        return new String[] {"--tls-cert", f.certificate().toString(), "--tls-key", f.privateKey().toString(), "--tls-trust", f.trusted().toString()};
    }
}
