package io.yaostream.e2e;

import io.yaostream.core.testing.ChainFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A compiled circuit far larger than the heap is read from its file as it is walked: a million chained AND gates
 * (21 MB of file, 24 MB in memory) evaluated in plaintext, garbled and evaluated, and by two parties, each in a JVM
 * of 32 MiB of heap, where holding the circuit runs out of memory.
 */
class BoundedMemoryIT {
    private static final List<String> SMALL_HEAP = List.of("-Xmx32m", "-XX:TieredStopAtLevel=1");
    private static final String ONES = "ffffffffffffffff";

    @TempDir
    Path dir;

    private Path chain() throws IOException {
        Path file = dir.resolve("chain.ysid");
        ChainFile.write(file, 1_000_000);
        return file;
    }

    @Test
    void aMillionGateFileRunsIn32MiB() throws IOException {
        Path file = chain();
        Cli.Result plain = Cli.launch(SMALL_HEAP, "eval", file.toString(), "--in", ONES, "--in", ONES).await(300);
        assertEquals(0, plain.status(), plain.err());
        assertEquals("1", plain.out().trim());
        for (String scheme : List.of("half-gates", "prf-only")) {
            Cli.Result garbled = Cli.launch(SMALL_HEAP, "eval", file.toString(), "--in", ONES, "--in", "fffffffffffffffe",
                    "--scheme", scheme).await(300);
            assertEquals(0, garbled.status(), scheme + ": " + garbled.err());
            assertEquals("0", garbled.out().trim(), scheme);
        }
        Cli.Result demo = Cli.launch(SMALL_HEAP, "demo", "--circuit", file.toString(), "--in", ONES, "--in", ONES,
                "--repeat", "2").await(300);
        assertEquals(0, demo.status(), demo.err());
        assertTrue(demo.out().contains("1"), demo.out());
    }

    @Test
    void theSameFileHeldInMemoryDoesNotFit() throws IOException {
        Path file = chain();
        Cli.Result r = Cli.launch(List.of("-Xmx32m", "-XX:TieredStopAtLevel=1", "-Dyaostream.circuit.memoryBudget=" + Long.MAX_VALUE),
                "eval", file.toString(), "--in", ONES, "--in", ONES).await(300);
        assertEquals(1, r.status(), r.out());
        assertTrue(r.err().contains("out of memory"), r.err());
    }

    @Test
    void aDamagedFileFailsAtTheEndOfThePassInOneLine() throws IOException {
        Path file = chain();
        byte[] data = Files.readAllBytes(file);
        data[data.length - 5] ^= 1; // the last gate's output slot: 129 -> 128, valid, so only the checksum finds it
        Files.write(file, data);
        Cli.Result r = Cli.launch(SMALL_HEAP, "eval", file.toString(), "--in", ONES, "--in", ONES).await(300);
        assertEquals(1, r.status(), r.out());
        assertEquals("", r.out());
        assertTrue(r.err().contains(file + ": byte ") && r.err().contains("CRC-32C mismatch"), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
    }
}
