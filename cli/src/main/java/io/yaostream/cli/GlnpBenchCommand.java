package io.yaostream.cli;

import io.yaostream.cli.bench.GlnpBench;
import io.yaostream.cli.bench.GlnpCircuits;
import io.yaostream.cli.bench.GlnpPaper;
import io.yaostream.cli.bench.Machine;
import io.yaostream.cli.bench.Samples;
import io.yaostream.core.garble.Schemes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "glnp", mixinStandardHelpOptions = true,
        description = {"GLNP15's Tables 7, 4, 5 and 6 (Gueron, Lindell, Nof, Pinkas, CCS 2015) on its AES and SHA-256 circuits, ours beside the paper's.",
                "Table 7: ciphertexts of one garbled circuit per scheme (ours: all, the inputs column the part that brings the inputs to "
                        + "the first fleXOR offset, which the paper's counts lack). Table 4: ciphertexts per AND or XOR gate, and per XOR "
                        + "gate in parentheses. Table 5: the garbler's PRF calls per XOR gate.",
                "Table 6: ms of a full semi-honest execution, the median of --runs after --warmup untimed ones: the garbler and the "
                        + "evaluator each a run process, one pair per scheme, circuit and network running every execution as a session "
                        + "of its own (base OTs, the evaluator's inputs by OT, garbling, outputs), over TCP loopback and over two "
                        + "simulated links standing in for the paper's VA-VA and VA-IRE; ratio is ours over the paper's (below 1: faster)."})
final class GlnpBenchCommand implements Callable<Integer> {
    @Option(names = "--schemes", paramLabel = "S,S...", split = ",",
            description = "The schemes of Table 7's rows to run (default: every one this build has; grr3-keyed is rows 7 and 8).")
    List<String> schemes;

    @Option(names = "--circuits", paramLabel = "C,C...", split = ",", defaultValue = "aes,sha-256",
            description = "aes (AES-non-expanded.txt), sha-256 (sha-256.txt) or both (default: ${DEFAULT-VALUE}).")
    List<String> circuits;

    @Option(names = "--networks", paramLabel = "N,N...", split = ",", defaultValue = "loopback,va-va,va-ire",
            description = "Where Table 6 runs: loopback, va-va (10gbit,250us) and va-ire (300mbit,37.5ms) (default: ${DEFAULT-VALUE}).")
    List<String> networks;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "10", description = "Timed executions per scheme, circuit and network (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--warmup", paramLabel = "W", defaultValue = "20",
            description = "Untimed executions first, in the same processes (default: ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--circuit-dir", paramLabel = "DIR", defaultValue = "circuits/bristol",
            description = "The folder of the circuit files (default: ${DEFAULT-VALUE}, from the repository's root).")
    Path circuitDir;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "512m", description = "-Xmx of each party (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--link", description = "Run each pair's executions as programs on one kept link (run --sessions --link) rather "
            + "than as fresh sessions: Table 6 without the per-execution connection, handshake and base OTs.")
    boolean link;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        List<String> missing = new ArrayList<>();
        List<GlnpPaper.Row> rows = rows(missing);
        List<GlnpBench.Link> links = links();
        if (runs < 1 || warmup < 0) {
            throw new UsageError("--runs must be at least 1 and --warmup at least 0");
        }
        for (String c : circuits) {
            if (!GlnpPaper.CIRCUITS.contains(c)) {
                throw new UsageError("--circuits: unknown circuit '" + c + "' (known: " + String.join(", ", GlnpPaper.CIRCUITS) + ")");
            }
        }
        List<GlnpCircuits.Circuit> loaded = new ArrayList<>();
        Map<String, Samples> times = new LinkedHashMap<>();
        try {
            for (String c : new LinkedHashSet<>(circuits)) {
                loaded.add(GlnpCircuits.load(c, circuitDir));
            }
            // A column of Table 6 (one circuit, one network) is measured scheme after scheme, in the same minutes.
            for (GlnpCircuits.Circuit c : loaded) {
                for (GlnpBench.Link l : links) {
                    for (String s : new LinkedHashSet<>(rows.stream().map(GlnpPaper.Row::scheme).toList())) {
                        times.put(GlnpReport.key(s, c.name(), l.name()), GlnpBench.time(c, s, l, warmup, runs, heap, 60, link));
                    }
                }
            }
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        GlnpReport report = new GlnpReport(rows, loaded, links, times, Machine.here(), runs, warmup, missing, link);
        if (json.on) {
            spec.commandLine().getOut().println(Json.write(report.json(heap, circuitDir.toString())));
        } else {
            report.print(spec.commandLine().getOut());
        }
        return 0;
    }

    /** The rows of the schemes asked for, or of every scheme this build has; {@code missing} gets the rows left out. */
    private List<GlnpPaper.Row> rows(List<String> missing) {
        List<String> names = Schemes.names();
        if (schemes != null) {
            for (String s : schemes) {
                try {
                    Schemes.byName(s);
                } catch (IllegalArgumentException e) {
                    throw new UsageError("--schemes: " + e.getMessage());
                }
                if (GlnpPaper.ROWS.stream().noneMatch(r -> r.scheme().equals(s))) {
                    throw new UsageError("--schemes: '" + s + "' is no row of GLNP15's Table 7 (its schemes: "
                            + String.join(", ", new LinkedHashSet<>(GlnpPaper.ROWS.stream().map(GlnpPaper.Row::scheme).toList())) + ")");
                }
            }
            names = schemes;
        }
        List<GlnpPaper.Row> rows = new ArrayList<>();
        for (GlnpPaper.Row r : GlnpPaper.ROWS) {
            if (names.contains(r.scheme())) {
                rows.add(r);
            } else if (schemes == null) {
                missing.add(r.number() + " (" + r.scheme() + ")");
            }
        }
        return rows;
    }

    private List<GlnpBench.Link> links() {
        List<GlnpBench.Link> links = new ArrayList<>();
        for (String n : new LinkedHashSet<>(networks)) {
            try {
                links.add(GlnpBench.link(n));
            } catch (IllegalArgumentException e) {
                throw new UsageError("--networks: " + e.getMessage());
            }
        }
        return links;
    }
}
