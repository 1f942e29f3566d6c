package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(120)
class YaoSessionTest {
    static List<String> schemes() {
        return Schemes.names();
    }

    private static YaoSession.Config config(String scheme, String program, List<CompiledCircuit> circuits) {
        return new YaoSession.Config(Schemes.byName(scheme), new JavaKernel(), new EcBaseOt(1, new JavaKernel()), program, circuits);
    }

    private static BitString randomValue(Random rnd, int width) {
        boolean[] bits = new boolean[width];
        for (int i = 0; i < width; i++) {
            bits[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(bits);
    }

    /** Every input group taken from its owner, the circuit called, every output revealed to a chosen receiver. */
    private static Function<List<Optional<BitString>>, Program<?>> callEach(List<CompiledCircuit> circuits, List<Receiver> receivers) {
        return sink -> ctx -> {
            int r = 0;
            for (CompiledCircuit c : circuits) {
                Secret[] in = new Secret[c.inputs().size()];
                for (int g = 0; g < in.length; g++) {
                    in[g] = ctx.input(c.inputs().get(g).owner(), c.inputs().get(g).width());
                }
                for (Secret out : ctx.call(c, in)) {
                    sink.add(ctx.reveal(out, receivers.get(r++)));
                }
            }
            return null;
        };
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void randomCircuitsGiveThePlaintextResultToWhoeverReceivesIt(String scheme) {
        Random rnd = new Random(scheme.hashCode());
        List<CompiledCircuit> circuits = new ArrayList<>();
        List<BitString> garblerInputs = new ArrayList<>();
        List<BitString> evaluatorInputs = new ArrayList<>();
        List<Receiver> receivers = new ArrayList<>();
        for (int k = 0; k < 40; k++) {
            CompiledCircuit c = TestCircuits.random(rnd, 1 + rnd.nextInt(k % 10 == 0 ? 3000 : 200));
            circuits.add(c);
            for (WireGroup<Party> g : c.inputs()) {
                (g.owner() == Party.GARBLER ? garblerInputs : evaluatorInputs).add(randomValue(rnd, g.width()));
            }
            for (int o = 0; o < c.outputs().size(); o++) {
                receivers.add(Receiver.values()[rnd.nextInt(3)]);
            }
        }
        var program = callEach(circuits, receivers);
        List<Optional<BitString>> plainGarbler = new ArrayList<>();
        List<Optional<BitString>> plainEvaluator = new ArrayList<>();
        program.apply(plainGarbler).run(new PlainContext(Party.GARBLER, InputFeed.of(garblerInputs), InputFeed.of(evaluatorInputs)));
        program.apply(plainEvaluator).run(new PlainContext(Party.EVALUATOR, InputFeed.of(garblerInputs), InputFeed.of(evaluatorInputs)));

        TwoParties.Outcome o = TwoParties.run(MemoryChannel.pair(30_000), config(scheme, "test", circuits), config(scheme, "test", circuits),
                program, InputFeed.of(garblerInputs), InputFeed.of(evaluatorInputs));
        assertEquals(plainGarbler, o.garbler(), scheme + ": the garbler learns what it learns in plaintext");
        assertEquals(plainEvaluator, o.evaluator(), scheme + ": the evaluator learns what it learns in plaintext");
        for (int i = 0; i < plainGarbler.size(); i++) {
            Receiver to = receivers.get(i);
            assertEquals(to != Receiver.EVALUATOR, plainGarbler.get(i).isPresent(), "output " + i + " to " + to);
            assertEquals(to != Receiver.GARBLER, plainEvaluator.get(i).isPresent(), "output " + i + " to " + to);
        }
        long ands = circuits.stream().mapToLong(c -> c.counts().and()).sum();
        assertEquals(ands, o.garblerResult().andGates());
        assertEquals(ands, o.evaluatorResult().andGates());
        assertEquals(o.garblerResult().bytesSent(), o.evaluatorResult().bytesReceived());
    }

    /** acc' = acc + (a AND b) bitwise-xor style: out = acc XOR (a AND b), width w; a from the garbler, b from the evaluator. */
    private static CompiledCircuit accumulate(int w) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(3 * w);
        int[] acc = new int[w];
        int[] a = new int[w];
        int[] bb = new int[w];
        for (int i = 0; i < w; i++) {
            acc[i] = i;
            a[i] = w + i;
            bb[i] = 2 * w + i;
        }
        b.input("acc", Party.GARBLER, acc).input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, bb);
        for (int i = 0; i < w; i++) {
            b.gate(GateOp.AND, a[i], bb[i], a[i]).gate(GateOp.XOR, acc[i], a[i], acc[i]);
        }
        return b.output("acc", Receiver.BOTH, acc).build();
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void aProgramComposesCachedCircuitsOnInputsFedBlockByBlock(String scheme) {
        int w = 300;
        int blocks = 50; // 50 evaluator inputs of 300 bits: more than two OT pools
        CompiledCircuit acc = accumulate(w);
        Random rnd = new Random(7);
        List<BitString> a = new ArrayList<>();
        List<BitString> b = new ArrayList<>();
        a.add(BitString.zeros(w));
        for (int i = 0; i < blocks; i++) {
            a.add(randomValue(rnd, w));
            b.add(randomValue(rnd, w));
        }
        Function<List<Optional<BitString>>, Program<?>> program = sink -> ctx -> {
            Secret total = ctx.input(Party.GARBLER, w);
            for (int i = 0; i < blocks; i++) {
                total = ctx.call(acc, total, ctx.input(Party.GARBLER, w), ctx.input(Party.EVALUATOR, w))[0];
            }
            sink.add(ctx.reveal(total, Receiver.BOTH));
            return null;
        };
        List<Optional<BitString>> expected = new ArrayList<>();
        program.apply(expected).run(new PlainContext(Party.EVALUATOR, InputFeed.of(a), InputFeed.of(b)));
        TwoParties.Outcome o = TwoParties.run(MemoryChannel.pair(30_000), config(scheme, "acc", List.of(acc)), config(scheme, "acc", List.of(acc)),
                program, InputFeed.of(a), InputFeed.of(b));
        assertEquals(expected, o.garbler());
        assertEquals(expected, o.evaluator());
        assertFalse(expected.get(0).orElseThrow().equals(BitString.zeros(w)));
    }

    private static String mismatch(YaoSession.Config garbler, YaoSession.Config evaluator, Party evaluatorRole) {
        CompiledCircuit c = TestCircuits.small();
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        Function<List<Optional<BitString>>, Program<?>> nothing = sink -> ctx -> null;
        ProtocolException e = assertThrows(ProtocolException.class, () -> TwoParties.run(ends, garbler, evaluator, nothing, InputFeed.none(), InputFeed.none()));
        return e.getMessage();
    }

    @Test
    void aHandshakeMismatchIsAnErrorThatNamesTheField() {
        List<CompiledCircuit> small = List.of(TestCircuits.small());
        List<CompiledCircuit> other = List.of(accumulate(2));
        assertTrue(mismatch(config("half-gates", "p", small), config("grr3", "p", small), Party.EVALUATOR)
                .contains("the peer uses scheme"), "scheme");
        assertTrue(mismatch(config("half-gates", "repeat 5", small), config("half-gates", "repeat 6", small), Party.EVALUATOR)
                .contains("program 'repeat"), "program");
        String circuits = mismatch(config("half-gates", "p", small), config("half-gates", "p", other), Party.EVALUATOR);
        assertTrue(circuits.matches(".*circuits differ \\(SHA-256 [0-9a-f]{64}, this party [0-9a-f]{64}\\).*"), circuits);
    }

    @Test
    void aGarblerThatCallsADifferentCircuitIsCaughtBeforeTheEvaluatorRunsIt() {
        CompiledCircuit mine = accumulate(8);
        CompiledCircuit other = accumulate(9);
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        // Neither circuit is named in the handshake: they are compared by digest when first called.
        Program<Void> program = ctx -> {
            CompiledCircuit c = ctx.party() == Party.GARBLER ? other : mine;
            Secret[] in = new Secret[c.inputs().size()];
            for (int g = 0; g < in.length; g++) {
                in[g] = ctx.constant(BitString.zeros(c.inputs().get(g).width()));
            }
            ctx.call(c, in);
            return null;
        };
        Thread garbler = new Thread(() -> {
            try (MemoryChannel end = ends[0]) {
                new YaoSession(Party.GARBLER, end, config("half-gates", "p", List.of()), io.yaostream.core.kernel.AesCtrRandom.forTesting(1))
                        .run(program, InputFeed.none());
            } catch (RuntimeException expected) {
                // the evaluator hangs up on it
            }
        });
        garbler.start();
        ProtocolException e;
        try (MemoryChannel end = ends[1]) {
            e = assertThrows(ProtocolException.class, () -> new YaoSession(Party.EVALUATOR, end, config("half-gates", "p", List.of()),
                    io.yaostream.core.kernel.AesCtrRandom.forTesting(2)).run(program, InputFeed.none()));
        }
        assertTrue(e.getMessage().contains("called a different sub-circuit"), e.getMessage());
    }

    @Test
    void garbageInsteadOfAHelloIsRefused() {
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        ends[0].write("GET / HTTP/1.1\r\n\r\n".getBytes(), 0, 18);
        ProtocolException e = assertThrows(ProtocolException.class, () -> new YaoSession(Party.EVALUATOR, ends[1],
                config("half-gates", "p", List.of(TestCircuits.small())), io.yaostream.core.kernel.AesCtrRandom.forTesting(1))
                .run(ctx -> null, InputFeed.none()));
        assertTrue(e.getMessage().contains("not a yaostream party"), e.getMessage());
    }

    @Test
    void aPeerThatVanishesMidRunIsReportedWithProgress() {
        CompiledCircuit acc = accumulate(64);
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        // One config per party: each holds its own kernel, and kernels are not thread-safe.
        YaoSession.Config garblerConfig = config("half-gates", "acc", List.of(acc));
        YaoSession.Config evaluatorConfig = config("half-gates", "acc", List.of(acc));
        Thread garbler = new Thread(() -> {
            try {
                new YaoSession(Party.GARBLER, ends[0], garblerConfig, io.yaostream.core.kernel.AesCtrRandom.forTesting(1)).run(ctx -> {
                    Secret t = ctx.input(Party.GARBLER, 64);
                    for (int i = 0; i < 5; i++) {
                        t = ctx.call(acc, t, ctx.input(Party.GARBLER, 64), ctx.input(Party.EVALUATOR, 64))[0];
                    }
                    ends[0].close(); // dies mid-run
                    return null;
                }, InputFeed.cycling(List.of(BitString.zeros(64))));
            } catch (RuntimeException expected) {
                // the garbler's own view of its death does not matter here
            }
        });
        garbler.start();
        ChannelException e = assertThrows(ChannelException.class, () ->
                new YaoSession(Party.EVALUATOR, ends[1], evaluatorConfig, io.yaostream.core.kernel.AesCtrRandom.forTesting(2)).run(ctx -> {
                    Secret t = ctx.input(Party.GARBLER, 64);
                    for (int i = 0; i < 1000; i++) {
                        t = ctx.call(acc, t, ctx.input(Party.GARBLER, 64), ctx.input(Party.EVALUATOR, 64))[0];
                    }
                    return null;
                }, InputFeed.cycling(List.of(BitString.zeros(64)))));
        assertTrue(e.getMessage().contains("peer closed") && e.getMessage().contains("the session had run 320 AND gates in 5 circuit calls"), e.getMessage());
    }
}
