package io.yaostream.e2e;

import io.yaostream.core.garble.Schemes;
import io.yaostream.examples.Minimum;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * {@code --shards K}: a run as K sessions at once over slices of the work, on one port. Results: {@code minimum},
 * {@code aes}, {@code present} and {@code run} give what the unsharded run gives, for K = 1, 2, 3, 5 and 8, the schemes
 * taking turns across the K values, with uneven slices and shards that get no input; the JSON has {@code shards},
 * {@code perShard} (and {@code combine} for the minimum), and a sharded {@code aes} or {@code run} garbles as many AND
 * gates as the unsharded one. Most cases run both parties in one process ({@code --demo}); {@code run} and one case of
 * each application run as two processes. Faults, between two processes: a killed or frozen peer, tampered garbled
 * material and a peer with another K each end both parties with one line that names a shard, exit status 1 and no
 * result.
 *
 * <p>The suite's Java-kernel pass runs one case of each command, the four cases covering the four schemes: the
 * shards' plumbing does not depend on the kernel, and every scheme's garbling with both kernels is proven elsewhere.
 */
@Timeout(120)
class ShardsIT {
    private static final List<String> SCHEMES = Schemes.names();
    private static final int[] KS = {1, 2, 3, 5, 8};
    private static final String AES_KEY = "000102030405060708090a0b0c0d0e0f";
    private static final String AES_BLOCK = "00112233445566778899aabbccddeeff";
    private static final String AES_CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";
    private static final String PRESENT_KEY = "00000000000000000000";
    private static final String PRESENT_BLOCK = "ffffffffffffffff";
    private static final String PRESENT_CIPHERTEXT = "a112ffc72f68417b";
    /** adder64.txt on 5 and 7. */
    private static final String ADDER_SUM = "000000000000000c";

    @TempDir
    static Path dir;

    /** Unsharded runs, one per input set, started once when first needed. */
    private static final Map<String, CompletableFuture<Map<String, Object>>> REFERENCES = new HashMap<>();

    /**
     * Where the cases of a factory run, a few at once (a party's start-up is mostly one thread, and two processes of
     * a run wait on each other): a case starts as the factory lists it, and its test waits for it. A task here never
     * waits for another.
     */
    private static final ExecutorService CASES = Executors.newFixedThreadPool(3, r -> {
        Thread t = new Thread(r, "shards-it-case");
        t.setDaemon(true);
        return t;
    });

    private static <T> CompletableFuture<T> soon(Supplier<T> work) {
        return CompletableFuture.supplyAsync(work, CASES);
    }

    /** What a case gave, its assertion failures raised here, in the test. */
    private static <T> T get(CompletableFuture<T> f) {
        try {
            return f.get(150, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error err) {
                throw err;
            }
            throw new AssertionError(e.getCause());
        } catch (TimeoutException e) {
            throw new AssertionError("a case did not finish in 150 s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** The scheme of case {@code i} of a command whose turn starts at {@code offset}. */
    private static String scheme(int i, int offset) {
        return SCHEMES.get((i + offset) % SCHEMES.size());
    }

    /** Which cases of a command the Java-kernel pass runs: one a command, the schemes differing. */
    private static boolean inThisPass(int k, int javaPassK) {
        return !Cli.javaKernelPass() || k == javaPassK;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Results

    @TestFactory
    Stream<DynamicTest> minimumEqualsTheUnshardedMinimum() throws IOException {
        Path g = Files.writeString(dir.resolve("g.txt"), "917\n45\n300\n");
        Path e = Files.writeString(dir.resolve("e.txt"), "52\n1000\n46\n");
        List<String> files = List.of("--values", g.toString(), "--values", e.toString());
        List<String> random = List.of("--random", "1000", "--seed", "5");
        String[] strategies = {"c", "a", "b", "c", "c"};
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < KS.length; i++) {
            int k = KS[i];
            String scheme = scheme(i, 0);
            // 500 values a party in 1, 2 or 3 slices (167, 167, 166); 3 values a party in 5 or 8 slices, some empty
            List<String> input = k >= 5 ? files : random;
            List<String> args = new ArrayList<>(input);
            args.addAll(List.of("--strategy", strategies[i]));
            if (!inThisPass(k, 5)) {
                continue;
            }
            CompletableFuture<Map<String, Object>> reference = reference("minimum", input);
            CompletableFuture<Map<String, Object>> run = soon(() -> demo("minimum", scheme, k, args));
            tests.add(DynamicTest.dynamicTest("K=" + k + " " + scheme + " strategy " + strategies[i] + (k >= 5 ? ", 2×3 values" : ", 2×500 values"), () -> {
                String expected = k >= 5 ? "45" : Long.toString(Minimum.reference(Minimum.random(500, 20, 5), Minimum.random(500, 20, 6)));
                assertEquals(expected, get(reference).get("result"), "the unsharded run against the plaintext minimum");
                Map<String, Object> r = get(run);
                assertEquals(get(reference).get("result"), r.get("result"));
                assertShards(r, k, true, true);
                List<Map<String, Object>> perShard = perShard(r);
                for (int s = 0; s < k; s++) {
                    int[] slice = Minimum.slice(k >= 5 ? 3 : 500, k, s);
                    long and = number(perShard.get(s), "and");
                    assertTrue(slice[1] > slice[0] ? and > 0 : and == 0, "shard " + s + " of " + k + " has " + (slice[1] - slice[0])
                            + " values a party and " + and + " AND gates: " + r);
                }
            }));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> aesEqualsTheUnshardedAes() {
        int[] blocks = {3, 3, 5, 2, 5}; // K = 5 with 2 blocks, K = 8 with 5: shards without a block
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < KS.length; i++) {
            int k = KS[i];
            int n = blocks[i];
            String scheme = scheme(i, 1);
            if (!inThisPass(k, 5)) {
                continue;
            }
            CompletableFuture<Map<String, Object>> reference = blocksReference("aes", AES_KEY, AES_BLOCK);
            CompletableFuture<Map<String, Object>> run = soon(() -> demo("aes", scheme, k, List.of("--in", AES_KEY, "--in", AES_BLOCK, "--blocks",
                    Integer.toString(n))));
            tests.add(DynamicTest.dynamicTest("K=" + k + " " + scheme + ", " + n + " blocks", () -> {
                long perBlock = andPerBlock(get(reference), AES_CIPHERTEXT);
                Map<String, Object> r = get(run);
                assertEquals(String.join("\n", Collections.nCopies(n, AES_CIPHERTEXT)), r.get("result"));
                assertEquals(perBlock * n, number(r, "and"), "as many AND gates as the unsharded run of " + n + " blocks: " + r);
                assertShards(r, k, false, true);
                List<Map<String, Object>> perShard = perShard(r);
                for (int s = 0; s < k; s++) {
                    assertEquals(perBlock * (n / k + (s < n % k ? 1 : 0)), number(perShard.get(s), "and"), "shard " + s + ": " + r);
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void presentEqualsTheUnshardedPresent() {
        int k = 3;
        String scheme = scheme(2, 3);
        CompletableFuture<Map<String, Object>> reference = blocksReference("present", PRESENT_KEY, PRESENT_BLOCK);
        Map<String, Object> r = demo("present", scheme, k, List.of("--in", PRESENT_KEY, "--in", PRESENT_BLOCK, "--blocks", "4"));
        long perBlock = andPerBlock(get(reference), PRESENT_CIPHERTEXT);
        assertEquals(String.join("\n", Collections.nCopies(4, PRESENT_CIPHERTEXT)), r.get("result"));
        assertEquals(perBlock * 4, number(r, "and"), r.toString());
        assertShards(r, k, false, true);
    }

    /** {@code run} has no demo: every case is two processes, on adder64.txt, its repetitions cut into K slices. */
    @TestFactory
    Stream<DynamicTest> runEqualsTheUnshardedRun() {
        int[] repeats = {2, 5, 7, 3, 3}; // 7 in 3 shards: 3, 2, 2; 3 in 5 or 8: shards without a repetition
        List<DynamicTest> tests = new ArrayList<>();
        for (int i = 0; i < KS.length; i++) {
            int k = KS[i];
            int repeat = repeats[i];
            String scheme = scheme(i, 2);
            if (!inThisPass(k, 8)) {
                continue;
            }
            CompletableFuture<Map<String, Object>> reference = runReference();
            List<String> common = List.of("--circuit", Cli.bristol("adder64.txt").toString(), "--repeat", Integer.toString(repeat),
                    "--scheme", scheme, "--shards", Integer.toString(k), "--json");
            CompletableFuture<Cli.Result[]> run = soon(() -> twoParties("run", concat(List.of("--in", "0000000000000005"), common),
                    concat(List.of("--in", "0000000000000007"), common)));
            tests.add(DynamicTest.dynamicTest("K=" + k + " " + scheme + ", --repeat " + repeat, () -> {
                long perCall = andPerCall(get(reference));
                for (Cli.Result party : get(run)) {
                    Map<String, Object> j = json(party);
                    assertEquals(List.of(ADDER_SUM), j.get("result"), party.out());
                    assertEquals(perCall * repeat, number(j, "and"), "as many AND gates as the unsharded run: " + party.out());
                    assertShards(j, k, false);
                    List<Map<String, Object>> perShard = perShard(j);
                    for (int s = 0; s < k; s++) {
                        assertEquals(perCall * (repeat / k + (s < repeat % k ? 1 : 0)), number(perShard.get(s), "and"), "shard " + s + ": " + party.out());
                    }
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void minimumAsTwoProcesses() {
        Cli.firstPassOnly("two processes add the transport, which does not depend on the kernel, to the demo's cases");
        CompletableFuture<Map<String, Object>> reference = reference("minimum", List.of("--random", "1000", "--seed", "5"));
        List<String> common = List.of("--random", "1000", "--shards", "3", "--scheme", "grr3", "--json");
        // --demo gives the evaluator the seed S + 1
        Cli.Result[] r = twoParties("minimum", concat(List.of("--seed", "5"), common), concat(List.of("--seed", "6"), common));
        for (Cli.Result party : r) {
            Map<String, Object> j = json(party);
            assertEquals(get(reference).get("result"), j.get("result"), party.out());
            assertShards(j, 3, true, true);
        }
    }

    @Test
    void aesAsTwoProcesses() {
        Cli.firstPassOnly("two processes add the transport, which does not depend on the kernel, to the demo's cases");
        CompletableFuture<Map<String, Object>> reference = blocksReference("aes", AES_KEY, AES_BLOCK);
        List<String> common = List.of("--blocks", "4", "--shards", "3", "--json");
        Cli.Result[] r = twoParties("aes", concat(List.of("--in", AES_KEY), common), concat(List.of("--in", AES_BLOCK), common));
        long perBlock = andPerBlock(get(reference), AES_CIPHERTEXT);
        Map<String, Object> garbler = json(r[0]);
        Map<String, Object> evaluator = json(r[1]);
        assertNull(garbler.get("result"), "the garbler learns nothing: " + r[0].out());
        assertEquals(String.join("\n", Collections.nCopies(4, AES_CIPHERTEXT)), evaluator.get("result"), r[1].out());
        for (Map<String, Object> j : List.of(garbler, evaluator)) {
            assertEquals(perBlock * 4, number(j, "and"), j.toString());
            assertShards(j, 3, false, true);
        }
    }

    /**
     * The most shards the help allows a quarter of: 1,024 between two processes, over 2,048 values a party (two a
     * shard), give the unsharded minimum, with no line on standard error at either party (each connection refused or
     * cut would be a notice), in well under a minute. Before the connecting party paced its shards, all 1,024 connected
     * at once, the listener cut hundreds of them as a flood of strangers, and both parties failed.
     */
    @Test
    void aThousandShardsAsTwoProcesses() {
        Cli.firstPassOnly("the pacing of shards does not depend on the kernel");
        CompletableFuture<Map<String, Object>> reference = reference("minimum", List.of("--random", "4096", "--seed", "5"));
        List<String> common = List.of("--random", "4096", "--shards", "1024", "--json");
        long start = System.nanoTime();
        Cli.Result[] r = twoParties("minimum", concat(List.of("--seed", "5"), common), concat(List.of("--seed", "6"), common));
        double seconds = (System.nanoTime() - start) / 1e9;
        for (Cli.Result party : r) {
            Map<String, Object> j = json(party);
            assertEquals(get(reference).get("result"), j.get("result"), party.out());
            assertShards(j, 1024, true, true);
            assertEquals(List.of(), errorLines(party), "nothing on standard error: " + party.err());
        }
        assertTrue(seconds < 60, "1,024 shards took " + seconds + " s");
    }

    /** The unsharded run of {@code command} with these arguments, as JSON, started once. */
    private static synchronized CompletableFuture<Map<String, Object>> reference(String command, List<String> args) {
        return REFERENCES.computeIfAbsent(command + " " + args, key -> soon(() -> {
            List<String> all = new ArrayList<>(List.of(command, "--demo", "--json"));
            all.addAll(args);
            return json(Cli.run(all.toArray(String[]::new)));
        }));
    }

    /** The unsharded run of a block cipher on 5 blocks. */
    private static CompletableFuture<Map<String, Object>> blocksReference(String command, String key, String block) {
        return reference(command, List.of("--in", key, "--in", block, "--blocks", "5"));
    }

    /** AND gates a block of the unsharded cipher, from its run of 5 blocks, whose every ciphertext is checked. */
    private static long andPerBlock(Map<String, Object> reference, String ciphertext) {
        assertEquals(String.join("\n", Collections.nCopies(5, ciphertext)), reference.get("result"), "the unsharded run");
        long and = number(reference, "and");
        assertEquals(0, and % 5, reference.toString());
        return and / 5;
    }

    /** An unsharded {@code run --repeat 3} of adder64.txt between two processes: the evaluator's JSON. */
    private static synchronized CompletableFuture<Map<String, Object>> runReference() {
        return REFERENCES.computeIfAbsent("run adder64.txt --repeat 3", key -> soon(() -> {
            List<String> common = List.of("--circuit", Cli.bristol("adder64.txt").toString(), "--repeat", "3", "--json");
            Cli.Result[] parties = twoParties("run", concat(List.of("--in", "0000000000000005"), common), concat(List.of("--in", "0000000000000007"), common));
            Map<String, Object> evaluator = json(parties[1]);
            assertEquals(json(parties[0]).get("and"), evaluator.get("and"));
            return evaluator;
        }));
    }

    /** AND gates a call of adder64.txt, from the unsharded run of 3 calls. */
    private static long andPerCall(Map<String, Object> reference) {
        assertEquals(List.of(ADDER_SUM), reference.get("result"), "the unsharded run");
        long and = number(reference, "and");
        assertEquals(0, and % 3, reference.toString());
        return and / 3;
    }

    /** A sharded {@code --demo --json} run, checked to succeed. */
    private static Map<String, Object> demo(String command, String scheme, int k, List<String> args) {
        List<String> all = new ArrayList<>(List.of(command, "--demo", "--json", "--scheme", scheme, "--shards", Integer.toString(k)));
        all.addAll(args);
        return json(Cli.run(all.toArray(String[]::new)));
    }

    /**
     * The JSON of a sharded run: {@code shards} is K; {@code perShard} has K entries of {@code and}, {@code bytes} and
     * {@code seconds}, whose AND gates add up to the run's with the combining session's ({@code combine}, for the
     * minimum only); {@code and}, {@code bytes}, {@code seconds} and {@code result} are at the top.
     */
    private static void assertShards(Map<String, Object> j, int k, boolean combined) {
        assertShards(j, k, combined, false);
    }

    /**
     * As {@link #assertShards(Map, int, boolean)}, and where {@code bytesAddUp} the sessions' bytes add up to the
     * run's too. (Not for {@code run}: its top-level {@code bytes} is what this party sent, as without shards, while
     * each shard's {@code bytes} counts both ways.)
     */
    private static void assertShards(Map<String, Object> j, int k, boolean combined, boolean bytesAddUp) {
        for (String field : List.of("and", "bytes", "seconds", "result")) {
            assertTrue(j.containsKey(field), field + " missing: " + j);
        }
        assertEquals(k, number(j, "shards"), j.toString());
        List<Map<String, Object>> perShard = perShard(j);
        assertEquals(k, perShard.size(), j.toString());
        long and = 0;
        long bytes = 0;
        for (Map<String, Object> s : perShard) {
            assertEquals(List.of("and", "bytes", "seconds"), List.copyOf(s.keySet()), j.toString());
            assertTrue(number(s, "bytes") > 0 && ((Number) s.get("seconds")).doubleValue() >= 0, j.toString());
            and += number(s, "and");
            bytes += number(s, "bytes");
        }
        if (combined) {
            @SuppressWarnings("unchecked")
            Map<String, Object> combine = (Map<String, Object>) j.get("combine");
            assertNotNull(combine, "combine missing: " + j);
            assertEquals(List.of("and", "bytes", "seconds"), List.copyOf(combine.keySet()), j.toString());
            and += number(combine, "and");
            bytes += number(combine, "bytes");
        } else {
            assertFalse(j.containsKey("combine"), j.toString());
        }
        assertEquals(number(j, "and"), and, "the shards' AND gates add up to the run's: " + j);
        if (bytesAddUp) {
            assertEquals(number(j, "bytes"), bytes, "the sessions' bytes add up to the run's: " + j);
        }
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> perShard(Map<String, Object> j) {
        Object p = j.get("perShard");
        assertTrue(p instanceof List, "perShard missing: " + j);
        return (List<Map<String, Object>>) p;
    }

    private static long number(Map<String, Object> j, String field) {
        Object v = j.get(field);
        assertTrue(v instanceof Number, field + " is not a number: " + j);
        return ((Number) v).longValue();
    }

    /** The one JSON object a successful party prints. */
    private static Map<String, Object> json(Cli.Result r) {
        assertEquals(0, r.status(), r.err());
        @SuppressWarnings("unchecked")
        Map<String, Object> m = (Map<String, Object>) new JsonReader(r.out().strip()).whole();
        return m;
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Faults

    /** Standard error without the connecting party's notice that it waits for the listener. */
    private static List<String> errorLines(Cli.Result r) {
        return r.err().isBlank() ? List.of()
                : r.err().strip().lines().filter(l -> !l.matches("(garbler|evaluator): (waiting for |links are encrypted, but |the listener at "
                        + "|refused a connection from ).*")).toList();
    }

    /** A party that failed as a sharded run must: exit 1, nothing on standard output, one line that names a shard. */
    private static String failure(Cli.Result r, String command, int k, String who) {
        List<String> err = errorLines(r);
        assertEquals(1, r.status(), who + " exit status; stderr: " + r.err());
        assertTrue(r.out().isBlank(), who + " printed a result: " + r.out());
        assertEquals(1, err.size(), who + ": one line on standard error: " + r.err());
        String line = err.get(0);
        assertTrue(line.startsWith("yaostream " + command + ": "), who + ": " + line);
        assertTrue(Pattern.compile("(shard \\d+ of " + k + "\\b|the combining session)").matcher(line).find(), who + " names no shard: " + line);
        return line;
    }

    /** The shard a failure line names ("shard 2 of 4"), or -1 for the combining session. */
    private static int shardNamed(String line) {
        Matcher m = Pattern.compile("shard (\\d+) of \\d+").matcher(line);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    private static String[] minimumParty(String role, int port, int shards, String... more) {
        List<String> args = new ArrayList<>(List.of("minimum", "--role", role, "--random", "4000000", "--seed", role.equals("garbler") ? "3" : "4",
                "--shards", Integer.toString(shards)));
        args.addAll(role.equals("garbler") ? List.of("--listen", Integer.toString(port), "--bind", "127.0.0.1") : List.of("--connect", "127.0.0.1:" + port));
        args.addAll(List.of(more));
        return args.toArray(String[]::new);
    }

    /** Starts both parties of a long sharded minimum (160 million AND gates, some 12 s) and waits until it is well under way. */
    private static Cli.Running[] longMinimum(String garblerTimeout) throws InterruptedException {
        int port = Cli.freePort();
        Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, minimumParty("garbler", port, 4, "--timeout", garblerTimeout));
        Cli.Running evaluator = Cli.launch(Cli.QUICK_JVM, minimumParty("evaluator", port, 4, "--timeout", "30"));
        Thread.sleep(3500); // both started, every shard connected and garbling
        if (!garbler.process().isAlive() || !evaluator.process().isAlive()) {
            garbler.process().destroyForcibly();
            evaluator.process().destroyForcibly();
            fail("the run ended early: " + garbler.errSoFar() + " / " + evaluator.errSoFar());
        }
        return new Cli.Running[] {garbler, evaluator};
    }

    @Test
    void aKilledEvaluatorEndsTheGarblerWithOneLineNamingAShard() throws Exception {
        Cli.firstPassOnly("a dead peer does not depend on the kernel");
        Cli.Running[] p = longMinimum("10");
        p[1].process().destroyForcibly();
        long killed = System.nanoTime();
        Cli.Result g = p[0].await(30);
        double seconds = (System.nanoTime() - killed) / 1e9;
        p[1].await(10);
        String line = failure(g, "minimum", 4, "the garbler");
        assertTrue(line.contains("peer"), "the garbler blames the peer: " + line);
        assertTrue(seconds < 10 + 5, "the garbler took " + seconds + " s to end (--timeout 10)");
    }

    @Test
    void aFrozenEvaluatorEndsTheGarblerAtItsTimeout() throws Exception {
        Cli.firstPassOnly("a silent peer does not depend on the kernel");
        Cli.Running[] p = longMinimum("5");
        try {
            p[1].freeze();
            long frozen = System.nanoTime();
            Cli.Result g = p[0].await(30);
            double seconds = (System.nanoTime() - frozen) / 1e9;
            String line = failure(g, "minimum", 4, "the garbler");
            assertTrue(line.contains("for 5 s"), "the garbler says it waited 5 s for data: " + line);
            assertTrue(seconds >= 4 && seconds < 5 + 5, "the garbler ended " + seconds + " s after its peer froze (--timeout 5)");
        } finally {
            p[1].kill();
        }
    }

    /**
     * Garbled material altered on its way, on one shard's connection only (the third the relay accepts: a shard other
     * than shard 0, which connects first): the evaluator finds labels that do not decode, both parties end with one
     * line naming the same shard, and neither prints a result.
     */
    @Test
    void tamperedGarbledMaterialInOneShardEndsBothParties() throws Exception {
        Cli.firstPassOnly("the transport's and decoding's checks do not depend on the kernel");
        int port = Cli.freePort();
        try (TamperingRelay relay = new TamperingRelay(port, 3, 256 << 10, 64 << 10)) {
            List<String> common = List.of("--circuit", Cli.bristol("aes_128.txt").toString(), "--repeat", "400", "--shards", "4", "--timeout", "20");
            Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, concat(List.of("run", "--role", "garbler", "--in", AES_KEY, "--listen",
                    Integer.toString(port), "--bind", "127.0.0.1"), common).toArray(String[]::new));
            Cli.Result e = Cli.launch(Cli.QUICK_JVM, concat(List.of("run", "--role", "evaluator", "--in", AES_BLOCK, "--connect",
                    "127.0.0.1:" + relay.port()), common).toArray(String[]::new)).await(60);
            Cli.Result g = garbler.await(30);
            assertNotNull(relay.tampered(), "the relay altered nothing (connections: " + relay.accepted() + ")");
            for (Cli.Result r : List.of(g, e)) {
                assertTrue(r.out().isBlank() || r.out().strip().equals(AES_CIPHERTEXT), "a WRONG ciphertext, " + r.out().strip() + ", after "
                        + relay.tampered() + "; stderr: " + r.err());
            }
            String evaluatorLine = failure(e, "run", 4, "the evaluator");
            String garblerLine = failure(g, "run", 4, "the garbler");
            assertTrue(evaluatorLine.contains("garbled material or labels do not decode"), evaluatorLine);
            assertEquals(shardNamed(evaluatorLine), shardNamed(garblerLine), "both name one shard: " + evaluatorLine + " / " + garblerLine);
            assertTrue(shardNamed(evaluatorLine) >= 1, "the third connection is not shard 0's: " + evaluatorLine);
        }
    }

    /**
     * As above, on a minimum, whose shards end in shares rather than revealed outputs: the tampered shard must still end
     * both parties, and no party may print a minimum other than the true one. The values lie in the top 4,096 of the
     * 20-bit range, so a shard whose share came out of altered material would almost surely lower the minimum.
     */
    @Test
    void tamperedGarbledMaterialInOneShardOfAMinimumEndsBothPartiesAndNeverGivesAWrongMinimum() throws Exception {
        Cli.firstPassOnly("the transport's and decoding's checks do not depend on the kernel");
        int port = Cli.freePort();
        long[] least = {Long.MAX_VALUE};
        Path[] files = new Path[2];
        for (int party = 0; party < 2; party++) {
            java.util.Random rnd = new java.util.Random(3 + party);
            StringBuilder b = new StringBuilder();
            for (int i = 0; i < 100_000; i++) {
                long v = (1 << 20) - 1 - rnd.nextInt(4096);
                least[0] = Math.min(least[0], v);
                b.append(v).append('\n');
            }
            files[party] = Files.writeString(dir.resolve("high-" + party + ".txt"), b);
        }
        String expected = Long.toString(least[0]);
        try (TamperingRelay relay = new TamperingRelay(port, 3, 256 << 10, 64 << 10)) {
            List<String> common = List.of("--shards", "4", "--timeout", "20");
            Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, concat(List.of("minimum", "--role", "garbler", "--values", files[0].toString(),
                    "--listen", Integer.toString(port), "--bind", "127.0.0.1"), common).toArray(String[]::new));
            Cli.Result e = Cli.launch(Cli.QUICK_JVM, concat(List.of("minimum", "--role", "evaluator", "--values", files[1].toString(),
                    "--connect", "127.0.0.1:" + relay.port()), common).toArray(String[]::new)).await(60);
            Cli.Result g = garbler.await(30);
            assertNotNull(relay.tampered(), "the relay altered nothing (connections: " + relay.accepted() + ")");
            for (Cli.Result r : List.of(g, e)) {
                assertTrue(r.out().isBlank() || r.out().strip().equals(expected), "a WRONG minimum, " + r.out().strip() + " (the minimum is "
                        + expected + "), after " + relay.tampered() + "; stderr: " + r.err());
            }
            String evaluatorLine = failure(e, "minimum", 4, "the evaluator");
            String garblerLine = failure(g, "minimum", 4, "the garbler");
            assertEquals(shardNamed(evaluatorLine), shardNamed(garblerLine), "both name one shard: " + evaluatorLine + " / " + garblerLine);
        }
    }

    @Test
    void partiesWithAnotherNumberOfShardsEachEndWithOneLine() {
        Cli.firstPassOnly("the shards' hello does not depend on the kernel");
        List<String> common = List.of("--random", "100");
        // The connecting evaluator is not authenticated: the listening garbler refuses it, says so at once, and waits on
        // until its timeout, whose line names the refusal.
        Cli.Result[] r = twoPartiesAllowingFailure("minimum", concat(List.of("--seed", "1", "--shards", "4", "--timeout", "5"), common),
                concat(List.of("--seed", "2", "--shards", "2"), common));
        String listener = failure(r[0], "minimum", 4, "the listening garbler");
        assertTrue(r[0].err().contains("garbler: refused a connection from 127.0.0.1:"), r[0].err());
        String connector = failure(r[1], "minimum", 2, "the connecting evaluator");
        assertTrue(listener.contains("the peer runs 2 shards, this party 4: give both parties the same number of shards (--shards)"), listener);
        assertTrue(connector.contains("refused: the listening party runs 4 shards, the connecting one 2"), connector);
    }

    // ---------------------------------------------------------------------------------------------------------------
    // Processes

    /** The garbler listening on a free port of 127.0.0.1, the evaluator connecting; both checked to succeed. */
    private static Cli.Result[] twoParties(String command, List<String> garbler, List<String> evaluator) {
        Cli.Result[] r = twoPartiesAllowingFailure(command, garbler, evaluator);
        assertEquals(0, r[0].status(), "garbler: " + r[0].err() + " / evaluator: " + r[1].err());
        assertEquals(0, r[1].status(), "evaluator: " + r[1].err() + " / garbler: " + r[0].err());
        return r;
    }

    private static Cli.Result[] twoPartiesAllowingFailure(String command, List<String> garbler, List<String> evaluator) {
        int port = Cli.freePort();
        Cli.Running g = Cli.launch(Cli.QUICK_JVM, concat(List.of(command, "--role", "garbler", "--listen", Integer.toString(port), "--bind", "127.0.0.1"),
                garbler).toArray(String[]::new));
        Cli.Running e = Cli.launch(Cli.QUICK_JVM, concat(List.of(command, "--role", "evaluator", "--connect", "127.0.0.1:" + port), evaluator)
                .toArray(String[]::new));
        Cli.Result er = e.await(90);
        return new Cli.Result[] {g.await(30), er};
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    /** Enough of JSON for the parties' output: objects (in order), arrays, strings, numbers, booleans and null. */
    private static final class JsonReader {
        private final String s;
        private int at;

        JsonReader(String s) {
            this.s = s;
        }

        Object whole() {
            Object v = value();
            space();
            if (at != s.length()) {
                fail("not one JSON value: " + s);
            }
            return v;
        }

        private Object value() {
            space();
            if (at >= s.length()) {
                fail("JSON ends early: " + s);
            }
            char c = s.charAt(at);
            switch (c) {
                case '{' -> {
                    Map<String, Object> m = new LinkedHashMap<>();
                    at++;
                    space();
                    if (peek('}')) {
                        return m;
                    }
                    do {
                        space();
                        String key = string();
                        space();
                        expect(':');
                        m.put(key, value());
                        space();
                    } while (peek(','));
                    expect('}');
                    return m;
                }
                case '[' -> {
                    List<Object> l = new ArrayList<>();
                    at++;
                    space();
                    if (peek(']')) {
                        return l;
                    }
                    do {
                        l.add(value());
                        space();
                    } while (peek(','));
                    expect(']');
                    return l;
                }
                case '"' -> {
                    return string();
                }
                default -> {
                    for (String word : List.of("true", "false", "null")) {
                        if (s.startsWith(word, at)) {
                            at += word.length();
                            return word.equals("null") ? null : Boolean.valueOf(word);
                        }
                    }
                    int start = at;
                    while (at < s.length() && "+-0123456789.eE".indexOf(s.charAt(at)) >= 0) {
                        at++;
                    }
                    String n = s.substring(start, at);
                    if (n.isEmpty()) {
                        fail("not JSON at " + start + ": " + s);
                    }
                    return n.matches("-?\\d+") ? (Object) Long.valueOf(n) : (Object) Double.valueOf(n);
                }
            }
        }

        private String string() {
            expect('"');
            StringBuilder b = new StringBuilder();
            while (s.charAt(at) != '"') {
                char c = s.charAt(at++);
                if (c == '\\') {
                    char e = s.charAt(at++);
                    switch (e) {
                        case 'n' -> b.append('\n');
                        case 't' -> b.append('\t');
                        case 'r' -> b.append('\r');
                        case 'b' -> b.append('\b');
                        case 'f' -> b.append('\f');
                        case 'u' -> {
                            b.append((char) Integer.parseInt(s.substring(at, at + 4), 16));
                            at += 4;
                        }
                        default -> b.append(e);
                    }
                } else {
                    b.append(c);
                }
            }
            at++;
            return b.toString();
        }

        private void space() {
            while (at < s.length() && Character.isWhitespace(s.charAt(at))) {
                at++;
            }
        }

        private boolean peek(char c) {
            if (at < s.length() && s.charAt(at) == c) {
                at++;
                return true;
            }
            return false;
        }

        private void expect(char c) {
            if (!peek(c)) {
                fail("expected '" + c + "' at " + at + " of: " + s);
            }
        }
    }
}
