package io.yaostream.cli.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A short and a long run of the same circuit, two processes over TCP loopback as users run them ({@code run --repeat N}
 * twice), so that what a run pays once (JVM start, compilation, base OTs, buffers that grow) shows as the short run's
 * AND gates per second against the long one's. The runs alternate, so both see the same minutes of a shared machine.
 */
public final class RampBench {
    private RampBench() {
    }

    /**
     * One run.
     *
     * @param seconds     the session, as {@code run} reports it: from the handshake to the end of the closing exchange
     *                    (the larger of the two parties')
     * @param wallSeconds from starting both JVMs until both had exited: JVM start, loading the circuit and connecting
     *                    included
     * @param garbler     the garbler's CPU per AND gate and peak heap
     * @param evaluator   the evaluator's
     */
    public record Run(long repeat, long and, double seconds, double wallSeconds, PartyCpu garbler, PartyCpu evaluator) {
        public double andPerSecond() {
            return and / seconds;
        }

        public double wallAndPerSecond() {
            return and / wallSeconds;
        }
    }

    /**
     * {@code run --repeat repeat} on {@code circuit}, both parties in JVMs of their own with {@code -Xmx heap}; the
     * garbler's input is {@code garblerIn}, the evaluator's {@code evaluatorIn} (one {@code --in} value each, or none).
     */
    public static Run run(Path circuit, long repeat, List<String> garblerIn, List<String> evaluatorIn, String heap, int timeoutSeconds) {
        int port = PartyProcess.freePorts(1)[0];
        List<String> both = List.of("run", "--circuit", circuit.toString(), "--repeat", Long.toString(repeat), "--json",
                "--timeout", Integer.toString(timeoutSeconds));
        long start = System.nanoTime();
        CompletableFuture<String> garbler = PartyProcess.start(heap, PartyProcess.withInputs(both, garblerIn, "--role", "garbler", "--listen",
                Integer.toString(port), "--bind", "127.0.0.1"), "the garbler");
        CompletableFuture<String> evaluator = PartyProcess.start(heap, PartyProcess.withInputs(both, evaluatorIn, "--role", "evaluator", "--connect",
                "127.0.0.1:" + port), "the evaluator");
        String g;
        String e;
        try {
            e = evaluator.get(10L * timeoutSeconds + repeat / 1000, TimeUnit.SECONDS);
            g = garbler.get(10L * timeoutSeconds, TimeUnit.SECONDS);
        } catch (java.util.concurrent.ExecutionException x) {
            throw new IllegalStateException("run --repeat " + repeat + ": " + x.getCause().getMessage(), x.getCause());
        } catch (java.util.concurrent.TimeoutException x) {
            throw new IllegalStateException("run --repeat " + repeat + ": a party did not finish in time", x);
        } catch (InterruptedException x) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", x);
        }
        double wall = (System.nanoTime() - start) / 1e9;
        long and = (long) PartyProcess.number(e, "and");
        if ((long) PartyProcess.number(g, "and") != and) {
            throw new IllegalStateException("run --repeat " + repeat + ": the parties counted different AND gates");
        }
        double seconds = Math.max(PartyProcess.number(g, "seconds"), PartyProcess.number(e, "seconds"));
        return new Run(repeat, and, seconds, wall, PartyCpu.of(g), PartyCpu.of(e));
    }
}
