package io.yaostream.spark;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code spark/run-example} as a user runs it, after the module is packaged: two applications over two files. */
class RunExampleIT {
    private static final Path HOME = Path.of(System.getProperty("yaostream.spark.home", "."));

    @TempDir
    Path dir;

    @Test
    void theMinimumOfTwoFilesWithTwoShards() throws Exception {
        List<Long> a = PairData.values(true, 300);
        List<Long> b = PairData.values(false, 450);
        Files.write(dir.resolve("a.txt"), a.stream().map(String::valueOf).toList(), StandardCharsets.UTF_8);
        Files.write(dir.resolve("b.txt"), b.stream().map(String::valueOf).toList(), StandardCharsets.UTF_8);
        int port = PairPorts.base();
        CompletableFuture<Result> g = run("minimum", "--role", "garbler", "--values", dir.resolve("a.txt").toString(), "--shards", "2",
                "--listen", String.valueOf(port));
        CompletableFuture<Result> e = run("minimum", "--role", "evaluator", "--values", dir.resolve("b.txt").toString(), "--shards", "2",
                "--connect", "127.0.0.1:" + port, "--json");
        long min = Math.min(Collections.min(a), Collections.min(b));
        Result garbler = g.get(180, TimeUnit.SECONDS);
        Result evaluator = e.get(180, TimeUnit.SECONDS);
        assertEquals(0, garbler.status(), garbler.err());
        assertEquals(min + "\n", garbler.out());
        assertEquals(0, evaluator.status(), evaluator.err());
        assertTrue(evaluator.out().startsWith("{\"result\":" + min + ",\"shards\":2,\"and\":" + 2L * (750 - 1) * 32 + ","), evaluator.out());
    }

    @Test
    void aUsageErrorIsOneLineAndExitTwo() throws Exception {
        Result r = run("minimum", "--role", "both", "--values", "x", "--shards", "2", "--listen", "7000").get(120, TimeUnit.SECONDS);
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("yaostream-spark: --role: garbler or evaluator, not 'both'\n"), r.err());
        r = run("minimum", "--role", "garbler", "--values", "x", "--shards", "2", "--listen", "7000", "--peer-cert", "evaluator.crt")
                .get(120, TimeUnit.SECONDS);
        assertEquals(2, r.status());
        assertTrue(r.err().startsWith("yaostream-spark: --peer-cert is checked by TLS: give --tls-cert, --tls-key and --tls-trust too\n"), r.err());
    }

    @Test
    void aValuesFileThatIsNotThereIsOneLineAndExitOne() throws Exception {
        Result r = run("minimum", "--role", "garbler", "--values", "no-such-values.txt", "--shards", "2", "--listen", "7000")
                .get(120, TimeUnit.SECONDS);
        assertEquals(1, r.status(), r.err());
        assertTrue(r.err().startsWith("yaostream-spark: --values: cannot read no-such-values.txt\n"), r.err());
        assertTrue(!r.err().contains("another launcher is building"), "no launcher was building: " + r.err());
    }

    record Result(int status, String out, String err) {
    }

    private static CompletableFuture<Result> run(String... args) {
        return CompletableFuture.supplyAsync(() -> {
            List<String> cmd = new ArrayList<>(List.of("bash", HOME.resolve("run-example").toString()));
            cmd.addAll(List.of(args));
            try {
                Process p = new ProcessBuilder(cmd).start();
                CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
                String out = read(p.getInputStream());
                return new Result(p.waitFor(), out, err.join());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
    }

    private static String read(java.io.InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
