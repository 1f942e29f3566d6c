package io.yaostream.cli.bench;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The cold-start section of bench apps: what it runs, what it reads back and what it prints. */
class ColdStartTest {
    @TempDir
    Path dir;

    @Test
    void readsTheOnlineTimeOfARunThatPrintedFipsCiphertext() {
        String line = "{\"role\":\"demo\",\"scheme\":\"half-gates\",\"result\":\"69c4e0d86a7b0430d8cdb78070b4c55a\",\"and\":5120,"
                + "\"baseOtSeconds\":0.0221,\"onlineSeconds\":0.0415,\"seconds\":0.07}";
        assertEquals(41.5, ColdStart.onlineMs(line), 1e-9);
        assertThrows(IllegalStateException.class, () -> ColdStart.onlineMs(line.replace("69c4", "79c4")));
    }

    @Test
    void usesTheArchiveBesideTheJarOnlyWhenItIsNotOlder() throws Exception {
        Path jar = Files.writeString(dir.resolve("yaostream.jar"), "jar");
        assertNull(ColdStart.archive(jar), "no archive");
        Path jsa = Files.writeString(dir.resolve("yaostream.jsa"), "jsa");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(1_000_000));
        Files.setLastModifiedTime(jsa, FileTime.fromMillis(2_000_000));
        assertEquals(jsa, ColdStart.archive(jar));
        Files.setLastModifiedTime(jar, FileTime.fromMillis(3_000_000));
        assertNull(ColdStart.archive(jar), "an archive older than the jar is stale, as the launcher sees it");
    }

    @Test
    void passesTheArchiveAsTheLauncherDoes() {
        Path jar = dir.resolve("yaostream.jar");
        List<String> with = ColdStart.command(jar, dir.resolve("yaostream.jsa"), List.of("--kernel", "java"));
        assertTrue(with.contains("-XX:SharedArchiveFile=" + dir.resolve("yaostream.jsa")), with.toString());
        assertTrue(with.contains("-Xshare:auto"), with.toString());
        assertEquals(List.of("--kernel", "java"), with.subList(with.size() - 2, with.size()));
        List<String> without = ColdStart.command(jar, null, List.of());
        assertFalse(without.stream().anyMatch(a -> a.startsWith("-XX:SharedArchiveFile") || a.startsWith("-Xshare")), without.toString());
        assertEquals(List.of("aes", "--demo", "--json"), without.subList(without.indexOf("-jar") + 2, without.indexOf("-jar") + 5));
    }

    @Test
    void printsColdBesideWarmAndTheRunsWithoutTheArchive() {
        ColdStart.Result r = new ColdStart.Result(10, Path.of("yaostream.jsa"), new ColdStart.Figures(30.0, 0.61),
                new ColdStart.Figures(45.0, 0.95));
        String line = r.line(1.5);
        assertTrue(line.contains("online 30.0 ms (warm 1.50 ms, 20x), wall 0.61 s"), line);
        assertTrue(line.contains("without it: online 45.0 ms, wall 0.95 s"), line);
        Map<String, Object> m = r.fields(1.5);
        assertEquals(30.0, m.get("onlineMs"));
        assertEquals("yaostream.jsa", m.get("archive"));
        assertEquals(Map.of("onlineMs", 45.0, "wallSeconds", 0.95), m.get("withoutArchive"));

        ColdStart.Result none = new ColdStart.Result(10, null, null, new ColdStart.Figures(45.0, 0.95));
        assertTrue(none.line(1.5).contains("online 45.0 ms (warm 1.50 ms, 30x), wall 0.95 s, without a class-data sharing archive"),
                none.line(1.5));
        assertNull(none.fields(1.5).get("onlineMs"));
    }
}
