package io.yaostream.compiler.dsl;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Random;
import java.util.function.LongBinaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Every vector operation, compiled and run in plaintext against Java arithmetic on 1,024 operand pairs per
 * width (all pairs for widths up to 3), with the exact number of AND gates its construction must take.
 */
class VectorOpsTest {
    private static final int ROUNDS = 16;

    @FunctionalInterface
    private interface Op {
        Bits build(CircuitBuilder b, Bits x, Bits y);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void bitwise(int width) {
        check(width, CircuitBuilder::xor, (a, b) -> a ^ b, 0);
        check(width, CircuitBuilder::and, (a, b) -> a & b, width);
        check(width, CircuitBuilder::or, (a, b) -> a | b, width);
        check(width, (b, x, y) -> b.not(x), (a, b) -> ~a, 0);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void addWrapsAround(int width) {
        // The carry out of the top bit is never built: one AND per carry into bits 1..n-1.
        check(width, CircuitBuilder::add, (a, b) -> a + b, width - 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 63})
    void addWithCarryKeepsTheCarry(int width) {
        check(width, CircuitBuilder::addWithCarry, (a, b) -> a + b, width);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void addWithCarryTopBitIsTheCarryOut(int width) {
        // Checked on its own so that width 64 (a 65-bit result) fits in a long; the sum bits are then dead.
        check(width, (b, x, y) -> Bits.of(b.addWithCarry(x, y).bit(width)), (a, b) -> {
            long mask = Lanes.mask(width);
            return Long.compareUnsigned((a + b) & mask, a) < 0 ? 1 : 0;
        }, width);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void subtractWrapsAround(int width) {
        check(width, CircuitBuilder::subtract, (a, b) -> a - b, width - 1);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void lessThanIsUnsigned(int width) {
        check(width, (b, x, y) -> Bits.of(b.lessThan(x, y)), (a, b) -> Long.compareUnsigned(a, b) < 0 ? 1 : 0, width);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void signedLessThanIsTwosComplement(int width) {
        int shift = 64 - width;
        check(width, (b, x, y) -> Bits.of(b.signedLessThan(x, y)),
                (a, b) -> (a << shift >> shift) < (b << shift >> shift) ? 1 : 0, width);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 7, 32, 64})
    void equal(int width) {
        check(width, (b, x, y) -> Bits.of(b.equal(x, y)), (a, b) -> a == b ? 1 : 0, width - 1);
    }

    /** Pairwise minima bit by bit across the pairs: each pair's unsigned smaller value, 2n ANDs a pair. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 20, 64})
    void minEachIsTheMinimumOfEveryPair(int width) {
        int pairs = 5;
        CircuitBuilder b = new CircuitBuilder();
        Bits[] x = new Bits[pairs];
        Bits[] y = new Bits[pairs];
        for (int j = 0; j < pairs; j++) {
            x[j] = b.input("x" + j, Party.GARBLER, width);
            y[j] = b.input("y" + j, Party.EVALUATOR, width);
        }
        Bits[] min = b.minEach(x, y);
        for (int j = 0; j < pairs; j++) {
            b.output("m" + j, Receiver.BOTH, min[j]);
        }
        CompiledCircuit c = b.compile();
        assertEquals(2L * pairs * width, c.counts().and(), "AND gates");
        Random random = new Random(width);
        for (int round = 0; round < ROUNDS; round++) {
            long[][] in = new long[2 * pairs][];
            for (int j = 0; j < pairs; j++) {
                Operands o = Operands.generate(width, random);
                in[2 * j] = o.a();
                in[2 * j + 1] = o.b();
            }
            long[][] got = Lanes.run(c, in);
            for (int j = 0; j < pairs; j++) {
                for (int k = 0; k < Lanes.COUNT; k++) {
                    long a = in[2 * j][k];
                    long bv = in[2 * j + 1][k];
                    assertEquals(Long.compareUnsigned(a, bv) <= 0 ? a : bv, got[j][k], "pair " + j + ", width " + width);
                }
            }
        }
        assertThrows(IllegalArgumentException.class, () -> b.minEach(x, new Bits[] {y[0]}), "unequal counts");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 7, 32, 64})
    void muxPicksByTheSelector(int width) {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, width);
        Bits y = b.input("y", Party.EVALUATOR, width);
        Bit sel = b.input("sel", Party.EVALUATOR, 1).bit(0);
        b.output("r", Receiver.BOTH, b.mux(sel, x, y));
        CompiledCircuit c = b.compile();
        assertEquals(width, c.counts().and(), "AND gates");
        Random random = new Random(width);
        for (int round = 0; round < ROUNDS; round++) {
            Operands o = Operands.generate(width, random);
            long[] s = Operands.bits(random);
            long[] got = Lanes.run(c, o.a(), o.b(), s)[0];
            for (int j = 0; j < Lanes.COUNT; j++) {
                assertEquals(s[j] == 1 ? o.a()[j] : o.b()[j], got[j], "lane " + j);
            }
        }
    }

    /**
     * Builds {@code op} on a garbler input x and an evaluator input y, asserts its AND count and compares it
     * with {@code expected} (masked to the result's width) on {@link #ROUNDS} x 64 operand pairs.
     */
    private static void check(int width, Op op, LongBinaryOperator expected, int ands) {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, width);
        Bits y = b.input("y", Party.EVALUATOR, width);
        Bits result = op.build(b, x, y);
        b.output("r", Receiver.BOTH, result);
        CompiledCircuit c = b.compile();
        assertEquals(ands, c.counts().and(), "AND gates for width " + width);
        long mask = Lanes.mask(result.width());
        Random random = new Random(width);
        for (int round = 0; round < ROUNDS; round++) {
            Operands o = Operands.generate(width, random);
            long[] got = Lanes.run(c, o.a(), o.b())[0];
            for (int j = 0; j < Lanes.COUNT; j++) {
                long a = o.a()[j];
                long bv = o.b()[j];
                assertEquals(expected.applyAsLong(a, bv) & mask, got[j],
                        () -> "width " + width + ": a=" + Long.toUnsignedString(a) + " b=" + Long.toUnsignedString(bv));
            }
        }
    }
}
