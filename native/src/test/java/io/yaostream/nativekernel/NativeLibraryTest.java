package io.yaostream.nativekernel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** The library is extracted, loaded and deleted: a JVM that has loaded it leaves nothing in its temporary folder. */
class NativeLibraryTest {
    @TempDir
    Path tmp;

    /** Loads the library in a JVM of its own, then says whether it loaded and what its temporary folder holds. */
    public static final class Load {
        public static void main(String[] args) throws Exception {
            String failure = NativeLibrary.FAILURE;
            try (Stream<Path> left = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
                System.out.println((failure == null ? "loaded" : failure) + "; left: " + left.toList());
            }
        }
    }

    @Test
    void loadingLeavesNothingBehind() throws Exception {
        assumeTrue(NativeLibrary.class.getResource(NativeLibrary.RESOURCE) != null, "built without the C library");
        assumeTrue(NativeLibrary.FAILURE == null, "the native kernel cannot run here: " + NativeLibrary.FAILURE);
        Process p = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + tmp, "-cp", System.getProperty("java.class.path") + File.pathSeparator
                        + System.getProperty("surefire.test.class.path", ""), Load.class.getName()))
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the loading JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(0, p.exitValue(), out);
        assertEquals("loaded; left: []", out);
        try (Stream<Path> left = Files.list(tmp)) {
            assertEquals(List.of(), left.toList());
        }
    }
}
