package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The plaintext evaluator, which every other test uses as its oracle, against a one-bit-at-a-time
 * reference written from the op definitions in {@link GateOp}.
 */
class PlainEvaluatorTest {

    @Test
    void everyOpOnEveryInputPair() {
        for (int op = 0; op <= GateOp.MAX; op++) {
            int arity = GateOp.arity(op);
            CompiledCircuit c = new CompiledCircuit.Builder(3)
                    .input("l", Party.GARBLER, new int[] {0})
                    .input("r", Party.EVALUATOR, new int[] {1})
                    .gate(op, arity >= 1 ? 0 : GateOp.NO_SLOT, arity >= 2 ? 1 : GateOp.NO_SLOT, 2)
                    .output("z", Receiver.BOTH, new int[] {2})
                    .build();
            // lanes 0..3 hold the pairs (l, r) = (0,0), (0,1), (1,0), (1,1)
            long[] out = TestCircuits.run(c, new long[] {0b1100, 0b1010});
            for (int l = 0; l <= 1; l++) {
                for (int r = 0; r <= 1; r++) {
                    int lane = 2 * l + r;
                    assertEquals(referenceOp(op, l, r), (int) (out[0] >>> lane) & 1, "op " + op + " on " + l + "," + r);
                }
            }
        }
    }

    @Test
    void randomCircuitsMatchBitByBitReference() {
        for (int seed = 0; seed < 60; seed++) {
            Random rnd = new Random(seed);
            CompiledCircuit c = TestCircuits.random(rnd, rnd.nextInt(3000));
            long[] in = TestCircuits.randomLanes(rnd, c.totalInputBits());
            long[] out = TestCircuits.run(c, in);
            for (int lane : new int[] {0, 1, 17, 63}) {
                boolean[] want = reference(c, in, lane);
                for (int i = 0; i < want.length; i++) {
                    assertEquals(want[i], (out[i] >>> lane & 1) == 1, "seed " + seed + " lane " + lane + " output bit " + i);
                }
            }
        }
    }

    @Test
    void oneEvaluatorRunsCircuitsOfDifferentSizesLikeFreshOnes() {
        Random rnd = new Random(99);
        PlainEvaluator shared = new PlainEvaluator();
        for (int i = 0; i < 30; i++) {
            CompiledCircuit c = TestCircuits.random(rnd, rnd.nextInt(i % 2 == 0 ? 2000 : 50));
            long[] in = TestCircuits.randomLanes(rnd, c.totalInputBits());
            long[] got = new long[c.totalOutputBits()];
            shared.run(c, in, got);
            assertArrayEquals(TestCircuits.run(c, in), got);
        }
    }

    @Test
    void evaluateWithBitStringsIsLaneZeroOfRun() {
        Random rnd = new Random(5);
        PlainEvaluator pe = new PlainEvaluator();
        for (int i = 0; i < 20; i++) {
            CompiledCircuit c = TestCircuits.random(rnd, 500);
            long[] in = TestCircuits.randomLanes(rnd, c.totalInputBits());
            BitString[] values = new BitString[c.inputs().size()];
            int k = 0;
            for (int g = 0; g < values.length; g++) {
                boolean[] bits = new boolean[c.inputs().get(g).width()];
                for (int b = 0; b < bits.length; b++) {
                    bits[b] = (in[k++] & 1) != 0;
                }
                values[g] = BitString.fromBits(bits);
            }
            BitString[] result = pe.evaluate(c, values);
            long[] out = TestCircuits.run(c, in);
            k = 0;
            for (int g = 0; g < result.length; g++) {
                assertEquals(c.outputs().get(g).width(), result[g].width());
                for (int b = 0; b < result[g].width(); b++) {
                    assertEquals((out[k++] & 1) != 0, result[g].get(b));
                }
            }
        }
    }

    /** Op semantics straight from GateOp's documentation. */
    private static int referenceOp(int op, int l, int r) {
        if (op == GateOp.INV) {
            return 1 - l;
        }
        if (op == GateOp.ZERO || op == GateOp.ONE) {
            return op == GateOp.ONE ? 1 : 0;
        }
        return (op >> (3 - (2 * l + r))) & 1;
    }

    private static boolean[] reference(CompiledCircuit c, long[] inputLanes, int lane) {
        int[] slot = new int[c.slots()];
        int k = 0;
        for (WireGroup<Party> g : c.inputs()) {
            for (int i = 0; i < g.width(); i++) {
                slot[g.slot(i)] = (int) (inputLanes[k++] >>> lane) & 1;
            }
        }
        for (int g = 0; g < c.gateCount(); g++) {
            int op = c.op(g);
            int l = GateOp.arity(op) >= 1 ? slot[c.in0(g)] : 0;
            int r = GateOp.arity(op) >= 2 ? slot[c.in1(g)] : 0;
            slot[c.out(g)] = referenceOp(op, l, r);
        }
        boolean[] out = new boolean[c.totalOutputBits()];
        k = 0;
        for (WireGroup<Receiver> g : c.outputs()) {
            for (int i = 0; i < g.width(); i++) {
                out[k++] = slot[g.slot(i)] == 1;
            }
        }
        return out;
    }

    @Test
    void cachedAdderOverwritingItsInputsRunsManyTimes() {
        CompiledCircuit small = adder4();
        CompiledCircuit.Builder wide = new CompiledCircuit.Builder(200).input("x", Party.GARBLER, range(0, 100));
        for (int i = 0; i < 100; i++) {
            wide.gate(GateOp.INV, i, GateOp.NO_SLOT, 100 + i);
        }
        CompiledCircuit inverter = wide.output("y", Receiver.BOTH, range(100, 200)).build();

        PlainEvaluator evaluator = new PlainEvaluator();
        Random rnd = new Random(7);
        for (int call = 0; call < 200; call++) {
            int a = rnd.nextInt(16);
            int b = rnd.nextInt(16);
            BitString[] sum = evaluator.evaluate(small, hex(a, 4), hex(b, 4));
            assertEquals(hex(a + b, 5), sum[0], a + " + " + b);
            if (call % 10 == 0) { // switch to a circuit with a larger S and back
                BitString x = hex(call, 100);
                BitString[] y = evaluator.evaluate(inverter, x);
                for (int i = 0; i < 100; i++) {
                    assertEquals(!x.get(i), y[0].get(i));
                }
            }
        }
    }

    @Test
    void refusesWrongInputCountAndWidth() {
        PlainEvaluator e = new PlainEvaluator();
        CompiledCircuit c = adder4();
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class, () -> e.evaluate(c, hex(1, 4)));
        assertEquals("circuit has 2 input groups, got 1 values", count.getMessage());
        IllegalArgumentException width = assertThrows(IllegalArgumentException.class, () -> e.evaluate(c, hex(1, 4), hex(1, 8)));
        assertEquals("input 2 ('b') is 4 bits, got an 8-bit value", width.getMessage());
    }

    /** A 4-bit ripple adder whose slots are reused: the output of each gate overwrites a dead input. */
    private static CompiledCircuit adder4() {
        // Slots 0..3 = a, 4..7 = b, 8 = carry. sum_i = a_i ^ b_i ^ c; c' = c ^ ((a_i ^ c) & (b_i ^ c)).
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(10)
                .input("a", Party.GARBLER, new int[] {0, 1, 2, 3})
                .input("b", Party.EVALUATOR, new int[] {4, 5, 6, 7});
        b.gate(GateOp.ZERO, GateOp.NO_SLOT, GateOp.NO_SLOT, 8);
        for (int i = 0; i < 4; i++) {
            b.gate(GateOp.XOR, i, 8, 9);          // t = a ^ c
            b.gate(GateOp.XOR, i, 4 + i, i);      // a := a ^ b (a is dead afterwards)
            b.gate(GateOp.XOR, 4 + i, 8, 4 + i);  // b := b ^ c
            b.gate(GateOp.AND, 9, 4 + i, 9);      // t := (a ^ c) & (b ^ c)
            b.gate(GateOp.XOR, i, 8, i);          // sum_i = a ^ b ^ c
            b.gate(GateOp.XOR, 8, 9, 8);          // c := c ^ t
        }
        return b.output("sum", Receiver.BOTH, new int[] {0, 1, 2, 3, 8}).build();
    }

    private static BitString hex(int value, int width) {
        String h = Integer.toHexString(value);
        return BitString.fromHex("0".repeat(BitString.hexDigits(width) - h.length()) + h, width, false);
    }

    private static int[] range(int from, int to) {
        int[] r = new int[to - from];
        for (int i = 0; i < r.length; i++) {
            r[i] = from + i;
        }
        return r;
    }
}
