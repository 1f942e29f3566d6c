package io.yaostream.spark;

import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two Spark applications, one per party, each in a JVM of its own with a local master of four slots, over TCP loopback:
 * the minimum and AES with 1, 2 and 4 shards against plaintext, a task that fails, a mismatch of K between parties
 * identified by their certificates, a run after both, mutual TLS with each link bound to the other party's certificate,
 * a run with a stray join and more silent connections than the rendezvous reads at once, rows the caller cached
 * itself, and a garbler's application killed while its shards run.
 */
class SparkPairTest {
    private static final Path HOME = Path.of(System.getProperty("yaostream.spark.home", "."));

    @TempDir
    Path certs;

    @Test
    void computationsFaultsAndARunAfterThemInOnePairOfApplications() throws Exception {
        TestCertificates pki = new TestCertificates(certs, "spark-test-ca");
        copy(pki.party("garbler"), "garbler");
        copy(pki.party("evaluator"), "evaluator");
        Files.copy(pki.caFile(), certs.resolve("ca.crt"));
        String[] steps = {"min1", "min2", "min4", "aes1", "aes2", "aes4", "bad", "mismatch", "again", "tls", "stray", "cached"};
        int base = PairPorts.base();
        Process g = start("garbler", base, steps);
        Process e = start("evaluator", base, steps);
        Map<String, String> garbler = steps(g, 240);
        Map<String, String> evaluator = steps(e, 240);

        long expected = Math.min(Collections.min(PairData.values(true, 700)), Collections.min(PairData.values(false, 500)));
        long and = 2L * (1200 - 1) * PairData.BITS;
        for (String s : List.of("min1", "min2", "min4", "again", "tls", "stray", "cached")) {
            for (Map<String, String> party : List.of(garbler, evaluator)) {
                String got = party.get(s);
                assertTrue(got != null && got.startsWith("ok " + expected + " and=" + and + " "), s + ": " + got + " (every step: " + party + ")");
            }
        }
        for (int k : new int[] {1, 2, 4}) {
            String plain = PairData.blocks(PairData.aesBlocks(k)).stream().map(PairData::encrypt).collect(Collectors.joining(","));
            assertTrue(plain.endsWith(PairData.FIPS_CIPHERTEXT));
            assertTrue(evaluator.get("aes" + k).startsWith("ok " + plain + " and=" + 5120L * PairData.aesBlocks(k) + " "), evaluator.get("aes" + k));
            assertTrue(garbler.get("aes" + k).startsWith("ok  and=" + 5120L * PairData.aesBlocks(k) + " "), garbler.get("aes" + k));
        }
        String bad = "value 4294967296 is not an unsigned 32-bit value";
        assertTrue(garbler.get("bad").matches("failed shard [01] of 2: " + bad), garbler.get("bad"));
        assertTrue(evaluator.get("bad").matches("failed the garbler's side failed: shard [01] of 2: " + bad), evaluator.get("bad"));
        for (Map<String, String> party : List.of(garbler, evaluator)) {
            assertEquals("failed the join: the garbler runs 2 shards, the evaluator 3", party.get("mismatch"));
        }
    }

    /**
     * The garbler's driver killed (SIGKILL) in its secure stage ({@code long}), or while the evaluator still reads its
     * rows ({@code prepare}): the evaluator's run ends in one line within the timeout, with nothing else on its standard
     * error (no stack trace of Spark's stopping: a cached partition's removal, still waiting for the cancelled task that
     * wrote it, used to be cut by the stop and say so twice), and no scratch folder of either application is left: the
     * evaluator deletes its own, and the killed garbler's, whose lock the kill released, as the surviving application
     * beside it.
     */
    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"long", "prepare"})
    void aKilledApplicationEndsThePeersRunInOneLineWithinTheTimeout(String step, @TempDir Path tmp) throws Exception {
        int base = PairPorts.base();
        Path evaluatorErr = tmp.resolve("evaluator.err");
        Path scratch = Files.createDirectory(tmp.resolve("tmp"));
        String tmpdir = "-Djava.io.tmpdir=" + scratch;
        Process g = start("garbler", base, new String[] {step}, ProcessBuilder.Redirect.INHERIT, tmpdir);
        Process e = start("evaluator", base, new String[] {step}, ProcessBuilder.Redirect.to(evaluatorErr.toFile()), tmpdir);
        BufferedReader out = new BufferedReader(new InputStreamReader(g.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.equals("STEP " + step + " started")) {
            // Spark's start
        }
        assertEquals("STEP " + step + " started", line);
        Thread.sleep(3000); // into the secure stage: 600,000 values take longer than this; or into the evaluator's 20 s of reading
        g.destroyForcibly().waitFor();
        long killed = System.nanoTime();
        Map<String, String> evaluator = steps(e, 60);
        double seconds = (System.nanoTime() - killed) / 1e9;
        String failure = evaluator.get(step);
        assertTrue(failure.startsWith("failed "), failure);
        assertTrue(failure.contains("garbler") || failure.contains("(at the peer)") || failure.contains("peer"), failure);
        assertTrue(seconds < 10 + 15, "the evaluator ended " + seconds + " s after the kill");
        String err = Files.readString(evaluatorErr);
        assertTrue(err.lines().noneMatch(l -> l.contains("Exception") || l.startsWith("\tat ")), "the evaluator's standard error: " + err);
        try (Stream<Path> left = Files.list(scratch)) {
            List<String> names = left.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith("spark-") || n.startsWith("blockmgr-") || n.startsWith(io.yaostream.spark.example.ScratchDir.PREFIX)).toList();
            assertEquals(List.of(), names, "scratch folders left in " + scratch);
        }
    }

    /**
     * More shards than the garbler's application has task slots (4 on local[2]): Spark would retry its barrier stage's
     * slot check for minutes; the garbler refuses at once, saying how many it needs and has, the evaluator ends with the
     * garbler's line, both within seconds, and the pair's next run (2 shards) gives the minimum.
     */
    @Test
    void moreShardsThanTaskSlotsIsRefusedAtBothPartiesWithinSeconds() throws Exception {
        int base = PairPorts.base();
        String[] steps = {"slots", "again"};
        Process g = start("garbler", base, steps, "-Dpair.master=local[2]");
        Process e = start("evaluator", base, steps);
        Map<String, String> garbler = steps(g, 120);
        Map<String, String> evaluator = steps(e, 120);
        String refusal = "the garbler's application runs 2 tasks at once (master local[2]), and the secure stage's 4 tasks must all run at"
                + " once (a barrier stage): give it at least 4 task slots (local[4]), or run at most 2 shards";
        assertEquals("failed " + refusal, garbler.get("slots"));
        assertEquals("failed the garbler's side failed: " + refusal, evaluator.get("slots"));
        for (Map<String, String> party : List.of(garbler, evaluator)) {
            double seconds = Double.parseDouble(party.get("slots.seconds"));
            assertTrue(seconds < 10, "the step took " + seconds + " s: " + party);
            assertTrue(party.get("again").startsWith("ok "), party.toString());
        }
    }

    private static void copy(TlsFiles files, String name) throws IOException {
        Path dir = files.certificate().getParent();
        Files.copy(files.certificate(), dir.resolve(name + ".crt"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Files.copy(files.privateKey(), dir.resolve(name + ".key"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private Process start(String role, int base, String[] steps, String... jvm) throws IOException {
        return start(role, base, steps, ProcessBuilder.Redirect.INHERIT, jvm);
    }

    private Process start(String role, int base, String[] steps, ProcessBuilder.Redirect err, String... jvm) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions());
        cmd.add("-Xmx512m");
        cmd.addAll(List.of(jvm));
        cmd.add("-Dlog4j2.configurationFile=" + HOME.resolve("conf/log4j2.properties"));
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(PairMain.class.getName());
        cmd.add(role);
        cmd.add(String.valueOf(base));
        cmd.add(certs.toString());
        cmd.addAll(List.of(steps));
        return new ProcessBuilder(cmd).redirectError(err).start();
    }

    /** The options Spark needs on Java 17, from the file spark/run-example reads. */
    static List<String> jvmOptions() throws IOException {
        try (Stream<String> lines = Files.lines(HOME.resolve("conf/jvm-options"))) {
            return lines.map(String::strip).filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        }
    }

    /** Each step's outcome as the application printed it, once it has ended (within {@code seconds}). */
    private static Map<String, String> steps(Process p, long seconds) throws Exception {
        Map<String, String> out = new HashMap<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    if (line.startsWith("STEP ") && !line.endsWith(" started") || line.startsWith("TIME ")) {
                        String[] parts = line.split(" ", 3);
                        synchronized (out) {
                            out.put(parts[1] + (line.startsWith("TIME ") ? ".seconds" : ""), parts[2]);
                        }
                    }
                }
            } catch (IOException e) {
                // the process ended
            }
        });
        reader.start();
        boolean ended = p.waitFor(seconds, TimeUnit.SECONDS);
        if (!ended) {
            p.destroyForcibly();
        }
        reader.join(5000);
        assertTrue(ended, "the application did not end within " + seconds + " s: " + out);
        synchronized (out) {
            return new HashMap<>(out);
        }
    }
}
