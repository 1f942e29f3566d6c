package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** How commands refuse what they cannot do: one line, the right exit status, never a figure that is not a number. */
@Timeout(300)
class CommandErrorsTest {
    private record Outcome(int status, String out, String err) {
        List<String> errLines() {
            return err.lines().filter(l -> !l.isBlank()).toList();
        }
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    @Test
    void hexValuesMayStartWith0xAndAWrongLengthSaysHowManyDigits() {
        Outcome ok = run("hamming", "--demo", "--bits", "8", "--in", "0xff", "--in", "0F");
        assertEquals(0, ok.status(), ok.err());
        assertEquals("4", ok.out().strip());
        Outcome prefixed = run("hamming", "--demo", "--bits", "8", "--in", "0xfff", "--in", "0f");
        assertEquals(1, prefixed.status(), prefixed.err());
        assertEquals(List.of("yaostream hamming: --in (garbler): '0xfff' has 3 hex digits, but an 8-bit value takes 2 (after an optional 0x)"),
                prefixed.errLines());
        Outcome twice = run("hamming", "--demo", "--bits", "16", "--in", "0x0xff", "--in", "000f");
        assertEquals(1, twice.status(), twice.err());
        assertTrue(twice.err().contains("'0x0xff' is not hexadecimal (character 4)"), twice.err());
        Outcome twelve = run("hamming", "--demo", "--bits", "12", "--in", "fff0", "--in", "00f");
        assertTrue(twelve.err().contains("but a 12-bit value takes 3"), twelve.err());
    }

    @Test
    void aShorterNumberIsPaddedWithZerosOnTheLeft() {
        Outcome k = run("karatsuba", "--demo", "--in", "1234", "--in", "0x5678");
        assertEquals(0, k.status(), k.err());
        assertEquals(String.format("%064x", 0x1234L * 0x5678L), k.out().strip());
        Outcome h = run("hamming", "--demo", "--bits", "12", "--in", "ff", "--in", "00f");
        assertEquals(0, h.status(), h.err());
        assertEquals("4", h.out().strip());
    }

    @Test
    void aValuesFileThatCannotBeReadIsOneLineWithTheReason(@TempDir Path dir) throws Exception {
        Path missing = dir.resolve("missing.txt");
        Outcome m = run("minimum", "--demo", "--values", missing.toString(), "--values", missing.toString());
        assertEquals(1, m.status(), m.err());
        assertEquals(List.of("yaostream minimum: " + missing + ": no such file"), m.errLines());

        Path binary = dir.resolve("binary.dat");
        Files.write(binary, new byte[] {'1', '\n', '2', '\n', (byte) 0xff, (byte) 0xfe, 0, 1, '\n'});
        Outcome b = run("minimum", "--demo", "--values", binary.toString(), "--values", binary.toString());
        assertEquals(1, b.status(), b.err());
        assertEquals(List.of("yaostream minimum: " + binary + ": not text (line 3 is not UTF-8)"), b.errLines());

        Path words = dir.resolve("words.txt");
        Files.writeString(words, "7\nseven\n");
        Outcome w = run("minimum", "--demo", "--values", words.toString(), "--values", words.toString());
        assertEquals(List.of("yaostream minimum: " + words + ":2: 'seven' is not a decimal number"), w.errLines());

        Outcome d = run("minimum", "--demo", "--values", dir.toString(), "--values", dir.toString());
        assertEquals(List.of("yaostream minimum: " + dir + ": a directory, not a file"), d.errLines());
    }

    @Test
    void jsonHasNoNaNOrInfinity() {
        assertEquals("{\"a\":[1.5,2]}", Json.write(Map.of("a", List.of(1.5, 2))));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Json.write(Report.fields("results", List.of(Report.fields("ms", Double.NaN)))));
        assertTrue(e.getMessage().contains("$.results[0].ms"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Json.write(List.of(Double.POSITIVE_INFINITY)));
    }

    /**
     * One instance a session: the difference between sessions of two and of one is often lost in their noise. The
     * bench then prints no time for the row (null in JSON, "-" and a note in text), never NaN or Infinity.
     */
    @Test
    void oneHotWithOneInstancePrintsNumbersOrNoneButNeverNaN() {
        for (String format : new String[] {"--json", "--only=loopback"}) {
            Outcome o = run("bench", "onehot", "--runs", "1", "--reps", "1", "--modules", "sbox", format);
            assertEquals(0, o.status(), o.err());
            assertFalse(o.out().contains("NaN") || o.out().contains("Infinity"), o.out());
            if (format.equals("--json")) {
                assertTrue(o.out().matches("(?s).*\"ms\":(null|[0-9.eE-]+),\"standardMs\":(null|[0-9.eE-]+),.*"), o.out());
            } else if (o.out().contains("\n-: ")) {
                assertTrue(o.out().contains("sbox (loopback): a session of 2R instances was not measurably slower"), o.out());
            }
        }
    }

    /** The minimum's first strategy cannot start with a 1 MiB heap: the bench fails, naming the row. */
    @Test
    void aFailedAppsRowIsAnError() {
        Outcome o = run("bench", "apps", "--runs", "1", "--warmup", "0", "--minimum-values", "2", "--minimum-a-heap", "1m", "--json");
        assertEquals(1, o.status(), o.err());
        assertEquals(1, o.errLines().size(), o.err());
        assertTrue(o.err().startsWith("yaostream bench apps: minimum-a: "), o.err());
        assertTrue(o.err().contains("-Xmx1m"), o.err());
        assertFalse(o.out().contains("NaN"), o.out());
    }

    /** Both floors in the JSON, and each per-AND figure against both: numbers where the native kernel runs, else null. */
    @Test
    void benchKernelReportsBothFloors() {
        Outcome o = run("bench", "kernel", "--runs", "1", "--warmup-ms", "0", "--scheme", "half-gates", "--json");
        assertEquals(0, o.status(), o.err());
        boolean native_ = io.yaostream.core.kernel.Kernels.nativeUnavailableReason() == null;
        for (String key : List.of("registerFloorNsPerAes", "garbleRegisterAesPerAnd", "evalRegisterAesPerAnd", "garbleAesPerAnd")) {
            assertTrue(o.out().contains("\"" + key + "\":"), key + " in " + o.out());
        }
        assertTrue(o.out().matches("(?s).*\"registerFloorNsPerAes\":" + (native_ ? "[0-9]" : "null") + ".*"), o.out());
    }

    @Test
    void anUnknownCommandNamesTheCommandsAndTheNearest() {
        Outcome o = run("hamm");
        assertEquals(2, o.status());
        assertEquals(1, o.errLines().size(), o.err());
        String line = o.errLines().get(0);
        assertTrue(line.startsWith("yaostream: unknown command 'hamm' (the commands: compile, info, eval, run, demo, "), line);
        assertTrue(line.contains("; did you mean 'hamming'?"), line);
    }

    @Test
    void aNumberBeyondItsTypeSaysTheRange() {
        Outcome o = run("minimum", "--demo", "--random", "1000000000000");
        assertEquals(2, o.status());
        assertTrue(o.err().contains("'1000000000000' is not an int (a whole number from -2,147,483,648 to 2,147,483,647)"), o.err());
    }

    @Test
    void helpSaysWhatTheOptionsTake() {
        assertTrue(run("minimum", "--help").out().replaceAll("\\s+", " ").contains("(N even, from 2 to 2,147,483,646)"));
        String shards = run("bench", "shards", "--help").out().replaceAll("\\s+", " ");
        assertTrue(shards.contains("Print JSON: results[{app, shards, and, bytes, seconds, andPerSec, cpuSecondsPerGigaAnd{garbler, evaluator}"),
                shards);
        assertTrue(!shards.contains("workingSet"), "bench shards' help names another command's JSON: " + shards);
    }

    @Test
    void theVersionIsTheBuildsInVersionAndJson() {
        Outcome v = run("--version");
        assertTrue(v.out().strip().matches("yaostream \\d+\\.\\d+\\.\\d+(-SNAPSHOT)?"), v.out());
        String version = v.out().strip().substring("yaostream ".length());
        assertTrue(run("demo", "--json").out().contains("\"version\":\"" + version + "\""));
    }
}
