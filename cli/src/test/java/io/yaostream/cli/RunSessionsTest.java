package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run --sessions N}: N whole sessions between the same two parties, the listening one keeping its port. */
@Timeout(120)
class RunSessionsTest {
    private static final String ZERO = "00000000000000000000000000000000";

    private static String[] run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void threeSessionsGiveEachSessionsSecondsAndOneResult() throws Exception {
        String circuit = Path.of(System.getProperty("yaostream.circuits", "../circuits"), "bristol", "AES-non-expanded.txt").toString();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        // The Java kernel: with the native one, run leaves the rest of this JVM's compilation to C1.
        String[] common = {"run", "--circuit", circuit, "--in", ZERO, "--sessions", "3", "--kernel", "java", "--json"};
        CompletableFuture<String[]> garbler = CompletableFuture.supplyAsync(() -> run(concat(common, "--role", "garbler", "--listen",
                Integer.toString(port), "--bind", "127.0.0.1")));
        String[] e = run(concat(common, "--role", "evaluator", "--connect", "127.0.0.1:" + port));
        String[] g = garbler.get();
        for (String[] party : new String[][] {g, e}) {
            assertEquals("0", party[0], party[2]);
            assertTrue(party[1].matches("(?s).*\"mode\":\"fresh\",\"sessions\":3,\"sessionSeconds\":\\[[0-9.eE-]+,[0-9.eE-]+,[0-9.eE-]+\\],"
                    + "\"sessionFlights\":\\[[34],[34],[34]\\],"
                    + "\"result\":\\[\"74d42c539a5f3211dc3451f72bd29766\"\\],\"and\":20400,.*"), party[1]);
            // Each party's CPU since the run began, split into user and system time, and per AND gate.
            assertTrue(party[1].matches("(?s).*\"cpu\":\\{\"seconds\":[0-9.eE-]+,\"userSeconds\":[0-9.eE-]+,\"systemSeconds\":[0-9.eE-]+,"
                    + "\"nsPerAnd\":[0-9.eE-]+,\"userNsPerAnd\":[0-9.eE-]+,\"systemNsPerAnd\":[0-9.eE-]+\\}.*"), party[1]);
        }
    }

    @Test
    void sessionsAreAtLeastOneAndNotWithShards() {
        String[] zero = run("run", "--role", "garbler", "--circuit", "no-such-file.txt", "--listen", "0", "--sessions", "0");
        assertEquals("2", zero[0], zero[2]);
        assertTrue(zero[2].startsWith("yaostream run: --sessions: must be at least 1, got 0"), zero[2]);
        String[] sharded = run("run", "--role", "garbler", "--circuit", "no-such-file.txt", "--listen", "0", "--sessions", "2", "--shards", "2");
        assertEquals("2", sharded[0], sharded[2]);
        assertTrue(sharded[2].startsWith("yaostream run: --sessions and --shards: give one of them"), sharded[2]);
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /**
     * The handshake compares what a circuit is, not what its file is called: an identical circuit under another name, and
     * the slot file compiled from it, run against the Bristol file.
     */
    @Test
    void theSameCircuitUnderAnotherNameOrCompiledIsTheSameCircuit(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path bristol = Path.of(System.getProperty("yaostream.circuits", "../circuits"), "bristol", "aes_128.txt");
        Path renamed = java.nio.file.Files.copy(bristol, dir.resolve("my_aes.txt"));
        Path compiled = dir.resolve("aes.ysid");
        assertEquals("0", run("compile", bristol.toString(), "-o", compiled.toString())[0]);
        for (Path other : new Path[] {renamed, compiled}) {
            int port;
            try (ServerSocket s = new ServerSocket(0)) {
                port = s.getLocalPort();
            }
            CompletableFuture<String[]> garbler = CompletableFuture.supplyAsync(() -> run("run", "--circuit", bristol.toString(), "--in",
                    "000102030405060708090a0b0c0d0e0f", "--kernel", "java", "--role", "garbler", "--listen", Integer.toString(port), "--bind",
                    "127.0.0.1"));
            String[] e = run("run", "--circuit", other.toString(), "--in", "00112233445566778899aabbccddeeff", "--kernel", "java", "--role",
                    "evaluator", "--connect", "127.0.0.1:" + port);
            String[] g = garbler.get();
            assertEquals("0", e[0], other + ": " + e[2]);
            assertEquals("0", g[0], other + ": " + g[2]);
            assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", e[1].strip(), other.toString());
        }
    }
}
