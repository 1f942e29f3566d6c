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
}
