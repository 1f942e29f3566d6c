package io.yaostream;

import io.yaostream.internal.CoreBridge;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.plain.CostContext;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProgramCosts;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every operation of the typed values against BigInteger, on the plaintext back end as each party and garbled
 * with every scheme; the cost back end's figures against the real run's.
 */
@Timeout(300)
class TypedValuesTest {
    private static final int[] WIDTHS = {1, 2, 7, 20, 64, 65};
    private static final int ROUNDS = 3;

    static List<String> schemes() {
        return Schemes.names();
    }

    /** Each width, ROUNDS pairs (a from the garbler, b from the evaluator), every operation revealed to both. */
    private static final SecureProgram<List<BigInteger>> ALL_OPS = c -> {
        List<BigInteger> out = new ArrayList<>();
        for (int n : WIDTHS) {
            for (int r = 0; r < ROUNDS; r++) {
                UInt a = c.uint(Party.GARBLER, n);
                UInt b = c.uint(Party.EVALUATOR, n);
                out.add(a.add(b).reveal());
                out.add(a.subtract(b).reveal());
                out.add(a.addWithCarry(b).reveal());
                out.add(bit(a.lessThan(b)));
                out.add(bit(a.lessOrEqual(b)));
                out.add(bit(a.greaterThan(b)));
                out.add(bit(a.isEqualTo(b)));
                out.add(bit(a.isEqualTo(a)));
                out.add(a.min(b).reveal());
                out.add(a.max(b).reveal());
                out.add(a.hammingWeight().reveal());
                out.add(a.shiftLeft(1).reveal());
                out.add(a.shiftRight(n / 2 + 1).reveal());
                out.add(a.resize(n + 3).reveal());
                out.add(a.add(5 % (1L << Math.min(n, 62))).reveal());
                out.add(a.lessThan(b).select(a, b).reveal());
                out.add(a.multiply(b).reveal());
                out.add(a.multiplyFull(b).reveal());
                out.add(a.karatsuba(b).reveal());
                BitVector x = a.asBits();
                BitVector y = b.asBits();
                out.add(x.xor(y).asUInt().reveal());
                out.add(x.and(y).asUInt().reveal());
                out.add(x.or(y).asUInt().reveal());
                out.add(x.not().asUInt().reveal());
                out.add(x.slice(0, (n + 1) / 2).concat(y).asUInt().reveal());
                SInt s = a.asSInt();
                SInt t = b.asSInt();
                out.add(s.add(t).reveal());
                out.add(s.subtract(t).reveal());
                out.add(s.negate().reveal());
                out.add(s.multiply(t).reveal());
                out.add(bit(s.lessThan(t)));
                out.add(s.min(t).reveal());
                out.add(s.max(t).reveal());
                out.add(s.shiftRight(1).reveal());
                out.add(s.resize(n + 2).reveal());
                out.add(c.apply((bb, p, q) -> bb.add(bb.xor(p, q), q), a, b).asUInt().reveal());
                // XORs only (a linear form: computed on the labels with free XOR), q cancelling and a negation
                out.add(c.apply((bb, p, q) -> bb.not(bb.xor(bb.xor(p, q), q)), a, b).asUInt().reveal());
                // a two-bit circuit on each pair of bits of a ++ b: their AND, then their XOR
                out.add(c.applyEach((bb, p) -> Bits.of(bb.and(p.bit(0), p.bit(1)), bb.xor(p.bit(0), p.bit(1))), 2, x.concat(y))
                        .asUInt().reveal());
                out.add(a.revealTo(Party.EVALUATOR).orElse(BigInteger.valueOf(-1)));
            }
        }
        return out;
    };

    private static BigInteger bit(Bool b) {
        return b.reveal() ? BigInteger.ONE : BigInteger.ZERO;
    }

    /** The same, computed with BigInteger as the viewer would see it. */
    private static List<BigInteger> expected(List<BitString> as, List<BitString> bs, Party viewer) {
        List<BigInteger> out = new ArrayList<>();
        int k = 0;
        for (int n : WIDTHS) {
            BigInteger mod = BigInteger.ONE.shiftLeft(n);
            for (int r = 0; r < ROUNDS; r++, k++) {
                BigInteger a = as.get(k).toBigInteger();
                BigInteger b = bs.get(k).toBigInteger();
                BigInteger sa = as.get(k).toSignedBigInteger();
                BigInteger sb = bs.get(k).toSignedBigInteger();
                out.add(a.add(b).mod(mod));
                out.add(a.subtract(b).mod(mod));
                out.add(a.add(b));
                out.add(b(a.compareTo(b) < 0));
                out.add(b(a.compareTo(b) <= 0));
                out.add(b(a.compareTo(b) > 0));
                out.add(b(a.equals(b)));
                out.add(BigInteger.ONE);
                out.add(a.min(b));
                out.add(a.max(b));
                out.add(BigInteger.valueOf(a.bitCount()));
                out.add(a.shiftLeft(1).mod(mod));
                out.add(a.shiftRight(n / 2 + 1));
                out.add(a);
                out.add(a.add(BigInteger.valueOf(5 % (1L << Math.min(n, 62)))).mod(mod));
                out.add(a.compareTo(b) < 0 ? a : b);
                out.add(a.multiply(b).mod(mod));
                out.add(a.multiply(b));
                out.add(a.multiply(b));
                out.add(a.xor(b));
                out.add(a.and(b));
                out.add(a.or(b));
                out.add(a.xor(mod.subtract(BigInteger.ONE)));
                int half = (n + 1) / 2;
                out.add(a.mod(BigInteger.ONE.shiftLeft(half)).or(b.shiftLeft(half)));
                out.add(signed(sa.add(sb), n));
                out.add(signed(sa.subtract(sb), n));
                out.add(signed(sa.negate(), n));
                out.add(signed(sa.multiply(sb), n));
                out.add(b(sa.compareTo(sb) < 0));
                out.add(sa.min(sb));
                out.add(sa.max(sb));
                out.add(sa.shiftRight(1));
                out.add(sa);
                out.add(a.xor(b).add(b).mod(mod));
                out.add(a.xor(mod.subtract(BigInteger.ONE)));
                out.add(pairwise(a.or(b.shiftLeft(n)), 2 * n));
                out.add(viewer == Party.EVALUATOR ? a : BigInteger.valueOf(-1));
            }
        }
        return out;
    }

    /** Each pair of bits of the {@code bits}-bit {@code v} as (AND, XOR). */
    private static BigInteger pairwise(BigInteger v, int bits) {
        BigInteger out = BigInteger.ZERO;
        for (int i = 0; i < bits; i += 2) {
            boolean l = v.testBit(i);
            boolean r = v.testBit(i + 1);
            out = out.or(b(l && r).shiftLeft(i)).or(b(l ^ r).shiftLeft(i + 1));
        }
        return out;
    }

    private static BigInteger b(boolean v) {
        return v ? BigInteger.ONE : BigInteger.ZERO;
    }

    private static BigInteger signed(BigInteger v, int n) {
        return BitString.of(v.mod(BigInteger.ONE.shiftLeft(n)), n).toSignedBigInteger();
    }

    private static Inputs inputs(List<BitString> values) {
        return Inputs.bits(values.stream().map(CoreBridge::bits).toList());
    }

    private static List<BitString> values(long seed) {
        SplittableRandom rnd = new SplittableRandom(seed);
        List<BitString> v = new ArrayList<>();
        for (int n : WIDTHS) {
            for (int r = 0; r < ROUNDS; r++) {
                BigInteger x = new BigInteger(n, new java.util.Random(rnd.nextLong()));
                if (r == 0) {
                    x = BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE); // all ones
                }
                v.add(BitString.of(x, n));
            }
        }
        return v;
    }

    @Test
    void plaintextGivesEachPartyWhatItLearns() {
        List<BitString> a = values(1);
        List<BitString> b = values(2);
        for (Party viewer : Party.values()) {
            assertEquals(expected(a, b, viewer), CoreBridge.engine(ALL_OPS).run(new PlainContext(io.yaostream.core.circuit.Party.valueOf(viewer.name()), InputFeed.of(a), InputFeed.of(b))), viewer.key());
        }
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void garbledAgreesWithPlaintextAndTheCostBackEndWithTheRun(String scheme) {
        List<BitString> a = values(3);
        List<BitString> b = values(4);
        Runs.Both<List<BigInteger>> run = Runs.garbled(scheme, "ops", ALL_OPS, () -> inputs(a), () -> inputs(b));
        assertEquals(expected(a, b, Party.GARBLER), run.garbler().value());
        assertEquals(expected(a, b, Party.EVALUATOR), run.evaluator().value());
        CostContext cost = new CostContext(io.yaostream.core.circuit.Party.GARBLER, Schemes.byName(scheme), new EcBaseOt(1, new JavaKernel()), "ops", List.of(),
                InputFeed.of(a), InputFeed.of(b));
        assertEquals(expected(a, b, Party.GARBLER), CoreBridge.engine(ALL_OPS).run(cost));
        ProgramCosts counted = cost.costs();
        assertEquals(run.evaluator().costs(), counted); // the garbler has its result before it reads the last ahead chunk
        assertEquals(run.garbler().bytesSent(), counted.bytesToEvaluator());
        assertEquals(run.evaluator().bytesSent(), counted.bytesToGarbler());
    }

    @Test
    void anOperationInALoopCompilesOnce() {
        SecureProgram<BigInteger> sum = c -> {
            UInt total = c.constant(0, 24);
            for (int i = 0; i < 10_000; i++) {
                total = total.add(c.uint(Party.EVALUATOR, 24)).min(c.constant(1 << 23, 24).add(total));
                total = c.apply((b, x) -> b.not(b.not(x)), total).asUInt();
            }
            return total.reveal();
        };
        List<BitString> ones = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            ones.add(BitString.of(1, 24));
        }
        CoreBridge.engine(sum).run(new PlainContext(io.yaostream.core.circuit.Party.GARBLER, InputFeed.none(), InputFeed.of(ones))); // the first run compiles
        int before = CircuitCache.size();
        BigInteger r = CoreBridge.engine(sum).run(new PlainContext(io.yaostream.core.circuit.Party.GARBLER, InputFeed.none(), InputFeed.of(ones)));
        assertEquals(before, CircuitCache.size(), "no circuit compiled on a second run");
        assertEquals(BigInteger.valueOf(10_000), r);
    }

    @Test
    void anInlineSubCircuitThatCapturesAVariableNeedsAKey() {
        int k = 3;
        SecureProgram<BigInteger> p = c -> c.apply((b, x) -> b.add(x, b.constant(k, 8)), c.uint(Party.GARBLER, 8)).asUInt().reveal();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CoreBridge.engine(p).run(new PlainContext(io.yaostream.core.circuit.Party.GARBLER, InputFeed.of(BitString.of(4, 8)), InputFeed.none())));
        assertTrue(e.getMessage().contains("captures variables"), e.getMessage());
        SecureProgram<BigInteger> keyed = c -> c.apply(List.of("add constant", k), (b, x) -> b.add(x, b.constant(k, 8)),
                c.uint(Party.GARBLER, 8)).asUInt().reveal();
        assertEquals(BigInteger.valueOf(7), CoreBridge.engine(keyed).run(new PlainContext(io.yaostream.core.circuit.Party.GARBLER, InputFeed.of(BitString.of(4, 8)), InputFeed.none())));
    }

    @Test
    void mismatchedWidthsAreRefusedWithTheirWidths() {
        SecureProgram<BigInteger> p = c -> c.uint(Party.GARBLER, 8).add(c.uint(Party.EVALUATOR, 9)).reveal();
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CoreBridge.engine(p).run(new PlainContext(io.yaostream.core.circuit.Party.GARBLER, InputFeed.of(BitString.of(1, 8)), InputFeed.of(BitString.of(1, 9)))));
        assertEquals("add: operand widths differ: 8 and 9 bits", e.getMessage());
        Optional<BigInteger> none = Optional.empty();
        assertEquals(none, CoreBridge.engine((SecureProgram<Optional<BigInteger>>) c -> c.uint(Party.GARBLER, 4).revealTo(Party.EVALUATOR))
                .run(new PlainContext(io.yaostream.core.circuit.Party.GARBLER, InputFeed.of(BitString.of(1, 4)), InputFeed.none())));
    }
}
