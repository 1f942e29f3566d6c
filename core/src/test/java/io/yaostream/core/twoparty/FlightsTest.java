package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The flights behind each party's result in a fresh session, counted by the simulated network (each message stamped
 * with one more than the flights behind what its sender had read): the count a change to the session's messages must
 * keep or lower. Today's fresh session, traced message by message, for a circuit whose outputs go to both parties: the
 * hellos (1); the base OTs, the evaluator's first message (2), the garbler's answer (3), the evaluator's last with the
 * OT extension's setup (4); the barrier that starts both online phases (5); the evaluator's OT extension columns and
 * correction bits (6); the garbler's labels and tables (7); the evaluator's output labels for the garbler's outputs (8);
 * the garbler's answer for the outputs the evaluator learns through it (9); the garbler's result comes with the
 * evaluator's reply (10); then the closing exchange.
 */
@Timeout(60)
class FlightsTest {
    private static final SimulatedNetwork LINE = SimulatedNetwork.parse("10gbit,1ms");

    private static YaoSession.Config config(List<CompiledCircuit> circuits) {
        return new YaoSession.Config(Schemes.byName(Schemes.DEFAULT), new JavaKernel(), new EcBaseOt(1, new JavaKernel()), "flights", circuits);
    }

    /** Runs {@code program} at both parties over a simulated line; the flights behind each one's result, garbler first. */
    private static int[] flights(CompiledCircuit c, Program<List<Optional<BitString>>> program, InputFeed g, InputFeed e) {
        MemoryChannel[] ends = MemoryChannel.pair(20_000, LINE);
        AtomicInteger[] atResult = {new AtomicInteger(-2), new AtomicInteger(-2)};
        CompletableFuture<?>[] runs = new CompletableFuture<?>[2];
        for (Party p : Party.values()) {
            MemoryChannel end = ends[p.ordinal()];
            AtomicInteger count = atResult[p.ordinal()];
            Program<List<Optional<BitString>>> counted = ctx -> {
                List<Optional<BitString>> r = program.run(ctx);
                count.set(end.flights());
                return r;
            };
            runs[p.ordinal()] = CompletableFuture.supplyAsync(() -> new YaoSession(p, end, config(List.of(c)),
                    AesCtrRandom.forTesting(p.ordinal() + 1)).run(counted, p == Party.GARBLER ? g : e));
        }
        CompletableFuture.allOf(runs).join();
        return new int[] {atResult[0].get(), atResult[1].get()};
    }

    @Test
    void aFreshSessionWhoseOutputsGoToBothTakesNineFlightsToTheEvaluatorsResult() {
        CompiledCircuit c = TestCircuits.random(new Random(37), 300);
        int[] f = flights(c, new RepeatProgram(c, 1), BitString::zeros, BitString::zeros);
        assertEquals(9, f[1], "the evaluator's flights to its result");
        assertEquals(10, f[0], "the garbler's flights to its result");
    }

    @Test
    void aChannelWithoutASimulatedLineCountsNoFlights() {
        assertEquals(-1, MemoryChannel.pair(1000)[0].flights());
    }
}
