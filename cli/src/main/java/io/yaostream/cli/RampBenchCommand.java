package io.yaostream.cli;

import io.yaostream.cli.bench.PartyCircuits;
import io.yaostream.cli.bench.RampBench;
import io.yaostream.cli.bench.Samples;
import io.yaostream.compiler.CircuitLoader;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "ramp", mixinStandardHelpOptions = true,
        description = {"A short and a long two-party run of one circuit (run --repeat N, two processes over TCP loopback), alternated.",
                "It reports the AND gates/s of each over the session (as run reports it) and over the processes' whole lives (JVM "
                        + "start included), and the short run's rate as a fraction of the long one's."})
final class RampBenchCommand implements Callable<Integer> {
    @Option(names = "--circuit", paramLabel = "FILE", defaultValue = "circuits/bristol/mult64.txt",
            description = "The circuit (default: ${DEFAULT-VALUE}, from the repository's root); every input is zero.")
    Path circuit;

    @Option(names = "--and", paramLabel = "SHORT,LONG", split = ",", defaultValue = "100000000,1000000000",
            description = "AND gates of the short and the long run, rounded to whole repetitions (default: ${DEFAULT-VALUE}).")
    List<Long> and;

    @Option(names = "--runs", paramLabel = "R", defaultValue = "3", description = "Runs of each, alternated (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--heap", paramLabel = "SIZE", defaultValue = "1g", description = "-Xmx of each party (default: ${DEFAULT-VALUE}).")
    String heap;

    @Mixin
    JsonOption json;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (and.size() != 2 || and.get(0) < 1 || and.get(1) < and.get(0)) {
            throw new UsageError("--and: two counts, the short run's first, each at least 1, got " + and);
        }
        if (runs < 1) {
            throw new UsageError("--runs: at least 1, got " + runs);
        }
        if (!Files.isRegularFile(circuit)) {
            throw new UserError(circuit + ": no such file");
        }
        CompiledCircuit c = CircuitLoader.load(circuit);
        long perCall = c.counts().and();
        if (perCall < 1) {
            throw new UserError(circuit + ": the circuit has no AND gate");
        }
        long[] repeat = {Math.max(1, Math.round((double) and.get(0) / perCall)), Math.max(1, Math.round((double) and.get(1) / perCall))};
        List<String> garblerIn = PartyCircuits.zeros(c, Party.GARBLER);
        List<String> evaluatorIn = PartyCircuits.zeros(c, Party.EVALUATOR);
        List<List<RampBench.Run>> done = List.of(new ArrayList<>(), new ArrayList<>());
        try {
            for (int r = 0; r < runs; r++) {
                for (int i = 0; i < 2; i++) {
                    done.get(i).add(RampBench.run(circuit, repeat[i], garblerIn, evaluatorIn, heap, 60));
                }
            }
        } catch (IllegalStateException e) {
            throw new UserError(e.getMessage());
        }
        Samples[] session = new Samples[2];
        Samples[] whole = new Samples[2];
        for (int i = 0; i < 2; i++) {
            session[i] = new Samples(done.get(i).stream().mapToDouble(RampBench.Run::andPerSecond).toArray());
            whole[i] = new Samples(done.get(i).stream().mapToDouble(RampBench.Run::wallAndPerSecond).toArray());
        }
        double ratio = session[0].median() / session[1].median();
        double wallRatio = whole[0].median() / whole[1].median();
        PrintWriter w = spec.commandLine().getOut();
        if (json.on) {
            List<Object> rows = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                RampBench.Run first = done.get(i).get(0);
                rows.add(Report.fields("repeat", repeat[i], "and", first.and(), "andPerSec", session[i].median(), "andPerSecMin", session[i].min(),
                        "andPerSecMax", session[i].max(), "wallAndPerSec", whole[i].median(), "wallAndPerSecMin", whole[i].min(),
                        "wallAndPerSecMax", whole[i].max()));
            }
            w.println(Json.write(Report.fields("circuit", circuit.getFileName().toString(), "runs", runs, "results", rows, "ratio", ratio,
                    "wallRatio", wallRatio)));
            return 0;
        }
        w.printf("%-14s %15s %26s %26s%n", "run", "AND", "AND/s, session (min-max)", "AND/s, whole run (min-max)");
        for (int i = 0; i < 2; i++) {
            w.printf("%-14s %,15d %10s (%s-%s) %12s (%s-%s)%n", "--repeat " + repeat[i], done.get(i).get(0).and(),
                    Report.rate(session[i].median(), 1), Report.rate(session[i].min(), 1), Report.rate(session[i].max(), 1),
                    Report.rate(whole[i].median(), 1), Report.rate(whole[i].min(), 1), Report.rate(whole[i].max(), 1));
        }
        w.printf("short / long: %.2f over the session, %.2f over the whole run (medians of %d runs each, alternated)%n", ratio, wallRatio, runs);
        w.println(circuit.getFileName() + ", two processes over TCP loopback; session: handshake to closing exchange, as run reports it;"
                + " whole run: both JVMs started until both exited.");
        return 0;
    }
}
