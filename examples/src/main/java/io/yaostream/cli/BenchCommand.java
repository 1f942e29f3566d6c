package io.yaostream.cli;

import io.yaostream.cli.bench.BaseOtTiming;
import io.yaostream.cli.bench.OtSessionPair;
import io.yaostream.cli.bench.Samples;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** The benchmark report. Figures are medians of several runs, with their spread; the machine may be busy. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmark report.",
        subcommands = {BenchCommand.Ot.class})
final class BenchCommand {
    private BenchCommand() {
    }

    @Command(name = "ot", mixinStandardHelpOptions = true,
            description = {"Oblivious transfer: 128 base OTs with 1 and N threads, then OT extension throughput for",
                    "correlated and chosen-message OTs between two threads of this process."})
    static final class Ot implements java.util.concurrent.Callable<Integer> {
        @Option(names = "--ots", paramLabel = "N", defaultValue = "10000000", description = "OTs per throughput run (default: ${DEFAULT-VALUE}).")
        long ots;

        @Option(names = "--runs", paramLabel = "R", defaultValue = "3", description = "Timed runs per figure (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--threads", paramLabel = "T", description = "Threads for the base OTs (default: the number of cores).")
        Integer threads;

        @Option(names = "--json", description = "Print JSON: baseOtMs, baseOtMs1Thread, threads, cotPerSec, otPerSec and their spreads.")
        boolean json;

        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            if (ots < 1 || runs < 1) {
                throw new UserError("--ots and --runs must be at least 1");
            }
            int n = threads != null ? threads : Runtime.getRuntime().availableProcessors();
            if (n < 1) {
                throw new UserError("--threads: must be at least 1, got " + n);
            }
            Samples base1 = BaseOtTiming.measure(1, 10, 5 * runs);
            Samples baseN = BaseOtTiming.measure(n, 10, 5 * runs);
            Samples cot;
            Samples ot;
            try (OtSessionPair pair = new OtSessionPair()) {
                pair.correlated(Math.min(ots, 2_000_000)); // warm-up
                cot = rate(runs, ots, () -> pair.correlated(ots));
                pair.chosen(Math.min(ots, 2_000_000));
                ot = rate(runs, ots, () -> pair.chosen(ots));
            }
            PrintWriter w = spec.commandLine().getOut();
            if (json) {
                Map<String, Object> m = new LinkedHashMap<>();
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
            w.printf("128 base OTs (CO15, secp256r1): %.1f ms with 1 thread, %.1f ms with %d (median; %.1f-%.1f)%n",
                    base1.median(), baseN.median(), n, baseN.min(), baseN.max());
            w.printf("correlated OT (IKNP):   %.1f M/s (median of %d x %d; %.1f-%.1f)%n",
                    cot.median() / 1e6, runs, ots, cot.min() / 1e6, cot.max() / 1e6);
            w.printf("chosen-message OT:      %.1f M/s (median of %d x %d; %.1f-%.1f)%n",
                    ot.median() / 1e6, runs, ots, ot.min() / 1e6, ot.max() / 1e6);
            return 0;
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
}
