package io.yaostream.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A class-data sharing archive of the jar for the suite's child JVMs, as the launcher makes one for a user: several
 * hundred processes each load the same few thousand classes, and mapping them from an archive saves a fraction of a
 * second a process. Made once per suite JVM from the classes a {@code demo} loads; if it cannot be made, the children
 * run without it (sharing changes how classes are loaded, nothing they do).
 */
final class ClassArchive {
    private static List<String> options;

    private ClassArchive() {
    }

    /** The JVM options that map the archive, or none. */
    static synchronized List<String> options(String jar) {
        if (options == null) {
            options = make(jar);
        }
        return options;
    }

    private static List<String> make(String jar) {
        try {
            Path dir = Files.createTempDirectory("yaostream-e2e-cds");
            dir.toFile().deleteOnExit();
            Path list = dir.resolve("classes.lst");
            Path archive = dir.resolve("yaostream.jsa");
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            boolean made = run(List.of(java, "-XX:DumpLoadedClassList=" + list, "-jar", jar, "demo"))
                    && run(List.of(java, "-Xshare:dump", "-XX:SharedClassListFile=" + list, "-XX:SharedArchiveFile=" + archive,
                    "-cp", jar));
            list.toFile().deleteOnExit();
            archive.toFile().deleteOnExit();
            return made && Files.isRegularFile(archive) ? List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto") : List.of();
        } catch (IOException e) {
            return List.of();
        }
    }

    private static boolean run(List<String> cmd) {
        try {
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
