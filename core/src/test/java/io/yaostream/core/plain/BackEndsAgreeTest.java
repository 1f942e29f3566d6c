package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.PartyContext;
import io.yaostream.core.testing.TestCircuits;
import io.yaostream.core.twoparty.TwoParties;
import io.yaostream.core.twoparty.YaoSession;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One program on the garbler, the evaluator, the plaintext back end and the cost counter: the same results, seen
 * by the same parties, and the cost counter's figures equal to the real run's to the byte.
 */
@Timeout(120)
class BackEndsAgreeTest {
    static List<String> schemes() {
        return Schemes.names();
    }

    private static YaoSession.Config config(String scheme, String program) {
        return new YaoSession.Config(Schemes.byName(scheme), new JavaKernel(), new EcBaseOt(1, new JavaKernel()), program, List.of());
    }

    /** out = acc XOR (a AND b), w bits: two inputs and a running value. */
    private static CompiledCircuit accumulate(int w) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(3 * w);
        int[] acc = IntStream.range(0, w).toArray();
        int[] a = IntStream.range(w, 2 * w).toArray();
        int[] bb = IntStream.range(2 * w, 3 * w).toArray();
        b.input("acc", Party.GARBLER, acc).input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, bb);
        for (int i = 0; i < w; i++) {
            b.gate(GateOp.AND, a[i], bb[i], a[i]).gate(GateOp.XOR, acc[i], a[i], acc[i]);
        }
        return b.output("acc", Receiver.BOTH, acc).build();
    }

    private static BitString random(Random rnd, int width) {
        boolean[] bits = new boolean[width];
        for (int i = 0; i < width; i++) {
            bits[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(bits);
    }

    /**
     * A program that uses every operation: single and bulk inputs of both parties, constants, slices, a circuit
     * called in a loop, reveals to each party and to both, and a branch on a revealed value.
     */
    private static Function<List<Optional<BitString>>, Program<?>> everything(int w, int rounds, int bulk) {
        CompiledCircuit acc = accumulate(w);
        CompiledCircuit other = TestCircuits.random(new Random(3), 500);
        return sink -> ctx -> {
            Secret total = ctx.constant(BitString.zeros(w));
            for (int i = 0; i < rounds; i++) {
                total = ctx.call(acc, total, ctx.input(Party.GARBLER, w), ctx.input(Party.EVALUATOR, w))[0];
            }
            Secret[] many = ctx.inputs(Party.EVALUATOR, w, bulk);
            Secret[] theirs = ctx.inputs(Party.GARBLER, w, bulk);
            for (int i = 0; i < bulk; i++) {
                total = ctx.call(acc, total, theirs[i], many[i])[0];
            }
            sink.add(ctx.reveal(total.slice(0, w / 2), Receiver.EVALUATOR));
            Optional<BitString> both = ctx.reveal(total, Receiver.BOTH);
            sink.add(both);
            if (both.orElseThrow().get(0)) { // control flow on a revealed bit: the same at both parties
                total = ctx.call(acc, total, ctx.constant(BitString.zeros(w).with(1, true)), many[0])[0];
            }
            Secret[] in = new Secret[other.inputs().size()];
            for (int g = 0; g < in.length; g++) {
                in[g] = ctx.input(other.inputs().get(g).owner(), other.inputs().get(g).width());
            }
            for (Secret out : ctx.call(other, in)) {
                sink.add(ctx.reveal(out, Receiver.GARBLER));
            }
            sink.add(ctx.reveal(total, Receiver.GARBLER));
            return null;
        };
    }

    private static List<BitString> values(long seed, int count, int width, CompiledCircuit tail, Party owner) {
        Random rnd = new Random(seed);
        List<BitString> v = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            v.add(random(rnd, width));
        }
        tail.inputs().stream().filter(g -> g.owner() == owner).forEach(g -> v.add(random(rnd, g.width())));
        return v;
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void garblerEvaluatorPlaintextAndCostAgree(String scheme) {
        int w = 40;
        int rounds = 700; // more than one refill of evaluator corrections (8,192 bits) one value at a time
        int bulk = 2000;  // one bulk input larger than a chunk (65,536 bits)
        CompiledCircuit tail = TestCircuits.random(new Random(3), 500);
        List<BitString> g = values(1, rounds + bulk, w, tail, Party.GARBLER);
        List<BitString> e = values(2, rounds + bulk, w, tail, Party.EVALUATOR);
        var program = everything(w, rounds, bulk);

        List<Optional<BitString>> plainG = new ArrayList<>();
        List<Optional<BitString>> plainE = new ArrayList<>();
        program.apply(plainG).run(new PlainContext(Party.GARBLER, InputFeed.of(g), InputFeed.of(e)));
        program.apply(plainE).run(new PlainContext(Party.EVALUATOR, InputFeed.of(g), InputFeed.of(e)));
        List<Optional<BitString>> costG = new ArrayList<>();
        CostContext cost = new CostContext(Party.GARBLER, Schemes.byName(scheme), new EcBaseOt(1, new JavaKernel()), "everything", List.of(),
                InputFeed.of(g), InputFeed.of(e));
        program.apply(costG).run(cost);

        TwoParties.Outcome o = TwoParties.run(MemoryChannel.pair(30_000), config(scheme, "everything"), config(scheme, "everything"),
                program, InputFeed.of(g), InputFeed.of(e));
        assertEquals(plainG, o.garbler(), "the garbler's view");
        assertEquals(plainE, o.evaluator(), "the evaluator's view");
        assertEquals(plainG, costG, "the cost back end's view");
        assertTrue(plainE.get(0).isPresent() && plainG.get(0).isEmpty(), "a reveal to the evaluator only");

        ProgramCosts real = o.garblerResult().costs();
        ProgramCosts counted = cost.costs();
        assertEquals(real, o.evaluatorResult().costs(), "both parties count alike");
        assertEquals(real, counted, scheme + ": the cost back end counts what the run sent");
        assertEquals(o.garblerResult().bytesSent(), real.bytesToEvaluator());
        assertTrue(real.rounds() < 20, "inputs one at a time cost no round each: " + real.rounds());
        assertEquals((long) (rounds + bulk) * w + tail.inputs().stream().filter(x -> x.owner() == Party.EVALUATOR).mapToInt(x -> x.width()).sum(),
                real.evaluatorInputBits());
    }

    @Test
    void aFeedThatCannotTellAheadCostsARoundPerInput() {
        int w = 16;
        int n = 50;
        CompiledCircuit acc = accumulate(w);
        Random rnd = new Random(4);
        List<BitString> g = values(5, n, w, acc, Party.GARBLER);
        List<BitString> e = values(6, n, w, acc, Party.EVALUATOR);
        Function<List<Optional<BitString>>, Program<?>> program = sink -> ctx -> {
            Secret t = ctx.constant(BitString.zeros(w));
            for (int i = 0; i < n; i++) {
                t = ctx.call(acc, t, ctx.input(Party.GARBLER, w), ctx.input(Party.EVALUATOR, w))[0];
            }
            sink.add(ctx.reveal(t, Receiver.BOTH));
            return null;
        };
        Iterator<BitString> lazy = e.iterator();
        InputFeed noLookAhead = width -> lazy.next(); // a lambda feed: values only when asked
        TwoParties.Outcome o = TwoParties.run(MemoryChannel.pair(30_000), config("half-gates", "p"), config("half-gates", "p"),
                program, InputFeed.of(g), noLookAhead);
        List<Optional<BitString>> plain = new ArrayList<>();
        program.apply(plain).run(new PlainContext(Party.EVALUATOR, InputFeed.of(g), InputFeed.of(e)));
        assertEquals(plain, o.evaluator());
        assertEquals(PartyContext.FIXED_ROUNDS + n + 1, o.garblerResult().costs().rounds(), "one wait per input, and one reveal");
    }
}
