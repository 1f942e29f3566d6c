package io.yaostream.shards;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Costs;
import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.Shared;
import io.yaostream.TwoParty;
import io.yaostream.UInt;
import io.yaostream.core.testing.Uniformity;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.plain.CostContext;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.core.twoparty.YaoSession;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Results that stay secret: shares that XOR to the value, random alone, taken back by a later session at no AND gate. */
class SharedResultsTest {
    /** The sum of the garbler's and the evaluator's 16-bit values, shared. */
    private static final SecureProgram<Shared> SUM = c -> c.garbler().uint(16).add(c.evaluator().uint(16)).share();

    /** Takes two shared 16-bit values and reveals their product's low half and the larger: AND gates of its own only. */
    private static final SecureProgram<List<Long>> LATER = c -> {
        UInt a = c.shared().uint(16);
        UInt b = c.shared().uint(16);
        return List.of(a.multiply(b).reveal().longValue(), a.max(b).reveal().longValue());
    };

    static List<String> schemes() {
        return Schemes.names();
    }

    /** Both parties over an in-memory pair, the garbler's randomness fresh from SecureRandom each time. */
    private static <R> YaoSession.Result<R>[] both(String scheme, SecureProgram<R> secure, Inputs garbler, Inputs evaluator) {
        Program<R> program = CoreBridge.engine(secure);
        MemoryChannel[] ends = MemoryChannel.pair(30_000);
        CompletableFuture<YaoSession.Result<R>> g = CompletableFuture.supplyAsync(() -> {
            try (MemoryChannel end = ends[0]) {
                return session(Party.GARBLER, end, scheme).run(program, CoreBridge.feed(garbler));
            }
        });
        YaoSession.Result<R> e;
        try (MemoryChannel end = ends[1]) {
            e = session(Party.EVALUATOR, end, scheme).run(program, CoreBridge.feed(evaluator));
        }
        @SuppressWarnings("unchecked")
        YaoSession.Result<R>[] out = new YaoSession.Result[] {g.join(), e};
        return out;
    }

    /** One party's session, with a kernel of its own (a kernel serves one thread). */
    private static YaoSession session(Party role, MemoryChannel end, String scheme) {
        JavaKernel k = new JavaKernel();
        YaoSession.Config config = new YaoSession.Config(Schemes.byName(scheme), k, new EcBaseOt(1, k), "shared", List.of());
        return new YaoSession(role, end, config, AesCtrRandom.create(k, new SecureRandom()));
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void sharesCombineToTheValueAndALaterSessionComputesOnThem(String scheme) {
        SplittableRandom rnd = new SplittableRandom();
        for (int run = 0; run < 12; run++) {
            long[] g = {rnd.nextLong(1 << 16), rnd.nextLong(1 << 16)};
            long[] e = {rnd.nextLong(1 << 16), rnd.nextLong(1 << 16)};
            List<Shared> gs = new ArrayList<>();
            List<Shared> es = new ArrayList<>();
            for (int i = 0; i < 2; i++) {
                YaoSession.Result<Shared>[] r = both(scheme, SUM, Inputs.of(g[i], 16), Inputs.of(e[i], 16));
                assertEquals((g[i] + e[i]) & 0xffff, Shared.combine(r[0].value(), r[1].value()).toLong());
                gs.add(r[0].value());
                es.add(r[1].value());
            }
            YaoSession.Result<List<Long>>[] later = both(scheme, LATER, Inputs.of(gs), Inputs.of(es));
            long a = (g[0] + e[0]) & 0xffff;
            long b = (g[1] + e[1]) & 0xffff;
            List<Long> expected = List.of((a * b) & 0xffff, Math.max(a, b));
            assertEquals(expected, later[0].value(), scheme + " garbler");
            assertEquals(expected, later[1].value(), scheme + " evaluator");
            Costs plainCost = TwoParty.garbler().scheme(scheme).name("shared").estimate(LATER, Inputs.of(gs), Inputs.of(es));
            assertEquals(plainCost.andGates(), later[1].andGates(), "the XOR of the shares adds no AND gate");
        }
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void aShareAddsNoGateAndCostsWhatTheCostBackEndCounts(String scheme) {
        SecureProgram<Object> revealed = c -> c.garbler().uint(16).add(c.evaluator().uint(16)).reveal();
        SecureProgram<Object> shared = c -> c.garbler().uint(16).add(c.evaluator().uint(16)).share();
        YaoSession.Result<Object>[] r = both(scheme, shared, Inputs.of(3, 16), Inputs.of(4, 16));
        YaoSession.Result<Object>[] v = both(scheme, revealed, Inputs.of(3, 16), Inputs.of(4, 16));
        Costs estimated = TwoParty.garbler().scheme(scheme).name("shared").estimate(shared, Inputs.of(3, 16), Inputs.of(4, 16));
        assertEquals(estimated, costs(r[1].costs()), "the cost back end counts a shared result as a real run does");
        assertEquals(v[1].andGates(), r[1].andGates());
        assertTrue(r[1].costs().bytes() < v[1].costs().bytes(), "no decoding information is sent, no label comes back");
        assertEquals(v[1].costs().rounds() - 1, r[1].costs().rounds(), "a share costs no round trip; a reveal to the garbler does");
    }

    /**
     * Each share alone is uniform: a 64-bit value that is always 0 (x plus its negation, through AND gates), shared in
     * many sessions; the chi-square of each party's share over its 16 nibbles stays below the p = 10^-6 limit, while
     * the same statistic of the value itself (an unmasked share) is far above it.
     */
    @ParameterizedTest
    @MethodSource("schemes")
    void eachShareAloneIsUniform(String scheme) {
        long x = 0x0123456789abcdefL;
        SecureProgram<Shared> zero = c -> c.garbler().uint(64).add(c.evaluator().uint(64)).share();
        List<BitString> garbler = new ArrayList<>();
        List<BitString> evaluator = new ArrayList<>();
        List<BitString> unmasked = new ArrayList<>();
        for (int run = 0; run < 48; run++) {
            YaoSession.Result<Shared>[] r = both(scheme, zero, Inputs.of(x, 64), Inputs.of(-x, 64));
            BitString value = CoreBridge.bits(Shared.combine(r[0].value(), r[1].value()));
            assertEquals(0, value.toLong());
            for (int n = 0; n < 64; n += 4) {
                garbler.add(CoreBridge.bits(r[0].value().bits().slice(n, n + 4)));
                evaluator.add(CoreBridge.bits(r[1].value().bits().slice(n, n + 4)));
                unmasked.add(value.slice(n, n + 4));
            }
        }
        double limit = Uniformity.critical(15);
        double g = Uniformity.againstUniform(Uniformity.histogram(garbler, 16, v -> (int) v.toLong()));
        double e = Uniformity.againstUniform(Uniformity.histogram(evaluator, 16, v -> (int) v.toLong()));
        double u = Uniformity.againstUniform(Uniformity.histogram(unmasked, 16, v -> (int) v.toLong()));
        assertTrue(g < limit, "the garbler's share: chi-square " + g + " at or above " + limit);
        assertTrue(e < limit, "the evaluator's share: chi-square " + e + " at or above " + limit);
        assertTrue(u > 10 * limit, "the test of the test: an unmasked share must fail it, chi-square " + u);
    }

    /** The plaintext back end shares as a real run does: two viewers with masks in the same state hold shares of the value. */
    @Test
    void plaintextSharesCombineAndHaveTheShape() {
        for (int run = 0; run < 20; run++) {
            long seed = new SecureRandom().nextLong();
            Shared g = CoreBridge.engine(SUM).run(new PlainContext(Party.GARBLER, CoreBridge.feed(Inputs.of(run, 16)), CoreBridge.feed(Inputs.of(1000, 16))).shareMasks(new SplittableRandom(seed)));
            Shared e = CoreBridge.engine(SUM).run(new PlainContext(Party.EVALUATOR, CoreBridge.feed(Inputs.of(run, 16)), CoreBridge.feed(Inputs.of(1000, 16))).shareMasks(new SplittableRandom(seed)));
            assertEquals(16, g.width());
            assertEquals(io.yaostream.Party.EVALUATOR, e.party());
            assertEquals(run + 1000, Shared.combine(g, e).toLong());
        }
        CostContext cost = new CostContext(Party.EVALUATOR, Schemes.byName("half-gates"), new EcBaseOt(1, new JavaKernel()), "p", List.of(),
                CoreBridge.feed(Inputs.of(1, 16)), CoreBridge.feed(Inputs.of(2, 16)));
        assertEquals(16, CoreBridge.engine(SUM).run(cost).width());
    }

    private static Costs costs(ProgramCosts c) {
        return new Costs(c.andGates(), c.calls(), c.circuits(), c.workingSet(), c.garblerInputBits(), c.evaluatorInputBits(), c.ots(),
                c.tableBytes(), c.bytesToEvaluator(), c.bytesToGarbler(), c.rounds());
    }
}
