package io.yaostream.compiler;

import io.yaostream.compiler.CircuitLoader.SourceFormat;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.RandomBristol;
import io.yaostream.compiler.testing.SharedCircuits;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The content-addressed cache of compiled circuits: keys, hits and misses, damage, eviction, concurrency, settings. */
class CircuitCacheTest {
    private static final long NO_BUDGET = Long.MAX_VALUE;

    private static Path source(Path dir, String name, long seed) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, RandomBristol.fashion(seed, 400).bytes());
        return p;
    }

    private static CompiledCircuit fresh(Path p) {
        return CircuitLoader.load(p, null, Compiler.Options.DEFAULT, NO_BUDGET);
    }

    private static List<Path> files(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.sorted().toList();
        }
    }

    private static List<Path> entries(Path dir) throws IOException {
        return files(dir).stream().filter(p -> p.getFileName().toString().endsWith(CircuitCache.ENTRY_SUFFIX)).toList();
    }

    private static CircuitCache cache(Path dir, List<String> notices) {
        return new CircuitCache(dir, CircuitCache.DEFAULT_MAX_BYTES, notices::add);
    }

    @Test
    void aMissCompilesAndKeepsTheEntryAndAHitReadsIt(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("cache");
        List<String> notices = new ArrayList<>();
        CircuitCache cache = cache(dir, notices);
        Path src = source(tmp, "a.txt", 1);
        CompiledCircuit expected = fresh(src);

        CompiledCircuit first = cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET);
        assertEquals(expected, first);
        List<Path> kept = entries(dir);
        assertEquals(1, kept.size(), "one entry after a miss");
        assertEquals(List.of(), notices);

        // The entry is what a hit returns: put another circuit's slot file in its place and that one comes back.
        CompiledCircuit other = fresh(source(tmp, "other.txt", 2));
        CircuitFiles.write(other, kept.get(0), CircuitFiles.Format.SLOT_BINARY);
        assertEquals(other, cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET));

        CircuitFiles.write(expected, kept.get(0), CircuitFiles.Format.SLOT_BINARY);
        CompiledCircuit hit = cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET);
        assertEquals(expected, hit);
        assertArrayEquals(expected.digest(), hit.digest(), "the handshake's digest of a cached circuit is a fresh compile's");
        assertEquals(expected.sourceCounts(), hit.sourceCounts());
        assertEquals(1, files(dir).size(), "no temporary file left behind");
    }

    @Test
    void theSameContentUnderAnotherNameHitsAndAChangedFileMisses(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("cache");
        CircuitCache cache = cache(dir, new ArrayList<>());
        Path src = source(tmp, "a.txt", 3);
        cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET);
        Path entry = entries(dir).get(0);
        Files.setLastModifiedTime(entry, FileTime.fromMillis(1_000_000L));

        Path copy = tmp.resolve("sub").resolve("renamed.bristol");
        Files.createDirectories(copy.getParent());
        Files.copy(src, copy);
        assertEquals(fresh(src), cache.load(copy, null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(List.of(entry), entries(dir));
        assertTrue(Files.getLastModifiedTime(entry).toMillis() > 1_000_000L, "a hit marks its entry used");

        // One more line at the end (a comment-free change that keeps it valid Bristol: a trailing newline) is another file.
        Files.writeString(copy, Files.readString(copy) + "\n");
        cache.load(copy, null, Compiler.Options.DEFAULT, NO_BUDGET);
        assertEquals(2, entries(dir).size(), "a changed file is another key");

        // Options that change the output are in the key too; the format named or guessed as well.
        CompiledCircuit unbatched = cache.load(src, null, Compiler.Options.IN_ORDER, NO_BUDGET);
        assertEquals(CircuitLoader.load(src, null, Compiler.Options.IN_ORDER, NO_BUDGET), unbatched);
        assertEquals(3, entries(dir).size());
        cache.load(src, SourceFormat.BRISTOL, Compiler.Options.DEFAULT, NO_BUDGET);
        assertEquals(4, entries(dir).size());
    }

    @Test
    void compiledFilesAreNotCachedAndMesfeSourcesAre(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("cache");
        CircuitCache cache = cache(dir, new ArrayList<>());
        CompiledCircuit c = fresh(source(tmp, "a.txt", 4));
        for (CircuitFiles.Format f : List.of(CircuitFiles.Format.SLOT_BINARY, CircuitFiles.Format.SLOT_TEXT)) {
            Path p = tmp.resolve("c." + f);
            Files.write(p, TestCircuits.write(c, f));
            assertEquals(c, cache.load(p, null, Compiler.Options.DEFAULT, NO_BUDGET));
            assertEquals(c, cache.load(p, SourceFormat.SLOT, Compiler.Options.DEFAULT, NO_BUDGET));
        }
        assertEquals(List.of(), entries(dir), "a slot-ID file is compiled already");

        for (CircuitFiles.Format f : List.of(CircuitFiles.Format.MESFE_TEXT, CircuitFiles.Format.MESFE_BINARY)) {
            Path p = tmp.resolve("c" + (f == CircuitFiles.Format.MESFE_TEXT ? ".mec" : ".bmec"));
            Files.write(p, TestCircuits.write(c, f));
            CompiledCircuit direct = CircuitLoader.load(p);
            CompiledCircuit missed = cache.load(p, null, Compiler.Options.DEFAULT, NO_BUDGET);
            CompiledCircuit hit = cache.load(p, null, Compiler.Options.DEFAULT, NO_BUDGET);
            assertEquals(direct, missed);
            assertEquals(direct, hit);
            assertArrayEquals(direct.digest(), hit.digest());
        }
        assertEquals(2, entries(dir).size());
    }

    @Test
    void aRepositoryCircuitFromItsEntryHasTheFreshDigestInMemoryAndStreamed(@TempDir Path tmp) {
        Path dir = tmp.resolve("cache");
        CircuitCache cache = cache(dir, new ArrayList<>());
        Path aes = SharedCircuits.bristolDir().resolve("aes_128.txt");
        CompiledCircuit expected = fresh(aes);
        cache.load(aes, null, Compiler.Options.DEFAULT, CircuitFiles.memoryBudget());
        CompiledCircuit inMemory = cache.load(aes, null, Compiler.Options.DEFAULT, NO_BUDGET);
        CompiledCircuit streamed = cache.load(aes, null, Compiler.Options.DEFAULT, 1 << 12);
        assertFalse(inMemory.isStreamed());
        assertTrue(streamed.isStreamed(), "an entry above the memory budget is read as it is walked, as any slot-ID file");
        assertEquals(expected, inMemory);
        assertArrayEquals(expected.digest(), inMemory.digest());
        assertArrayEquals(expected.digest(), streamed.digest());
        TestCircuits.assertSameFunction(expected, streamed, 5, 2);
    }

    @Test
    void aDamagedOrTruncatedEntryIsAMissAndIsReplaced(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("cache");
        List<String> notices = new ArrayList<>();
        CircuitCache cache = cache(dir, notices);
        Path src = source(tmp, "a.txt", 6);
        CompiledCircuit expected = fresh(src);
        cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET);
        Path entry = entries(dir).get(0);
        byte[] good = Files.readAllBytes(entry);

        // A flipped bit in a gate record, read whole and read as it is walked (the checksum is checked before use).
        for (long budget : new long[] {NO_BUDGET, 1}) {
            byte[] bad = good.clone();
            bad[bad.length - 10] ^= 1;
            Files.write(entry, bad);
            CompiledCircuit c = cache.load(src, null, Compiler.Options.DEFAULT, budget);
            assertEquals(expected, c);
            assertArrayEquals(expected.digest(), c.digest());
            assertArrayEquals(good, Files.readAllBytes(entry), "compiled again and kept anew");
        }
        // Truncated, empty, and not a slot file at all.
        for (byte[] bad : List.of(java.util.Arrays.copyOf(good, good.length / 2), new byte[0], "garbage".getBytes())) {
            Files.write(entry, bad);
            assertEquals(expected, cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET));
            assertArrayEquals(good, Files.readAllBytes(entry));
        }
        try (RandomAccessFile f = new RandomAccessFile(entry.toFile(), "rw")) {
            f.setLength(good.length - 1);
        }
        CompiledCircuit streamed = cache.load(src, null, Compiler.Options.DEFAULT, 1);
        assertArrayEquals(expected.digest(), streamed.digest());
        assertEquals(List.of(), notices, "damage is no news for the user");
    }

    @Test
    void theLeastRecentlyUsedEntriesGoWhenANewOneWouldPassTheCap(@TempDir Path tmp) throws IOException {
        Path dir = tmp.resolve("cache");
        // Four files of one circuit, each with one more trailing newline: four keys, four entries of the same size.
        String base = RandomBristol.fashion(100, 400).text();
        List<Path> sources = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            sources.add(Files.writeString(tmp.resolve("s" + i + ".txt"), base + "\n".repeat(i)));
        }
        CircuitCache measure = cache(tmp.resolve("measure"), new ArrayList<>());
        measure.load(sources.get(0), null, Compiler.Options.DEFAULT, NO_BUDGET);
        long largest = Files.size(entries(tmp.resolve("measure")).get(0));
        List<String> notices = new ArrayList<>();
        CircuitCache cache = new CircuitCache(dir, 2 * largest, notices::add);

        long t = 1_000_000_000L;
        cache.load(sources.get(0), null, Compiler.Options.DEFAULT, NO_BUDGET);
        Path e0 = only(dir, List.of());
        Files.setLastModifiedTime(e0, FileTime.fromMillis(t));
        cache.load(sources.get(1), null, Compiler.Options.DEFAULT, NO_BUDGET);
        Path e1 = only(dir, List.of(e0));
        Files.setLastModifiedTime(e1, FileTime.fromMillis(t + 1000));
        // A hit on the first makes the second the least recently used.
        cache.load(sources.get(0), null, Compiler.Options.DEFAULT, NO_BUDGET);
        assertTrue(Files.getLastModifiedTime(e0).toMillis() > t + 1000);

        cache.load(sources.get(2), null, Compiler.Options.DEFAULT, NO_BUDGET);
        List<Path> left = entries(dir);
        assertEquals(2, left.size(), left.toString());
        assertTrue(left.contains(e0) && !left.contains(e1), "the least recently used entry went");
        assertTrue(cache.usage()[1] <= cache.maxBytes());

        // An entry larger than the whole cap is not kept, with one notice; the circuit is still compiled.
        CircuitCache tiny = new CircuitCache(tmp.resolve("tiny"), 16, notices::add);
        assertEquals(fresh(sources.get(3)), tiny.load(sources.get(3), null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(fresh(sources.get(3)), tiny.load(sources.get(3), null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(List.of(), entries(tmp.resolve("tiny")));
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).contains("larger than the circuit cache's cap"), notices.get(0));
    }

    private static Path only(Path dir, List<Path> except) throws IOException {
        List<Path> fresh = new ArrayList<>(entries(dir));
        fresh.removeAll(except);
        assertEquals(1, fresh.size(), fresh.toString());
        return fresh.get(0);
    }

    @Test
    void twoLoadersMissingTogetherBothSucceedWithOneGoodEntry(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("cache");
        Path src = tmp.resolve("aes.txt");
        Files.copy(SharedCircuits.bristolDir().resolve("aes_128.txt"), src);
        CompiledCircuit expected = fresh(src);
        for (int round = 0; round < 3; round++) {
            List<String> notices = new java.util.concurrent.CopyOnWriteArrayList<>();
            int n = 4;
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(n);
            try {
                List<Future<CompiledCircuit>> loads = new ArrayList<>();
                for (int i = 0; i < n; i++) {
                    // Each its own cache object, as each party's process has.
                    CircuitCache cache = cache(dir, notices);
                    loads.add(pool.submit(() -> {
                        start.await();
                        return cache.load(src, null, Compiler.Options.DEFAULT, NO_BUDGET);
                    }));
                }
                start.countDown();
                for (Future<CompiledCircuit> f : loads) {
                    assertArrayEquals(expected.digest(), f.get().digest());
                }
            } finally {
                pool.shutdown();
            }
            assertEquals(List.of(), notices);
            assertEquals(entries(dir), files(dir), "no temporary file left behind");
            assertEquals(1, entries(dir).size());
            assertEquals(expected, CircuitLoader.load(entries(dir).get(0)));
            if (round < 2) {
                new CircuitCache(dir, 1 << 30, notices::add).clear();
            }
        }
    }

    @Test
    void anUnwritableCacheIsAMissWithOneNotice(@TempDir Path tmp) throws IOException {
        // A directory under a regular file cannot be made, even by root (whom file modes do not stop).
        Path blocker = Files.writeString(tmp.resolve("not-a-directory"), "x");
        List<String> notices = new ArrayList<>();
        CircuitCache cache = cache(blocker.resolve("cache"), notices);
        Path a = source(tmp, "a.txt", 7);
        Path b = source(tmp, "b.txt", 8);
        assertEquals(fresh(a), cache.load(a, null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(fresh(b), cache.load(b, null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(fresh(a), cache.load(a, null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(1, notices.size(), notices.toString());
        assertTrue(notices.get(0).startsWith("yaostream: cannot write the circuit cache"), notices.get(0));
        assertFalse(notices.get(0).contains("\n"));
    }

    @Test
    void errorsAboutTheSourceAreTheLoadersOwn(@TempDir Path tmp) throws IOException {
        CircuitCache cache = cache(tmp.resolve("cache"), new ArrayList<>());
        Path missing = tmp.resolve("nope.txt");
        var e = org.junit.jupiter.api.Assertions.assertThrows(io.yaostream.core.format.CircuitFormatException.class,
                () -> cache.load(missing, null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertTrue(e.getMessage().endsWith("nope.txt: no such file"), e.getMessage());
        Path bad = Files.writeString(tmp.resolve("bad.txt"), "3 5\nnot a circuit\n");
        org.junit.jupiter.api.Assertions.assertThrows(io.yaostream.core.format.CircuitFormatException.class,
                () -> cache.load(bad, null, Compiler.Options.DEFAULT, NO_BUDGET));
        assertEquals(List.of(), entries(tmp.resolve("cache")));
    }

    @Test
    void theDirectoryAndCapComeFromPropertiesThenEnvironment() {
        Map<String, String> none = Map.of("user.home", "/home/u");
        assertEquals(Path.of("/home/u/.cache/yaostream/circuits"), CircuitCache.directory(none::get, Map.<String, String>of()::get));
        assertEquals(Path.of("/x/yaostream/circuits"), CircuitCache.directory(none::get, Map.of("XDG_CACHE_HOME", "/x")::get));
        assertEquals(Path.of("/home/u/.cache/yaostream/circuits"),
                CircuitCache.directory(none::get, Map.of("XDG_CACHE_HOME", "relative")::get), "a relative XDG_CACHE_HOME is ignored");
        assertEquals(Path.of("/e"), CircuitCache.directory(none::get, Map.of("YAOSTREAM_CACHE_DIR", "/e", "XDG_CACHE_HOME", "/x")::get));
        Map<String, String> prop = Map.of("user.home", "/home/u", CircuitCache.DIR_PROPERTY, "/p");
        assertEquals(Path.of("/p"), CircuitCache.directory(prop::get, Map.of("YAOSTREAM_CACHE_DIR", "/e")::get));
        assertNull(CircuitCache.directory(none::get, Map.of("YAOSTREAM_CACHE_DIR", "off")::get));
        assertNull(CircuitCache.directory(Map.of(CircuitCache.DIR_PROPERTY, "OFF")::get, Map.of("YAOSTREAM_CACHE_DIR", "/e")::get));

        List<String> notices = new ArrayList<>();
        assertEquals(CircuitCache.DEFAULT_MAX_BYTES, CircuitCache.configured(none::get, Map.<String, String>of()::get, notices::add).maxBytes());
        assertEquals(64L << 20, CircuitCache.configured(none::get, Map.of("YAOSTREAM_CACHE_MAX_BYTES", "64M")::get, notices::add).maxBytes());
        assertNull(CircuitCache.configured(none::get, Map.of("YAOSTREAM_CACHE_MAX_BYTES", "0")::get, notices::add), "a cap of 0 is off");
        assertEquals(List.of(), notices);
        assertEquals(CircuitCache.DEFAULT_MAX_BYTES,
                CircuitCache.configured(none::get, Map.of("YAOSTREAM_CACHE_MAX_BYTES", "lots")::get, notices::add).maxBytes());
        assertEquals(1, notices.size());

        assertEquals(1234, CircuitCache.parseSize("1234"));
        assertEquals(2L << 30, CircuitCache.parseSize("2G"));
        assertEquals(2L << 30, CircuitCache.parseSize("2 GiB"));
        assertEquals(512L << 10, CircuitCache.parseSize("512k"));
        assertEquals(-1, CircuitCache.parseSize("-5"));
        assertEquals(-1, CircuitCache.parseSize("1.5G"));
        assertEquals(-1, CircuitCache.parseSize(""));
        assertNotEquals("unknown", CircuitCache.CodeFingerprint.VALUE, "the classes' fingerprint is made from their directory or jar");
    }
}
