package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BiConsumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Programs one after another on a kept link: each one's results, flights and tweaks, and a failure ending the link. */
@Timeout(120)
class KeptLinkTest {
    private static final SimulatedNetwork LINE = SimulatedNetwork.parse("10gbit,1ms");

    /** One program of a run: its circuit and each party's values, in the order the circuit takes them. */
    private record Step(CompiledCircuit circuit, List<BitString> garbler, List<BitString> evaluator) {
        static Step random(CompiledCircuit c, Random rnd) {
            List<BitString> g = new ArrayList<>();
            List<BitString> e = new ArrayList<>();
            for (WireGroup<Party> in : c.inputs()) {
                BitString v = BitString.of(new java.math.BigInteger(in.width(), rnd), in.width());
                (in.owner() == Party.GARBLER ? g : e).add(v);
            }
            return new Step(c, g, e);
        }

        List<Optional<BitString>> plain(Party viewer) {
            return new RepeatProgram(circuit, 1).run(new PlainContext(viewer, InputFeed.of(garbler), InputFeed.of(evaluator)));
        }
    }

    private static YaoSession.Config config(String scheme) {
        JavaKernel k = new JavaKernel();
        return new YaoSession.Config(Schemes.byName(scheme), k, new ReceiverFirstBaseOt(1, k), "test", List.of());
    }

    /**
     * Opens a link between two threads and runs {@code steps} on it, closing it after; {@code afterEach} sees each
     * party's link and result after each program. {@code lazyEvaluatorFeed}: the evaluator's feeds cannot tell ahead.
     */
    private static List<List<YaoSession.Result<List<Optional<BitString>>>>> run(Channel[] ends, String scheme, List<Step> steps,
                                                                               boolean lazyEvaluatorFeed,
                                                                               BiConsumer<KeptLink, YaoSession.Result<?>> afterEach) {
        List<CompletableFuture<List<YaoSession.Result<List<Optional<BitString>>>>>> runs = new ArrayList<>();
        for (Party p : Party.values()) {
            runs.add(CompletableFuture.supplyAsync(() -> {
                List<YaoSession.Result<List<Optional<BitString>>>> out = new ArrayList<>();
                try (KeptLink link = new KeptLink(p, ends[p.ordinal()], config(scheme), AesCtrRandom.forTesting(7 + p.ordinal()))) {
                    link.open(false);
                    for (Step s : steps) {
                        List<BitString> mine = p == Party.GARBLER ? s.garbler() : s.evaluator();
                        InputFeed feed = p == Party.EVALUATOR && lazyEvaluatorFeed ? lazy(mine) : InputFeed.of(mine);
                        YaoSession.Result<List<Optional<BitString>>> r = link.run("step", List.of(s.circuit()), new RepeatProgram(s.circuit(), 1), feed);
                        out.add(r);
                        afterEach.accept(link, r);
                    }
                }
                return out;
            }));
        }
        return List.of(runs.get(0).join(), runs.get(1).join());
    }

    /** A feed that cannot tell its values ahead: every input's corrections go on demand. */
    private static InputFeed lazy(List<BitString> values) {
        java.util.Iterator<BitString> it = values.iterator();
        return width -> it.next();
    }

    private static List<Step> randomSteps(long seed, int count) {
        Random rnd = new Random(seed);
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            steps.add(Step.random(TestCircuits.random(rnd, 50 + rnd.nextInt(300)), rnd));
        }
        return steps;
    }

    @ParameterizedTest
    @ValueSource(strings = {Schemes.DEFAULT, "half-gates-keyed", "grr3", "prf-only", "prf-only-naive"})
    void everyProgramOnTheLinkGivesThePlainResults(String scheme) {
        for (boolean lazy : new boolean[] {false, true}) {
            List<Step> steps = randomSteps(scheme.hashCode() + (lazy ? 1 : 0), 12);
            var results = run(MemoryChannel.pair(1 << 16), scheme, steps, lazy, (l, r) -> { });
            for (int i = 0; i < steps.size(); i++) {
                assertEquals(steps.get(i).plain(Party.GARBLER), results.get(0).get(i).value(), scheme + " program " + (i + 1) + " at the garbler");
                assertEquals(steps.get(i).plain(Party.EVALUATOR), results.get(1).get(i).value(), scheme + " program " + (i + 1) + " at the evaluator");
            }
        }
    }

    /** A garbler bit and {@code evaluatorBits} evaluator bits, ANDed together, to {@code to}. */
    private static CompiledCircuit and(int evaluatorBits, Receiver to) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(2 + evaluatorBits).input("a", Party.GARBLER, new int[] {0});
        if (evaluatorBits > 0) {
            int[] slots = new int[evaluatorBits];
            for (int i = 0; i < evaluatorBits; i++) {
                slots[i] = 2 + i;
            }
            b.input("b", Party.EVALUATOR, slots);
            b.gate(GateOp.AND, 0, 2, 1);
            for (int i = 1; i < evaluatorBits; i++) {
                b.gate(GateOp.AND, 1, 2 + i, 1);
            }
        } else {
            b.gate(GateOp.AND, 0, 0, 1);
        }
        return b.output("z", to, new int[] {1}).build();
    }

    @ParameterizedTest
    @MethodSource("io.yaostream.core.twoparty.FlightsTest#schemes")
    void eachProgramWaitsTwoFlightsWithEvaluatorInputsAndOneWithout(String scheme) {
        Random rnd = new Random(5);
        List<Step> steps = List.of(
                Step.random(and(1, Receiver.EVALUATOR), rnd),
                Step.random(and(0, Receiver.EVALUATOR), rnd),
                Step.random(and(900, Receiver.EVALUATOR), rnd),
                Step.random(and(64, Receiver.GARBLER), rnd),
                Step.random(and(0, Receiver.EVALUATOR), rnd),
                Step.random(and(20_000, Receiver.EVALUATOR), rnd), // beyond the pool: the opening chunk extends OTs
                Step.random(and(3, Receiver.EVALUATOR), rnd));
        int[] evaluator = {2, 1, 2, -1, 1, 2, 2};
        int[] garbler = {-1, -1, -1, 3, -1, -1, -1};
        var results = run(MemoryChannel.pair(1 << 16, LINE), scheme, steps, false, (l, r) -> { });
        for (int i = 0; i < steps.size(); i++) {
            if (evaluator[i] >= 0) {
                assertEquals(evaluator[i], results.get(1).get(i).flights(), scheme + ": the evaluator's flights in program " + (i + 1));
            }
            if (garbler[i] >= 0) {
                assertEquals(garbler[i], results.get(0).get(i).flights(), scheme + ": the garbler's flights in program " + (i + 1));
            }
            assertEquals(steps.get(i).plain(Party.EVALUATOR), results.get(1).get(i).value());
        }
    }

    @Test
    void noTweakServesTwiceOnTheLink() {
        List<long[]> counters = new ArrayList<>();
        List<Step> steps = randomSteps(11, 8);
        run(MemoryChannel.pair(1 << 16), Schemes.DEFAULT, steps, false, (link, r) -> {
            try {
                counters.add(link.tweakCounters());
            } catch (NullPointerException evaluatorEnd) {
                // the evaluator's end keeps no garbler core
            }
        });
        assertEquals(steps.size(), counters.size());
        String[] names = {"gate indices", "output indices", "one-hot tweaks", "OT indices"};
        for (int c = 0; c < names.length; c++) {
            long before = 0;
            for (int i = 0; i < counters.size(); i++) {
                long now = counters.get(i)[c];
                assertTrue(now >= before, names[c] + " went back from " + before + " to " + now + " in program " + (i + 1));
                before = now;
            }
        }
        // Each program used gates and outputs: a counter that restarted per program would have repeated them.
        assertTrue(counters.get(counters.size() - 1)[0] > counters.get(0)[0]);
        assertTrue(counters.get(counters.size() - 1)[1] > counters.get(0)[1]);
    }

    @Test
    void aProgramThatDiffersEndsTheLinkAtBothParties() {
        Random rnd = new Random(3);
        CompiledCircuit c = and(4, Receiver.EVALUATOR);
        MemoryChannel[] ends = MemoryChannel.pair(1 << 16);
        List<CompletableFuture<String>> runs = new ArrayList<>();
        for (Party p : Party.values()) {
            runs.add(CompletableFuture.supplyAsync(() -> {
                try (KeptLink link = new KeptLink(p, ends[p.ordinal()], config(Schemes.DEFAULT), AesCtrRandom.forTesting(p.ordinal()))) {
                    link.open(false);
                    Step s = Step.random(c, rnd);
                    InputFeed feed = InputFeed.of(p == Party.GARBLER ? s.garbler() : s.evaluator());
                    link.run("first", List.of(c), new RepeatProgram(c, 1), feed);
                    RuntimeException e = assertThrows(RuntimeException.class, () -> link.run(p == Party.GARBLER ? "second" : "other",
                            List.of(c), new RepeatProgram(c, 1), InputFeed.of(p == Party.GARBLER ? s.garbler() : s.evaluator())));
                    IllegalStateException after = assertThrows(IllegalStateException.class,
                            () -> link.run("third", List.of(c), new RepeatProgram(c, 1), InputFeed.of()));
                    assertTrue(after.getMessage().startsWith("the link has ended: "), after.getMessage());
                    return e.getClass().getSimpleName() + ": " + e.getMessage();
                }
            }));
        }
        String garbler = runs.get(0).join();
        String evaluator = runs.get(1).join();
        // Whichever party reads the other's hello first names the mismatch; the other may find the link ended before it
        // reads the peer's hello (in memory no goodbye carries the reason). Both name the program.
        boolean evaluatorNamesIt = evaluator.contains("ProtocolException") && evaluator.contains("runs program 'second', this party 'other'");
        boolean garblerNamesIt = garbler.contains("ProtocolException") && garbler.contains("runs program 'other', this party 'second'");
        assertTrue(evaluatorNamesIt || garblerNamesIt, garbler + " / " + evaluator);
        assertTrue(garbler.contains("program 2") && evaluator.contains("program 2"), garbler + " / " + evaluator);
    }

    @Test
    void aLinkClosedAfterFewerProgramsIsNamedAtThePeer() {
        CompiledCircuit c = and(2, Receiver.EVALUATOR);
        MemoryChannel[] ends = MemoryChannel.pair(1 << 16);
        Step s = Step.random(c, new Random(9));
        CompletableFuture<Void> garbler = CompletableFuture.runAsync(() -> {
            try (KeptLink link = new KeptLink(Party.GARBLER, ends[0], config(Schemes.DEFAULT), AesCtrRandom.forTesting(1))) {
                link.open(false);
                link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.garbler()));
            }
        });
        RuntimeException e = assertThrows(RuntimeException.class, () -> {
            try (KeptLink link = new KeptLink(Party.EVALUATOR, ends[1], config(Schemes.DEFAULT), AesCtrRandom.forTesting(2))) {
                link.open(false);
                link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.evaluator()));
                link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.evaluator()));
            }
        });
        CompletionException g = assertThrows(CompletionException.class, garbler::join);
        // Whichever party reads the other's word first names the mismatch in numbers of programs; the other may find the
        // link ended first (in memory no goodbye carries the reason). Both say where.
        String evaluator = e.getMessage();
        String garblerSaid = g.getCause().getMessage();
        assertTrue(evaluator.contains("the peer closed the link after 1 programs, where this party began program 2")
                || garblerSaid.contains("the peer began program 2 on the link while this party closed it after 1"), evaluator + " / " + garblerSaid);
        assertTrue(e instanceof ProtocolException || e instanceof ChannelException, e.toString());
        assertTrue(evaluator.contains("program 2"), evaluator);
        assertTrue(garblerSaid.contains("closing the link after 1 programs"), garblerSaid);
    }

    @Test
    void garbageBetweenProgramsEndsTheLinkAtBothParties() {
        CompiledCircuit c = and(3, Receiver.EVALUATOR);
        Step s = Step.random(c, new Random(21));
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        CompletableFuture<String> garbler = CompletableFuture.supplyAsync(() -> {
            try (KeptLink link = new KeptLink(Party.GARBLER, ends[0], config(Schemes.DEFAULT), AesCtrRandom.forTesting(1))) {
                link.open(false);
                link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.garbler()));
                ends[0].write(new byte[] {0x42}, 0, 1); // a stray byte before the next program's hello
                // The garbler may finish its side of program 2 (the evaluator's corrections were on their way) and learn
                // that the link ended only when it closes it.
                RuntimeException e = assertThrows(RuntimeException.class, () -> {
                    link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.garbler()));
                    link.close();
                });
                return e.getMessage();
            }
        });
        String evaluator;
        try (KeptLink link = new KeptLink(Party.EVALUATOR, ends[1], config(Schemes.DEFAULT), AesCtrRandom.forTesting(2))) {
            link.open(false);
            link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.evaluator()));
            PeerFault e = assertThrows(PeerFault.class, () -> link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(s.evaluator())));
            evaluator = e.getMessage();
        }
        assertTrue(evaluator.startsWith("the peer sent byte 66 where program 2's hello was due"), evaluator);
        String g = garbler.join();
        assertTrue(g.contains("program 2") || g.contains("closing the link after 2 programs"), g);
    }
}
