package io.yaostream.core.circuit;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.plain.PlainEvaluator;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A circuit's linear form against the circuit itself, evaluated in plaintext, on random circuits of free gates. */
class LinearFormTest {
    /** Every op that is free with free XOR: XOR, XNOR, NOT, the constants and the tables that ignore an input. */
    private static final int[] FREE_OPS = {GateOp.XOR, GateOp.XNOR, GateOp.INV, GateOp.ZERO, GateOp.ONE, 3, 5, 10, 12};

    @Test
    void theFormComputesWhatTheCircuitComputes() {
        SplittableRandom rnd = new SplittableRandom(7);
        int withForm = 0;
        for (int trial = 0; trial < 300; trial++) {
            CompiledCircuit c = randomFreeCircuit(rnd);
            LinearForm form = c.linearForm();
            assertSame(form, c.linearForm(), "derived once");
            if (form == null) {
                assertTrue(hasConstantOutput(c, rnd), "trial " + trial + ": no form, yet every output varies");
                continue;
            }
            withForm++;
            for (int k = 0; k < 8; k++) {
                BitString a = random(rnd, c.inputs().get(0).width());
                BitString b = random(rnd, c.inputs().get(1).width());
                BitString expected = new PlainEvaluator().evaluate(c, a, b)[0];
                BitString in = BitString.concat(a, b);
                for (int j = 0; j < form.outputBits(); j++) {
                    boolean v = form.negated(j);
                    for (int t = form.termStartsView()[j]; t < form.termStartsView()[j + 1]; t++) {
                        v ^= in.get(form.termsView()[t]);
                    }
                    assertEquals(expected.get(j), v, "trial " + trial + ", output bit " + j);
                }
            }
        }
        assertTrue(withForm > 100, withForm + " of 300 random circuits had a form");
    }

    @Test
    void aCircuitWithAnAndGateHasNoForm() {
        CompiledCircuit c = new CompiledCircuit.Builder(3).input("a", Party.GARBLER, new int[] {0, 1})
                .gate(GateOp.AND, 0, 1, 2).output("o", Receiver.BOTH, new int[] {2}).build();
        assertNull(c.linearForm());
    }

    @Test
    void aConstantOutputLeavesTheCircuitToTheEngine() {
        // x XOR x is a constant 0: its wire needs a label from the garbler, which only the engine's walk gives.
        CompiledCircuit c = new CompiledCircuit.Builder(2).input("a", Party.GARBLER, new int[] {0})
                .gate(GateOp.XOR, 0, 0, 1).output("o", Receiver.BOTH, new int[] {1, 0}).build();
        assertNull(c.linearForm());
        CompiledCircuit negated = new CompiledCircuit.Builder(3).input("a", Party.GARBLER, new int[] {0, 1})
                .gate(GateOp.ONE, GateOp.NO_SLOT, GateOp.NO_SLOT, 2).gate(GateOp.XOR, 0, 2, 2).gate(GateOp.XNOR, 2, 1, 2)
                .output("o", Receiver.BOTH, new int[] {2}).build();
        LinearForm form = negated.linearForm();
        assertNotNull(form, "a constant inside cancels out: a ^ 1 XNOR b = a ^ b");
        assertEquals(2, form.termStartsView()[1]);
        assertEquals(false, form.negated(0));
    }

    /** Whether some output bit kept one value over 32 random inputs (a bit of a free circuit is constant or balanced). */
    private static boolean hasConstantOutput(CompiledCircuit c, SplittableRandom rnd) {
        PlainEvaluator plain = new PlainEvaluator();
        BitString first = plain.evaluate(c, random(rnd, c.inputs().get(0).width()), random(rnd, c.inputs().get(1).width()))[0];
        boolean[] varied = new boolean[first.width()];
        for (int k = 0; k < 32; k++) {
            BitString out = plain.evaluate(c, random(rnd, c.inputs().get(0).width()), random(rnd, c.inputs().get(1).width()))[0];
            for (int j = 0; j < varied.length; j++) {
                varied[j] |= out.get(j) != first.get(j);
            }
        }
        for (boolean v : varied) {
            if (!v) {
                return true;
            }
        }
        return false;
    }

    private static CompiledCircuit randomFreeCircuit(SplittableRandom rnd) {
        int slots = 4 + rnd.nextInt(20);
        int aWidth = 1 + rnd.nextInt(slots / 2);
        int bWidth = 1 + rnd.nextInt(slots - aWidth);
        int[] a = new int[aWidth];
        int[] b = new int[bWidth];
        List<Integer> written = new ArrayList<>();
        for (int i = 0; i < aWidth; i++) {
            a[i] = i;
            written.add(i);
        }
        for (int i = 0; i < bWidth; i++) {
            b[i] = aWidth + i;
            written.add(aWidth + i);
        }
        CompiledCircuit.Builder bld = new CompiledCircuit.Builder(slots).input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        int gates = rnd.nextInt(40);
        for (int g = 0; g < gates; g++) {
            int op = FREE_OPS[rnd.nextInt(FREE_OPS.length)];
            int arity = GateOp.arity(op);
            int in0 = arity > 0 ? written.get(rnd.nextInt(written.size())) : GateOp.NO_SLOT;
            int in1 = arity > 1 ? written.get(rnd.nextInt(written.size())) : GateOp.NO_SLOT;
            int out = rnd.nextInt(slots);
            bld.gate(op, in0, in1, out);
            if (!written.contains(out)) {
                written.add(out);
            }
        }
        int[] o = new int[1 + rnd.nextInt(6)];
        for (int i = 0; i < o.length; i++) {
            o[i] = written.get(rnd.nextInt(written.size()));
        }
        return bld.output("o", Receiver.BOTH, o).build();
    }

    private static BitString random(SplittableRandom rnd, int bits) {
        boolean[] v = new boolean[bits];
        for (int i = 0; i < bits; i++) {
            v[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(v);
    }
}
