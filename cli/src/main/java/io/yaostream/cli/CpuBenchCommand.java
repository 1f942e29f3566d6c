package io.yaostream.cli;

import io.yaostream.cli.bench.CpuBench;
import io.yaostream.cli.bench.Machine;
import io.yaostream.cli.bench.PartyCpu;
import io.yaostream.compiler.CircuitLoader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "cpu", mixinStandardHelpOptions = true,
        description = {"Each party's CPU per AND gate, user and system, against the kernel's own: two processes over TCP loopback.",
                "Workloads: flat (run --repeat of mult64.txt, 10^9 AND gates), minimum (10^7 values, one shard), aes (2,000 blocks "
                        + "through the program model) and aes-circuit (the AES-128 circuit file, run --repeat, as many blocks).",
                "Per row: AND gates, session seconds, AND gates/s, each party's CPU-ns per AND gate (its whole process, every thread, "
                        + "from the run's start to its report), the kernel's half-gates ns per AND gate on a wide AND layer measured "
                        + "in this process first (garble for the garbler, evaluate for the evaluator), their ratio, and the larger peak heap."})
final class CpuBenchCommand implements Callable<Integer> {
    private static final List<String> WORKLOADS = List.of("flat", "minimum", "aes", "aes-circuit");

    @Option(names = "--workloads", paramLabel = "W,W", split = ",", defaultValue = "flat,minimum,aes,aes-circuit",
            description = "Which, in the order run (default: ${DEFAULT-VALUE}).")
    List<String> workloads;

    @Option(names = "--and", paramLabel = "N", defaultValue = "1000000000",
            description = "AND gates of the flat run, rounded up to whole repetitions of mult64 (default: ${DEFAULT-VALUE}).")
    long flatAnd;

    @Mixin
    WorkloadSizes sizes;

    @Option(names = "--circuit-dir", paramLabel = "DIR", defaultValue = "circuits/bristol",
            description = "Where mult64.txt and aes_128.txt are (default: ${DEFAULT-VALUE}, from the repository's root).")
    Path circuitDir;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g", description = "-Xmx of each party (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "5", description = "Timed runs of the kernel's floor (default: ${DEFAULT-VALUE}).")
    int runs;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        check();
        double[] floor = CpuBench.kernelFloor(runs);
        // The kernel alone on each circuit file a workload runs flat, XOR gates and slot copies included.
        java.util.Map<String, Object> circuitKernels = new java.util.LinkedHashMap<>();
        java.util.Map<String, double[]> onCircuit = new java.util.LinkedHashMap<>();
        for (String name : flatCircuits()) {
            double[] ns = CpuBench.kernelOn(CircuitLoader.load(circuit(name)), runs);
            onCircuit.put(name, ns);
            circuitKernels.put(name, Report.fields("garbleNsPerAnd", ns[0], "evaluateNsPerAnd", ns[1]));
        }
        List<CpuBench.Row> rows = new ArrayList<>();
        for (String w : workloads) {
            try {
                rows.add(switch (w) {
                    case "flat" -> CpuBench.flat(w, circuit("mult64.txt"), flatAnd, heap, sizes.timeout, floor);
                    case "aes-circuit" -> CpuBench.flat(w, circuit("aes_128.txt"), sizes.aesBlocks * and("aes_128.txt"), heap, sizes.timeout, floor);
                    case "minimum" -> CpuBench.minimum(sizes.minimumValues, heap, sizes.timeout, floor);
                    default -> CpuBench.aes(sizes.aesBlocks, heap, sizes.timeout, floor);
                });
            } catch (IllegalStateException e) {
                throw new UserError(e.getMessage());
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json.on) {
            List<Object> list = new ArrayList<>();
            for (CpuBench.Row r : rows) {
                list.add(Report.fields("workload", r.workload(), "and", r.and(), "seconds", r.seconds(), "andPerSec", r.andPerSecond(),
                        "garbler", party(r.garbler(), r.kernelGarbleNs(), r.ratios()[0]),
                        "evaluator", party(r.evaluator(), r.kernelEvaluateNs(), r.ratios()[1])));
            }
            out.println(Json.write(Report.fields("machine", Machine.here().fields(), "kernelGarbleNsPerAnd", floor[0],
                    "kernelEvaluateNsPerAnd", floor[1], "circuitKernels", circuitKernels, "results", list)));
            return 0;
        }
        out.printf("%-12s %14s %8s %8s %24s %24s %13s %6s%n", "workload", "AND", "seconds", "AND/s", "garbler CPU-ns/AND",
                "evaluator CPU-ns/AND", "x kernel", "heap");
        out.printf("%-12s %14s %8s %8s %24s %24s %13s %6s%n", "", "", "", "", "all (user + system)", "all (user + system)", "(g / e)", "MiB");
        for (CpuBench.Row r : rows) {
            out.printf("%-12s %,14d %8.2f %8s %24s %24s %5.1f / %5.1f %6.0f%n", r.workload(), r.and(), r.seconds(), Report.rate(r.and(), r.seconds()),
                    cpu(r.garbler()), cpu(r.evaluator()), r.ratios()[0], r.ratios()[1],
                    Math.max(r.garbler().peakHeapBytes(), r.evaluator().peakHeapBytes()) / 1048576.0);
        }
        out.printf("kernel: half-gates on a wide AND layer, %.2f ns to garble and %.2f to evaluate an AND gate (median of %d, this process, "
                + "before the runs)%n", floor[0], floor[1], runs);
        onCircuit.forEach((name, ns) -> out.printf("kernel on %s in memory, XOR gates and slot copies included: %.2f ns to garble and %.2f to "
                + "evaluate an AND gate%n", name, ns[0], ns[1]));
        out.println("on " + Machine.here().line() + "; two processes over TCP loopback share its cores");
        return 0;
    }

    private static Object party(PartyCpu c, double kernelNs, double ratio) {
        return Report.fields("cpuNsPerAnd", c.nsPerAnd(), "userNsPerAnd", c.userNsPerAnd(), "systemNsPerAnd", c.systemNsPerAnd(),
                "kernelNsPerAnd", kernelNs, "ratio", ratio, "peakHeapBytes", c.peakHeapBytes());
    }

    private static String cpu(PartyCpu c) {
        return String.format("%.1f (%.1f + %.1f)", c.nsPerAnd(), c.userNsPerAnd(), c.systemNsPerAnd());
    }

    /** The circuit files the chosen workloads run flat. */
    private List<String> flatCircuits() {
        List<String> names = new ArrayList<>();
        if (workloads.contains("flat")) {
            names.add("mult64.txt");
        }
        if (workloads.contains("aes-circuit")) {
            names.add("aes_128.txt");
        }
        return names;
    }

    private Path circuit(String name) {
        return circuitDir.resolve(name);
    }

    private long and(String name) {
        return CircuitLoader.load(circuit(name)).counts().and();
    }

    private void check() {
        for (String w : workloads) {
            if (!WORKLOADS.contains(w)) {
                throw new UsageError("--workloads: each of " + String.join(", ", WORKLOADS) + ", got '" + w + "'");
            }
        }
        if (flatAnd < 1 || runs < 1) {
            throw new UsageError("--and and --runs: each at least 1");
        }
        sizes.checkSizes();
        for (String name : flatCircuits()) {
            if (!Files.isRegularFile(circuit(name))) {
                throw new UserError(circuit(name) + ": no such file (run from the repository's root, or give --circuit-dir)");
            }
        }
    }
}
