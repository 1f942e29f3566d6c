package io.yaostream.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * yaostream as a user's project meets it: a separate Maven project (src/test/resources/consumer) whose only
 * dependency is {@code io.yaostream:yaostream-api} compiles and runs both parties of the millionaires' problem as two
 * processes, offline. The jars this build made are installed into a temporary local repository (with
 * {@code install:install-file}, the user's repository left alone); everything else the consumer's build needs comes
 * from the user's local repository through a {@code file:} mirror. Each party forces the native kernel, so the jar
 * must carry the C library and load it by itself. First pass of the suite only: the consumer picks its kernel itself.
 */
class ConsumerProjectIT {
    private static final List<String> MODULES = List.of("core", "native", "compiler", "api");
    private static final long SECONDS = 120;

    @TempDir
    Path dir;

    @Test
    void aProjectWithOneDependencyBuildsAndRunsBothParties() throws Exception {
        Cli.firstPassOnly("the consumer's build does not depend on the kernel");
        Path root = Path.of(required("yaostream.root"));
        Path userRepository = Path.of(required("yaostream.localRepository"));
        String version = version(root.resolve("pom.xml"));
        Path repository = dir.resolve("repository");
        Path settings = dir.resolve("settings.xml");
        Files.writeString(settings, """
                <settings>
                  <mirrors>
                    <mirror>
                      <id>user-repository</id>
                      <mirrorOf>*</mirrorOf>
                      <url>%s</url>
                    </mirror>
                  </mirrors>
                </settings>
                """.formatted(userRepository.toUri()));
        List<String> maven = List.of("mvn", "-B", "-q", "-o", "-Dstyle.color=never", "-Daether.offline.protocols=file", "-s", settings.toString(),
                "-Dmaven.repo.local=" + repository);

        Path installer = dir.resolve("installer");
        Files.createDirectories(installer);
        Files.writeString(installer.resolve("pom.xml"), installerPom(root, version));
        mvn(maven, installer, "installer", "validate").await();
        for (String module : MODULES) {
            assertTrue(Files.isRegularFile(repository.resolve("io/yaostream/yaostream-" + module + "/" + version
                    + "/yaostream-" + module + "-" + version + ".jar")), module + " was not installed");
        }

        // The program is the README's, to the letter: what a reader copies is what this test builds and runs.
        String program = Files.readString(root.resolve("src/test/resources/consumer/src/main/java/Millionaires.java"));
        assertTrue(Files.readString(root.resolve("README.md")).contains(program.strip()),
                "README.md's smallest program differs from src/test/resources/consumer/src/main/java/Millionaires.java");

        Path consumer = dir.resolve("consumer");
        copy(root.resolve("src/test/resources/consumer"), consumer);
        mvn(maven, consumer, "compile", "compile").await();

        int port = Cli.freePort();
        Running garbler = run(maven, consumer, "garbler", port, 5_000_000);
        Running evaluator = run(maven, consumer, "evaluator", port, 3_000_000);
        assertEquals("the garbler is richer", garbler.await().strip());
        assertEquals("the garbler is richer", evaluator.await().strip());
    }

    private Running run(List<String> maven, Path consumer, String role, int port, long wealth) throws IOException {
        return mvn(maven, consumer, role, "exec:exec", "-Dexec.executable=java",
                "-Dexec.args=-Dyaostream.kernel=native -Xmx256m -XX:TieredStopAtLevel=1 -cp %classpath Millionaires "
                        + role + " " + port + " " + wealth);
    }

    /** Each module's jar and POM, and the parent POM, installed as {@code mvn install} would. */
    private static String installerPom(Path root, String version) {
        StringBuilder executions = new StringBuilder(execution("parent", root.resolve("pom.xml"), root.resolve("pom.xml"), "pom"));
        for (String module : MODULES) {
            Path jar = root.resolve(module).resolve("target").resolve("yaostream-" + module + "-" + version + ".jar");
            assertTrue(Files.isRegularFile(jar), jar + " is missing: the reactor packages it before this test");
            executions.append(execution(module, jar, root.resolve(module).resolve("pom.xml"), "jar"));
        }
        return """
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>io.yaostream.test</groupId>
                  <artifactId>installer</artifactId>
                  <version>1</version>
                  <packaging>pom</packaging>
                  <build>
                    <plugins>
                      <plugin>
                        <groupId>org.apache.maven.plugins</groupId>
                        <artifactId>maven-install-plugin</artifactId>
                        <version>3.1.2</version>
                        <executions>
                %s
                        </executions>
                      </plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(executions);
    }

    private static String execution(String id, Path file, Path pom, String packaging) {
        return """
                          <execution>
                            <id>%s</id>
                            <phase>validate</phase>
                            <goals><goal>install-file</goal></goals>
                            <configuration>
                              <file>%s</file>
                              <pomFile>%s</pomFile>
                              <packaging>%s</packaging>
                            </configuration>
                          </execution>
                """.formatted(id, file, pom, packaging);
    }

    private static String version(Path pom) throws IOException {
        Matcher m = Pattern.compile("<artifactId>yaostream-parent</artifactId>\\s*<version>([^<]+)</version>")
                .matcher(Files.readString(pom));
        assertTrue(m.find(), "no version in " + pom);
        return m.group(1);
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        assertTrue(value != null && !value.isBlank(), "the build sets " + property);
        return value;
    }

    private static void copy(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /** A Maven run in {@code project}, its output in files named after {@code name}. */
    private Running mvn(List<String> maven, Path project, String name, String... goals) throws IOException {
        List<String> command = new ArrayList<>(maven);
        command.addAll(List.of(goals));
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        Process p = new ProcessBuilder(command).directory(project.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        return new Running(p, out, err, name + ": " + String.join(" ", command));
    }

    private record Running(Process process, Path out, Path err, String command) {
        /** Standard output, once the run has succeeded. */
        String await() throws Exception {
            if (!process.waitFor(SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                fail(command + " did not finish in " + SECONDS + " s");
            }
            String stdout = Files.readString(out, StandardCharsets.UTF_8);
            if (process.exitValue() != 0) {
                fail(command + " exited " + process.exitValue() + "\n" + stdout + Files.readString(err, StandardCharsets.UTF_8));
            }
            return stdout.replaceAll("\u001B\\[[;\\d]*m", ""); // what is left of Maven's colours
        }
    }
}
