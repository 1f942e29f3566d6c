package io.yaostream.cli;

import io.yaostream.TwoParty;
import io.yaostream.cli.bench.OneHotBench;
import io.yaostream.cli.bench.OneHotCases;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** {@code bench onehot}: the one-hot garbling paper's §7 tables on this machine. */
@Command(name = "onehot", mixinStandardHelpOptions = true,
        description = {"The one-hot garbling paper's modules (Heath-Kolesnikov, CCS 2021, its section 7 and Fig. 1) on this machine: "
                + "for each module, bytes of garbled material and time per instance beside the standard circuit of the same "
                + "function, in the same run, over TCP loopback and over a simulated network (the paper's 100 Mbit/s, 30 ms).",
                "Both parties run in this process; every result is checked against the function's plaintext definition."})
final class OneHotBenchCommand implements java.util.concurrent.Callable<Integer> {
    @Option(names = "--modules", paramLabel = "M", split = ",",
            description = "Modules to run, comma-separated (default: all: outer-product, matrix, mul, gf-mul, sbox, mod, exp).")
    List<String> modules;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "3",
            description = "Timings per module and network, each way, alternating, each from a session of 2N instances less one of N; "
                    + "medians (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--reps", paramLabel = "N",
            description = "Instances per session (default: per module, as many as keep a session near a second; the paper runs 1,000).")
    Integer reps;

    @Option(names = "--only", paramLabel = "NET", description = "Run over one network only: loopback or wan (default: both).")
    String only;

    @Option(names = "--network", paramLabel = "RATE,LATENCY", defaultValue = "100mbit,30ms",
            description = "The simulated network of the wan rows, each direction (default: ${DEFAULT-VALUE}, the paper's).")
    String network;

    @Mixin
    SchemeOption scheme;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (runs < 1) {
            throw new UsageError("--runs must be at least 1, got " + runs);
        }
        if (reps != null && reps < 1) {
            throw new UsageError("--reps must be at least 1, got " + reps);
        }
        String s = scheme.scheme().name();
        if (!List.of("half-gates", "grr3").contains(s)) {
            throw new UsageError("--scheme: one-hot garbling runs with half-gates or grr3, not '" + s + "'");
        }
        if (only != null && !List.of("loopback", "wan").contains(only)) {
            throw new UsageError("--only: loopback or wan, not '" + only + "'");
        }
        List<String> names = modules == null ? OneHotCases.MODULES : modules;
        List<OneHotBench.Case> cases;
        try {
            cases = OneHotCases.of(names);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--modules: " + e.getMessage());
        }
        TwoParty config = TwoParty.garbler().scheme(s);
        if (kernelOption.kernel != null) {
            config = config.kernel(kernelOption.create().name());
        }
        List<OneHotBench.Network> networks = new ArrayList<>();
        if (only == null || only.equals("loopback")) {
            networks.add(OneHotBench.LOOPBACK);
        }
        if (only == null || only.equals("wan")) {
            try {
                networks.add(OneHotBench.simulated(io.yaostream.core.net.SimulatedNetwork.parse(network)));
            } catch (IllegalArgumentException e) {
                throw new UsageError("--network: " + e.getMessage());
            }
        }
        List<OneHotBench.Row> rows = OneHotBench.run(cases, networks, config, runs, reps);
        print(spec.commandLine().getOut(), rows);
        return 0;
    }

    private void print(PrintWriter w, List<OneHotBench.Row> rows) {
        if (json.on) {
            List<Object> list = new ArrayList<>();
            for (OneHotBench.Row r : rows) {
                list.add(Report.fields("module", r.module(), "bits", r.bits(), "k", r.k(), "network", r.network(), "reps", r.reps(),
                        "bytes", r.bytes(), "standardBytes", r.standardBytes(), "ms", measured(r.ms()), "standardMs", measured(r.standardMs()), "bestStandardBytes", r.bestStandardBytes(),
                        "paperBytes", r.paper().bytes(), "paperStandardBytes", r.paper().standardBytes(), "paperMs", r.paper().ms(),
                        "paperStandardMs", r.paper().standardMs(), "paperBytesRatio", r.paper().bytesRatio(),
                        "paperTimeRatio", r.paper().timeRatio()));
            }
            w.println(Json.write(Report.fields("results", list)));
            return;
        }
        w.printf("%-14s %5s %3s %-9s %6s %13s %13s %7s %11s %11s %7s   %s%n", "module", "bits", "k", "network", "reps", "bytes", "standard B",
                "ratio", "ms", "standard ms", "ratio", "paper: bytes, ratio, time ratio");
        List<String> unmeasured = new ArrayList<>();
        for (OneHotBench.Row r : rows) {
            boolean timed = r.ms() > 0 && r.standardMs() > 0;
            if (!timed) {
                unmeasured.add(r.module() + " (" + r.network() + ")");
            }
            w.printf("%-14s %5d %3d %-9s %6d %,13d %,13d %6.2fx %11s %11s %7s   %s%n", r.module(), r.bits(), r.k(), r.network(), r.reps(),
                    r.bytes(), r.standardBytes(), (double) r.standardBytes() / r.bytes(), figure(r.ms(), "%.4f"), figure(r.standardMs(), "%.4f"),
                    timed ? String.format("%.2fx", r.standardMs() / r.ms()) : "-", paper(r.paper()));
        }
        if (!unmeasured.isEmpty()) {
            w.println("-: " + String.join(", ", unmeasured) + ": a session of 2R instances was not measurably slower than one of R, so "
                    + "there is no time per instance to report; give more --reps.");
        }
        for (OneHotBench.Row r : rows) {
            if (r.bestStandardBytes() != r.standardBytes() && r.network().equals(rows.get(0).network())) {
                w.printf("%s: the standard is the paper's construction; our own standard circuit sends %,d bytes (%.2fx the one-hot)%n",
                        r.module(), r.bestStandardBytes(), (double) r.bestStandardBytes() / r.bytes());
            }
        }
        w.println("bytes: garbled material per instance (tables, one-hot ciphertexts and reveals; not inputs or outputs); ms: the "
                + "evaluator's time per instance: (time of a session of 2R instances - time of one of R) / R, so a session's fixed costs (its "
                + "start's round trip, the last message's latency) do not count; medians of " + runs + " such pairs each way.");
    }

    /**
     * A time per instance, or null where it was not measurable: the difference of two sessions, with too few instances
     * lost in their noise (and clamped to 0), is no figure, and a ratio of it would be NaN or infinite.
     */
    private static Double measured(double ms) {
        return ms > 0 ? ms : null;
    }

    private static String figure(double ms, String format) {
        return ms > 0 ? String.format(format, ms) : "-";
    }

    private static String paper(OneHotBench.Paper p) {
        String bytes = p.bytes() > 0 ? String.format("%,.0f B, ", p.bytes()) : "";
        return String.format("%s%.2fx, %.2fx", bytes, p.bytesRatio(), p.timeRatio());
    }
}
