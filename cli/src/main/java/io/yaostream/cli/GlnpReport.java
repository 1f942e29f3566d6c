package io.yaostream.cli;

import io.yaostream.cli.bench.GlnpBench;
import io.yaostream.cli.bench.GlnpCircuits;
import io.yaostream.cli.bench.GlnpPaper;
import io.yaostream.cli.bench.Machine;
import io.yaostream.cli.bench.Samples;
import io.yaostream.core.garble.GarblingCost;
import io.yaostream.core.garble.Schemes;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** {@code bench glnp}'s figures beside GLNP15's, as tables or as one JSON object. */
final class GlnpReport {
    /** Rows 7 and 8 of Table 7 are one scheme here, {@code grr3-keyed}: one run, printed on both. */
    private static final String SHARED = "grr3-keyed";

    private final List<GlnpPaper.Row> rows;
    private final List<GlnpCircuits.Circuit> circuits;
    private final List<GlnpBench.Link> links;
    private final Map<String, Samples> times;
    private final Machine machine;
    private final int runs;
    private final int warmup;
    private final List<String> missing;
    /** Whether the executions ran as programs on one kept link rather than as fresh sessions. */
    private final boolean kept;
    /** Each row's cost on each circuit, computed once: a fleXOR scheme's orders the circuit's wires to find it. */
    private final Map<String, GarblingCost> costs = new java.util.HashMap<>();

    GlnpReport(List<GlnpPaper.Row> rows, List<GlnpCircuits.Circuit> circuits, List<GlnpBench.Link> links, Map<String, Samples> times,
               Machine machine, int runs, int warmup, List<String> missing, boolean kept) {
        this.rows = rows;
        this.circuits = circuits;
        this.links = links;
        this.times = times;
        this.machine = machine;
        this.runs = runs;
        this.warmup = warmup;
        this.missing = missing;
        this.kept = kept;
    }

    static String key(String scheme, String circuit, String link) {
        return scheme + " " + circuit + " " + link;
    }

    private GarblingCost cost(GlnpPaper.Row r, GlnpCircuits.Circuit c) {
        return costs.computeIfAbsent(r.scheme() + " " + c.name(), k -> Schemes.byName(r.scheme()).cost(c.circuit()));
    }

    private Samples ms(GlnpPaper.Row r, GlnpCircuits.Circuit c, GlnpBench.Link l) {
        return times.get(key(r.scheme(), c.name(), l.name()));
    }

    /** {@code results[]}, one per row, circuit and network, with the machine and the settings. */
    Map<String, Object> json(String heap, String circuitDir) {
        List<Object> results = new ArrayList<>();
        for (GlnpCircuits.Circuit c : circuits) {
            for (GlnpPaper.Row r : rows) {
                GarblingCost k = cost(r, c);
                for (GlnpBench.Link l : links) {
                    Samples s = ms(r, c, l);
                    Integer paper = GlnpPaper.ms(c.name(), l.name(), r.number());
                    results.add(Report.fields("row", r.number(), "scheme", r.scheme(), "paperScheme", r.paperScheme(), "circuit", c.name(),
                            "ciphertexts", k.ciphertexts(), "inputCiphertexts", k.inputCiphertexts(),
                            "paperCiphertexts", GlnpPaper.ciphertexts(c.name(), r.number()), "perGate", k.perGate(),
                            "paperPerGate", GlnpPaper.perGate(c.name(), r.number()), "perXor", k.perXor(),
                            "paperPerXor", GlnpPaper.perXor(c.name(), r.number()), "prfPerXor", k.prfPerXor(),
                            "paperPrfPerXor", GlnpPaper.prfPerXor(c.name(), r.number()), "network", l.name(), "link", l.network(),
                            "ms", s.median(), "msMin", s.min(), "msMax", s.max(), "paperMs", paper,
                            "ratio", paper == null ? null : s.median() / paper, "sameRunAsRow", sharedWith(r)));
                }
            }
        }
        List<Object> circuitFields = new ArrayList<>();
        for (GlnpCircuits.Circuit c : circuits) {
            circuitFields.add(Report.fields("name", c.name(), "file", c.source().getFileName().toString(), "and", c.and(), "xor", c.xor(),
                    "paperAnd", GlnpPaper.and(c.name()), "paperXor", GlnpPaper.xor(c.name()), "evaluatorBits", c.evaluatorBits(),
                    "paperOtBits", GlnpPaper.otBits(c.name())));
        }
        List<Object> linkFields = new ArrayList<>();
        for (GlnpBench.Link l : links) {
            linkFields.add(Report.fields("name", l.name(), "link", l.network(), "standsFor", l.why()));
        }
        return Report.fields("machine", machine.fields(), "settings", Report.fields("mode", kept ? "kept" : "fresh", "runs", runs, "warmup", warmup, "heap", heap,
                "circuitDir", circuitDir, "networks", linkFields, "circuits", circuitFields, "rowsLeftOut", missing), "results", results);
    }

    /** The row that shares this row's run (7 for 8, 8 for 7) where both are printed, else null. */
    private Integer sharedWith(GlnpPaper.Row r) {
        if (!r.scheme().equals(SHARED)) {
            return null;
        }
        return r.number() == 7 ? 8 : 7;
    }

    void print(PrintWriter w) {
        w.println("GLNP15 (Gueron, Lindell, Nof, Pinkas, CCS 2015) Tables 7, 4, 5 and 6 on " + machine.line());
        w.printf("%-8s %-22s %20s %20s %28s%n", "circuit", "file", "AND ours (paper)", "XOR ours (paper)", "evaluator's bits (paper's OTs)");
        for (GlnpCircuits.Circuit c : circuits) {
            w.printf("%-8s %-22s %20s %20s %28s%n", c.name(), c.source().getFileName(), String.format("%,d (%,d)", c.and(), GlnpPaper.and(c.name())),
                    String.format("%,d (%,d)", c.xor(), GlnpPaper.xor(c.name())), c.evaluatorBits() + " (" + GlnpPaper.otBits(c.name()) + ")");
            if (c.and() != GlnpPaper.and(c.name()) || c.xor() != GlnpPaper.xor(c.name())) {
                w.println("  " + c.source().getFileName() + " is not the paper's " + c.name() + " circuit (its counts differ): its figures sit "
                        + "beside the paper's for the same scheme, not as a like-for-like comparison.");
            }
        }
        if (!missing.isEmpty()) {
            w.println("rows left out, their schemes not in this build: " + String.join(", ", missing));
        }
        w.println();
        w.println("Table 7: ciphertexts of one garbled circuit (ours: all of them; inputs: of ours, those that bring the inputs to the first"
                + " fleXOR offset, which the paper's counts lack)");
        StringBuilder head = new StringBuilder(String.format("%4s  %-17s %-35s", "row", "scheme", "paper's scheme"));
        circuits.forEach(c -> head.append(String.format(" %14s %8s %9s", c.name() + " ours", "inputs", "paper")));
        w.println(head);
        for (GlnpPaper.Row r : rows) {
            StringBuilder line = new StringBuilder(String.format("%4d  %-17s %-35s", r.number(), r.scheme(), r.paperScheme()));
            for (GlnpCircuits.Circuit c : circuits) {
                GarblingCost k = cost(r, c);
                line.append(String.format(" %,14d %,8d %,9d", k.ciphertexts(), k.inputCiphertexts(), GlnpPaper.ciphertexts(c.name(), r.number())));
            }
            w.println(line);
        }
        w.println();
        w.println("Table 4: ciphertexts per AND or XOR gate (per XOR gate); Table 5: the garbler's PRF calls per XOR gate. The paper has rows 3 to 6.");
        StringBuilder head4 = new StringBuilder(String.format("%4s  %-17s", "row", "scheme"));
        circuits.forEach(c -> head4.append(String.format(" %15s %13s %10s %6s", c.name() + " ours", "paper", "PRF/XOR", "paper")));
        w.println(head4);
        for (GlnpPaper.Row r : rows) {
            StringBuilder line = new StringBuilder(String.format("%4d  %-17s", r.number(), r.scheme()));
            for (GlnpCircuits.Circuit c : circuits) {
                GarblingCost k = cost(r, c);
                Double gate = GlnpPaper.perGate(c.name(), r.number());
                Double prf = GlnpPaper.prfPerXor(c.name(), r.number());
                line.append(String.format(" %15s %13s %10.2f %6s", String.format("%.2f (%.2f)", k.perGate(), k.perXor()),
                        gate == null ? "-" : String.format("%.2f (%.2f)", gate, GlnpPaper.perXor(c.name(), r.number())), k.prfPerXor(),
                        prf == null ? "-" : String.format("%.2f", prf)));
            }
            w.println(line);
        }
        w.println();
        printTimes(w);
    }

    private void printTimes(PrintWriter w) {
        w.println("Table 6: ms of a full semi-honest execution, ours the median of " + runs + " after " + warmup + " untimed"
                + (kept ? ", as programs on one kept link" : ", each a fresh session") + ", the paper's a mean of 20;"
                + " ratio: ours / paper's (below 1: faster)");
        StringBuilder head = new StringBuilder(String.format("%-8s %4s  %-17s", "circuit", "row", "scheme"));
        for (GlnpBench.Link l : links) {
            head.append(String.format(" %10s", l.name()));
            if (GlnpPaper.SETTINGS.contains(l.name())) {
                head.append(String.format(" %6s %6s", "paper", "ratio"));
            }
        }
        w.println(head);
        List<String> slower = new ArrayList<>();
        int compared = 0;
        for (GlnpCircuits.Circuit c : circuits) {
            for (GlnpPaper.Row r : rows) {
                StringBuilder line = new StringBuilder(String.format("%-8s %4d  %-17s", c.name(), r.number(), r.scheme()));
                for (GlnpBench.Link l : links) {
                    double ms = ms(r, c, l).median();
                    line.append(String.format(" %10.1f", ms));
                    if (GlnpPaper.SETTINGS.contains(l.name())) {
                        Integer paper = GlnpPaper.ms(c.name(), l.name(), r.number());
                        line.append(paper == null ? String.format(" %6s %6s", "-", "-") : String.format(" %6d %6.2f", paper, ms / paper));
                        if (paper != null) {
                            compared++;
                            if (ms >= paper) {
                                slower.add(c.name() + " " + l.name() + " row " + r.number());
                            }
                        }
                    }
                }
                w.println(line + (sharedWith(r) == null ? "" : "  (one run: rows 7 and 8)"));
            }
        }
        if (compared > 0) {
            w.println("faster than the paper in " + (compared - slower.size()) + " of " + compared + (slower.isEmpty() ? "" : "; not in: " + String.join(", ", slower)));
        }
        w.println(kept
                ? "each figure: a pair of run processes (garbler, evaluator; -Xmx each as --heap) running the executions as programs on one kept"
                        + " link (run --sessions --link: one connection, handshake and set of base OTs for all), the slower party's program from its"
                        + " hello to its result: the evaluator's input bits by correction bits on OTs extended ahead, garbling and evaluation,"
                        + " outputs to both parties. The paper's rows 4 to 6 (fleXOR) have no time."
                : "each figure: a pair of run processes (garbler, evaluator; -Xmx each as --heap) running the executions as sessions of their own,"
                        + " the slower party's session from the handshake to its result (the closing exchange after it not counted): base OTs, the"
                        + " evaluator's input bits by OT extension, garbling and evaluation, outputs to both parties. The paper's rows 4 to 6"
                        + " (fleXOR) have no time.");
        for (GlnpBench.Link l : links) {
            w.println(l.name() + ": " + (l.network().equals("none") ? "" : "--network " + l.network() + " on both parties, ") + l.why());
        }
        if (rows.stream().anyMatch(r -> sharedWith(r) != null)) {
            w.println("rows 7 and 8: grr3-keyed always expands the key schedules of its AES calls together (the paper's Pipe-garbl+KS), so the two"
                    + " rows are one scheme and one run here.");
        }
    }
}
