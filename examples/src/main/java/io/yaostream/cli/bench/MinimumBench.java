package io.yaostream.cli.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The minimum application in two processes over TCP loopback, each party in a JVM of its own with a heap
 * limit, as {@code ./yaostream minimum --role ...} runs it: so the peak heap is each party's, and a party that
 * needs more than its limit fails here as it would for a user.
 */
public final class MinimumBench {
    private static final Pattern NUMBER = Pattern.compile("\"(\\w+)\":\"?(-?[0-9][0-9.eE+-]*)\"?");

    private MinimumBench() {
    }

    /** One strategy, {@code values} values in all, each party limited to {@code heap} (a -Xmx value). */
    public static AppsBench.Row run(String strategy, int values, String heap, int timeoutSeconds) {
        int port = freePort();
        String name = "minimum-" + strategy;
        List<String> common = List.of("minimum", "--random", Integer.toString(values), "--strategy", strategy, "--json",
                "--timeout", Integer.toString(timeoutSeconds));
        CompletableFuture<String> garbler = start(heap, common, List.of("--role", "garbler", "--listen", Integer.toString(port), "--seed", "1"));
        CompletableFuture<String> evaluator = start(heap, common, List.of("--role", "evaluator", "--connect", "127.0.0.1:" + port, "--seed", "2"));
        String g;
        String e;
        try {
            g = garbler.get(10L * timeoutSeconds, TimeUnit.SECONDS);
            e = evaluator.get(10L * timeoutSeconds, TimeUnit.SECONDS);
        } catch (Exception ex) {
            throw new IllegalStateException(name + ": " + (ex.getCause() != null ? ex.getCause().getMessage() : ex.getMessage()), ex);
        }
        if (!field(g, "result").equals(field(e, "result"))) {
            throw new IllegalStateException(name + ": the parties disagree on the minimum");
        }
        double online = 1e3 * Math.max(number(g, "onlineSeconds"), number(e, "onlineSeconds"));
        double total = 1e3 * Math.max(number(g, "seconds"), number(e, "seconds"));
        long peak = (long) Math.max(number(g, "peakHeapBytes"), number(e, "peakHeapBytes"));
        return new AppsBench.Row(name, (long) number(e, "and"), 2L * (values - 1) * 20, (int) number(e, "workingSet"),
                strategy.equals("c") ? 10_002 : 0, (long) number(e, "bytes"), online, total, peak,
                values + " values, two processes with -Xmx" + heap + " each; peak heap of the larger party");
    }

    private static CompletableFuture<String> start(String heap, List<String> common, List<String> role) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("io.yaostream.cli.YaostreamCommand");
        cmd.addAll(common);
        cmd.addAll(role);
        return CompletableFuture.supplyAsync(() -> {
            try {
                Process p = new ProcessBuilder(cmd).redirectErrorStream(false).start();
                CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
                String out = read(p.getInputStream());
                int status = p.waitFor();
                if (status != 0) {
                    throw new IllegalStateException("the " + role.get(1) + " exited with " + status + ": " + err.join().strip());
                }
                return out;
            } catch (IOException ex) {
                throw new IllegalStateException("cannot start a party: " + ex.getMessage(), ex);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", ex);
            }
        });
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    private static String field(String json, String key) {
        Matcher m = NUMBER.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(key)) {
                return m.group(2);
            }
        }
        throw new IllegalStateException("a party printed no '" + key + "': " + json.strip());
    }

    private static double number(String json, String key) {
        return Double.parseDouble(field(json, key));
    }

    private static int freePort() {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("no free port on loopback: " + e.getMessage(), e);
        }
    }
}
