package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.plain.CostContext;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One-hot modules through real sessions: HK21's small outer product (Fig. 5) agrees with its definition on random
 * inputs with each scheme that has one-hot garbling and sends 3(n + m) − 4 ciphertexts; the schemes without it,
 * a masked value used outside its module and a module that lets a mask out are refused.
 */
class OneHotModulesTest {
    /** HK21 Fig. 5: a ⊗ b from two one-hot gates, bit i·m + j = a_i AND b_j. */
    static class OuterProduct implements OneHotModule {
        @Override
        public String name() {
            return "outer product";
        }

        @Override
        public int[] outputWidths(int... in) {
            return new int[] {in[0] * in[1]};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Secret a = in[0];
            Secret b = in[1];
            int n = a.width();
            int m = b.width();
            Masked ma = g.color(a);
            Masked mb = g.color(b);
            Secret left = g.oneHot(ma, b, TruthTable.identity(n)); // (a ⊕ α) ⊗ b
            Secret right = g.oneHot(mb, ma.maskSecret(), TruthTable.identity(m)); // (b ⊕ β) ⊗ α, transposed
            int[] transpose = new int[n * m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    transpose[i * m + j] = j * n + i;
                }
            }
            Secret ab = g.constant(ma.mask().combine(mb.mask(), n * m, OneHotModulesTest::outer));
            ProgramContext ctx = g.context();
            return new Secret[] {ctx.xor(ctx.xor(left, Secret.pick(right, transpose, null)), ab)};
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {outer(in[0], in[1])};
        }
    }

    static BitString outer(BitString x, BitString y) {
        boolean[] bits = new boolean[x.width() * y.width()];
        for (int i = 0; i < x.width(); i++) {
            for (int j = 0; j < y.width(); j++) {
                bits[i * y.width() + j] = x.get(i) && y.get(j);
            }
        }
        return BitString.fromBits(bits);
    }

    private static YaoSession.Config config(String scheme) {
        return new YaoSession.Config(Schemes.byName(scheme), new JavaKernel(), new EcBaseOt(1, new JavaKernel()), "one-hot", List.<CompiledCircuit>of());
    }

    private static TwoParties.Outcome run(String scheme, Function<List<Optional<BitString>>, Program<?>> program, List<BitString> g,
                                          List<BitString> e) {
        return TwoParties.run(MemoryChannel.pair(1 << 20), config(scheme), config(scheme), program, InputFeed.of(g), InputFeed.of(e));
    }

    private static BitString random(Random rnd, int width) {
        boolean[] b = new boolean[width];
        for (int i = 0; i < width; i++) {
            b[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(b);
    }

    @Test
    void theOuterProductModuleAgreesWithItsDefinitionAndSendsWhatHk21Counts() {
        Random rnd = new Random(21);
        int[][] sizes = {{1, 1}, {3, 5}, {6, 4}, {8, 8}};
        for (String scheme : List.of("half-gates", "grr3")) {
            for (int[] nm : sizes) {
                int n = nm[0];
                int m = nm[1];
                int reps = 5;
                List<BitString> as = new ArrayList<>();
                List<BitString> bs = new ArrayList<>();
                for (int k = 0; k < reps; k++) {
                    as.add(random(rnd, n));
                    bs.add(random(rnd, m));
                }
                TwoParties.Outcome o = run(scheme, sink -> ctx -> {
                    for (int k = 0; k < reps; k++) {
                        Secret a = ctx.input(Party.GARBLER, n);
                        Secret b = ctx.input(Party.EVALUATOR, m);
                        sink.add(ctx.reveal(ctx.module(new OuterProduct(), a, b)[0], Receiver.BOTH));
                    }
                    return null;
                }, as, bs);
                for (int k = 0; k < reps; k++) {
                    BitString want = outer(as.get(k), bs.get(k));
                    assertEquals(want, o.evaluator().get(k).orElseThrow(), scheme + " " + n + "x" + m);
                    assertEquals(want, o.garbler().get(k).orElseThrow(), scheme + " " + n + "x" + m);
                }
                // HK21 §4.3: 3(n + m) − 4 ciphertexts of 16 bytes per outer product, and no AND gate.
                assertEquals(16L * reps * (3 * (n + m) - 4), o.evaluatorResult().costs().tableBytes(), scheme + " " + n + "x" + m);
                assertEquals(0, o.evaluatorResult().andGates());
            }
        }
    }

    @Test
    void theCostBackEndCountsWhatARealRunSends() {
        List<BitString> g = List.of(BitString.of(0x2d, 6));
        List<BitString> e = List.of(BitString.of(0x9, 4));
        Function<List<Optional<BitString>>, Program<?>> program = sink -> ctx -> {
            sink.add(ctx.reveal(ctx.module(new OuterProduct(), ctx.input(Party.GARBLER, 6), ctx.input(Party.EVALUATOR, 4))[0], Receiver.EVALUATOR));
            return null;
        };
        TwoParties.Outcome o = run("half-gates", program, g, e);
        CostContext cost = new CostContext(Party.EVALUATOR, Schemes.byName("half-gates"), new EcBaseOt(1, new JavaKernel()), "one-hot",
                List.of(), InputFeed.of(g), InputFeed.of(e));
        List<Optional<BitString>> seen = new ArrayList<>();
        program.apply(seen).run(cost);
        assertEquals(outer(g.get(0), e.get(0)), seen.get(0).orElseThrow());
        assertEquals(o.evaluatorResult().costs(), cost.costs());
    }

    @Test
    void schemesWithoutOneHotGarblingAreRefusedWithTheReason() {
        for (String scheme : List.of("prf-only", "half-gates-keyed")) {
            ProtocolException e = assertThrows(ProtocolException.class, () -> run(scheme, sink -> ctx -> ctx.module(new OuterProduct(),
                    ctx.input(Party.GARBLER, 2), ctx.input(Party.EVALUATOR, 2)), List.of(BitString.of(1, 2)), List.of(BitString.of(1, 2))));
            assertEquals("module outer product needs one-hot garbling, which runs with the free-XOR schemes over the fixed-key hash"
                    + " (half-gates, grr3); this session uses " + scheme, e.getMessage());
        }
    }

    @Test
    void aMaskedValueCannotBeUsedOnceItsModuleHasReturned() {
        Masked[] kept = new Masked[1];
        OneHotGates[] gates = new OneHotGates[1];
        OneHotModule leaky = new OuterProduct() {
            @Override
            public Secret[] body(OneHotGates g, Secret... in) {
                kept[0] = g.color(in[0]);
                gates[0] = g;
                return super.body(g, in);
            }
        };
        PlainContext plain = new PlainContext(Party.EVALUATOR, InputFeed.of(List.of(BitString.of(1, 3))), InputFeed.of(List.of(BitString.of(5, 3))));
        plain.module(leaky, plain.input(Party.GARBLER, 3), plain.input(Party.EVALUATOR, 3));
        ProtocolException e = assertThrows(ProtocolException.class, () -> gates[0].oneHot(kept[0], kept[0].secret(), TruthTable.identity(3)));
        assertTrue(e.getMessage().contains("used a one-hot gate after it returned"), e.getMessage());
    }

    @Test
    void thePlaintextBackEndCatchesAModuleWhoseOutputDependsOnItsMasks() {
        OneHotModule leaksItsMask = new OuterProduct() {
            @Override
            public int[] outputWidths(int... in) {
                return new int[] {in[0]};
            }

            @Override
            public Secret[] body(OneHotGates g, Secret... in) {
                return new Secret[] {g.color(in[0]).secret()}; // a ⊕ α: not a function of a alone
            }

            @Override
            public BitString[] definition(BitString... in) {
                return new BitString[] {in[0]};
            }
        };
        BitString a = BitString.of(0x5a5a5a5a5a5a5a5aL, 64);
        PlainContext plain = new PlainContext(Party.EVALUATOR, InputFeed.of(List.of(a)), InputFeed.of(List.of()));
        ProtocolException e = assertThrows(ProtocolException.class, () -> plain.module(leaksItsMask, plain.input(Party.GARBLER, 64)));
        assertTrue(e.getMessage().contains("does not compute its definition (HK21 Requirement 1)"), e.getMessage());
    }

    /** The outer product, also showing the evaluator a ⊕ ρ for a fresh sampled ρ; records what she sees of both. */
    static final class Watched extends OuterProduct {
        final List<Long> colours = new ArrayList<>();
        final List<Long> revealed = new ArrayList<>();

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Masked seenA = g.color(in[0]);
            GarblerKnown rho = g.uniform(in[0].width());
            Masked seenMasked = g.reveal(g.context().xor(in[0], g.constant(rho)));
            if (seenA.seen != null) {
                colours.add(seenA.seen.toLong());
                revealed.add(seenMasked.seen.toLong());
            }
            return super.body(g, in);
        }
    }

    /** Pearson's statistic of {@code values} over {@code buckets} equally likely buckets. */
    private static double chiSquare(List<Long> values, int buckets) {
        long[] count = new long[buckets];
        for (long v : values) {
            count[(int) v]++;
        }
        double expected = (double) values.size() / buckets;
        double x = 0;
        for (long c : count) {
            x += (c - expected) * (c - expected) / expected;
        }
        return x;
    }

    @Test
    void whatTheEvaluatorSeesIsUniformWhateverTheInputAndFreshAtEveryCall() {
        int calls = 800;
        for (long a : new long[] {0, 0xf, 0xa}) {
            Watched evaluatorSide = new Watched();
            Watched garblerSide = new Watched();
            List<BitString> g = new ArrayList<>();
            List<BitString> e = new ArrayList<>();
            for (int c = 0; c < calls; c++) {
                g.add(BitString.of(a, 4));
                e.add(BitString.of(0x6, 3));
            }
            TwoParties.Outcome o = run("half-gates", sink -> ctx -> {
                for (int c = 0; c < calls; c++) {
                    Watched w = ctx.party() == Party.EVALUATOR ? evaluatorSide : garblerSide;
                    sink.add(ctx.reveal(ctx.module(w, ctx.input(Party.GARBLER, 4), ctx.input(Party.EVALUATOR, 3))[0], Receiver.EVALUATOR));
                }
                return null;
            }, g, e);
            assertEquals(outer(BitString.of(a, 4), BitString.of(0x6, 3)), o.evaluator().get(calls - 1).orElseThrow());
            assertEquals(calls, evaluatorSide.colours.size());
            assertEquals(0, garblerSide.colours.size(), "the garbler sees nothing");
            // 15 degrees of freedom: 37.7 is the 0.999 quantile. Fresh masks at every call make the draws independent.
            assertTrue(chiSquare(evaluatorSide.colours, 16) < 37.7, "colours for input " + a + ": " + chiSquare(evaluatorSide.colours, 16));
            assertTrue(chiSquare(evaluatorSide.revealed, 16) < 37.7, "reveals for input " + a + ": " + chiSquare(evaluatorSide.revealed, 16));
        }
    }

    /** Flips bit {@code bit} of the byte the evaluator reads at offset {@code at}. */
    private static final class FlipOnRead extends io.yaostream.core.testing.ForwardingChannel {
        private final long at;
        private final int bit;

        FlipOnRead(io.yaostream.core.net.Channel inner, long at, int bit) {
            super(inner);
            this.at = at;
            this.bit = bit;
        }

        @Override
        public void readFully(byte[] dst, int offset, int length) {
            long before = inner.bytesRead();
            inner.readFully(dst, offset, length);
            if (at >= before && at < before + length) {
                dst[offset + (int) (at - before)] ^= (byte) (1 << bit);
            }
        }

        @Override
        public void readLongs(long[] dst, int offset, int count) {
            long before = inner.bytesRead();
            inner.readLongs(dst, offset, count);
            if (at >= before && at < before + 8L * count) {
                long k = at - before;
                dst[offset + (int) (k / 8)] ^= 1L << (8 * (k % 8) + bit);
            }
        }
    }

    @Test
    void aTamperedOneHotCiphertextNeverYieldsAWrongOutputBitUndetected() {
        int n = 5;
        int m = 3;
        List<BitString> g = List.of(BitString.of(0x13, n));
        List<BitString> e = List.of(BitString.of(0x5, m));
        BitString want = outer(g.get(0), e.get(0));
        Function<List<Optional<BitString>>, Program<?>> program = sink -> ctx -> {
            sink.add(ctx.reveal(ctx.module(new OuterProduct(), ctx.input(Party.GARBLER, n), ctx.input(Party.EVALUATOR, m))[0], Receiver.EVALUATOR));
            return null;
        };
        long total = run("half-gates", program, g, e).evaluatorResult().bytesReceived();
        // The garbler's last messages: the gates' ciphertexts, the outputs' decoding hashes (32 bytes a bit), the end byte.
        long end = total - 1 - 32L * n * m;
        long start = end - 16L * (3 * (n + m) - 4);
        Random rnd = new Random(41);
        int detected = 0;
        for (long at = start; at < end; at += 1 + rnd.nextInt(3)) {
            long where = at;
            int bit = rnd.nextInt(8);
            MemoryChannel[] ends = MemoryChannel.pair(1 << 20);
            io.yaostream.core.net.Channel[] tampered = {ends[0], new FlipOnRead(ends[1], where, bit)};
            try {
                TwoParties.Outcome o = TwoParties.run(tampered, config("half-gates"), config("half-gates"), program, InputFeed.of(g), InputFeed.of(e));
                assertEquals(want, o.evaluator().get(0).orElseThrow(), "flip at " + where + " bit " + bit);
            } catch (RuntimeException f) {
                // The garbler fails too, as the evaluator hangs up: hers is the failure that says why.
                Throwable hers = f instanceof io.yaostream.core.ot.PeerFault ? f : f.getSuppressed().length > 0 ? f.getSuppressed()[0] : f;
                assertInstanceOf(io.yaostream.core.ot.PeerFault.class, hers, () -> "flip at " + where + ": " + f);
                assertTrue(hers.getMessage().startsWith("the peer's garbled material or labels do not decode"), hers.getMessage());
                detected++;
            }
        }
        assertTrue(detected > (end - start) / 4, "detected " + detected);
    }
}
