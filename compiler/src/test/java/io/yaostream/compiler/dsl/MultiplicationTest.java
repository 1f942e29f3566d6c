package io.yaostream.compiler.dsl;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.plain.PlainEvaluator;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.Random;
import java.util.function.BiFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The multipliers against BigInteger on random and edge operands of many widths, and their AND counts. */
class MultiplicationTest {
    private static final int[] WIDTHS = {1, 2, 3, 5, 8, 12, 13, 16, 17, 20, 31, 32, 33, 63, 64, 65, 127, 128};

    private interface Op extends BiFunction<CircuitBuilder, Bits[], Bits> {
    }

    private static CompiledCircuit circuit(int n, int m, Op op) {
        CircuitBuilder b = new CircuitBuilder();
        Bits x = b.input("x", Party.GARBLER, n);
        Bits y = b.input("y", Party.EVALUATOR, m);
        b.output("z", Receiver.BOTH, op.apply(b, new Bits[] {x, y}));
        return b.compile();
    }

    private static void check(int n, int m, Op op, int outBits, Random rnd) {
        CompiledCircuit c = circuit(n, m, op);
        PlainEvaluator eval = new PlainEvaluator();
        BigInteger[] edges = {BigInteger.ZERO, BigInteger.ONE};
        for (int t = 0; t < 40; t++) {
            BigInteger x = t < 2 ? edges[t] : t == 2 ? BigInteger.ONE.shiftLeft(n).subtract(BigInteger.ONE) : new BigInteger(n, rnd);
            BigInteger y = t < 2 ? BigInteger.ONE.shiftLeft(m).subtract(BigInteger.ONE) : t == 2 ? BigInteger.ONE.shiftLeft(m).subtract(BigInteger.ONE) : new BigInteger(m, rnd);
            BitString z = eval.evaluate(c, BitString.of(x, n), BitString.of(y, m))[0];
            assertEquals(outBits, z.width());
            assertEquals(x.multiply(y).mod(BigInteger.ONE.shiftLeft(outBits)), z.toBigInteger(), n + "x" + m + " bits: " + x + " * " + y);
        }
    }

    @Test
    void everyMultiplierAgreesWithBigInteger() {
        Random rnd = new Random(11);
        for (int n : WIDTHS) {
            check(n, n, (b, in) -> b.multiply(in[0], in[1]), n, rnd);
            check(n, n, (b, in) -> b.multiplyFull(in[0], in[1]), 2 * n, rnd);
            check(n, n, (b, in) -> b.karatsuba(in[0], in[1]), 2 * n, rnd);
            check(n, 7, (b, in) -> b.multiplyFull(in[0], in[1]), n + 7, rnd);
        }
    }

    @Test
    void andCounts() {
        assertEquals(993, circuit(32, 32, (b, in) -> b.multiply(in[0], in[1])).counts().and());
        assertEquals(32_640, circuit(128, 128, (b, in) -> b.multiplyFull(in[0], in[1])).counts().and());
        CompiledCircuit k = circuit(128, 128, (b, in) -> b.karatsuba(in[0], in[1]));
        assertEquals(16_418, k.counts().and(), "Karatsuba-128 (ME-SFE's circuit: 17,125; HS13: 17,973)");
        assertTrue(k.slots() <= 1_074, "working set " + k.slots() + " within ME-SFE's 1,074");
    }
}
