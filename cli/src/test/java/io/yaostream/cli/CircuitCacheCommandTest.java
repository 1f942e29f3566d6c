package io.yaostream.cli;

import io.yaostream.compiler.CircuitCache;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The commands that take a circuit file go through the circuit cache; {@code --no-cache} and {@code off} bypass it. */
@Timeout(120)
class CircuitCacheCommandTest {
    private record Outcome(int status, String out, String err) {
    }

    @TempDir
    Path tmp;
    private Path cacheDir;
    private String saved;

    @BeforeEach
    void useATemporaryCache() {
        saved = System.getProperty(CircuitCache.DIR_PROPERTY);
        cacheDir = tmp.resolve("cache");
        System.setProperty(CircuitCache.DIR_PROPERTY, cacheDir.toString());
    }

    @AfterEach
    void restore() {
        if (saved == null) {
            System.clearProperty(CircuitCache.DIR_PROPERTY);
        } else {
            System.setProperty(CircuitCache.DIR_PROPERTY, saved);
        }
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    private Path aes(String name) throws IOException {
        Path bristol = Path.of(System.getProperty("yaostream.circuits", "../circuits"), "bristol", "aes_128.txt");
        return Files.copy(bristol, tmp.resolve(name));
    }

    private List<Path> entries() throws IOException {
        if (!Files.isDirectory(cacheDir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(cacheDir)) {
            return s.toList();
        }
    }

    @Test
    void infoCompilesOnceAndAnotherNameHits() throws IOException {
        Path a = aes("a.txt");
        Outcome first = run("info", a.toString(), "--json");
        assertEquals(0, first.status(), first.err());
        assertEquals(1, entries().size());
        Path entry = entries().get(0);
        assertTrue(entry.getFileName().toString().matches("[0-9a-f]{64}\\.ysid"), entry.toString());
        Outcome second = run("info", aes("b.txt").toString(), "--json");
        assertEquals(first.out(), second.out());
        assertEquals(List.of(entry), entries());
        assertEquals("", first.err() + second.err());

        // --no-cache neither reads nor writes it; a changed file is another entry.
        Files.writeString(a, Files.readString(a) + "\n");
        Outcome bypassed = run("info", a.toString(), "--json", "--no-cache");
        assertEquals(first.out(), bypassed.out());
        assertEquals(List.of(entry), entries());
        Outcome eval = run("eval", a.toString(), "--in", "000102030405060708090a0b0c0d0e0f", "--in", "00112233445566778899aabbccddeeff");
        assertEquals(0, eval.status(), eval.err());
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", eval.out().strip());
        assertEquals(2, entries().size());

        Outcome info = run("cache", "info");
        assertEquals(0, info.status(), info.err());
        assertTrue(info.out().contains("directory: " + cacheDir) && info.out().contains("entries:   2 ("), info.out());
        Outcome cleared = run("cache", "clear");
        assertEquals(0, cleared.status(), cleared.err());
        assertEquals(List.of(), entries());
    }

    @Test
    void offAndAnUnwritableCacheStillRun() throws IOException {
        Path a = aes("a.txt");
        Outcome expected = run("info", a.toString(), "--no-cache");
        assertEquals(List.of(), entries());

        System.setProperty(CircuitCache.DIR_PROPERTY, "off");
        Outcome off = run("info", a.toString());
        assertEquals(expected, off);
        assertTrue(run("cache", "info").out().startsWith("circuit cache: off"));

        Path blocker = Files.writeString(tmp.resolve("a-file"), "x");
        System.setProperty(CircuitCache.DIR_PROPERTY, blocker.resolve("cache").toString());
        Outcome unwritable = run("info", a.toString());
        assertEquals(0, unwritable.status(), unwritable.err());
        assertEquals(expected.out(), unwritable.out());
        assertEquals(1, unwritable.err().lines().count(), unwritable.err());
        assertTrue(unwritable.err().startsWith("yaostream: cannot write the circuit cache"), unwritable.err());
    }

    /** A party that reads the circuit from the cache and one that compiles it anew agree on the circuit's digest. */
    @Test
    void aCachedPartyAndAFreshOneAgree() throws Exception {
        Path a = aes("aes.txt");
        assertEquals(0, run("info", a.toString()).status());
        assertEquals(1, entries().size());
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String key = "000102030405060708090a0b0c0d0e0f";
        String plaintext = "00112233445566778899aabbccddeeff";
        CompletableFuture<Outcome> garbler = CompletableFuture.supplyAsync(() -> run("run", "--circuit", a.toString(), "--in", key,
                "--kernel", "java", "--role", "garbler", "--listen", Integer.toString(port), "--bind", "127.0.0.1", "--no-cache"));
        Outcome e = run("run", "--circuit", a.toString(), "--in", plaintext, "--kernel", "java", "--role", "evaluator",
                "--connect", "127.0.0.1:" + port);
        Outcome g = garbler.get();
        assertEquals(0, e.status(), e.err());
        assertEquals(0, g.status(), g.err());
        assertEquals(e.out(), g.out());
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", e.out().strip());
        assertEquals(1, entries().size());
    }
}
