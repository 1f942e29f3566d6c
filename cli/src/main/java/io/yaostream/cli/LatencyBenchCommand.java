package io.yaostream.cli;

import io.yaostream.cli.bench.LatencyBench;
import io.yaostream.cli.bench.Machine;
import io.yaostream.core.net.SimulatedNetwork;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code bench latency}: how long a program takes over a link with one-way latency, as a fresh session each time and
 * on a kept link, beside a lower bound. Both parties run in this process over TCP loopback, each delaying what it
 * receives as a line of {@code --rate} with the row's one-way latency would. Per application, mode and latency, the
 * columns are:
 *
 * <ul>
 *   <li>{@code flights}: the one-way latencies the evaluator waited for on the way to its result (its channel counts
 *       them); a fresh session pays for its handshake and base OTs in them, a kept link does not.</li>
 *   <li>{@code ms}: the median of the evaluator's time to its result ({@code YaoSession.Result.seconds()}): from the
 *       handshake for a fresh session, from the program's start on a kept link.</li>
 *   <li>{@code connect ms}: a fresh session's TCP set-up before its handshake, not in {@code ms} (the simulated line
 *       does not delay it); none on a kept link.</li>
 *   <li>{@code bytes}: the evaluator's bytes sent and received (median).</li>
 *   <li>{@code bound ms}: flights × latency + bytes × 8 / rate + the same application and mode's {@code ms} at latency
 *       0 measured in the same invocation (the 0 row runs without a simulated line, so its bound is its own
 *       {@code ms}). The terms are added as if nothing overlapped, so a program that computes while bytes are on the
 *       line can come in under it.</li>
 *   <li>{@code ratio}: {@code ms} / {@code bound ms}.</li>
 * </ul>
 */
@Command(name = "latency", mixinStandardHelpOptions = true,
        description = {"How long a program takes over a link with one-way latency, as a fresh session each time and on a kept link, "
                + "beside a lower bound.",
                "Both parties run in this process over TCP loopback, each delaying what it receives as a line of --rate with the "
                        + "row's one-way latency would; every result is checked against the plaintext program's.",
                "Per application, mode and latency: the evaluator's flights to its result (one-way latencies it waited for), "
                        + "its median ms to its result (fresh: from the handshake, the TCP set-up beside it as connect ms; kept: "
                        + "from the program's start), its bytes both ways, and bound ms = flights x latency + bytes x 8 / rate "
                        + "+ the same application and mode's ms at latency 0, with ratio = ms / bound ms."})
final class LatencyBenchCommand implements Callable<Integer> {
    @Option(names = "--apps", paramLabel = "A,A...", split = ",", defaultValue = "millionaires,hamming-900,aes,sha-256",
            description = "The applications: millionaires, hamming-900, aes (one block), sha-256 (one block) (default: ${DEFAULT-VALUE}).")
    List<String> apps;

    @Option(names = "--modes", paramLabel = "M,M...", split = ",", defaultValue = "fresh,kept",
            description = "fresh (each execution a session of its own: connection, handshake, base OTs) and kept (every execution "
                    + "a program on one link kept open per application and latency) (default: ${DEFAULT-VALUE}).")
    List<String> modes;

    @Option(names = "--latencies", paramLabel = "MS,MS...", split = ",", defaultValue = "0,10,37.5,100",
            description = "One-way latencies in ms (default: ${DEFAULT-VALUE}); 0 is loopback as it is, and is measured first even "
                    + "when not asked for, since every bound needs it.")
    List<Double> latencies;

    @Option(names = "--rate", paramLabel = "RATE", defaultValue = "1gbit",
            description = "The simulated line's bandwidth each way, in bit, kbit, mbit or gbit per second (default: ${DEFAULT-VALUE}).")
    String rate;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "5", description = "Timed executions per row (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "2", description = "Untimed executions first, per row (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** A measured row with its bound. */
    private record Row(LatencyBench.Cell cell, double boundMs) {
        double ratio() {
            return cell.ms() / boundMs;
        }
    }

    @Override
    public Integer call() {
        if (runs < 1 || warmup < 0) {
            throw new UsageError("--runs must be at least 1 and --warmup at least 0");
        }
        long bitsPerSecond = bitsPerSecond();
        List<LatencyBench.App> chosen = new ArrayList<>();
        for (String a : new LinkedHashSet<>(apps)) {
            try {
                chosen.add(LatencyBench.app(a));
            } catch (IllegalArgumentException e) {
                throw new UsageError("--apps: " + e.getMessage());
            }
        }
        List<LatencyBench.Mode> chosenModes = new ArrayList<>();
        for (String m : new LinkedHashSet<>(modes)) {
            try {
                chosenModes.add(LatencyBench.Mode.of(m));
            } catch (IllegalArgumentException e) {
                throw new UsageError("--modes: " + e.getMessage());
            }
        }
        List<Double> lat = latencies();
        List<Row> rows = new ArrayList<>();
        try {
            // One untimed pass of every application and mode first, so the first cell does not run on a cold JVM.
            for (LatencyBench.App app : chosen) {
                for (LatencyBench.Mode mode : chosenModes) {
                    LatencyBench.measure(app, mode, 0, bitsPerSecond, 1, warmup);
                }
            }
            for (LatencyBench.App app : chosen) {
                for (LatencyBench.Mode mode : chosenModes) {
                    double computeMs = Double.NaN; // the 0 row's median, which comes first
                    for (double l : lat) {
                        LatencyBench.Cell c = LatencyBench.measure(app, mode, l, bitsPerSecond, runs, warmup);
                        if (l == 0) {
                            computeMs = c.ms();
                        }
                        double bound = l == 0 ? computeMs : c.flights() * l + c.bytes() * 8e3 / bitsPerSecond + computeMs;
                        rows.add(new Row(c, bound));
                    }
                }
            }
        } catch (LatencyBench.WrongResult e) {
            throw new UserError(e.getMessage());
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json.on) {
            w.println(Json.write(json(rows, bitsPerSecond)));
        } else {
            print(w, rows);
        }
        return 0;
    }

    private long bitsPerSecond() {
        SimulatedNetwork line;
        try {
            line = SimulatedNetwork.parse(rate);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--rate: " + e.getMessage());
        }
        if (!line.simulates() || !line.latency().isZero()) {
            throw new UsageError("--rate: a bandwidth such as 1gbit or 100mbit, without a latency (--latencies gives those), got '" + rate + "'");
        }
        return line.bitsPerSecond();
    }

    /** The latencies asked for, 0 first: the bounds of the others need its figures. */
    private List<Double> latencies() {
        LinkedHashSet<Double> l = new LinkedHashSet<>();
        l.add(0.0);
        for (double ms : latencies) {
            if (!(ms >= 0) || ms > SimulatedNetwork.MAX_LATENCY.toMillis()) {
                throw new UsageError("--latencies: each from 0 to " + SimulatedNetwork.MAX_LATENCY.toMillis() + " ms, got " + ms);
            }
            l.add(ms == 0 ? 0.0 : ms); // -0.0 is 0
        }
        return new ArrayList<>(l);
    }

    /** The command with every setting, so that a report says how to run it again. */
    private String command() {
        return "yaostream bench latency --apps " + String.join(",", new LinkedHashSet<>(apps)) + " --modes " + String.join(",", new LinkedHashSet<>(modes))
                + " --latencies " + String.join(",", latencies().stream().map(LatencyBenchCommand::ms).toList()) + " --rate " + rate
                + " --runs " + runs + " --warmup " + warmup;
    }

    /** 37.5 as 37.5, 10.0 as 10. */
    private static String ms(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    private Map<String, Object> json(List<Row> rows, long bitsPerSecond) {
        List<Object> results = new ArrayList<>();
        for (Row r : rows) {
            LatencyBench.Cell c = r.cell();
            Map<String, Object> m = Report.fields("app", c.app(), "mode", c.mode().key(), "latencyMs", c.latencyMs(), "flights", c.flights(),
                    "ms", c.ms(), "boundMs", r.boundMs(), "ratio", r.ratio(), "bytes", c.bytes(),
                    "connectMs", Double.isNaN(c.connectMs()) ? null : c.connectMs());
            if (c.flightsVaried()) {
                m.put("flightsVaried", true); // flights is then the most any timed execution waited for
            }
            results.add(m);
        }
        return Report.fields("machine", Machine.here().fields(), "rate", rate, "rateBitsPerSecond", bitsPerSecond, "runs", runs,
                "warmup", warmup, "command", command(), "results", results);
    }

    private void print(PrintWriter w, List<Row> rows) {
        w.println("bench latency on " + Machine.here().line() + "; line " + rate + " each way; " + command());
        w.printf("%-13s %-5s %10s %7s %10s %10s %12s %10s %6s%n", "app", "mode", "latency ms", "flights", "ms", "connect ms", "bytes",
                "bound ms", "ratio");
        LinkedHashSet<String> varied = new LinkedHashSet<>();
        for (Row r : rows) {
            LatencyBench.Cell c = r.cell();
            if (c.flightsVaried()) {
                varied.add(c.app() + " " + c.mode().key() + " at " + ms(c.latencyMs()) + " ms");
            }
            w.printf("%-13s %-5s %10s %7s %10.2f %10s %,12d %10.2f %6.2f%n", c.app(), c.mode().key(), ms(c.latencyMs()),
                    c.flights() + (c.flightsVaried() ? "*" : ""), c.ms(), Double.isNaN(c.connectMs()) ? "-" : String.format("%.2f", c.connectMs()),
                    c.bytes(), r.boundMs(), r.ratio());
        }
        w.println("ms: the evaluator's time to its result, the median of " + runs + " after " + warmup + " untimed (fresh: from the handshake, "
                + "TCP set-up beside it as connect ms; kept: from the program's start on a link opened once per application and latency).");
        w.println("bound ms = flights x latency + bytes x 8 / " + rate + " + the same application and mode's ms at latency 0; its terms do not "
                + "overlap, so a run that computes while bytes travel can come in under it.");
        if (!varied.isEmpty()) {
            w.println("* flights differed between the timed executions of " + String.join(", ", varied) + ": the most is shown.");
        }
    }
}
