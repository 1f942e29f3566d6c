package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class PlainEvaluatorTest {

    /** Every 4-bit table, INV and the constants on all four input pairs, in the ME-SFE convention. */
    @Test
    void everyOpFollowsItsTruthTable() {
        for (int op = 0; op <= GateOp.MAX; op++) {
            CompiledCircuit.Builder b = new CompiledCircuit.Builder(3)
                    .input("l", Party.GARBLER, new int[] {0})
                    .input("r", Party.EVALUATOR, new int[] {1});
            int arity = GateOp.arity(op);
            b.gate(op, arity >= 1 ? 0 : GateOp.NO_SLOT, arity >= 2 ? 1 : GateOp.NO_SLOT, 2).output("o", Receiver.BOTH, new int[] {2});
            CompiledCircuit c = b.build();
            // Lanes 0..3 hold (l, r) = (0,0), (0,1), (1,0), (1,1).
            long[] out = new long[1];
            new PlainEvaluator().run(c, new long[] {0b1100, 0b1010}, out);
            for (int lane = 0; lane < 4; lane++) {
                int l = lane >> 1;
                int r = lane & 1;
                int expected = switch (op) {
                    case GateOp.INV -> 1 - l;
                    case GateOp.ZERO -> 0;
                    case GateOp.ONE -> 1;
                    default -> (op >> (3 - (2 * l + r))) & 1;
                };
                assertEquals(expected, (int) (out[0] >>> lane) & 1, "op " + op + " on " + l + "," + r);
            }
        }
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

    @Test
    void oneEvaluatorRunsCachedCircuitsManyTimes() {
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
        assertEquals("input 2 ('b') is 4 bits, got a 8-bit value", width.getMessage());
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
