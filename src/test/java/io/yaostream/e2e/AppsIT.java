package io.yaostream.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The applications as a user runs them: each party its own process, over TCP, and both in one with --demo;
 * bad input ends with one line that names the problem, before any secret moves.
 */
class AppsIT {
    @TempDir
    Path dir;

    /** Both parties as processes; returns {garbler, evaluator}. */
    private static Cli.Result[] twoParties(String app, List<String> garbler, List<String> evaluator) {
        int port = Cli.freePort();
        List<String> g = new ArrayList<>(List.of(app, "--role", "garbler", "--listen", Integer.toString(port)));
        g.addAll(garbler);
        List<String> e = new ArrayList<>(List.of(app, "--role", "evaluator", "--connect", "127.0.0.1:" + port));
        e.addAll(evaluator);
        CompletableFuture<Cli.Result> gr = Cli.start(g.toArray(String[]::new));
        Cli.Result er = Cli.run(e.toArray(String[]::new));
        return new Cli.Result[] {gr.join(), er};
    }

    /**
     * Exit {@code status} and one line on standard error besides a listening garbler's notices of connections it refused
     * (a peer whose hello disagrees is refused, and the garbler waits on until its timeout).
     */
    private static void oneLine(Cli.Result r, int status, String fragment) {
        assertEquals(status, r.status(), r.out() + r.err());
        assertEquals(1, r.err().strip().lines().filter(l -> !l.startsWith("garbler: refused a connection from ")).count(),
                "one line: " + r.err());
        assertTrue(r.err().contains(fragment), "'" + fragment + "' in: " + r.err());
    }

    /**
     * The minimum's strategy c in the heap the README states (-Xmx32m a party) with headroom to spare: both parties run
     * it in three quarters of that, 24 MiB. (Before the compiler kept one candidate circuit at a time and the OTs were
     * staged a block at a time, compiling the 500-value circuit alone took 16 to 20 MiB and the parties peaked at 29 to
     * 31 MiB in 32, one run in thirteen running out.) The heap's peak before a collection is no measure of that
     * headroom: G1 fills what -Xmx gives it before collecting, so at -Xmx32m the same run peaked at 22 to 27 MiB on a
     * quiet machine and at 30 on a loaded one, and at -Xmx20m at 19 MiB.
     */
    @Test
    void minimumStrategyCLeavesHeadroomIn32MiB() {
        Cli.firstPassOnly("the heap a party needs does not depend on the kernel");
        int port = Cli.freePort();
        List<String> heap = List.of("-Xmx24m", "-XX:TieredStopAtLevel=1");
        Cli.Running garbler = Cli.launch(heap, "minimum", "--role", "garbler", "--listen", Integer.toString(port), "--random", "100000",
                "--seed", "1", "--strategy", "c", "--json");
        Cli.Result evaluator = Cli.launch(heap, "minimum", "--role", "evaluator", "--connect", "127.0.0.1:" + port, "--random", "100000",
                "--seed", "2", "--strategy", "c", "--json").await(120);
        Cli.Result g = garbler.await(120);
        for (Cli.Result r : new Cli.Result[] {g, evaluator}) {
            assertEquals(0, r.status(), r.err());
            assertTrue(r.out().contains("\"workingSet\":10002"), r.out());
        }
        assertEquals(g.out().replaceAll("(?s).*\"result\":\"?(\\w+).*", "$1"), evaluator.out().replaceAll("(?s).*\"result\":\"?(\\w+).*", "$1"));
    }

    @Test
    void aesBetweenTwoProcessesGivesFips197ToTheEvaluatorOnly() {
        Cli.Result[] r = twoParties("aes", List.of("--in", "000102030405060708090a0b0c0d0e0f"), List.of("--in", "00112233445566778899aabbccddeeff"));
        assertEquals(0, r[0].status(), r[0].err());
        assertEquals(0, r[1].status(), r[1].err());
        assertEquals(List.of("69c4e0d86a7b0430d8cdb78070b4c55a"), r[1].lines());
        assertEquals(List.of(), r[0].lines(), "the garbler learns nothing");
        assertTrue(r[1].err().contains("5,120 AND gates"), r[1].err());
    }

    /** HK21's one-hot S-box: the same ciphertext, 7 AND gates an S-box (1,120 a block); both parties must choose it. */
    @Test
    void aesWithTheOneHotSBoxBetweenTwoProcesses() {
        Cli.Result[] r = twoParties("aes", List.of("--sbox", "one-hot", "--in", "000102030405060708090a0b0c0d0e0f"),
                List.of("--sbox", "one-hot", "--in", "00112233445566778899aabbccddeeff"));
        assertEquals(0, r[0].status(), r[0].err());
        assertEquals(0, r[1].status(), r[1].err());
        assertEquals(List.of("69c4e0d86a7b0430d8cdb78070b4c55a"), r[1].lines());
        assertEquals(List.of(), r[0].lines(), "the garbler learns nothing");
        assertTrue(r[1].err().contains("1,120 AND gates"), r[1].err());
        Cli.Result[] mixed = twoParties("aes", List.of("--sbox", "one-hot", "--in", "000102030405060708090a0b0c0d0e0f", "--timeout", "5"),
                List.of("--in", "00112233445566778899aabbccddeeff"));
        // The garbler's one line; the evaluator may first have waited for the garbler to listen.
        oneLine(mixed[0], 1, "handshake mismatch");
        assertEquals(1, mixed[1].status(), mixed[1].err());
        assertTrue(mixed[1].err().contains("handshake mismatch: the peer runs program 'aes-128 1 block(s), one-hot s-box', this party"
                + " 'aes-128 1 block(s)'"), mixed[1].err());
    }

    @Test
    void presentHammingAndKaratsubaBetweenTwoProcesses() {
        Cli.Result[] p = twoParties("present", List.of("--in", "ffffffffffffffffffff"), List.of("--in", "0000000000000000", "--json"));
        assertEquals(0, p[1].status(), p[1].err());
        assertTrue(p[1].out().contains("\"result\":\"e72c46c0f5945049\""), p[1].out());
        assertTrue(p[1].out().contains("\"and\":1984"), p[1].out());

        Random rnd = new Random(1);
        BigInteger a = new BigInteger(900, rnd);
        BigInteger b = new BigInteger(900, rnd);
        Cli.Result[] h = twoParties("hamming", List.of("--in", hex(a, 900)), List.of("--in", hex(b, 900)));
        String distance = Integer.toString(a.xor(b).bitCount());
        assertEquals(List.of(distance), h[0].lines(), h[0].err());
        assertEquals(List.of(distance), h[1].lines(), h[1].err());

        BigInteger x = new BigInteger(128, rnd);
        BigInteger y = new BigInteger(128, rnd);
        Cli.Result[] k = twoParties("karatsuba", List.of("--in", hex(x, 128)), List.of("--in", hex(y, 128), "--json"));
        assertEquals(List.of(hex(x.multiply(y), 256)), k[0].lines(), k[0].err());
        assertTrue(k[1].out().contains("\"result\":\"" + hex(x.multiply(y), 256) + "\""), k[1].out());
        for (String field : new String[] {"\"and\":", "\"bytes\":", "\"workingSet\":", "\"baseOtSeconds\":", "\"onlineSeconds\":",
                "\"seconds\":", "\"peakHeapBytes\":"}) {
            assertTrue(k[1].out().contains(field), field + " missing: " + k[1].out());
        }
    }

    @Test
    void minimumFromValueFilesWithEachStrategy() throws IOException {
        Path g = values("g.txt", 7, 300, 20);
        Path e = values("e.txt", 8, 300, 20);
        long expected = Math.min(min(g), min(e));
        for (String strategy : new String[] {"a", "b", "c"}) {
            Cli.Result[] r = twoParties("minimum", List.of("--values", g.toString(), "--strategy", strategy, "--subset", "100"),
                    List.of("--values", e.toString(), "--strategy", strategy, "--subset", "100"));
            assertEquals(List.of(Long.toString(expected)), r[0].lines(), r[0].err());
            assertEquals(List.of(Long.toString(expected)), r[1].lines(), r[1].err());
            assertTrue(r[1].err().contains(String.format("%,d AND gates", 2L * 599 * 20)), r[1].err());
        }
        Cli.Result demo = Cli.run("minimum", "--demo", "--values", g.toString(), "--values", e.toString());
        assertEquals(List.of(Long.toString(expected)), demo.lines(), demo.err());
    }

    @Test
    void demoOfEveryApplication() {
        Cli.Result aes = Cli.run("aes", "--demo", "--blocks", "3", "--in", "2b7e151628aed2a6abf7158809cf4f3c",
                "--in", "3243f6a8885a308d313198a2e0370734");
        assertEquals(List.of("3925841d02dc09fbdc118597196a0b32", "3925841d02dc09fbdc118597196a0b32", "3925841d02dc09fbdc118597196a0b32"),
                aes.lines(), aes.err());
        Cli.Result oneHot = Cli.run("aes", "--demo", "--sbox", "one-hot", "--scheme", "grr3", "--in", "2b7e151628aed2a6abf7158809cf4f3c",
                "--in", "3243f6a8885a308d313198a2e0370734", "--json");
        assertTrue(oneHot.out().contains("\"result\":\"3925841d02dc09fbdc118597196a0b32\""), oneHot.out() + oneHot.err());
        Cli.Result present = Cli.run("present", "--demo", "--in", "00000000000000000000", "--in", "ffffffffffffffff");
        assertEquals(List.of("a112ffc72f68417b"), present.lines(), present.err());
        Cli.Result hamming = Cli.run("hamming", "--demo", "--bits", "8", "--in", "ff", "--in", "0f", "--json");
        assertTrue(hamming.out().contains("\"result\":\"4\""), hamming.out());
        Cli.Result min = Cli.run("minimum", "--demo", "--random", "1000", "--seed", "3", "--json");
        assertTrue(min.out().contains("\"and\":39960"), min.out());
    }

    @Test
    void badInputIsOneLineBeforeAnySecretMoves() throws IOException {
        oneLine(Cli.run("aes", "--demo", "--in", "0001", "--in", "00112233445566778899aabbccddeeff"), 1, "has 4 hex digits, an AES-128 key takes 32");
        oneLine(Cli.run("hamming", "--demo", "--bits", "8", "--in", "zz", "--in", "00"), 1, "is not hexadecimal");
        oneLine(Cli.run("hamming", "--demo", "--bits", "8", "--in", "1ff", "--in", "00"), 1, "has 3 hex digits");
        oneLine(Cli.run("karatsuba", "--demo", "--in", "01"), 2, "expected 2 value(s), got 1");
        Path empty = Files.writeString(dir.resolve("empty.txt"), "\n\n");
        oneLine(Cli.run("minimum", "--demo", "--values", empty.toString(), "--values", empty.toString()), 1, "the file has no values");
        Path words = Files.writeString(dir.resolve("words.txt"), "12\nseven\n");
        oneLine(Cli.run("minimum", "--demo", "--values", words.toString(), "--values", words.toString()), 1, "words.txt:2: 'seven' is not a decimal number");
        Path big = Files.writeString(dir.resolve("big.txt"), "1048576\n");
        oneLine(Cli.run("minimum", "--demo", "--values", big.toString(), "--values", big.toString()), 1, "does not fit in 20 unsigned bits");
        oneLine(Cli.run("minimum", "--demo", "--random", "10", "--strategy", "d"), 2, "unknown strategy 'd'");
        oneLine(Cli.run("minimum", "--demo", "--random", "10", "--subset", "7"), 2, "--subset: must be even");
        oneLine(Cli.run("aes", "--demo", "--sbox", "one-hot", "--scheme", "prf-only", "--in", "000102030405060708090a0b0c0d0e0f", "--in",
                "00112233445566778899aabbccddeeff"), 2, "--sbox one-hot needs one-hot garbling, which runs with --scheme half-gates or grr3, not prf-only");
        oneLine(Cli.run("aes", "--demo", "--sbox", "table", "--in", "000102030405060708090a0b0c0d0e0f", "--in",
                "00112233445566778899aabbccddeeff"), 2, "--sbox: unknown s-box 'table' (known: bp10, one-hot)");
        oneLine(Cli.run("aes", "--in", "000102030405060708090a0b0c0d0e0f"), 2, "give --role");
        oneLine(Cli.run("aes", "--role", "garbler", "--in", "000102030405060708090a0b0c0d0e0f"), 2, "exactly one of --listen PORT and --connect");
    }

    @Test
    void partiesThatDisagreeOnTheCountOrStrategyStopAtTheHandshake() throws IOException {
        Path g = values("g.txt", 1, 10, 20);
        Path e = values("e.txt", 2, 12, 20);
        Cli.Result[] counts = twoParties("minimum", List.of("--values", g.toString(), "--timeout", "5"), List.of("--values", e.toString()));
        oneLine(counts[0], 1, "handshake mismatch");
        oneLine(counts[1], 1, "handshake mismatch");
        assertTrue(counts[1].err().contains("minimum 10+10 values") && counts[1].err().contains("minimum 12+12 values"), counts[1].err());
        Cli.Result[] strategies = twoParties("minimum", List.of("--values", g.toString(), "--strategy", "b", "--timeout", "5"),
                List.of("--values", g.toString(), "--strategy", "c"));
        oneLine(strategies[1], 1, "handshake mismatch");
    }

    private Path values(String name, long seed, int count, int bits) throws IOException {
        Random rnd = new Random(seed);
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < count; i++) {
            sb.append(rnd.nextInt(1 << bits)).append('\n');
        }
        return Files.writeString(dir.resolve(name), sb.toString());
    }

    private static long min(Path file) throws IOException {
        return Files.readAllLines(file).stream().mapToLong(Long::parseLong).min().orElseThrow();
    }

    private static String hex(BigInteger v, int bits) {
        String h = v.toString(16);
        return "0".repeat((bits + 3) / 4 - h.length()) + h;
    }
}
