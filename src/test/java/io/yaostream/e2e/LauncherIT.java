package io.yaostream.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code ./yaostream} launcher as a new user meets it: two parties started at once on a fresh clone, which
 * must build the jar once (under the launcher's lock) and then both run. It builds the whole project in the
 * clone (about a minute), so it is the suite's only test of its kind and runs in the first pass of the suite
 * only: the kernel the second pass forces does not change what the launcher does.
 */
class LauncherIT {
    private static final String KEY = "000102030405060708090a0b0c0d0e0f";
    private static final String BLOCK = "00112233445566778899aabbccddeeff";
    private static final String CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";
    private static final long BUILD_AND_RUN_SECONDS = 900;

    @TempDir
    Path dir;

    @Test
    void twoLaunchersOnAFreshCloneBuildOnceAndBothRun() throws Exception {
        Cli.firstPassOnly("the launcher's build is the same in both passes of the suite");
        String root = System.getProperty("yaostream.root");
        assertTrue(root != null && Files.isRegularFile(Path.of(root, "yaostream")), "yaostream.root=" + root);
        Path clone = dir.resolve("yaostream");
        Process git = new ProcessBuilder("git", "clone", "--quiet", root, clone.toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("git.log").toFile()).start();
        assertTrue(git.waitFor(120, TimeUnit.SECONDS), "git clone did not finish");
        assertEquals(0, git.exitValue(), Files.readString(dir.resolve("git.log")));
        assertFalse(Files.exists(clone.resolve("cli/target")), "a fresh clone has no build");

        int port = Cli.freePort();
        Party garbler = Party.start(clone, dir, "garbler", "aes", "--role", "garbler", "--listen", String.valueOf(port),
                "--in", KEY, "--timeout", "120");
        Party evaluator = Party.start(clone, dir, "evaluator", "aes", "--role", "evaluator", "--connect", "localhost:" + port,
                "--in", BLOCK, "--timeout", "120");
        Cli.Result g = garbler.await();
        Cli.Result e = evaluator.await();
        assertEquals(0, g.status(), "garbler: " + g.err());
        assertEquals(0, e.status(), "evaluator: " + e.err());
        assertEquals("", g.out().strip(), "the garbler learns nothing");
        assertEquals(CIPHERTEXT, e.out().strip(), e.err());

        String both = g.err() + e.err();
        assertEquals(1, count(both, "yaostream: building (first use or sources changed)..."), "one build: " + both);
        assertEquals(1, count(both, "another yaostream launcher is building the jar; waiting for it..."),
                "the other launcher says once that it waits: " + both);
        assertFalse(Files.exists(clone.resolve(".yaostream-build.log")), "the log of a good build is removed");
        // The launcher's build compiles no test, Java or C.
        for (String module : List.of("core", "native", "compiler", "api", "examples", "cli")) {
            assertFalse(Files.exists(clone.resolve(module).resolve("target/test-classes")), module + " compiled its tests");
        }
        assertFalse(Files.exists(clone.resolve("native/target/kernel_test")), "the C known-answer test was built");

        // A third launcher on the built tree runs at once: no build, no wait.
        Party third = Party.start(clone, dir, "third", "aes", "--demo", "--in", KEY, "--in", BLOCK);
        Cli.Result t = third.await();
        assertEquals(0, t.status(), t.err());
        assertEquals(CIPHERTEXT, t.out().strip());
        assertFalse(t.err().contains("yaostream:"), t.err());
    }

    private static int count(String text, String line) {
        int n = 0;
        for (int i = text.indexOf(line); i >= 0; i = text.indexOf(line, i + 1)) {
            n++;
        }
        return n;
    }

    /** One {@code ./yaostream} process of the clone, its output in files. */
    private record Party(Process process, Path out, Path err, String name) {
        static Party start(Path clone, Path dir, String name, String... args) throws IOException {
            List<String> cmd = new ArrayList<>(List.of("bash", clone.resolve("yaostream").toString()));
            cmd.addAll(List.of(args));
            ProcessBuilder pb = new ProcessBuilder(cmd).directory(clone.toFile());
            Map<String, String> env = pb.environment();
            env.put("JAVA_OPTS", String.join(" ", Cli.QUICK_JVM));
            // The clone's build uses the suite's local Maven repository, so it needs no more network than the suite.
            String repo = System.getProperty("yaostream.localRepository");
            if (repo != null && !repo.isBlank() && !repo.startsWith("${")) {
                env.put("MAVEN_OPTS", (env.getOrDefault("MAVEN_OPTS", "") + " -Dmaven.repo.local=" + repo).strip());
            }
            Path out = dir.resolve(name + ".out");
            Path err = dir.resolve(name + ".err");
            Process p = pb.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            return new Party(p, out, err, name);
        }

        Cli.Result await() throws IOException, InterruptedException {
            if (!process.waitFor(BUILD_AND_RUN_SECONDS, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new AssertionError(name + " did not finish in " + BUILD_AND_RUN_SECONDS + " s: "
                        + Files.readString(err, StandardCharsets.UTF_8));
            }
            return new Cli.Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        }
    }
}
