package io.yaostream.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Runs the shaded yaostream jar in a child JVM, as a user runs the command. */
final class Cli {
    record Result(int status, String out, String err) {
        List<String> lines() {
            return out.isBlank() ? List.of() : List.of(out.strip().split("\n"));
        }
    }

    private Cli() {
    }

    static Path shared() {
        String dir = System.getProperty("yaostream.shared");
        assertTrue(dir != null && Files.isDirectory(Path.of(dir, "circuits", "bristol")),
                "the shared folder (circuits/bristol) must sit beside the repository; yaostream.shared=" + dir);
        return Path.of(dir);
    }

    static Path bristol(String name) {
        return shared().resolve("circuits").resolve("bristol").resolve(name);
    }

    static Result run(String... args) {
        String jar = System.getProperty("yaostream.jar");
        assertTrue(jar != null && Files.isRegularFile(Path.of(jar)), "shaded jar not built: " + jar);
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                // Short-lived child JVMs start faster with the client compiler only.
                "-XX:TieredStopAtLevel=1", "-jar", jar));
        cmd.addAll(List.of(args));
        try {
            Path out = Files.createTempFile("yaostream-out", ".txt");
            Path err = Files.createTempFile("yaostream-err", ".txt");
            try {
                Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
                if (!p.waitFor(120, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    fail("yaostream " + String.join(" ", args) + " did not finish in 120 s");
                }
                return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
            } finally {
                Files.deleteIfExists(out);
                Files.deleteIfExists(err);
            }
        } catch (IOException e) {
            throw new AssertionError("cannot run the jar: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
