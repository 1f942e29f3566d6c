package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The flights behind each party's result in a fresh session, counted by the simulated network (each message stamped
 * with one more than the flights behind what its sender had read): the counts a change to the session's messages must
 * keep or lower. A fresh session with receiver-first base OTs, message by message:
 * <ol>
 * <li>both hellos at once, the garbler's with its base-OT points B;</li>
 * <li>the evaluator's base-OT answer (its point U and the pads), with its OT extension columns and the opening chunk of
 * correction bits; meanwhile the garbler, having read the evaluator's hello, sends its own input labels and the
 * tables as far as the program goes without the evaluator's inputs;</li>
 * <li>the garbler's labels for the evaluator's inputs, the rest of the tables and decoding values: the evaluator's
 * result, where only it receives outputs;</li>
 * <li>the evaluator's output labels for outputs the garbler receives: the garbler's result.</li>
 * </ol>
 * With CO15's base OTs, whose sender (the evaluator) speaks first, each party waits one flight more. Outputs to both
 * parties, revealed one group at a time, still cost the garbler a wait between groups (it reads the evaluator's labels
 * of one before it sends the next one's decoding values): 5 and 6 flights there.
 */
@Timeout(60)
class FlightsTest {
    private static final SimulatedNetwork LINE = SimulatedNetwork.parse("10gbit,1ms");

    private static YaoSession.Config config(String scheme, boolean receiverFirst, List<CompiledCircuit> circuits) {
        JavaKernel k = new JavaKernel();
        BaseOt baseOt = receiverFirst ? new ReceiverFirstBaseOt(1, k) : new EcBaseOt(1, k);
        return new YaoSession.Config(Schemes.byName(scheme), k, baseOt, "flights", circuits);
    }

    /** The schemes that run a circuit built in memory (the fleXOR ones take theirs from a file). */
    static List<String> schemes() {
        return Schemes.names().stream().filter(n -> !n.startsWith("flexor")).toList();
    }

    /**
     * Runs {@code program} at both parties over a simulated line, with receiver-first base OTs or CO15's (the sender
     * first); the flights behind each one's result, garbler first.
     */
    private static int[] flights(String scheme, boolean receiverFirst, CompiledCircuit c, Program<List<Optional<BitString>>> program,
                                 InputFeed g, InputFeed e) {
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
            runs[p.ordinal()] = CompletableFuture.supplyAsync(() -> new YaoSession(p, end, config(scheme, receiverFirst, List.of(c)),
                    AesCtrRandom.forTesting(p.ordinal() + 1)).run(counted, p == Party.GARBLER ? g : e));
        }
        CompletableFuture.allOf(runs).join();
        return new int[] {atResult[0].get(), atResult[1].get()};
    }

    /**
     * Zeros for {@code owner}'s input groups of {@code c}, from a feed that can tell them ahead (as {@code Inputs.of}): a
     * feed that cannot (a lambda) has its corrections sent when the program takes each input, one flight later.
     */
    private static InputFeed zeros(CompiledCircuit c, Party owner) {
        return InputFeed.of(c.inputs().stream().filter(g -> g.owner() == owner).map(g -> BitString.zeros(g.width())).toList());
    }

    @Test
    void aFeedThatCannotTellAheadCostsTheEvaluatorAFlight() {
        CompiledCircuit c = and(Receiver.EVALUATOR);
        assertEquals(4, flights(Schemes.DEFAULT, true, c, new RepeatProgram(c, 1), BitString::zeros, BitString::zeros)[1]);
    }

    /** A garbler bit, an evaluator bit, their AND to {@code to}. */
    private static CompiledCircuit and(Receiver to) {
        return new CompiledCircuit.Builder(3).input("a", Party.GARBLER, new int[] {0}).input("b", Party.EVALUATOR, new int[] {1})
                .gate(GateOp.AND, 0, 1, 2).output("z", to, new int[] {2}).build();
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void theEvaluatorHasItsResultAfterThreeFlights(String scheme) {
        CompiledCircuit c = and(Receiver.EVALUATOR);
        int[] f = flights(scheme, true, c, new RepeatProgram(c, 1), zeros(c, Party.GARBLER), zeros(c, Party.EVALUATOR));
        assertEquals(3, f[1], scheme + ": the evaluator's flights to its result");
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void theGarblerHasItsResultAfterFourFlights(String scheme) {
        CompiledCircuit c = and(Receiver.GARBLER);
        int[] f = flights(scheme, true, c, new RepeatProgram(c, 1), zeros(c, Party.GARBLER), zeros(c, Party.EVALUATOR));
        assertEquals(4, f[0], scheme + ": the garbler's flights to its result");
    }

    @Test
    void withTheSenderOfTheBaseOtsFirstEachWaitsOneMore() {
        CompiledCircuit e = and(Receiver.EVALUATOR);
        assertEquals(4, flights(Schemes.DEFAULT, false, e, new RepeatProgram(e, 1), zeros(e, Party.GARBLER), zeros(e, Party.EVALUATOR))[1]);
        CompiledCircuit g = and(Receiver.GARBLER);
        assertEquals(5, flights(Schemes.DEFAULT, false, g, new RepeatProgram(g, 1), zeros(g, Party.GARBLER), zeros(g, Party.EVALUATOR))[0]);
    }

    @Test
    void outputsToBothRevealedGroupByGroupCostTwoMore() {
        CompiledCircuit c = TestCircuits.random(new Random(37), 300);
        int[] f = flights(Schemes.DEFAULT, true, c, new RepeatProgram(c, 1), zeros(c, Party.GARBLER), zeros(c, Party.EVALUATOR));
        assertEquals(5, f[1], "the evaluator's flights to its result");
        assertEquals(6, f[0], "the garbler's flights to its result");
    }

    @Test
    void aChannelWithoutASimulatedLineCountsNoFlights() {
        assertEquals(-1, MemoryChannel.pair(1000)[0].flights());
    }
}
