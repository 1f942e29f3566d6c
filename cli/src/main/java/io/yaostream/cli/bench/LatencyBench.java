package io.yaostream.cli.bench;

import io.yaostream.SecureProgram;
import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.Result;
import io.yaostream.Link;
import io.yaostream.TwoParty;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.Party;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.examples.Aes;
import io.yaostream.examples.Hamming;
import io.yaostream.examples.Millionaires;
import io.yaostream.internal.CoreBridge;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * How long a program takes over a link with one-way latency: both parties in this process over TCP loopback, each
 * delaying what it receives as a simulated line would ({@link SimulatedNetwork}), the program run as a fresh session
 * (connection, handshake, base OTs each time) or on a link kept open ({@link Link}). What it measures is the
 * evaluator's: its time to its result, the flights (one-way latencies) it waited for on the way, and its bytes both ways.
 */
public final class LatencyBench {
    /** The applications, in the order they run by default. */
    public static final List<String> APPS = List.of("millionaires", "hamming-900", "aes", "sha-256");

    /** A fresh session per execution, or every execution on one link kept open. */
    public enum Mode {
        FRESH, KEPT;

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }

        public static Mode of(String key) {
            for (Mode m : values()) {
                if (m.key().equals(key)) {
                    return m;
                }
            }
            throw new IllegalArgumentException("unknown mode '" + key + "' (known: fresh, kept)");
        }
    }

    /** Both parties' inputs for one execution, each usable for the run and again for the plaintext check. */
    public record Draw(List<PlainBits> garbler, List<PlainBits> evaluator) {
        Inputs garblerFeed() {
            return Inputs.bits(garbler);
        }

        Inputs evaluatorFeed() {
            return Inputs.bits(evaluator);
        }
    }

    /**
     * An application: the program and the name its handshake compares, the circuits both parties declare before it,
     * and its inputs, drawn afresh for every execution so the plaintext check sees many.
     */
    public record App(String key, String name, SecureProgram<?> program, List<CompiledCircuit> circuits, Function<SplittableRandom, Draw> inputs) {
    }

    /** One execution as the evaluator saw it. */
    private record Execution(double ms, double connectMs, int flights, long bytes) {
    }

    /**
     * One (app, mode, latency): medians of the timed executions. {@code flights} is the most any execution waited for,
     * and {@code flightsVaried} says when they did not all wait for as many. {@code connectMs} is NaN on a kept link,
     * where no execution connects.
     */
    public record Cell(String app, Mode mode, double latencyMs, int flights, boolean flightsVaried, double ms, double connectMs, long bytes) {
    }

    /** Thrown when an execution's result is not the plaintext program's: the message is one line naming which. */
    public static final class WrongResult extends RuntimeException {
        private static final long serialVersionUID = 1L;

        WrongResult(String message) {
            super(message);
        }
    }

    private LatencyBench() {
    }

    /** The application called {@code key}, one of {@link #APPS}. */
    public static App app(String key) {
        return switch (key) {
            case "millionaires" -> new App(key, "millionaires", Millionaires.RICHER, List.of(),
                    r -> new Draw(List.of(AppsBench.random(r, 64)), List.of(AppsBench.random(r, 64))));
            case "hamming-900" -> new App(key, Hamming.name(900), Hamming.program(900), List.of(),
                    r -> new Draw(List.of(AppsBench.random(r, 900)), List.of(AppsBench.random(r, 900))));
            // As bench apps feeds it: the garbler's expanded key, the evaluator's one block.
            case "aes" -> new App(key, Aes.name(1), Aes.program(1), List.of(),
                    r -> new Draw(List.of(Aes.toBits(Aes.expandKey(bytes(r, 16)))), List.of(Aes.toBits(bytes(r, 16)))));
            // One compression of the evaluator's 512-bit block; the circuit is declared so the handshake compares it.
            case "sha-256" -> {
                CompiledCircuit sha = Sha256Circuit.build(io.yaostream.core.circuit.Party.EVALUATOR);
                yield new App(key, "sha-256 1 block", CoreBridge.program(new RepeatProgram(sha, 1)), List.of(sha),
                        r -> new Draw(List.of(), List.of(AppsBench.random(r, 512))));
            }
            default -> throw new IllegalArgumentException("unknown app '" + key + "' (known: " + String.join(", ", APPS) + ")");
        };
    }

    /**
     * Runs {@code warmup} untimed and then {@code runs} timed executions of {@code app} in {@code mode} over a line of
     * {@code bitsPerSecond} with a one-way {@code latencyMs} (0: loopback as it is, no simulated line), checking each
     * result at both parties against the plaintext program's.
     */
    public static Cell measure(App app, Mode mode, double latencyMs, long bitsPerSecond, int runs, int warmup) {
        TransportOptions transport = TransportOptions.defaults();
        if (latencyMs > 0) {
            transport = transport.withNetwork(SimulatedNetwork.of(bitsPerSecond, java.time.Duration.ofNanos(Math.round(latencyMs * 1e6))));
        }
        // Seeded per cell: a run of the bench draws the same inputs each time, and each cell its own.
        SplittableRandom rnd = new SplittableRandom(Objects.hash(app.key(), mode, latencyMs));
        String where = app.key() + " " + mode.key() + " at " + latencyMs + " ms";
        List<Execution> timed = new ArrayList<>();
        TwoParty config = CoreBridge.transport(CoreBridge.circuits(TwoParty.garbler().name(app.name()), app.circuits()), transport);
        Link.Pair link = mode == Mode.KEPT ? config.openBoth() : null; // kept: opened once, before the executions
        try {
            for (int i = 0; i < warmup + runs; i++) {
                Draw d = app.inputs().apply(rnd);
                TwoParty.Both<?> both = link == null ? config.runBoth(app.program(), d.garblerFeed(), d.evaluatorFeed())
                        : link.run(app.program(), d.garblerFeed(), d.evaluatorFeed());
                Execution e = check(app, d, both.garbler(), both.evaluator(), where);
                if (i >= warmup) {
                    timed.add(e);
                }
            }
        } finally {
            if (link != null) {
                link.close();
            }
        }
        int most = timed.stream().mapToInt(Execution::flights).max().orElseThrow();
        int least = timed.stream().mapToInt(Execution::flights).min().orElseThrow();
        return new Cell(app.key(), mode, latencyMs, most, most != least, median(timed, Execution::ms),
                mode == Mode.FRESH ? median(timed, Execution::connectMs) : Double.NaN, Math.round(median(timed, e -> (double) e.bytes())));
    }

    /** Both parties' results against the plaintext program's at each; the evaluator's figures when they agree. */
    private static Execution check(App app, Draw d, Result<?> garbler, Result<?> evaluator, String where) {
        for (Party p : List.of(Party.GARBLER, Party.EVALUATOR)) {
            Object expected = TwoParty.plain(app.program(), p, d.garblerFeed(), d.evaluatorFeed());
            Object got = (p == Party.GARBLER ? garbler : evaluator).value();
            if (!Objects.equals(expected, got)) {
                throw new WrongResult(where + ": the " + p.name().toLowerCase(java.util.Locale.ROOT) + " got " + got
                        + " where the plaintext program gives " + expected);
            }
        }
        return new Execution(1e3 * evaluator.seconds(), 1e3 * evaluator.connectSeconds(), evaluator.flights(),
                evaluator.bytesSent() + evaluator.bytesReceived());
    }

    private static double median(List<Execution> runs, java.util.function.ToDoubleFunction<Execution> figure) {
        return new Samples(runs.stream().mapToDouble(figure).toArray()).median();
    }

    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
