package io.yaostream.cli;

import io.yaostream.TwoParty;
import io.yaostream.cli.bench.AppsBench;
import io.yaostream.cli.bench.BaseOtTiming;
import io.yaostream.cli.bench.ColdStart;
import io.yaostream.cli.bench.GarblingTiming;
import io.yaostream.cli.bench.MinimumBench;
import io.yaostream.cli.bench.Samples;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.ot.OtExtensionSender;
import io.yaostream.fixtures.BundledCircuits;
import io.yaostream.fixtures.OtSessionPair;
import io.yaostream.fixtures.WideAndCircuit;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The benchmark report. Figures are medians of several runs, with their spread; the machine may be busy. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmark report.",
        subcommands = {BenchCommand.Ot.class, BenchCommand.KernelBench.class, BenchCommand.Apps.class, OneHotBenchCommand.class,
                ThreePartyBenchCommand.class, ShardsBenchCommand.class, SparkBenchCommand.class, RampBenchCommand.class, GlnpBenchCommand.class,
                LatencyBenchCommand.class, CpuBenchCommand.class})
final class BenchCommand {
    private BenchCommand() {
    }

    @Command(name = "ot", mixinStandardHelpOptions = true,
            description = {"Oblivious transfer: 128 base OTs with 1 and N threads, then OT extension throughput for "
                    + "correlated and chosen-message OTs between two threads of this process."})
    static final class Ot implements java.util.concurrent.Callable<Integer> {
        @Option(names = "--ots", paramLabel = "N", defaultValue = "10000000", description = "OTs per throughput run (default: ${DEFAULT-VALUE}).")
        long ots;

        @Option(names = "--runs", paramLabel = "R", defaultValue = "3", description = "Timed runs per figure (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--threads", paramLabel = "T", description = "Threads for the base OTs (default: the number of cores).")
        Integer threads;

        @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "8000",
                description = "Warm-up of the base OTs before timing, shared by both thread counts (default: ${DEFAULT-VALUE}): "
                        + "the scalar multiplications take several seconds to be fully compiled. Each OT extension "
                        + "figure warms up for a quarter of it (and at least two calls).")
        long warmupMillis;

        @Mixin
        JsonOption json;

        @picocli.CommandLine.Mixin
        KernelOption kernelOption;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (ots < 1 || runs < 1 || warmupMillis < 0) {
                throw new UsageError("--ots and --runs must be at least 1 and --warmup-ms at least 0");
            }
            int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
            if (n < 1) {
                throw new UsageError("--threads: must be at least 1, got " + n);
            }
            Kernel kernel = kernelOption.create();
            BaseOtTiming.warmUp(new int[] {1, n}, warmupMillis, kernel);
            Samples base1 = BaseOtTiming.measure(1, 10, 5 * runs, kernel);
            Samples baseN = BaseOtTiming.measure(n, 10, 5 * runs, kernel);
            Samples cot;
            Samples ot;
            try (OtSessionPair pair = new OtSessionPair(OtExtensionSender.DEFAULT_BLOCK_SIZE, kernelOption::create)) {
                warmUp(warmupMillis / 4, () -> pair.correlated(Math.min(ots, 2_000_000)));
                cot = rate(runs, ots, () -> pair.correlated(ots));
                warmUp(warmupMillis / 4, () -> pair.chosen(Math.min(ots, 2_000_000)));
                ot = rate(runs, ots, () -> pair.chosen(ots));
            }
            PrintWriter w = spec.commandLine().getOut();
            if (json.on) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("kernel", kernel.name());
                m.put("baseOtMs", baseN.median());
                m.put("baseOtMsMin", baseN.min());
                m.put("baseOtMsMax", baseN.max());
                m.put("baseOtMs1Thread", base1.median());
                m.put("threads", n);
                m.put("cotPerSec", cot.median());
                m.put("cotPerSecMin", cot.min());
                m.put("cotPerSecMax", cot.max());
                m.put("otPerSec", ot.median());
                m.put("otPerSecMin", ot.min());
                m.put("otPerSecMax", ot.max());
                m.put("ots", ots);
                w.println(Json.write(m));
                return 0;
            }
            w.printf("128 base OTs (CO15 1-of-16, edwards25519, %s kernel): %.1f ms with 1 thread, %.1f ms with %d (median; %.1f-%.1f)%n",
                    kernel.name(), base1.median(), baseN.median(), n, baseN.min(), baseN.max());
            w.printf("correlated OT (IKNP):   %.1f M/s (median of %d x %d; %.1f-%.1f)%n",
                    cot.median() / 1e6, runs, ots, cot.min() / 1e6, cot.max() / 1e6);
            w.printf("chosen-message OT:      %.1f M/s (median of %d x %d; %.1f-%.1f)%n",
                    ot.median() / 1e6, runs, ots, ot.min() / 1e6, ot.max() / 1e6);
            return 0;
        }

        /**
         * Runs {@code run} for at least {@code millis} and at least twice, so that the timed runs see compiled
         * code and the channel's buffers in the caches.
         */
        private static void warmUp(long millis, Runnable run) {
            long end = System.nanoTime() + millis * 1_000_000L;
            for (int i = 0; i < 2 || System.nanoTime() - end < 0; i++) {
                run.run();
            }
        }

        private static Samples rate(int runs, long count, Runnable run) {
            double[] perSec = new double[runs];
            for (int r = 0; r < runs; r++) {
                long start = System.nanoTime();
                run.run();
                perSec[r] = count / ((System.nanoTime() - start) / 1e9);
            }
            return new Samples(perSec);
        }
    }

    @Command(name = "kernel", mixinStandardHelpOptions = true,
            description = {"Garble and evaluate cost per AND gate and per gate for every scheme and kernel, on a circuit "
                    + "of 65,536 independent AND gates and on AES-128, with the raw fixed-key AES cost measured in the same run.",
                    "Each figure is also given per AND gate in blocks of fixed-key AES timed between its own runs "
                    + "(garble/AES, eval/AES), and in blocks of fixed-key AES on blocks kept in registers, the CPU's own "
                    + "AES throughput, which only the native kernel measures (garble/rAES, eval/rAES)."})
    static final class KernelBench implements java.util.concurrent.Callable<Integer> {
        @Option(names = "--runs", paramLabel = "R", defaultValue = "5", description = "Timed runs per figure (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--warmup-ms", paramLabel = "MS", defaultValue = "1000",
                description = "Warm-up per figure before timing (default: ${DEFAULT-VALUE}).")
        long warmupMillis;

        @Mixin
        JsonOption json;

        @Option(names = "--scheme", paramLabel = "S", completionCandidates = SchemeNames.class,
                description = "Only this scheme (repeatable): ${COMPLETION-CANDIDATES} (default: all).")
        List<String> onlySchemes;

        @Option(names = "--kernel", paramLabel = "K",
                description = "Only this kernel: java or native (default: both, native where it loads).")
        String onlyKernel;

        @Option(names = "--kernel-path", paramLabel = "P",
                description = "The native kernel's AES path, at most: aesni, vaes256 or vaes512 (default: the widest the CPU has).")
        String kernelPath;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (runs < 1 || warmupMillis < 0) {
                throw new UsageError("--runs must be at least 1 and --warmup-ms at least 0");
            }
            List<String> kernels = new ArrayList<>(List.of(Kernels.JAVA));
            if (Kernels.nativeUnavailableReason() == null) {
                kernels.add(Kernels.NATIVE);
            }
            if (kernelPath != null) {
                if (Kernels.nativeUnavailableReason() != null) {
                    throw new UserError("--kernel-path: the native kernel cannot run here: " + Kernels.nativeUnavailableReason());
                }
                try {
                    Kernels.limitNativePath(kernelPath);
                } catch (IllegalArgumentException e) {
                    throw new UsageError("--kernel-path: " + e.getMessage());
                }
            }
            if (onlyKernel != null) {
                // A clear error when it is unknown or cannot load; "auto" becomes the kernel it picks.
                kernels = List.of(new KernelOption(onlyKernel).create().name());
            }
            List<String> schemes = Schemes.names();
            if (onlySchemes != null) {
                onlySchemes.forEach(SchemeNames::parse);
                schemes = onlySchemes;
            }
            Map<String, Object> floors = new LinkedHashMap<>();
            double floor = Double.MAX_VALUE;
            Map<String, String> paths = new LinkedHashMap<>();
            // The CPU's own AES throughput, blocks in registers: only the native kernel has such a loop. It is what the
            // machine can do; the floors above are what a kernel call on blocks in memory does.
            Double registerFloor = null;
            String registerPath = null;
            for (String k : kernels) {
                Kernel probe = Kernels.create(k);
                paths.put(k, probe.path());
                double ns = GarblingTiming.aesFloor(probe, runs).median();
                floors.put(k, ns);
                floor = Math.min(floor, ns);
                Samples inRegisters = GarblingTiming.registerFloor(probe, runs);
                if (inRegisters != null && (registerFloor == null || inRegisters.median() < registerFloor)) {
                    registerFloor = inRegisters.median();
                    registerPath = probe.path();
                }
            }
            Map<String, CompiledCircuit> circuits = new LinkedHashMap<>();
            circuits.put("wide-and", WideAndCircuit.build());
            circuits.put("aes_128", BundledCircuits.aes128());
            List<Object> results = new ArrayList<>();
            PrintWriter w = spec.commandLine().getOut();
            if (!json.on) {
                for (String k : kernels) {
                    w.printf("raw fixed-key AES, %s kernel (%s): %.3f ns per block (median of %d)%n", k, paths.get(k), floors.get(k), runs);
                }
                if (registerFloor != null) {
                    w.printf("fixed-key AES on blocks in registers (%s): %.3f ns per block (median of %d), the CPU's own floor%n",
                            registerPath, registerFloor, runs);
                } else {
                    w.println("fixed-key AES on blocks in registers: not measured (it needs the native kernel)");
                }
                w.printf("%-17s %-7s %-9s %12s %12s %13s %13s %12s %12s %12s %12s%n", "scheme", "kernel", "circuit",
                        "garble/AND", "eval/AND", "garble/gate", "eval/gate", "garble/AES", "eval/AES", "garble/rAES", "eval/rAES");
            }
            for (String name : schemes) {
                GarblingScheme scheme = Schemes.byName(name);
                for (String k : kernels) {
                    for (Map.Entry<String, CompiledCircuit> e : circuits.entrySet()) {
                        CompiledCircuit c = e.getValue();
                        Kernel kernel = Kernels.create(k);
                        GarblingTiming.Result r = GarblingTiming.measure(scheme, kernel, Kernels.create(k), c, 3, warmupMillis, runs);
                        double and = c.counts().and();
                        double gates = c.counts().gates();
                        Map<String, Object> m = new LinkedHashMap<>();
                        m.put("scheme", name);
                        m.put("kernel", k);
                        m.put("path", paths.get(k));
                        m.put("circuit", e.getKey());
                        m.put("garbleNsPerAnd", r.garbleNs().median() / and);
                        m.put("evalNsPerAnd", r.evaluateNs().median() / and);
                        m.put("garbleNsPerGate", r.garbleNs().median() / gates);
                        m.put("evalNsPerGate", r.evaluateNs().median() / gates);
                        m.put("garbleNsPerAndMin", r.garbleNs().min() / and);
                        m.put("garbleNsPerAndMax", r.garbleNs().max() / and);
                        m.put("evalNsPerAndMin", r.evaluateNs().min() / and);
                        m.put("evalNsPerAndMax", r.evaluateNs().max() / and);
                        // Per AND gate, in AES blocks of the same kernel timed between the runs.
                        double floorNs = r.floorNsPerBlock().median();
                        m.put("floorNsPerAes", floorNs);
                        m.put("garbleAesPerAnd", r.garbleNs().median() / and / floorNs);
                        m.put("evalAesPerAnd", r.evaluateNs().median() / and / floorNs);
                        // Per AND gate, in blocks of AES as fast as the CPU runs it (null without the native kernel).
                        Double garbleRegisterAes = registerFloor == null ? null : r.garbleNs().median() / and / registerFloor;
                        Double evalRegisterAes = registerFloor == null ? null : r.evaluateNs().median() / and / registerFloor;
                        m.put("registerFloorNsPerAes", registerFloor);
                        m.put("garbleRegisterAesPerAnd", garbleRegisterAes);
                        m.put("evalRegisterAesPerAnd", evalRegisterAes);
                        results.add(m);
                        if (!json.on) {
                            w.printf("%-17s %-7s %-9s %12.1f %12.1f %13.1f %13.1f %12.2f %12.2f %12s %12s%n", name, k, e.getKey(),
                                    r.garbleNs().median() / and, r.evaluateNs().median() / and,
                                    r.garbleNs().median() / gates, r.evaluateNs().median() / gates,
                                    r.garbleNs().median() / and / floorNs, r.evaluateNs().median() / and / floorNs,
                                    twoDecimals(garbleRegisterAes), twoDecimals(evalRegisterAes));
                        }
                    }
                }
            }
            if (json.on) {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("floorNsPerAes", floor);
                m.put("floors", floors);
                m.put("registerFloorNsPerAes", registerFloor);
                m.put("runs", runs);
                m.put("results", results);
                w.println(Json.write(m));
            }
            return 0;
        }

        private static String twoDecimals(Double v) {
            return v == null ? "-" : String.format("%.2f", v);
        }
    }

    @Command(name = "apps", mixinStandardHelpOptions = true,
            description = {"The applications of the ME-SFE paper (its Table 3) on this machine, two parties over TCP loopback.",
                    "AND gates beside the paper's, working set beside ME-SFE's, bytes, online time (after the base OTs; median), "
                    + "total time and peak heap. Hamming, AES, PRESENT and Karatsuba run in this process; the minimum in two "
                    + "processes with a heap limit each."})
    static final class Apps implements java.util.concurrent.Callable<Integer> {
        @Option(names = "--runs", paramLabel = "R", defaultValue = "200", description = "Timed runs per application (default: ${DEFAULT-VALUE}; "
                + "the aes-1000 rows take R/20, the minimum one each).")
        int runs;

        @Option(names = "--warmup", paramLabel = "W", defaultValue = "1500", description = "Untimed runs first, for the JIT (default: ${DEFAULT-VALUE}; "
                + "the aes-1000 rows take W/50). A small application's online time still falls after 500 runs: its code runs a few "
                + "thousand times a run, short of what HotSpot compiles fully.")
        int warmups;

        @Option(names = "--minimum-values", paramLabel = "N", defaultValue = "1000000", description = "Values of the minimum (default: ${DEFAULT-VALUE}).")
        int minimumValues;

        @Option(names = "--minimum-heap", paramLabel = "SIZE", defaultValue = "32m", description = "-Xmx of each minimum party for strategies b and c "
                + "(default: ${DEFAULT-VALUE}).")
        String minimumHeap;

        @Option(names = "--minimum-a-heap", paramLabel = "SIZE", defaultValue = "2g", description = "-Xmx of each party for strategy a, "
                + "which holds the labels of every input (default: ${DEFAULT-VALUE}).")
        String minimumAHeap;

        @Option(names = "--skip-minimum", description = "Leave the minimum out (it takes the longest).")
        boolean skipMinimum;

        @Option(names = "--cold-runs", paramLabel = "N", defaultValue = "10", description = "Fresh processes of aes --demo each way, "
                + "with the launcher's class-data sharing archive and without, for the cold one-shot figures (default: ${DEFAULT-VALUE}; 0 skips).")
        int coldRuns;

        @Option(names = "--network", paramLabel = "RATE,LATENCY",
                description = "Run the in-process applications over a simulated network, each direction (e.g. 100mbit,30ms; default: "
                        + "loopback as it is; the minimum's two processes always run over loopback).")
        String network;

        @Mixin
        JsonOption json;

        @picocli.CommandLine.Mixin
        KernelOption kernelOption;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (runs < 1 || warmups < 0 || minimumValues < 2 || minimumValues % 2 != 0 || coldRuns < 0) {
                throw new UsageError("--runs must be at least 1, --warmup and --cold-runs at least 0, --minimum-values even and at least 2");
            }
            TwoParty config = TwoParty.garbler();
            if (kernelOption.kernel != null) {
                config = config.kernel(kernelOption.create().name());
            }
            if (network != null) {
                try {
                    config = CoreBridge.transport(config, io.yaostream.core.net.TransportOptions.defaults()
                            .withNetwork(io.yaostream.core.net.SimulatedNetwork.parse(network)));
                } catch (IllegalArgumentException e) {
                    throw new UsageError("--network: " + e.getMessage());
                }
            }
            io.yaostream.cli.bench.LoopbackFloor floor = io.yaostream.cli.bench.LoopbackFloor.measure(
                    io.yaostream.core.net.TransportOptions.defaults(), kernelOption.kernel != null ? kernelOption.create() : Kernels.create());
            List<AppsBench.Row> rows = new ArrayList<>(AppsBench.run(config, runs, warmups, floor));
            if (!skipMinimum) {
                for (String strategy : List.of("a", "b", "c")) {
                    String heap = strategy.equals("a") ? minimumAHeap : minimumHeap;
                    try {
                        rows.add(MinimumBench.run(strategy, minimumValues, heap, 600));
                    } catch (IllegalStateException e) {
                        // A row that did not run has no figures to print: the bench fails, naming it (its message does).
                        throw new UserError(e.getMessage() + " (with -Xmx" + heap + " each)");
                    }
                }
            }
            ColdStart.Result cold = coldRuns == 0 ? null : ColdStart.measure(coldRuns, ColdStart.options(kernelOption.kernel, network));
            PrintWriter w = spec.commandLine().getOut();
            if (json.on) {
                List<Object> list = new ArrayList<>();
                for (AppsBench.Row r : rows) {
                    list.add(Report.fields("app", r.app(), "and", r.and(), "paperAnd", r.paperAnd(), "workingSet", r.workingSet(),
                            "mesfeWorkingSet", r.mesfeWorkingSet(), "bytes", r.bytes(), "onlineMs", r.onlineMs(), "totalMs", r.totalMs(),
                            "peakHeapBytes", r.peakHeapBytes(), "rounds", r.rounds(), "floorMs", Double.isNaN(r.floorMs()) ? null : r.floorMs(),
                            "note", r.note()));
                }
                w.println(Json.write(Report.fields("results", list, "floor", Report.fields("roundTripNs", floor.roundTripNs(),
                        "bytesPerSecond", floor.bytesPerSecond(), "garbleNsPerAnd", floor.garbleNsPerAnd()),
                        "coldStart", cold == null ? null : cold.fields(ColdStart.warmOnlineMs(rows)))));
                return 0;
            }
            w.printf("%-13s %11s %11s %8s %8s %13s %7s %11s %10s %11s %10s%n", "app", "AND", "paper AND", "S", "ME-SFE S", "bytes", "rounds",
                    "online ms", "floor ms", "total ms", "peak heap");
            for (AppsBench.Row r : rows) {
                w.printf("%-13s %,11d %,11d %,8d %8s %,13d %7d %11.3f %10s %11.3f %8.1f MiB%n", r.app(), r.and(), r.paperAnd(), r.workingSet(),
                        r.mesfeWorkingSet() == 0 ? "-" : String.format("%,d", r.mesfeWorkingSet()), r.bytes(), r.rounds(), r.onlineMs(),
                        Double.isNaN(r.floorMs()) ? "-" : String.format("%.3f", r.floorMs()), r.totalMs(), r.peakHeapBytes() / 1048576.0);
            }
            w.printf("floor: online round trips x %.1f us (a loopback round trip) + bytes / %.0f MB/s (loopback, one way) + AND gates x %.2f ns"
                    + " (the kernel's half-gates garbling), measured in this run%n", floor.roundTripNs() / 1e3, floor.bytesPerSecond() / 1e6,
                    floor.garbleNsPerAnd());
            w.println("online: after the base OTs until the party has its result (HS13 4.2). Hamming, AES, PRESENT, Karatsuba: both parties "
                    + "in this process, medians" + (network == null ? "" : ", over a simulated network " + network + " each way")
                    + "; minimum: two processes, one run each.");
            if (cold != null) {
                w.println(cold.line(ColdStart.warmOnlineMs(rows)));
            }
            return 0;
        }
    }
}
