package io.yaostream.e2e;

import io.yaostream.cli.YaostreamCommand;
import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.math.BigInteger;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run3} and {@code demo3}: three parties over TCP loopback, input group g of the circuit owned by party g.
 *
 * <p>Every Bristol vector runs through the command's code in this JVM (three threads, each a {@code run3} with its
 * own {@code --peers} listener and connection); a representative subset of the files also runs as three separate
 * processes, started in different orders. A process costs about a second of CPU to start, so the 87 vectors as three
 * processes each would take minutes of the suite's time on a two-core machine. Random Bristol Fashion circuits with
 * three input groups are checked against {@code eval}, each party's {@code --json} is read field by field, and
 * {@code demo3} is run as a user runs it. Kernel-independent behaviour (mutual TLS, a handshake mismatch, a wrong
 * {@code --peers} order, a killed party, 10^8 AND gates in 32 MiB per party) runs in the suite's first pass only; the
 * Java-kernel pass repeats what garbles, more briefly: the first vector of each file in this JVM, one file as three
 * processes, the random circuits, JSON and demo3.
 */
class ThreePartyRunIT {
    private static final String KEY = "000102030405060708090a0b0c0d0e0f";
    private static final String PLAINTEXT = "00112233445566778899aabbccddeeff";
    private static final String CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";
    /** A party's notices on standard error, which come beside its one result or error line. */
    private static final Pattern NOTICE = Pattern.compile("P[123]: (waiting for |dropped connection from |links are |the listener at ).*");
    private static final Pattern SUMMARY = Pattern.compile("P[123]: [0-9,]+ AND gates, [0-9,]+ bytes sent, .* \\(to P[123] [0-9,]+, to P[123] [0-9,]+\\)");

    private static final ExecutorService PARTIES = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "three-party-it");
        t.setDaemon(true);
        return t;
    });

    @AfterAll
    static void stopThreads() {
        PARTIES.shutdownNow();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Arguments, parties and their output

    private static final Set<Integer> USED_PORTS = ConcurrentHashMap.newKeySet();
    private static final Random PORT_PICKER = new Random();

    /**
     * A port free a moment ago, never handed out twice by this class, and below the ephemeral ranges (32768-60999 on
     * Linux, 49152-65535 elsewhere): a port from those, as {@code new ServerSocket(0)} gives, can become the local port of
     * another party's outgoing connection (a connecting party retries every 100 ms) before its own party listens on it.
     */
    private static int listenPort() {
        for (int attempt = 0; attempt < 1000; attempt++) {
            int port = 20000 + PORT_PICKER.nextInt(12000);
            if (!USED_PORTS.add(port)) {
                continue;
            }
            try (ServerSocket s = new ServerSocket(port)) {
                return s.getLocalPort();
            } catch (IOException inUse) {
                // another program's: try another
            }
        }
        throw new AssertionError("no free port between 20000 and 31999");
    }

    /** {@code --peers} for three free loopback ports. */
    private static String peers() {
        return "127.0.0.1:" + listenPort() + ",127.0.0.1:" + listenPort() + ",127.0.0.1:" + listenPort();
    }

    /** Party {@code party}'s run3 arguments: the circuit, its value of group {@code party} if there is one, the peers. */
    private static List<String> run3(int party, Path circuit, List<String> values, boolean msbFirst, String peers, String... extra) {
        List<String> args = new ArrayList<>(List.of("run3", "--party", Integer.toString(party), "--circuit", circuit.toString(),
                "--peers", peers));
        if (values.size() >= party) {
            args.add("--in");
            args.add(values.get(party - 1));
        }
        if (msbFirst) {
            args.add("--msb-first");
        }
        args.addAll(List.of(extra));
        return args;
    }

    private static List<List<String>> trio(Path circuit, List<String> values, boolean msbFirst, String... extra) {
        String peers = peers();
        List<List<String>> args = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            args.add(run3(p, circuit, values, msbFirst, peers, extra));
        }
        return args;
    }

    private record InProcess(int status, String out, String err) {
        List<String> lines() {
            return ThreePartyRunIT.lines(out);
        }
    }

    private static InProcess execute(List<String> args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args.toArray(String[]::new), new PrintWriter(out, true), new PrintWriter(err, true));
        return new InProcess(status, out.toString(), err.toString());
    }

    /** Starts the three parties' commands in this JVM, each on a thread of its own. */
    private static List<Future<InProcess>> startInProcess(List<List<String>> args) {
        List<Future<InProcess>> futures = new ArrayList<>();
        for (List<String> a : args) {
            futures.add(PARTIES.submit(() -> execute(a)));
        }
        return futures;
    }

    /** What the three parties started by {@link #startInProcess} ended with; index p - 1 for party p. */
    private static List<InProcess> await(List<Future<InProcess>> futures) throws Exception {
        List<InProcess> out = new ArrayList<>();
        for (Future<InProcess> f : futures) {
            out.add(f.get(120, TimeUnit.SECONDS));
        }
        return out;
    }

    private static List<InProcess> inProcess(List<List<String>> args) throws Exception {
        return await(startInProcess(args));
    }

    /**
     * The three parties as processes, started in {@code order} (party numbers). With {@code staggered}, the others start
     * only once the first has said it is waiting for the party after it in the ring: it was certainly up first.
     */
    private static List<Cli.Result> processes(List<List<String>> args, int[] order, boolean staggered, List<String> jvm, long seconds)
            throws InterruptedException {
        Cli.Running[] running = new Cli.Running[3];
        try {
            for (int i = 0; i < 3; i++) {
                int p = order[i];
                running[p - 1] = Cli.launch(jvm, args.get(p - 1).toArray(String[]::new));
                if (staggered && i == 0) {
                    awaitErr(running[p - 1], "P" + p + ": waiting for .*");
                }
            }
            List<Cli.Result> out = new ArrayList<>();
            for (Cli.Running r : running) {
                out.add(r.await(seconds));
            }
            return out;
        } finally {
            destroyAll(running);
        }
    }

    /** Ends the processes still running (after a failed assertion, say), so none outlives its test. */
    private static void destroyAll(Cli.Running... running) {
        for (Cli.Running r : running) {
            if (r != null && r.process().isAlive()) {
                r.process().destroyForcibly();
            }
        }
    }

    /** Waits (up to 30 s) for a line of the process's standard error to match {@code regex}. */
    private static void awaitErr(Cli.Running p, String regex) throws InterruptedException {
        Pattern pattern = Pattern.compile(regex);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            for (String line : lines(p.errSoFar())) {
                if (pattern.matcher(line).matches()) {
                    return;
                }
            }
            assertTrue(p.process().isAlive(), "the party ended: " + p.errSoFar());
            Thread.sleep(20);
        }
        throw new AssertionError("no line matching " + regex + " in: " + p.errSoFar());
    }

    private static List<String> lines(String s) {
        return s.isBlank() ? List.of() : List.of(s.strip().split("\n"));
    }

    /** Standard-error lines other than the notices (waiting for a peer, a dropped connection). */
    private static List<String> errorLines(String err) {
        return lines(err).stream().filter(l -> !NOTICE.matcher(l).matches()).toList();
    }

    /** Party {@code party} printed {@code expected} and its summary line, and exited 0. */
    private static void assertSucceeded(int party, int status, String out, String err, List<String> expected) {
        assertSucceeded("", party, status, out, err, expected);
    }

    private static void assertSucceeded(String context, int party, int status, String out, String err, List<String> expected) {
        String who = context + "P" + party + ": " + err;
        assertEquals(0, status, who);
        assertEquals(expected, lines(out), who);
        List<String> summary = errorLines(err);
        assertEquals(1, summary.size(), who);
        assertTrue(summary.get(0).startsWith("P" + party + ": ") && SUMMARY.matcher(summary.get(0)).matches(), who);
    }

    /** Exit 1, nothing on standard output, one error line (besides notices) that starts with {@code start}, no stack trace. */
    private static String assertFailedInOneLine(int party, Cli.Result r, String start) {
        String who = "P" + party + ": " + r.err();
        assertEquals(1, r.status(), who);
        assertEquals("", r.out(), who);
        List<String> error = errorLines(r.err());
        assertEquals(1, error.size(), who);
        assertTrue(error.get(0).startsWith(start), who);
        assertFalse(r.err().contains("Exception") || r.err().contains("\tat "), "a stack trace: " + who);
        return error.get(0);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 1. The verified vectors

    private static List<BristolVectors.Vector> threePartyVectors() {
        return BristolVectors.all().stream().filter(v -> v.in().size() <= 3).toList();
    }

    /**
     * Every vector (in the Java-kernel pass the first of each file): the three parties' run3 in this JVM over TCP
     * loopback, each printing the verified outputs. The vectors of a file run side by side, each trio on its own three
     * ports (a party spends much of a small run waiting to connect, retrying every 100 ms while the next party is not
     * listening yet).
     */
    @TestFactory
    Stream<DynamicTest> everyVectorThroughRun3InThisJvm() {
        List<BristolVectors.Vector> vectors = threePartyVectors();
        assertEquals(BristolVectors.all().size(), vectors.size(), "every shared vector has at most three input groups");
        Map<String, List<BristolVectors.Vector>> byFile = new LinkedHashMap<>();
        for (BristolVectors.Vector v : vectors) {
            List<BristolVectors.Vector> ofFile = byFile.computeIfAbsent(v.file(), f -> new ArrayList<>());
            if (ofFile.isEmpty() || !Cli.javaKernelPass()) {
                ofFile.add(v);
            }
        }
        return byFile.entrySet().stream().map(e -> DynamicTest.dynamicTest(e.getKey() + ", " + e.getValue().size() + " vector(s)", () -> {
            List<List<Future<InProcess>>> runs = new ArrayList<>();
            for (BristolVectors.Vector v : e.getValue()) {
                runs.add(startInProcess(trio(Cli.bristol(v.file()), v.in(), v.msbFirst())));
            }
            for (int i = 0; i < runs.size(); i++) {
                BristolVectors.Vector v = e.getValue().get(i);
                List<InProcess> r = await(runs.get(i));
                for (int p = 1; p <= 3; p++) {
                    InProcess party = r.get(p - 1);
                    assertSucceeded(v.file() + " " + v.in() + ": ", p, party.status(), party.out(), party.err(), v.out());
                }
            }
        }));
    }

    private static final int[][] ORDERS = {{1, 2, 3}, {3, 1, 2}, {2, 3, 1}, {3, 2, 1}, {1, 3, 2}, {2, 1, 3}};

    /**
     * Files chosen for who owns input: three groups, two groups (P3 without input), one group (only P1 has input, with
     * MSB-first values). The Java-kernel pass runs the first (the start order does not depend on the kernel; its JSON
     * test runs three processes too).
     */
    private static final List<String> AS_PROCESSES = List.of("ModAdd512.txt", "aes_128.txt", "sha-1.txt");
    private static final int AS_PROCESSES_JAVA_PASS = 1;

    /**
     * The first vector of each chosen file as three processes, the start order changing from file to file; in the first
     * pass one party (P1, then P3, then P2) is up and waiting before the other two start.
     */
    @TestFactory
    Stream<DynamicTest> chosenFilesAsThreeProcessesInDifferentStartOrders() {
        Map<String, BristolVectors.Vector> first = new LinkedHashMap<>();
        for (BristolVectors.Vector v : threePartyVectors()) {
            first.putIfAbsent(v.file(), v);
        }
        List<String> files = Cli.javaKernelPass() ? AS_PROCESSES.subList(0, AS_PROCESSES_JAVA_PASS) : AS_PROCESSES;
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            BristolVectors.Vector v = first.get(files.get(i));
            int[] order = ORDERS[i % ORDERS.length];
            boolean staggered = !Cli.javaKernelPass() && i < 3;
            String name = v.file() + " started P" + order[0] + (staggered ? " (waiting), then " : ", ") + "P" + order[1] + ", P" + order[2];
            tests.add(DynamicTest.dynamicTest(name, () -> {
                List<Cli.Result> r = processes(trio(Cli.bristol(v.file()), v.in(), v.msbFirst()), order, staggered, Cli.QUICK_JVM, 120);
                for (int p = 1; p <= 3; p++) {
                    Cli.Result party = r.get(p - 1);
                    assertSucceeded(p, party.status(), party.out(), party.err(), v.out());
                }
                if (staggered) {
                    assertTrue(r.get(order[0] - 1).err().startsWith("P" + order[0] + ": waiting for 127.0.0.1:"), r.get(order[0] - 1).err());
                }
            }));
        }
        return tests.stream();
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 2. Random circuits against eval

    @TempDir
    static Path randomDir;

    /** A random circuit file and one random value per input group. */
    private record RandomCase(Path file, List<String> values) {
    }

    private static RandomCase randomCase(long seed) throws IOException {
        Random rnd = new Random(seed);
        int[] in = {1 + rnd.nextInt(40), 1 + rnd.nextInt(40), 1 + rnd.nextInt(40)};
        int[] out = new int[1 + rnd.nextInt(3)];
        for (int i = 0; i < out.length; i++) {
            out[i] = 1 + rnd.nextInt(40);
        }
        Path file = randomDir.resolve("random-" + seed + ".txt");
        Files.writeString(file, RandomFashion.write(rnd, in, out, 150 + rnd.nextInt(250)));
        List<String> values = new ArrayList<>();
        for (int width : in) {
            String hex = new BigInteger(width, rnd).toString(16);
            values.add("0".repeat((width + 3) / 4 - hex.length()) + hex);
        }
        return new RandomCase(file, values);
    }

    /** What plaintext {@code eval} prints for the case. */
    private static List<String> plaintext(RandomCase c) {
        List<String> args = new ArrayList<>(List.of("eval", c.file().toString()));
        for (String v : c.values()) {
            args.add("--in");
            args.add(v);
        }
        InProcess e = execute(args);
        assertEquals(0, e.status(), c.file() + ": " + e.err());
        return e.lines();
    }

    /** Random circuits with three input groups: every party's run3 (in this JVM) prints what eval prints. */
    @TestFactory
    Stream<DynamicTest> randomCircuitsWithThreeInputGroupsMatchEval() {
        return Stream.iterate(1L, s -> s + 1).limit(12).map(seed -> DynamicTest.dynamicTest("seed " + seed, () -> {
            RandomCase c = randomCase(seed);
            List<String> expected = plaintext(c);
            assertFalse(expected.isEmpty(), "eval printed nothing");
            List<InProcess> r = inProcess(trio(c.file(), c.values(), false));
            for (int p = 1; p <= 3; p++) {
                InProcess party = r.get(p - 1);
                assertSucceeded(p, party.status(), party.out(), party.err(), expected);
            }
        }));
    }

    /** A random circuit as three processes (the Java-kernel pass runs random circuits in this JVM only). */
    @Test
    void aRandomCircuitAsThreeProcessesMatchesEval() throws Exception {
        Cli.firstPassOnly("processes add start-up time, not kernel coverage");
        RandomCase c = randomCase(101);
        List<String> expected = plaintext(c);
        List<Cli.Result> r = processes(trio(c.file(), c.values(), false), new int[] {1, 3, 2}, false, Cli.QUICK_JVM, 120);
        for (int p = 1; p <= 3; p++) {
            Cli.Result party = r.get(p - 1);
            assertSucceeded(p, party.status(), party.out(), party.err(), expected);
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 3. --json at each party

    @Test
    void jsonAtEachPartyHasTheContractFields() throws Exception {
        int repeat = 3;
        List<Cli.Result> r = processes(trio(Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, "--json", "--repeat",
                Integer.toString(repeat)), new int[] {2, 1, 3}, false, Cli.QUICK_JVM, 120);
        long toP3 = 0;
        for (int p = 1; p <= 3; p++) {
            Cli.Result party = r.get(p - 1);
            assertEquals(0, party.status(), party.err());
            assertEquals(1, party.lines().size(), "one JSON object: " + party.out());
            assertEquals(List.of(), errorLines(party.err()), "no summary line with --json");
            Map<String, Object> json = MiniJson.object(party.out());
            assertEquals((long) p, json.get("party"), party.out());
            assertEquals("half-gates", json.get("scheme"), party.out());
            assertEquals("none", json.get("network"), party.out());
            Object kernel = json.get("kernel");
            assertTrue(Cli.javaKernelPass() ? "java".equals(kernel) : "java".equals(kernel) || "native".equals(kernel), party.out());
            assertEquals(List.of(CIPHERTEXT), json.get("result"), party.out());
            assertEquals(6400L * repeat, json.get("and"), party.out());
            long bytes = (Long) json.get("bytes");
            assertTrue(bytes > 0, party.out());
            @SuppressWarnings("unchecked")
            Map<String, Object> to = (Map<String, Object>) json.get("bytesTo");
            Set<String> others = new HashSet<>(Set.of("P1", "P2", "P3"));
            others.remove("P" + p);
            assertEquals(others, to.keySet(), party.out());
            long sum = 0;
            for (Object b : to.values()) {
                assertTrue((Long) b > 0, party.out());
                sum += (Long) b;
            }
            assertEquals(bytes, sum, "bytes is the sum of bytesTo: " + party.out());
            if (p != 3) {
                toP3 += (Long) to.get("P3");
            }
            assertTrue(((Number) json.get("seconds")).doubleValue() > 0, party.out());
            assertTrue(((Number) json.get("andPerSec")).doubleValue() > 0, party.out());
            assertTrue((Long) json.get("peakHeapBytes") > 0, party.out());
        }
        // Half-gates: two 16-byte rows per AND gate reach P3, the garblers sharing the material between them.
        assertTrue(toP3 >= 32L * 6400 * repeat, "the garblers sent P3 " + toP3 + " bytes");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 4. Mutual TLS

    private static String[] tls(TlsFiles f) {
        return new String[] {"--tls-cert", f.certificate().toString(), "--tls-key", f.privateKey().toString(), "--tls-trust", f.trusted().toString()};
    }

    /** The three parties' run3 arguments with their TLS files, each naming the others' certificates in {@code named}. */
    private static List<List<String>> tlsTrio(TlsFiles[] files, TlsFiles[] named, String... extra) {
        String peers = peers();
        List<List<String>> args = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            List<String> a = run3(p, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers, tls(files[p - 1]));
            for (int q = 1; q <= 3; q++) {
                if (q != p) {
                    a.addAll(List.of("--peer-cert", q + "=" + named[q - 1].certificate()));
                }
            }
            a.addAll(List.of(extra));
            args.add(a);
        }
        return args;
    }

    /**
     * Three parties with certificates from one CA compute AES; when P2's certificate is signed by a CA the others do not
     * trust, P1 (which connects to P2) and P3 (which P2 connects to) refuse it, and every party ends with one line, exit 1
     * and no output, within the timeout.
     */
    @Test
    void mutualTlsRunsAmongTrustedPartiesAndAnUntrustedOneEndsEveryParty(@TempDir Path dir) throws Exception {
        Cli.firstPassOnly("TLS does not depend on the kernel");
        TestCertificates pki = new TestCertificates(dir, "parties-ca");
        TlsFiles[] trusted = {pki.party("p1"), pki.party("p2"), pki.party("p3")};
        List<Cli.Result> ok = processes(tlsTrio(trusted, trusted), new int[] {3, 1, 2}, false, Cli.QUICK_JVM, 120);
        for (int p = 1; p <= 3; p++) {
            Cli.Result party = ok.get(p - 1);
            assertSucceeded(p, party.status(), party.out(), party.err(), List.of(CIPHERTEXT));
        }

        TlsFiles stranger = new TestCertificates(dir, "other-ca").party("stranger");
        TlsFiles[] withStranger = {trusted[0], new TlsFiles(stranger.certificate(), stranger.privateKey(), pki.caFile()), trusted[2]};
        int timeout = 3;
        long start = System.nanoTime();
        List<Cli.Result> refused = processes(tlsTrio(withStranger, trusted, "--timeout", Integer.toString(timeout)), new int[] {1, 2, 3}, false,
                Cli.QUICK_JVM, 60);
        double seconds = (System.nanoTime() - start) / 1e9;
        for (int p = 1; p <= 3; p++) {
            assertFailedInOneLine(p, refused.get(p - 1), "yaostream run3: ");
        }
        assertTrue(errorLines(refused.get(0).err()).get(0).contains("TLS handshake failed: the peer's certificate is not signed by a"
                + " certificate this party trusts"), refused.get(0).err());
        assertTrue(refused.get(2).err().contains("TLS handshake failed: the peer presented no certificate signed by a certificate this"
                + " party trusts"), refused.get(2).err());
        assertTrue(seconds < timeout + 15, "the parties took " + seconds + " s to end");
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 5. Faults as a user meets them

    /** P3 given another circuit: each party names the party whose circuit differs, in one line, exit 1. */
    @Test
    void aPartyWithAnotherCircuitIsNamedByEveryParty() throws Exception {
        Cli.firstPassOnly("the handshake does not depend on the kernel");
        String peers = peers();
        List<List<String>> args = List.of(
                run3(1, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers),
                run3(2, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers),
                run3(3, Cli.bristol("aes_192.txt"), List.of(), false, peers));
        List<Cli.Result> r = processes(args, new int[] {3, 2, 1}, false, Cli.QUICK_JVM, 60);
        assertTrue(assertFailedInOneLine(1, r.get(0), "yaostream run3: handshake mismatch: P3's circuits differ (SHA-256 ").contains(", this party "));
        assertFailedInOneLine(2, r.get(1), "yaostream run3: handshake mismatch: P3's circuits differ (SHA-256 ");
        String p3 = assertFailedInOneLine(3, r.get(2), "yaostream run3: handshake mismatch: P");
        assertTrue(p3.startsWith("yaostream run3: handshake mismatch: P1's circuits differ")
                || p3.startsWith("yaostream run3: handshake mismatch: P2's circuits differ"), p3);
    }

    /**
     * P1 given the addresses of P2 and P3 swapped connects to P3, which expected P2 there: both say, in one line, which
     * party they met where they expected P2, and to check the order of the addresses. (P2 is not started: beside them it
     * could reach P3's listener before P1, and P1 would then only time out; alone, it only finds nobody there.)
     */
    @Test
    void aWrongPeersOrderIsOneLineNamingThePartyMet() throws Exception {
        Cli.firstPassOnly("the handshake does not depend on the kernel");
        String peers = peers();
        String[] a = peers.split(",");
        String swapped = a[0] + "," + a[2] + "," + a[1];
        Cli.Running p3 = Cli.launch(Cli.QUICK_JVM, run3(3, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers,
                "--timeout", "10").toArray(String[]::new));
        Cli.Running p1 = Cli.launch(Cli.QUICK_JVM, run3(1, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, swapped,
                "--timeout", "10").toArray(String[]::new));
        Cli.Result r1;
        Cli.Result r3;
        try {
            r1 = p1.await(60);
            r3 = p3.await(60);
        } finally {
            destroyAll(p1, p3);
        }
        assertEquals("yaostream run3: handshake mismatch: the peer where P2 was expected says it is party 3 (check the order of the"
                + " addresses and each party's --party)", assertFailedInOneLine(1, r1, "yaostream run3: "));
        assertEquals("yaostream run3: handshake mismatch: the peer where P2 was expected says it is party 1 (check the order of the"
                + " addresses and each party's --party)", assertFailedInOneLine(3, r3, "yaostream run3: "));
    }

    /**
     * P2 never started: P3, which waits for P2 on its own port, says that P2 never connected there; P1, which connects
     * to P2, names its link to P2. Each in one line, exit 1.
     */
    @Test
    void aPartyThatNeverStartsIsNamedByTheOthers() throws Exception {
        Cli.firstPassOnly("connecting does not depend on the kernel");
        String peers = peers();
        String[] a = peers.split(",");
        Cli.Running p3 = Cli.launch(Cli.QUICK_JVM, run3(3, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers,
                "--timeout", "5").toArray(String[]::new));
        Cli.Running p1 = Cli.launch(Cli.QUICK_JVM, run3(1, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers,
                "--timeout", "5").toArray(String[]::new));
        Cli.Result r1;
        Cli.Result r3;
        try {
            r1 = p1.await(60);
            r3 = p3.await(60);
        } finally {
            destroyAll(p1, p3);
        }
        String port3 = a[2].substring(a[2].lastIndexOf(':') + 1);
        String line3 = assertFailedInOneLine(3, r3, "yaostream run3: P2 never connected to ");
        assertTrue(line3.matches("yaostream run3: P2 never connected to \\S*:" + port3 + " within 5 s.*"), line3);
        String line1 = assertFailedInOneLine(1, r1, "yaostream run3: link to P2: cannot connect to " + a[1] + ": ");
        assertTrue(line1.contains("refused"), line1);
    }

    private static final String[] LONG_RUN = {"--repeat", "100000000", "--timeout", "10"};

    /** The three parties of a long AES run, all well into it; P2's process killed. */
    private static Map<Integer, Cli.Result> killP2MidRun(double[] secondsAfterKill) throws Exception {
        String peers = peers();
        Cli.Running[] running = new Cli.Running[3];
        try {
            for (int p : new int[] {3, 1, 2}) {
                running[p - 1] = Cli.launch(Cli.QUICK_JVM, run3(p, Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, peers, LONG_RUN)
                        .toArray(String[]::new));
            }
            awaitRing(peers);
            Thread.sleep(1000); // well into the run
            for (Cli.Running r : running) {
                assertTrue(r.process().isAlive(), "the run ended early: " + running[0].errSoFar() + running[1].errSoFar() + running[2].errSoFar());
            }
            running[1].process().destroyForcibly();
            long killed = System.nanoTime();
            Map<Integer, Cli.Result> out = new LinkedHashMap<>();
            out.put(1, running[0].await(60));
            out.put(3, running[2].await(60));
            secondsAfterKill[0] = (System.nanoTime() - killed) / 1e9;
            running[1].await(10);
            return out;
        } finally {
            destroyAll(running);
        }
    }

    /**
     * Waits until each party's listening port has an established connection (read from /proc/net/tcp and tcp6, so on
     * Linux; elsewhere six seconds, time enough to start and connect).
     */
    private static void awaitRing(String peers) throws Exception {
        Set<Integer> ports = new HashSet<>();
        for (String hostPort : peers.split(",")) {
            ports.add(Integer.parseInt(hostPort.substring(hostPort.lastIndexOf(':') + 1)));
        }
        Cli.awaitEstablished(ports, "the three parties");
    }

    /**
     * P2 killed during a long run: P1 and P3 end within the timeout (10 s) and a few seconds, exit 1, print no output and
     * one line that says how far the session got; P3, which reads P2's half of the material, names its link to P2.
     */
    @Test
    void aKilledGarblerEndsTheOthersWithOneLine() throws Exception {
        Cli.firstPassOnly("a dead link does not depend on the kernel");
        double[] seconds = new double[1];
        Map<Integer, Cli.Result> r = killP2MidRun(seconds);
        for (int p : new int[] {1, 3}) {
            String line = assertFailedInOneLine(p, r.get(p), "yaostream run3: link to P");
            assertTrue(line.matches(".*; the session had run [0-9,]+ AND gates in [0-9,]+ circuit calls"), line);
        }
        assertTrue(errorLines(r.get(3).err()).get(0).startsWith("yaostream run3: link to P2: "), r.get(3).err());
        assertTrue(seconds[0] < 10 + 5, "P1 and P3 took " + seconds[0] + " s to end");
    }

    /**
     * As above, and P1 too names the link to P2, the party that died, first. P3 ends first (it reads P2's material) and
     * tells P1 why before closing the connection P1 is sending on; so P1 names P2 whether or not its own link to P2 has
     * shown its end by then (under load, that link's event loop may not have run yet), and nothing here depends on timing.
     */
    @Test
    void aKilledGarblerIsNamedByBothOtherParties() throws Exception {
        Cli.firstPassOnly("a dead link does not depend on the kernel");
        double[] seconds = new double[1];
        Map<Integer, Cli.Result> r = killP2MidRun(seconds);
        for (int p : new int[] {1, 3}) {
            assertFailedInOneLine(p, r.get(p), "yaostream run3: link to P2: ");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 6. Memory

    private static final List<String> HEAP_32M = List.of("-Xmx32m");
    private static final long MIB_32 = 32L << 20;

    /**
     * 10^8 AND gates in one session (AES-128, 6,400 AND gates, 15,625 times) with every party in a 32 MiB heap: all three
     * print the FIPS-197 ciphertext. The heap limit is the check; the JVM would end the run with OutOfMemoryError.
     */
    @Test
    void aHundredMillionAndGatesWithEveryPartyIn32MiB() throws Exception {
        Cli.firstPassOnly("memory does not depend on the kernel");
        List<Cli.Result> r = processes(trio(Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, "--repeat", "15625", "--json"),
                new int[] {1, 2, 3}, false, HEAP_32M, 600);
        for (int p = 1; p <= 3; p++) {
            Cli.Result party = r.get(p - 1);
            assertEquals(0, party.status(), "P" + p + ": " + party.err());
            Map<String, Object> json = MiniJson.object(party.out());
            assertEquals(List.of(CIPHERTEXT), json.get("result"), party.out());
            assertEquals(100_000_000L, json.get("and"), party.out());
            long peak = (Long) json.get("peakHeapBytes");
            assertTrue(peak > 0 && peak <= MIB_32, "P" + p + " reports a peak heap of " + peak + " bytes: " + party.out());
        }
    }

    /**
     * The peak heap a party reports is at most its heap limit: the largest total use before a collection (the sum of
     * each pool's own peak, reached at different moments, came to about 39 MiB in a 32 MiB heap).
     */
    @Test
    void thePeakHeapReportedIsWithinTheHeapLimit() throws Exception {
        Cli.firstPassOnly("memory does not depend on the kernel");
        List<Cli.Result> r = processes(trio(Cli.bristol("aes_128.txt"), List.of(KEY, PLAINTEXT), false, "--repeat", "200", "--json"),
                new int[] {1, 2, 3}, false, HEAP_32M, 120);
        for (int p = 1; p <= 3; p++) {
            Cli.Result party = r.get(p - 1);
            assertEquals(0, party.status(), party.err());
            long peak = (Long) MiniJson.object(party.out()).get("peakHeapBytes");
            assertTrue(peak > 0 && peak <= MIB_32, "P" + p + " reports a peak heap of " + peak + " bytes in a 32 MiB heap");
        }
    }

    // ---------------------------------------------------------------------------------------------------------------
    // 7. demo3

    @Test
    void demo3PrintsTheFips197CiphertextAndMatch() {
        Cli.Result r = Cli.run("demo3");
        assertEquals(0, r.status(), r.err());
        List<String> lines = r.lines();
        assertTrue(lines.get(0).startsWith("AES-128, FIPS-197 Appendix C.1, under a key no party holds: P1 holds K1 "), r.out());
        assertTrue(lines.contains(CIPHERTEXT), r.out());
        assertTrue(lines.contains("expected " + CIPHERTEXT + " (match)"), r.out());
        for (int p = 1; p <= 3; p++) {
            String prefix = "P" + p + ": 6,400 AND gates, ";
            assertEquals(1, lines.stream().filter(l -> l.startsWith(prefix)).count(), prefix + " in " + r.out());
        }
        if (Cli.javaKernelPass()) {
            assertTrue(lines.get(1).contains(", kernel java"), r.out());
        }
    }

    @Test
    void demo3JsonHasTheResultAndEachPartysBytes() {
        Cli.Result r = Cli.run("demo3", "--json", "--repeat", "2");
        assertEquals(0, r.status(), r.err());
        assertEquals(1, r.lines().size(), r.out());
        Map<String, Object> json = MiniJson.object(r.out());
        assertEquals("three-party", json.get("mode"), r.out());
        assertEquals(List.of(CIPHERTEXT), json.get("result"), r.out());
        assertEquals(12800L, json.get("and"), r.out());
        assertEquals(2L, json.get("repeat"), r.out());
        if (Cli.javaKernelPass()) {
            assertEquals("java", json.get("kernel"), r.out());
        }
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> parties = (List<Map<String, Object>>) json.get("parties");
        assertEquals(3, parties.size(), r.out());
        long sum = 0;
        for (int p = 1; p <= 3; p++) {
            Set<String> others = new HashSet<>(Set.of("P1", "P2", "P3"));
            others.remove("P" + p);
            assertEquals(others, parties.get(p - 1).keySet(), r.out());
            for (Object b : parties.get(p - 1).values()) {
                assertTrue((Long) b > 0, r.out());
                sum += (Long) b;
            }
        }
        assertEquals(json.get("bytes"), sum, "bytes is what the three sent: " + r.out());
        assertTrue((Long) json.get("peakHeapBytes") > 0, r.out());
    }

    // ---------------------------------------------------------------------------------------------------------------

    /**
     * Random Bristol Fashion text: every gate reads wires already set, each wire is set once, the outputs are the last
     * wires. XOR, AND, INV, EQW, EQ and two-way MAND gates.
     */
    private static final class RandomFashion {
        private RandomFashion() {
        }

        static String write(Random rnd, int[] in, int[] out, int internal) {
            int inputs = 0;
            for (int w : in) {
                inputs += w;
            }
            int outputs = 0;
            for (int w : out) {
                outputs += w;
            }
            int wires = inputs + internal + outputs;
            StringBuilder gates = new StringBuilder();
            int count = 0;
            int next = inputs; // the next internal wire to set
            while (next < inputs + internal) {
                int r = rnd.nextInt(100);
                if (r < 8 && next + 2 <= inputs + internal) {
                    int a = read(rnd, next);
                    int b = read(rnd, next);
                    int c = read(rnd, next);
                    int d = read(rnd, next);
                    gates.append("4 2 ").append(a).append(' ').append(b).append(' ').append(c).append(' ').append(d).append(' ')
                            .append(next).append(' ').append(next + 1).append(" MAND\n");
                    next += 2;
                } else if (r < 10) {
                    gates.append("1 1 ").append(rnd.nextInt(2)).append(' ').append(next++).append(" EQ\n");
                } else {
                    gates.append(gate(rnd, r, next, next));
                    next++;
                }
                count++;
            }
            for (int w = inputs + internal; w < wires; w++) {
                gates.append(gate(rnd, rnd.nextInt(100), inputs + internal, w));
                count++;
            }
            StringBuilder text = new StringBuilder().append(count).append(' ').append(wires).append('\n').append(list(in)).append('\n')
                    .append(list(out)).append("\n\n").append(gates);
            return text.toString();
        }

        /** A one-output gate setting {@code target} from wires below {@code set}. */
        private static String gate(Random rnd, int r, int set, int target) {
            if (r < 20) {
                return "1 1 " + read(rnd, set) + " " + target + (r < 14 ? " INV\n" : " EQW\n");
            }
            return "2 1 " + read(rnd, set) + " " + read(rnd, set) + " " + target + (r < 55 ? " AND\n" : " XOR\n");
        }

        /** A wire below {@code set}: half the time one of the last 32. */
        private static int read(Random rnd, int set) {
            return rnd.nextBoolean() ? set - 1 - rnd.nextInt(Math.min(32, set)) : rnd.nextInt(set);
        }

        private static String list(int[] widths) {
            StringBuilder sb = new StringBuilder().append(widths.length);
            for (int w : widths) {
                sb.append(' ').append(w);
            }
            return sb.toString();
        }
    }

    /** A minimal JSON reader for the commands' output: objects (ordered), arrays, strings, integers (Long), other numbers (Double). */
    private static final class MiniJson {
        private final String s;
        private int i;

        private MiniJson(String s) {
            this.s = s.strip();
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> object(String text) {
            MiniJson p = new MiniJson(text);
            Object v = p.value();
            assertEquals(p.s.length(), p.i, "trailing text after the JSON value: " + text);
            assertTrue(v instanceof Map, "not a JSON object: " + text);
            return (Map<String, Object>) v;
        }

        private Object value() {
            char c = s.charAt(i);
            if (c == '{') {
                Map<String, Object> m = new LinkedHashMap<>();
                i++;
                if (s.charAt(i) == '}') {
                    i++;
                    return m;
                }
                while (true) {
                    String key = string();
                    expect(':');
                    assertFalse(m.containsKey(key), "duplicate key " + key + " in " + s);
                    m.put(key, value());
                    if (s.charAt(i) == ',') {
                        i++;
                        continue;
                    }
                    expect('}');
                    return m;
                }
            }
            if (c == '[') {
                List<Object> l = new ArrayList<>();
                i++;
                if (s.charAt(i) == ']') {
                    i++;
                    return l;
                }
                while (true) {
                    l.add(value());
                    if (s.charAt(i) == ',') {
                        i++;
                        continue;
                    }
                    expect(']');
                    return l;
                }
            }
            if (c == '"') {
                return string();
            }
            for (String word : new String[] {"true", "false", "null"}) {
                if (s.startsWith(word, i)) {
                    i += word.length();
                    return word.equals("null") ? null : Boolean.valueOf(word);
                }
            }
            int start = i;
            while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
                i++;
            }
            String number = s.substring(start, i);
            assertFalse(number.isEmpty(), "unexpected '" + c + "' at " + start + " in " + s);
            return number.matches("-?[0-9]+") ? (Object) Long.valueOf(number) : (Object) Double.valueOf(number);
        }

        private String string() {
            expect('"');
            StringBuilder sb = new StringBuilder();
            while (s.charAt(i) != '"') {
                char c = s.charAt(i++);
                if (c == '\\') {
                    char e = s.charAt(i++);
                    sb.append(switch (e) {
                        case 'n' -> '\n';
                        case 't' -> '\t';
                        case 'u' -> {
                            char u = (char) Integer.parseInt(s.substring(i, i + 4), 16);
                            i += 4;
                            yield u;
                        }
                        default -> e;
                    });
                } else {
                    sb.append(c);
                }
            }
            i++;
            return sb.toString();
        }

        private void expect(char c) {
            assertTrue(i < s.length() && s.charAt(i) == c, "expected '" + c + "' at " + i + " in " + s);
            i++;
        }
    }
}
