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
 * {@code bench 3pc --processes}: each party in a JVM of its own, as users run them: {@code run3} three times beside
 * {@code run} twice on the same Bristol file and inputs (the garbler's groups are P1's, the evaluator's P2's), the two
 * alternating; so three processes share this machine's cores as they would.
 */
public final class ThreePartyProcesses {
    private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":\"?(-?[0-9][0-9.eE+-]*)\"?");

    /** One file's medians: seconds (the slowest party's session) and bytes (all parties') of each protocol. */
    public record Row(String circuit, long andGates, long reps, double seconds, long bytes, double twoPartySeconds, long twoPartyBytes) {
        public double ratio() {
            return twoPartySeconds / seconds;
        }
    }

    private ThreePartyProcesses() {
    }

    /**
     * {@code file} with {@code inputs} (one hex value per input group, in order; group 1 is P1's and the garbler's,
     * group 2 P2's and the evaluator's), {@code reps} evaluations per session, {@code runs} sessions of each protocol.
     */
    public static Row run(String name, Path file, List<String> inputs, long reps, int runs, String heap) {
        double[] three = new double[runs];
        double[] two = new double[runs];
        long threeBytes = 0;
        long twoBytes = 0;
        long and = 0;
        for (int r = 0; r < runs; r++) {
            List<String> outs = threeParties(file, inputs, reps, heap);
            double s = 0;
            long b = 0;
            for (String o : outs) {
                s = Math.max(s, number(o, "seconds"));
                b += (long) number(o, "bytes");
            }
            three[r] = s;
            threeBytes = b;
            and = (long) number(outs.get(2), "and");
            List<String> twoOuts = twoParties(file, inputs, reps, heap);
            two[r] = Math.max(number(twoOuts.get(0), "seconds"), number(twoOuts.get(1), "seconds"));
            twoBytes = (long) (number(twoOuts.get(0), "bytes") + number(twoOuts.get(1), "bytes"));
        }
        return new Row(name, and / reps, reps, new Samples(three).median(), threeBytes, new Samples(two).median(), twoBytes);
    }

    private static List<String> threeParties(Path file, List<String> inputs, long reps, String heap) {
        int[] ports = freePorts(3);
        String peers = "127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[1] + ",127.0.0.1:" + ports[2];
        List<CompletableFuture<String>> parties = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            List<String> args = new ArrayList<>(List.of("run3", "--party", Integer.toString(p), "--circuit", file.toString(), "--peers", peers,
                    "--repeat", Long.toString(reps), "--json"));
            if (p <= inputs.size()) {
                args.addAll(List.of("--in", inputs.get(p - 1)));
            }
            parties.add(start(heap, args, "P" + p));
        }
        return join(parties);
    }

    private static List<String> twoParties(Path file, List<String> inputs, long reps, String heap) {
        int port = freePorts(1)[0];
        List<String> garbler = new ArrayList<>(List.of("run", "--role", "garbler", "--listen", Integer.toString(port), "--circuit", file.toString(),
                "--repeat", Long.toString(reps), "--json", "--in", inputs.get(0)));
        List<String> evaluator = new ArrayList<>(List.of("run", "--role", "evaluator", "--connect", "127.0.0.1:" + port, "--circuit",
                file.toString(), "--repeat", Long.toString(reps), "--json"));
        if (inputs.size() > 1) {
            evaluator.addAll(List.of("--in", inputs.get(1)));
        }
        return join(List.of(start(heap, garbler, "the garbler"), start(heap, evaluator, "the evaluator")));
    }

    private static List<String> join(List<CompletableFuture<String>> parties) {
        List<String> out = new ArrayList<>();
        for (CompletableFuture<String> f : parties) {
            try {
                out.add(f.get(600, TimeUnit.SECONDS));
            } catch (Exception e) {
                throw new IllegalStateException(e.getCause() != null ? e.getCause().getMessage() : e.getMessage(), e);
            }
        }
        return out;
    }

    private static CompletableFuture<String> start(String heap, List<String> args, String who) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-Xmx" + heap);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("io.yaostream.cli.YaostreamCommand");
        cmd.addAll(args);
        CompletableFuture<String> f = new CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                Process p = new ProcessBuilder(cmd).start();
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
        }, "bench-3pc-" + who);
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

    private static double number(String json, String key) {
        Matcher m = FIELD.matcher(json);
        while (m.find()) {
            if (m.group(1).equals(key)) {
                return Double.parseDouble(m.group(2));
            }
        }
        throw new IllegalStateException("a party printed no '" + key + "': " + json.strip());
    }

    /** {@code n} distinct free ports (all held open while they are chosen). */
    private static int[] freePorts(int n) {
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
