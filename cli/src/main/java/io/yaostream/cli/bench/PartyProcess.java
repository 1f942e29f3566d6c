package io.yaostream.cli.bench;

import java.io.IOException;
import java.io.InputStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A party of a benchmark run as users run it: the yaostream command in a JVM of its own, its JSON line read back. */
final class PartyProcess {
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":\"?(-?[0-9][0-9.eE+-]*)\"?");

    private PartyProcess() {
    }

    /**
     * Starts {@code yaostream args...} with {@code -Xmx heap}; completes with its standard output, or exceptionally with
     * one line naming {@code who}, its exit status and its standard error.
     */
    static CompletableFuture<String> start(String heap, List<String> args, String who) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("io.yaostream.cli.YaostreamCommand");
        cmd.addAll(args);
        return run(cmd, java.util.Map.of(), who);
    }

    /**
     * Starts {@code cmd} with {@code env} added to this process's environment; completes with its standard output, or
     * exceptionally with one line naming {@code who}, its exit status and its standard error.
     */
    static CompletableFuture<String> run(List<String> cmd, java.util.Map<String, String> env, String who) {
        CompletableFuture<String> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                ProcessBuilder b = new ProcessBuilder(cmd);
                b.environment().putAll(env);
                Process p = b.start();
                CompletableFuture<String> err = CompletableFuture.supplyAsync(() -> read(p.getErrorStream()));
                String out = read(p.getInputStream());
                int status = p.waitFor();
                if (status != 0) {
                    f.completeExceptionally(new IllegalStateException(who + " exited with " + status + ": " + err.join().strip()));
                } else {
                    f.complete(out);
                }
            } catch (IOException e) {
                f.completeExceptionally(new IllegalStateException("cannot start " + who + ": " + e.getMessage(), e));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                f.completeExceptionally(e);
            }
        }, "bench-party-" + who);
        t.setDaemon(true);
        t.start();
        return f;
    }

    private static String read(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
    }

    /** A party's command line: {@code common}, then {@code --in V} for each of {@code in}, then {@code more}. */
    static List<String> withInputs(List<String> common, List<String> in, String... more) {
        List<String> args = new ArrayList<>(common);
        for (String v : in) {
            args.add("--in");
            args.add(v);
        }
        args.addAll(List.of(more));
        return args;
    }

    /**
     * What both parties of a run printed, once both have ended (within {@code seconds} each); a party that failed is
     * one line naming the run ({@code name}) and the party.
     */
    static String[] outputs(CompletableFuture<String> garbler, CompletableFuture<String> evaluator, long seconds, String name) {
        try {
            String e = evaluator.get(seconds, java.util.concurrent.TimeUnit.SECONDS);
            String g = garbler.get(seconds, java.util.concurrent.TimeUnit.SECONDS);
            return new String[] {g, e};
        } catch (Exception ex) {
            throw new IllegalStateException(name + ": " + (ex.getCause() != null ? ex.getCause().getMessage() : ex.getMessage()), ex);
        }
    }

    /** That both parties printed the same minimum. */
    static void checkSameMinimum(String name, String garbler, String evaluator) {
        if (!field(garbler, "result").equals(field(evaluator, "result"))) {
            throw new IllegalStateException(name + ": the parties disagree on the minimum");
        }
    }

    /** The value of {@code key} in a party's JSON line, as text. */
    static String field(String json, String key) {
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(key)) {
                return m.group(2);
            }
        }
        throw new IllegalStateException("a party printed no '" + key + "': " + json.strip());
    }

    static double number(String json, String key) {
        return Double.parseDouble(field(json, key));
    }

    /** The items of the array {@code key} in a party's JSON line, as text (strings unquoted; {@code null} as null). */
    static List<String> array(String json, String key) {
        int at = json.indexOf("\"" + key + "\":[");
        if (at < 0) {
            throw new IllegalStateException("a party printed no '" + key + "' array: " + json.strip());
        }
        int from = at + key.length() + 4;
        String body = json.substring(from, json.indexOf(']', from));
        List<String> items = new ArrayList<>();
        for (String item : body.isEmpty() ? new String[0] : body.split(",")) {
            items.add(item.equals("null") ? null : item.replace("\"", ""));
        }
        return items;
    }

    /** {@code n} distinct free ports on loopback (all held open while they are chosen). */
    static int[] freePorts(int n) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[n];
            for (int i = 0; i < n; i++) {
                ServerSocket s = new ServerSocket(0);
                held.add(s);
                ports[i] = s.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new IllegalStateException("no free port on loopback: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing a listening socket we opened: nothing to report
                }
            }
        }
    }
}
