package io.yaostream.cli.bench;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A cold one-shot {@code aes --demo}, as a user's single command runs it: a fresh JVM of the jar per run, with the
 * class-data sharing archive the launcher makes beside the jar ({@code yaostream.jsa}, passed as the launcher passes
 * it) and without it, alternately; the medians of the online time the command prints and of the process's wall time
 * (JVM start and exit included). {@code bench apps} prints it beside its warm figure of the same program.
 */
public final class ColdStart {
    static final String KEY = "000102030405060708090a0b0c0d0e0f";
    static final String BLOCK = "00112233445566778899aabbccddeeff";
    static final String CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";
    private static final long TIMEOUT_SECONDS = 120;

    /** One way of starting the JVM: the medians of its runs (NaN where it did not run). */
    public record Figures(double onlineMs, double wallSeconds) {
        Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("onlineMs", onlineMs);
            m.put("wallSeconds", wallSeconds);
            return m;
        }
    }

    /**
     * The measurement: {@code archive} null where the jar has no archive beside it (or an older one), and then
     * {@code withArchive} null.
     */
    public record Result(int runs, Path archive, Figures withArchive, Figures withoutArchive) {
        /** The {@code coldStart} object of {@code bench apps --json}; {@code warmOnlineMs} is the aes row's median. */
        public Map<String, Object> fields(double warmOnlineMs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("runs", runs);
            m.put("command", "aes --demo --json --in " + KEY + " --in " + BLOCK);
            m.put("archive", archive == null ? null : archive.getFileName().toString());
            m.put("onlineMs", withArchive == null ? null : withArchive.onlineMs());
            m.put("wallSeconds", withArchive == null ? null : withArchive.wallSeconds());
            m.put("withoutArchive", withoutArchive.fields());
            m.put("warmOnlineMs", warmOnlineMs);
            return m;
        }

        /** The line {@code bench apps} prints after its table. */
        public String line(double warmOnlineMs) {
            Figures first = withArchive != null ? withArchive : withoutArchive;
            String head = String.format("cold one-shot aes --demo (a fresh JVM each run, median of %d): online %.1f ms (warm %.2f ms, %.0fx), "
                    + "wall %.2f s", runs, first.onlineMs(), warmOnlineMs, first.onlineMs() / warmOnlineMs, first.wallSeconds());
            if (withArchive == null) {
                return head + ", without a class-data sharing archive (none beside the jar, or one older than it: ./yaostream makes it)";
            }
            return head + String.format(" with the launcher's class-data sharing archive; without it: online %.1f ms, wall %.2f s",
                    withoutArchive.onlineMs(), withoutArchive.wallSeconds());
        }
    }

    private ColdStart() {
    }

    /**
     * {@code runs} fresh processes each way, alternating; {@code extraArgs} are added to the command (the bench's
     * {@code --kernel} and {@code --network}). Null where this JVM was not started from the jar (no jar to run).
     */
    public static Result measure(int runs, List<String> extraArgs) {
        Path jar = jar();
        if (jar == null) {
            return null;
        }
        Path archive = archive(jar);
        double[][] with = new double[2][runs];
        double[][] without = new double[2][runs];
        for (int i = 0; i < runs; i++) {
            if (archive != null) {
                run(jar, archive, extraArgs, with, i);
            }
            run(jar, null, extraArgs, without, i);
        }
        return new Result(runs, archive, archive == null ? null : figures(with), figures(without));
    }

    /** The bench's options that the cold runs take too: {@code --kernel} and {@code --network}, where given. */
    public static List<String> options(String kernel, String network) {
        List<String> a = new ArrayList<>();
        if (kernel != null) {
            a.addAll(List.of("--kernel", kernel));
        }
        if (network != null) {
            a.addAll(List.of("--network", network));
        }
        return a;
    }

    /** The warm figure beside it: the median online time of {@code bench apps}'s aes row. */
    public static double warmOnlineMs(List<AppsBench.Row> rows) {
        return rows.stream().filter(r -> r.app().equals("aes")).mapToDouble(AppsBench.Row::onlineMs).findFirst().orElse(Double.NaN);
    }

    /** The jar this JVM runs: the class path when it is one jar, else the {@code yaostream.jar} property (the tests'). */
    static Path jar() {
        String cp = System.getProperty("java.class.path", "");
        if (cp.endsWith(".jar") && !cp.contains(File.pathSeparator) && Files.isRegularFile(Path.of(cp))) {
            return Path.of(cp).toAbsolutePath();
        }
        String p = System.getProperty("yaostream.jar");
        return p != null && Files.isRegularFile(Path.of(p)) ? Path.of(p).toAbsolutePath() : null;
    }

    /** The archive the launcher would pass for {@code jar}: {@code yaostream.jsa} beside it, not older than it; or null. */
    static Path archive(Path jar) {
        Path jsa = jar.resolveSibling("yaostream.jsa");
        try {
            return Files.isRegularFile(jsa) && Files.getLastModifiedTime(jsa).compareTo(Files.getLastModifiedTime(jar)) >= 0 ? jsa : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** The command line of one run: the launcher's archive options, where there is an archive, then the command. */
    static List<String> command(Path jar, Path archive, List<String> extraArgs) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        if (archive != null) {
            cmd.add("-XX:SharedArchiveFile=" + archive);
            cmd.add("-Xshare:auto");
        }
        cmd.addAll(List.of("-jar", jar.toString(), "aes", "--demo", "--json", "--in", KEY, "--in", BLOCK));
        cmd.addAll(extraArgs);
        return cmd;
    }

    private static void run(Path jar, Path archive, List<String> extraArgs, double[][] into, int i) {
        List<String> cmd = command(jar, archive, extraArgs);
        try {
            long start = System.nanoTime();
            Process p = new ProcessBuilder(cmd).start();
            CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
            String out = read(p.getInputStream());
            if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IllegalStateException("cold start: a run took over " + TIMEOUT_SECONDS + " s");
            }
            long end = System.nanoTime();
            if (p.exitValue() != 0 || !err.join().isBlank()) {
                throw new IllegalStateException("cold start: " + String.join(" ", cmd) + " exited with " + p.exitValue() + ": " + err.join().strip());
            }
            into[0][i] = onlineMs(out);
            into[1][i] = (end - start) / 1e9;
        } catch (IOException e) {
            throw new IllegalStateException("cold start: cannot start " + cmd.get(0) + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("cold start: interrupted", e);
        }
    }

    /** The online milliseconds of one run's JSON line, which must carry FIPS-197's ciphertext. */
    static double onlineMs(String json) {
        if (!json.contains("\"result\":\"" + CIPHERTEXT + "\"")) {
            throw new IllegalStateException("cold start: aes --demo printed no " + CIPHERTEXT + ": " + json.strip());
        }
        return 1e3 * PartyProcess.number(json, "onlineSeconds");
    }

    private static Figures figures(double[][] v) {
        return new Figures(new Samples(v[0]).median(), new Samples(v[1]).median());
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }
}
