package io.yaostream.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The command line's contract: the demo, output formats, and one-line errors with a non-zero status. */
class CommandLineIT {
    @TempDir
    Path dir;

    @Test
    void demoPrintsTheFips197Ciphertext() {
        Cli.Result r = Cli.run("demo");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.lines().contains("69c4e0d86a7b0430d8cdb78070b4c55a"), r.out());
        Cli.Result json = Cli.run("demo", "--json", "--repeat", "3");
        assertEquals(0, json.status(), json.err());
        assertTrue(json.out().contains("\"result\":[\"69c4e0d86a7b0430d8cdb78070b4c55a\"]"), json.out());
        assertTrue(json.out().contains("\"and\":19200"), json.out());
        if (Cli.javaKernelPass()) {
            // The suite's second run: the forced kernel reaches the parties the tests start.
            assertTrue(json.out().contains("\"kernel\":\"java\""), json.out());
        }
    }

    @Test
    void benchOtJsonHasTheContractFields() {
        Cli.Result r = Cli.run("bench", "ot", "--json", "--ots", "200000", "--runs", "1", "--warmup-ms", "0");
        assertEquals(0, r.status(), r.err());
        for (String field : new String[] {"\"baseOtMs\":", "\"cotPerSec\":", "\"otPerSec\":", "\"baseOtMs1Thread\":"}) {
            assertTrue(r.out().contains(field), field + " missing: " + r.out());
        }
    }

    @Test
    void benchAppsJsonHasEveryApplicationAndTheContractFields() {
        // One cold run each way: the default ten would start twenty JVMs to check the same fields.
        Cli.Result r = Cli.run("bench", "apps", "--json", "--runs", "1", "--warmup", "0", "--minimum-values", "2000", "--cold-runs", "1");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"coldStart\":{"), "coldStart missing: " + r.out());
        for (String app : new String[] {"hamming", "aes", "aes-1000", "present", "karatsuba", "minimum-a", "minimum-b", "minimum-c"}) {
            assertTrue(r.out().contains("{\"app\":\"" + app + "\","), app + " missing: " + r.out());
        }
        for (String field : new String[] {"\"and\":", "\"paperAnd\":", "\"workingSet\":", "\"mesfeWorkingSet\":", "\"bytes\":",
                "\"onlineMs\":", "\"totalMs\":", "\"peakHeapBytes\":"}) {
            assertTrue(r.out().contains(field), field + " missing: " + r.out());
        }
        assertTrue(r.out().contains("\"and\":79960"), "2(N-1)w for the minimum of 2,000 values: " + r.out());
        assertFalse(r.out().contains("failed"), r.out());
    }

    @Test
    void benchOneHotGivesTheContractFieldsAndThePapersBytes() {
        Cli.Result r = Cli.run("bench", "onehot", "--json", "--runs", "1", "--reps", "2", "--only", "loopback", "--modules",
                "outer-product,gf-mul,sbox,mul,mod,exp");
        assertEquals(0, r.status(), r.err());
        for (String field : new String[] {"\"module\":", "\"bits\":", "\"k\":", "\"network\":\"loopback\"", "\"bytes\":",
                "\"standardBytes\":", "\"ms\":", "\"standardMs\":"}) {
            assertTrue(r.out().contains(field), field + " missing: " + r.out());
        }
        // HK21's exact figures (GF(2^8) at k = 4 and 8, the S-box) and ours at its parameters (each at or below its figure).
        for (String module : new String[] {"\"module\":\"gf-mul\",\"bits\":8,\"k\":4,\"network\":\"loopback\",\"reps\":2,\"bytes\":896,"
                + "\"standardBytes\":1536", "\"module\":\"gf-mul\",\"bits\":8,\"k\":8,\"network\":\"loopback\",\"reps\":2,\"bytes\":704,",
                "\"module\":\"sbox\",\"bits\":8,\"k\":8,\"network\":\"loopback\",\"reps\":2,\"bytes\":929,\"standardBytes\":1024",
                "\"module\":\"outer-product\",\"bits\":128,\"k\":6,\"network\":\"loopback\",\"reps\":2,\"bytes\":96896,",
                "\"module\":\"mul\",\"bits\":32,\"k\":6,\"network\":\"loopback\",\"reps\":2,\"bytes\":19808,",
                "\"module\":\"mod\",\"bits\":32,\"k\":8,\"network\":\"loopback\",\"reps\":2,\"bytes\":5316,",
                "\"module\":\"exp\",\"bits\":32,\"k\":8,\"network\":\"loopback\",\"reps\":2,\"bytes\":28596,"}) {
            assertTrue(r.out().contains(module), module + " missing: " + r.out());
        }
        Cli.Result wan = Cli.run("bench", "onehot", "--runs", "1", "--reps", "4", "--only", "wan", "--network", "1gbit,1ms", "--modules", "gf-mul");
        assertEquals(0, wan.status(), wan.err());
        assertTrue(wan.out().contains(" wan "), wan.out());
    }

    @Test
    void benchKernelJsonHasTheContractFields() {
        Cli.Result r = Cli.run("bench", "kernel", "--json", "--runs", "1", "--warmup-ms", "0");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("{\"floorNsPerAes\":"), r.out());
        for (String field : new String[] {"\"scheme\":\"prf-only\"", "\"circuit\":\"aes_128\"", "\"garbleNsPerAnd\":",
                "\"evalNsPerAnd\":", "\"garbleNsPerGate\":", "\"evalNsPerGate\":", "\"kernel\":\"java\"", "\"path\":",
                "\"garbleAesPerAnd\":", "\"evalAesPerAnd\":"}) {
            assertTrue(r.out().contains(field), field + " missing: " + r.out());
        }
    }

    @Test
    void benchKernelRunsOnlyTheSchemesAndKernelAskedFor() {
        Cli.firstPassOnly("it names its kernel (--kernel java), whatever the suite forces");
        Cli.Result r = Cli.run("bench", "kernel", "--json", "--runs", "1", "--warmup-ms", "0", "--scheme", "grr3",
                "--kernel", "java");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"scheme\":\"grr3\",\"kernel\":\"java\""), r.out());
        for (String absent : new String[] {"half-gates", "prf-only", "\"kernel\":\"native\""}) {
            assertFalse(r.out().contains(absent), absent + " was not asked for: " + r.out());
        }
        Cli.Result bad = Cli.run("bench", "kernel", "--scheme", "no-such-scheme");
        assertEquals(2, bad.status(), "a bad option value is a usage error");
        assertTrue(bad.err().contains("--scheme: unknown scheme 'no-such-scheme'"), bad.err());
    }

    @Test
    void evalJsonGivesResultAndCounts() {
        Cli.Result r = Cli.run("eval", Cli.bristol("adder64.txt").toString(), "--in", "0000000000000005", "--in", "00000000000000ff", "--json");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().contains("\"result\":[\"0000000000000104\"]"), r.out());
        assertTrue(r.out().contains("\"and\":63,"), r.out());
        assertTrue(r.out().contains("\"inputs\":[{\"name\":\"in1\",\"party\":\"garbler\",\"bits\":64}"), r.out());
    }

    @Test
    void everyCompiledFormatRunsTheSame() throws Exception {
        String source = Cli.bristol("mult64.txt").toString();
        String[] in = {"--in", "00000000deadbeef", "--in", "0000000012345678"};
        String expected = String.format("%016x", 0xdeadbeefL * 0x12345678L);
        for (String name : new String[] {"m.sid", "m.txt", "m.mec", "m.bmec"}) {
            Path out = dir.resolve(name);
            Cli.Result c = Cli.run("compile", source, "-o", out.toString());
            assertEquals(0, c.status(), c.err());
            Cli.Result r = Cli.run("eval", out.toString(), in[0], in[1], in[2], in[3]);
            assertEquals(0, r.status(), name + ": " + r.err());
            // ME-SFE files have one output list per party; an output for both is in both and reads back as one.
            assertEquals(java.util.List.of(expected), r.lines(), name);
        }
        assertTrue(Files.readString(dir.resolve("m.txt")).startsWith("yaostream-slots 1\n"));
        assertTrue(Files.readString(dir.resolve("m.mec")).contains("inputsCreator: "));
        // The source's counts survive where the format has room for them: not in .bmec.
        String sourceCounts = sourceCounts(Cli.run("info", source, "--json").out());
        for (String name : new String[] {"m.sid", "m.txt", "m.mec"}) {
            assertEquals(sourceCounts, sourceCounts(Cli.run("info", dir.resolve(name).toString(), "--json").out()), name);
        }
    }

    private static int andBatches(String infoJson) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"andBatches\":(\\d+)").matcher(infoJson);
        assertTrue(m.find(), infoJson);
        return Integer.parseInt(m.group(1));
    }

    /** The {@code gates, and, xor, inv} fields of {@code info --json}: the source's counts. */
    private static String sourceCounts(String infoJson) {
        int end = infoJson.indexOf(",\"compiled\":");
        assertTrue(infoJson.startsWith("{\"gates\":") && end > 0, infoJson);
        return infoJson.substring(0, end);
    }

    @Test
    void maxBatchZeroTurnsBatchingOffAndUnlimitedHasNoLimit() {
        Cli.firstPassOnly("compiling uses no kernel");
        String source = Cli.bristol("aes_128.txt").toString();
        Cli.Result off = Cli.run("compile", source, "-o", dir.resolve("off.sid").toString(), "--max-batch", "0");
        assertEquals(0, off.status(), off.err());
        String offInfo = Cli.run("info", dir.resolve("off.sid").toString(), "--json").out();
        assertTrue(offInfo.contains("\"andBatches\":6400"), "every AND gate a batch of its own: " + offInfo);
        Cli.Result unlimited = Cli.run("compile", source, "-o", dir.resolve("all.sid").toString(), "--max-batch", "unlimited");
        assertEquals(0, unlimited.status(), unlimited.err());
        Cli.Result capped = Cli.run("compile", source, "-o", dir.resolve("capped.sid").toString(), "--max-batch", "2");
        assertEquals(0, capped.status(), capped.err());
        int all = andBatches(Cli.run("info", dir.resolve("all.sid").toString(), "--json").out());
        int two = andBatches(Cli.run("info", dir.resolve("capped.sid").toString(), "--json").out());
        assertTrue(all < two && two >= 3200 && two < 6400, "batches of at most 2: " + two + "; any length: " + all);
        for (String bad : new String[] {"-1", "lots"}) {
            Cli.Result r = Cli.run("compile", source, "-o", dir.resolve("bad.sid").toString(), "--max-batch", bad);
            assertEquals(2, r.status(), bad);
            assertOneLine(r.err(), "--max-batch");
        }
    }

    @Test
    void compileRefusesToOverwriteItsSource() throws Exception {
        Cli.firstPassOnly("compiling uses no kernel");
        Path source = dir.resolve("adder.txt");
        Files.copy(Cli.bristol("adder64.txt"), source);
        byte[] before = Files.readAllBytes(source);
        Path link = Files.createSymbolicLink(dir.resolve("link.txt"), source);
        for (String out : new String[] {source.toString(), dir.resolve(".").resolve("adder.txt").toString(), link.toString()}) {
            Cli.Result r = Cli.run("compile", source.toString(), "-o", out);
            assertEquals(2, r.status(), out + ": " + r.err());
            assertOneLine(r.err(), "is the source file");
            assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(source)), "the source is untouched");
        }
        try (var files = Files.list(dir)) {
            assertEquals(2, files.count(), "nothing written beside the source and the link");
        }
    }

    @Test
    void compiledFilesHaveTheModeOfAnyNewFile() throws Exception {
        Cli.firstPassOnly("compiling uses no kernel");
        // The mode a new file gets under this process's umask (the parties run under the same one).
        var expected = Files.getPosixFilePermissions(Files.createFile(dir.resolve("fresh")));
        for (String name : new String[] {"m.sid", "m.txt", "m.mec"}) {
            Path out = dir.resolve(name);
            Cli.Result c = Cli.run("compile", Cli.bristol("adder64.txt").toString(), "-o", out.toString());
            assertEquals(0, c.status(), c.err());
            assertEquals(expected, Files.getPosixFilePermissions(out), name + ": not a temporary file's owner-only mode");
        }
    }

    @Test
    void commandLineMisuseExitsTwoWithOneLine() {
        Cli.firstPassOnly("the command line is parsed before any kernel loads");
        String adder = Cli.bristol("adder64.txt").toString();
        String[][] misuses = {
            {"eval", adder, "--scheme", "no-such", "--in", "00", "--in", "00"},
            {"eval", adder, "--kernel", "quantum", "--garbled"},
            {"info", adder, "--from", "verilog"},
            {"compile", adder, "-o", "x.sid", "--max-batch", "-1"},
            {"demo", "--repeat", "0"},
            {"demo", "--in", "00"},
            {"aes", "--demo", "--blocks", "0", "--in", "00", "--in", "00"},
            {"aes", "--demo", "--in", "000102030405060708090a0b0c0d0e0f"},
            {"hamming", "--demo", "--bits", "0", "--in", "0", "--in", "0"},
            {"minimum", "--demo", "--random", "3"},
            {"minimum", "--demo", "--random", "4", "--strategy", "z"},
            {"minimum", "--demo", "--random", "4", "--seed", "1", "--values", "v.txt"},
            {"bench", "ot", "--runs", "0"},
            {"bench", "kernel", "--kernel-path", "sse2"},
            {"bench", "apps", "--minimum-values", "3"},
            {"bench", "apps", "--network", "fast"},
            {"bench", "onehot", "--modules", "division"},
            {"bench", "onehot", "--scheme", "prf-only"},
            {"bench", "onehot", "--network", "100mbit,soon"},
            {"bench", "onehot", "--only", "lan"},
            {"bench", "onehot", "--reps", "0"},
            {"run", "--role", "garbler", "--circuit", adder, "--in", "00", "--listen", "0", "--repeat", "0"},
            {"run", "--role", "referee", "--circuit", adder, "--in", "00", "--listen", "0"},
            {"run", "--role", "garbler", "--circuit", adder, "--in", "00", "--listen", "0", "--timeout", "0"},
            {"run", "--role", "garbler", "--circuit", adder, "--in", "00", "--listen", "0", "--tls-cert", "c.pem"},
            {"run", "--role", "garbler", "--circuit", adder, "--in", "00", "--listen", "0", "--peer-cert", "evaluator.pem"},
            {"run", "--role", "garbler", "--circuit", adder, "--in", "00", "--listen", "0", "--peer-cert", "2=evaluator.pem"},
            {"aes", "--demo", "--peer-cert", "evaluator.pem"},
            {"run3", "--party", "3", "--circuit", adder, "--peers", "a:1,b:2,c:3", "--peer-cert", "3=p3.pem"},
            {"run3", "--party", "3", "--circuit", adder, "--peers", "a:1,b:2,c:3", "--peer-cert", "p1.pem"},
        };
        for (String[] args : misuses) {
            java.io.StringWriter out = new java.io.StringWriter();
            java.io.StringWriter err = new java.io.StringWriter();
            int status = io.yaostream.cli.YaostreamCommand.execute(args, new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true));
            String what = String.join(" ", args);
            assertEquals(2, status, what + ": " + err);
            assertOneLine(err.toString(), "(see 'yaostream ");
            assertEquals("", out.toString(), what);
        }
        // Three parties across machines without links bound to them: refused before anything connects, exit 1.
        java.io.StringWriter out = new java.io.StringWriter();
        java.io.StringWriter err = new java.io.StringWriter();
        int status = io.yaostream.cli.YaostreamCommand.execute(new String[] {"run3", "--party", "3", "--circuit", adder, "--peers",
                "p1.example:7101,p2.example:7102,127.0.0.1:7103"}, new java.io.PrintWriter(out, true), new java.io.PrintWriter(err, true));
        assertEquals(1, status, err.toString());
        assertOneLine(err.toString(), "yaostream run3: three parties across machines need every link bound to its party");
        // The same through the jar: the process's exit status.
        Cli.Result r = Cli.run("eval", adder, "--scheme", "no-such", "--in", "00", "--in", "00");
        assertEquals(2, r.status(), r.err());
        assertOneLine(r.err(), "yaostream eval: --scheme: ");
    }

    @Test
    void benchKernelTextHasNoRawMap() {
        Cli.firstPassOnly("it names its kernel (--kernel java), whatever the suite forces");
        Cli.Result r = Cli.run("bench", "kernel", "--runs", "1", "--warmup-ms", "0", "--scheme", "grr3", "--kernel", "java");
        assertEquals(0, r.status(), r.err());
        assertTrue(r.out().startsWith("raw fixed-key AES, java kernel (java): "), r.out());
        assertFalse(r.out().contains("{") || r.out().contains("="), "a Java map's toString: " + r.out());
    }

    /** --in takes an optional 0x before its ceil(bits/4) digits, and a wrong count says so, with "an" before 8-, 11- and 18-bit. */
    @Test
    void hexValuesTakeAnOptional0xPrefix() {
        Cli.firstPassOnly("plaintext eval uses no kernel");
        Cli.Result ok = Cli.run("eval", Cli.bristol("adder64.txt").toString(), "--in", "0x0000000000000005", "--in", "0X0000000000000001");
        assertEquals(0, ok.status(), ok.err());
        assertEquals("0000000000000006", ok.out().strip());
        Cli.Result bad = Cli.run("eval", Cli.bristol("adder64.txt").toString(), "--in", "0x05", "--in", "0000000000000001");
        assertEquals(1, bad.status());
        assertOneLine(bad.err(), "--in #1");
        assertTrue(bad.err().contains("'0x05' has 2 hex digits, but a 64-bit value takes 16 (after an optional 0x)"), bad.err());
        Cli.Result eight = Cli.run("hamming", "--demo", "--bits", "8", "--in", "0x1ff", "--in", "00");
        assertEquals(1, eight.status());
        assertTrue(eight.err().contains("but an 8-bit value takes 2"), eight.err());
    }

    @Test
    void wrongInputLengthIsOneLineNamingTheArgument() {
        Cli.firstPassOnly("plaintext eval uses no kernel");
        Cli.Result r = Cli.run("eval", Cli.bristol("adder64.txt").toString(), "--in", "05", "--in", "0000000000000001");
        assertEquals(1, r.status());
        assertEquals("", r.out());
        assertOneLine(r.err(), "--in #1");
        assertTrue(r.err().contains("a 64-bit value takes 16"), r.err());

        Cli.Result count = Cli.run("eval", Cli.bristol("adder64.txt").toString(), "--in", "0000000000000005");
        assertOneLine(count.err(), "takes 2 input value(s)");
        assertNotEquals(0, count.status());
    }

    @Test
    void malformedFilesAreOneLineNamingFileAndLine() throws Exception {
        Cli.firstPassOnly("reading circuit files uses no kernel");
        Path usedBeforeSet = dir.resolve("before.txt");
        Files.writeString(usedBeforeSet, "2 5\n2 1 1\n1 1\n2 1 0 3 2 AND\n2 1 2 1 4 XOR\n");
        Cli.Result r = Cli.run("info", usedBeforeSet.toString());
        assertEquals(1, r.status());
        assertOneLine(r.err(), usedBeforeSet + ":4: wire 3 is used before it is set");

        Path unknownOp = dir.resolve("op.txt");
        Files.writeString(unknownOp, "1 3\n2 1 1\n1 1\n2 1 0 1 2 NAND\n");
        assertOneLine(Cli.run("info", unknownOp.toString()).err(), unknownOp + ":4: unknown gate op 'NAND'");

        Path huge = dir.resolve("huge.txt");
        Files.writeString(huge, "1 4000000000\n2 1 1\n1 1\n2 1 0 1 2 AND\n");
        assertOneLine(Cli.run("info", huge.toString()).err(), huge + ":1: ");

        Path truncated = dir.resolve("trunc.sid");
        Cli.Result c = Cli.run("compile", Cli.bristol("adder64.txt").toString(), "-o", truncated.toString());
        assertEquals(0, c.status(), c.err());
        byte[] bytes = Files.readAllBytes(truncated);
        Files.write(truncated, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Cli.Result t = Cli.run("eval", truncated.toString(), "--in", "0000000000000001", "--in", "0000000000000001");
        assertEquals(1, t.status());
        assertOneLine(t.err(), truncated + ": byte ");
    }

    @Test
    void missingFileAndUnknownCommandAreOneLine() {
        Cli.firstPassOnly("reading circuit files uses no kernel");
        Cli.Result missing = Cli.run("info", dir.resolve("nope.txt").toString());
        assertEquals(1, missing.status());
        assertOneLine(missing.err(), "no such file");
        Cli.Result unknown = Cli.run("frobnicate");
        assertEquals(2, unknown.status());
        assertOneLine(unknown.err(), "frobnicate");
    }

    @Test
    void failedCompileLeavesNoFileBehind() throws Exception {
        Cli.firstPassOnly("compiling uses no kernel");
        Path bad = dir.resolve("bad.txt");
        Files.writeString(bad, "1 3\n2 1 1\n1 1\n2 1 0 9 2 AND\n");
        Path out = dir.resolve("out.sid");
        Cli.Result r = Cli.run("compile", bad.toString(), "-o", out.toString());
        assertEquals(1, r.status());
        assertFalse(Files.exists(out));
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only the source is left");
        }
    }

    private static void assertOneLine(String err, String expectedPart) {
        String e = err.strip();
        assertFalse(e.isEmpty(), "no error printed");
        assertFalse(e.contains("\n"), "more than one line: " + err);
        assertFalse(e.contains("Exception"), "a stack trace or exception name: " + err);
        assertTrue(e.contains(expectedPart), "'" + expectedPart + "' not in: " + err);
    }
}
