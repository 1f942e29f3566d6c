package io.yaostream.cli;

import io.yaostream.cli.bench.ThreePartyBench;
import io.yaostream.cli.bench.ThreePartyProcesses;
import io.yaostream.compiler.CircuitLoader;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.fixtures.BundledCircuits;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code bench 3pc}: three parties (MRZ15) beside two (semi-honest Yao) on the paper's Table 1 circuits. */
@Command(name = "3pc", mixinStandardHelpOptions = true,
        description = {"The three-party protocol (Mohassel-Rosulek-Zhang, CCS 2015) beside semi-honest two-party Yao on the circuits of "
                + "its Table 1 that we have: AES-128 with the key K1 xor K2 from P1 and P2 and the message from P3, SHA-1 (Bristol file) "
                + "and SHA-256 (our compression circuit) on a 512-bit block split between the parties.",
                "All parties run in this process over TCP loopback, sharing this machine's cores; the two protocols alternate, each "
                        + "result is checked against plaintext, figures are medians."})
final class ThreePartyBenchCommand implements Callable<Integer> {
    @Option(names = "--runs", paramLabel = "R", defaultValue = "3", description = "Timed runs of each protocol per circuit, alternating "
            + "(default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--scale", paramLabel = "X", defaultValue = "1",
            description = "Multiply the circuit evaluations per session (default 1: 400 AES, 60 SHA-1, 100 SHA-256, about a second each).")
    double scale;

    @Option(names = "--sha1", paramLabel = "FILE",
            description = "A SHA-1 circuit of one block to run instead of the one bundled in the jar (Bristol's sha-1.txt).")
    Path sha1;

    @Option(names = "--processes", description = "Run every party in a JVM of its own instead (run3 three times beside run twice, "
            + "as users run them), on the Bristol AES-128 (key from P1, message from P2) and SHA-1 files: seconds and bytes of each "
            + "protocol, medians.")
    boolean processes;

    @Option(names = "--aes", paramLabel = "FILE",
            description = "With --processes: an AES-128 circuit (key, then message) to run instead of the one bundled in the jar "
                    + "(Bristol Fashion aes_128.txt).")
    Path aes;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "256m", description = "With --processes: each party's -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

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
        if (!(scale > 0)) {
            throw new UsageError("--scale must be positive, got " + scale);
        }
        String s = scheme.scheme().name();
        if (kernelOption.kernel != null) {
            kernelOption.create();
        }
        PrintWriter w = spec.commandLine().getOut();
        if (processes) {
            return processes(w);
        }
        CompiledCircuit sha = sha1 == null ? BundledCircuits.sha1() : CircuitLoader.load(sha1);
        List<ThreePartyBench.Row> rows = ThreePartyBench.run(ThreePartyBench.cases(BundledCircuits.aes128(), sha, scale), s,
                kernelOption.kernel, runs);
        if (json.on) {
            List<Object> list = new ArrayList<>();
            for (ThreePartyBench.Row r : rows) {
                var bytes = Report.fields("P1", Report.fields("P2", r.bytes()[1][2], "P3", r.bytes()[1][3]),
                        "P2", Report.fields("P1", r.bytes()[2][1], "P3", r.bytes()[2][3]),
                        "P3", Report.fields("P1", r.bytes()[3][1], "P2", r.bytes()[3][2]));
                list.add(Report.fields("circuit", r.circuit(), "and", r.andPerInstance(), "paperAnd", r.paperAnd(), "reps", r.reps(),
                        "bytes", bytes, "totalBytes", r.totalBytes(), "cpuP1", r.partyCpu()[0], "cpuP2", r.partyCpu()[1], "cpuP3", r.partyCpu()[2],
                        "processCpu", r.processCpu(), "seconds", r.seconds(), "andPerSec", r.andPerSecond(), "twoPartyBytes", r.twoPartyBytes(),
                        "twoPartyProcessCpu", r.twoPartyProcessCpu(), "twoPartySeconds", r.twoPartySeconds(),
                        "twoPartyAndPerSec", r.twoPartyAndPerSecond(), "ratio", r.andPerSecond() / r.twoPartyAndPerSecond()));
            }
            w.println(Json.write(Report.fields("scheme", s, "cores", Runtime.getRuntime().availableProcessors(), "results", list)));
            return 0;
        }
        w.printf("%-8s %7s %7s %5s | %13s %13s %11s %15s %5s %5s %5s %7s %7s %8s | %13s %7s %7s %8s | %5s%n", "circuit", "AND", "paper", "reps",
                "3PC bytes", "P1->P3", "P2->P3", "P3->P1,P2", "cpuP1", "cpuP2", "cpuP3", "cpu", "s", "AND/s", "2PC bytes", "cpu", "s", "AND/s",
                "3/2");
        for (ThreePartyBench.Row r : rows) {
            w.printf("%-8s %,7d %,7d %5d | %,13d %,13d %,11d %,7d,%,7d %5.2f %5.2f %5.2f %7.2f %7.3f %8s | %,13d %7.2f %7.3f %8s | %5.2f%n",
                    r.circuit(), r.andPerInstance(), r.paperAnd(), r.reps(), r.totalBytes(), r.bytes()[1][3], r.bytes()[2][3], r.bytes()[3][1],
                    r.bytes()[3][2], r.partyCpu()[0], r.partyCpu()[1], r.partyCpu()[2], r.processCpu(), r.seconds(),
                    Report.rate(r.andPerInstance() * r.reps(), r.seconds()), r.twoPartyBytes(), r.twoPartyProcessCpu(), r.twoPartySeconds(),
                    Report.rate(r.andPerInstance() * r.reps(), r.twoPartySeconds()), r.andPerSecond() / r.twoPartyAndPerSecond());
        }
        w.println("bytes: all a session sends (3PC: every party to every other); cpuPn: CPU seconds of party n's session thread (garbling "
                + "or evaluating, hashing, its own socket copies); cpu: the whole process (network threads too); s: online time, the "
                + "program until every party has its result; AND/s over it; 3/2: three-party throughput over two-party. Medians of " + runs
                + " runs each, alternating, on " + Runtime.getRuntime().availableProcessors() + " cores shared by all parties.");
        return 0;
    }

    private int processes(PrintWriter w) {
        List<ThreePartyProcesses.Row> rows = new ArrayList<>();
        rows.add(ThreePartyProcesses.run("aes-128", circuitFile(aes, BundledCircuits::aes128, "aes-128"),
                List.of(DemoCommand.FIPS197_KEY, DemoCommand.FIPS197_PLAINTEXT), Math.max(1, Math.round(1500 * scale)), runs, heap));
        rows.add(ThreePartyProcesses.run("sha-1", circuitFile(sha1, BundledCircuits::sha1, "sha-1"),
                List.of("61626380" + "0".repeat(104) + "0000000000000018"), Math.max(1, Math.round(250 * scale)), runs, heap));
        if (json.on) {
            List<Object> list = new ArrayList<>();
            for (ThreePartyProcesses.Row r : rows) {
                list.add(Report.fields("circuit", r.circuit(), "and", r.andGates(), "reps", r.reps(), "seconds", r.seconds(), "bytes", r.bytes(),
                        "twoPartySeconds", r.twoPartySeconds(), "twoPartyBytes", r.twoPartyBytes(), "ratio", r.ratio()));
            }
            w.println(Json.write(Report.fields("mode", "processes", "cores", Runtime.getRuntime().availableProcessors(), "results", list)));
            return 0;
        }
        w.printf("%-8s %7s %5s | %13s %8s %9s | %13s %8s %9s | %5s%n", "circuit", "AND", "reps", "3PC bytes", "s", "AND/s", "2PC bytes", "s",
                "AND/s", "3/2");
        for (ThreePartyProcesses.Row r : rows) {
            long ands = r.andGates() * r.reps();
            w.printf("%-8s %,7d %5d | %,13d %8.3f %9s | %,13d %8.3f %9s | %5.2f%n", r.circuit(), r.andGates(), r.reps(), r.bytes(), r.seconds(),
                    Report.rate(ands, r.seconds()), r.twoPartyBytes(), r.twoPartySeconds(), Report.rate(ands, r.twoPartySeconds()), r.ratio());
        }
        w.println("each party a JVM of its own (-Xmx" + heap + ") over TCP loopback: run3 x3 beside run x2 on the same file and inputs, "
                + "alternating; s: the slowest party's session, from its handshake to its end (two parties: base OTs included); medians of "
                + runs + " each, on " + Runtime.getRuntime().availableProcessors() + " cores shared by all parties.");
        return 0;
    }

    /**
     * The file the parties' processes read: the one given (which must exist), or the bundled circuit written once to a
     * temporary slot-ID file, removed when this process exits.
     */
    private static Path circuitFile(Path given, java.util.function.Supplier<CompiledCircuit> bundled, String name) {
        if (given != null) {
            if (!Files.isRegularFile(given)) {
                throw new UserError("bench 3pc: no " + name + " circuit at " + given);
            }
            return given;
        }
        try {
            return io.yaostream.cli.bench.PartyCircuits.temporaryFile(bundled.get(), name);
        } catch (java.io.IOException e) {
            throw new UserError("bench 3pc: cannot write the bundled " + name + " circuit to a temporary file: " + e.getMessage());
        }
    }
}
