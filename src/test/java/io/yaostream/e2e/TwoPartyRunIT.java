package io.yaostream.e2e;

import io.yaostream.cli.YaostreamCommand;
import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
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
 * two separate processes, the schemes taking turns. Faults: a killed peer, a handshake mismatch, TLS.
 */
class TwoPartyRunIT {
    private static final List<String> SCHEMES = List.of("half-gates", "half-gates-keyed", "grr3", "prf-only");

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

    /** Every vector with every scheme. */
    @TestFactory
    Stream<DynamicTest> everyVectorOverTcp() {
        List<Map.Entry<String, BristolVectors.Vector>> runs = new ArrayList<>();
        for (BristolVectors.Vector v : BristolVectors.all()) {
            for (String scheme : SCHEMES) {
                runs.add(Map.entry(scheme, v));
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
            assertEquals(0, g.status(), g.err());
            assertEquals(0, evaluator.status(), evaluator.err());
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
        return files.stream().map(v -> {
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
        int port = Cli.freePort();
        CompletableFuture<Cli.Result> garbler = Cli.start(aes("garbler", port, "--scheme", "grr3"));
        Cli.Result evaluator = Cli.run(aes("evaluator", port));
        Cli.Result g = garbler.get(120, TimeUnit.SECONDS);
        for (Cli.Result r : List.of(g, evaluator)) {
            assertEquals(1, r.status(), r.err());
            assertEquals(1, lines(r.err()).size(), r.err());
            assertTrue(r.err().contains("handshake mismatch: the peer uses scheme"), r.err());
        }
        port = Cli.freePort();
        CompletableFuture<Cli.Result> other = Cli.start(aes("garbler", port, "--repeat", "2"));
        Cli.Result e2 = Cli.run(aes("evaluator", port));
        assertTrue(e2.err().contains("handshake mismatch: the peer runs program 'repeat 2'"), e2.err());
        assertEquals(1, other.get(120, TimeUnit.SECONDS).status());
    }

    @Test
    void mutualTlsRunsBetweenTrustedPartiesAndRefusesAStranger(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "parties-ca");
        TestCertificates otherPki = new TestCertificates(dir, "other-ca");
        TlsFiles garblerTls = pki.party("garbler");
        TlsFiles evaluatorTls = pki.party("evaluator");
        TlsFiles stranger = otherPki.party("stranger");
        int port = Cli.freePort();
        CompletableFuture<Cli.Result> garbler = Cli.start(aes("garbler", port, tls(garblerTls)));
        Cli.Result evaluator = Cli.run(aes("evaluator", port, tls(evaluatorTls)));
        assertEquals(0, evaluator.status(), evaluator.err());
        assertEquals(List.of("69c4e0d86a7b0430d8cdb78070b4c55a"), evaluator.lines());
        assertEquals(0, garbler.get(120, TimeUnit.SECONDS).status());

        port = Cli.freePort();
        CompletableFuture<Cli.Result> refusing = Cli.start(aes("garbler", port, tls(garblerTls)));
        Cli.Result strangerRun = Cli.run(aes("evaluator", port, tls(new TlsFiles(stranger.certificate(), stranger.privateKey(), pki.caFile()))));
        Cli.Result g = refusing.get(120, TimeUnit.SECONDS);
        assertEquals(1, g.status(), g.err());
        assertTrue(g.err().contains("TLS handshake with peer") && lines(g.err()).size() == 1, g.err());
        assertEquals(1, strangerRun.status(), strangerRun.err());
        assertEquals(1, lines(strangerRun.err()).size(), strangerRun.err());
    }

    private static String[] tls(TlsFiles f) {
        return new String[] {"--tls-cert", f.certificate().toString(), "--tls-key", f.privateKey().toString(), "--tls-trust", f.trusted().toString()};
    }
}
