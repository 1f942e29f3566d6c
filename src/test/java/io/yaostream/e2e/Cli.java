package io.yaostream.e2e;

import io.yaostream.core.kernel.Kernels;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Runs the shaded yaostream jar in a child JVM, as a user runs the command. */
final class Cli {
    record Result(int status, String out, String err) {
        List<String> lines() {
            return out.isBlank() ? List.of() : List.of(out.strip().split("\n"));
        }
    }

    private Cli() {
    }

    /** Whether this is the suite's second pass, which forces the Java kernel on every party. */
    static boolean javaKernelPass() {
        return Kernels.JAVA.equals(System.getProperty(Kernels.PROPERTY));
    }

    /**
     * Skips a test in the Java-kernel pass: for what does not depend on the kernel (argument parsing, compiling,
     * the transport, TLS, a dead peer), a second run adds minutes to the build and no coverage.
     */
    static void firstPassOnly(String why) {
        assumeFalse(javaKernelPass(), why + ": it runs in the suite's first pass only");
    }

    /** The repository's circuits folder (the build sets {@code yaostream.circuits}). */
    static Path circuits() {
        String dir = System.getProperty("yaostream.circuits");
        assertTrue(dir != null && Files.isDirectory(Path.of(dir, "bristol")),
                "the repository's circuits/bristol folder is missing; yaostream.circuits=" + dir);
        return Path.of(dir);
    }

    static Path bristol(String name) {
        return circuits().resolve("bristol").resolve(name);
    }

    /** Runs the jar in a child process without waiting (two parties at once). */
    static java.util.concurrent.CompletableFuture<Result> start(String... args) {
        return java.util.concurrent.CompletableFuture.supplyAsync(() -> run(args));
    }

    /** A TCP port that was free a moment ago. */
    static int freePort() {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Waits until each of {@code ports} (listening ports on this machine) has an established connection, read from
     * /proc/net/tcp and tcp6, so on Linux; elsewhere six seconds, time enough to start and connect. A loaded machine
     * may take seconds to start the JVMs, so a test that acts on a running session waits for this, not a fixed time.
     */
    static void awaitEstablished(java.util.Set<Integer> ports, String who) throws IOException, InterruptedException {
        List<Path> tables = java.util.stream.Stream.of("/proc/net/tcp", "/proc/net/tcp6").map(Path::of).filter(Files::isReadable).toList();
        if (tables.isEmpty()) {
            Thread.sleep(6000);
            return;
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            java.util.Set<Integer> accepted = new java.util.HashSet<>();
            for (Path table : tables) {
                for (String line : Files.readAllLines(table)) {
                    String[] f = line.strip().split("\\s+");
                    if (f.length > 3 && f[3].equals("01") && f[1].contains(":")) { // 01: ESTABLISHED
                        accepted.add(Integer.parseInt(f[1].substring(f[1].indexOf(':') + 1), 16));
                    }
                }
            }
            if (accepted.containsAll(ports)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError(who + " did not connect within 30 s");
    }

    /** Short-lived child JVMs start faster with the client compiler only. */
    static final List<String> QUICK_JVM = List.of("-Xmx256m", "-XX:TieredStopAtLevel=1");

    static Result run(String... args) {
        return launch(QUICK_JVM, args).await(120);
    }

    /** A child process running the jar, its output going to temporary files. */
    record Running(Process process, Path out, Path err, String command) {
        Result await(long seconds) {
            try {
                if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    fail(command + " did not finish in " + seconds + " s");
                }
                return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } catch (IOException e) {
                throw new AssertionError(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            } finally {
                try {
                    Files.deleteIfExists(out);
                    Files.deleteIfExists(err);
                } catch (IOException ignored) {
                    // temporary files; the system cleans them up
                }
            }
        }

        /** Freezes the process (SIGSTOP): a peer that stalls, its connection open and silent. */
        void freeze() throws IOException, InterruptedException {
            String pid = Long.toString(process.pid());
            assertEquals(0, new ProcessBuilder("kill", "-STOP", pid).inheritIO().start().waitFor(), "kill -STOP " + pid);
        }

        /** Kills the process (SIGKILL, which ends a frozen one too) and waits for it to end. */
        void kill() throws InterruptedException {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            await(1);
        }

        String errSoFar() {
            try {
                return Files.readString(err, StandardCharsets.UTF_8);
            } catch (IOException e) {
                return "";
            }
        }
    }

    /** Starts the jar with these JVM options and arguments. */
    static Running launch(List<String> jvm, String... args) {
        String jar = System.getProperty("yaostream.jar");
        assertTrue(jar != null && Files.isRegularFile(Path.of(jar)), "shaded jar not built: " + jar);
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        String kernel = System.getProperty(Kernels.PROPERTY);
        if (kernel != null) {
            cmd.add("-D" + Kernels.PROPERTY + "=" + kernel); // the suite's forced kernel, in every party too
        }
        cmd.addAll(jvm);
        cmd.addAll(ClassArchive.options(jar));
        cmd.addAll(List.of("-jar", jar));
        cmd.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("yaostream-out", ".txt");
            Path err = Files.createTempFile("yaostream-err", ".txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            return new Running(p, out, err, "yaostream " + String.join(" ", args));
        } catch (IOException e) {
            throw new AssertionError("cannot run the jar: " + e, e);
        }
    }
}
