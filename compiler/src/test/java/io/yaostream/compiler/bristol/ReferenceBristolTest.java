package io.yaostream.compiler.bristol;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.RandomBristol;
import io.yaostream.compiler.testing.ReferenceBristol;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The test oracles themselves: the reference evaluator and the production pipeline agree with a hand-worked
 * circuit that uses every Bristol Fashion op, and the random generator writes valid files that use every op.
 */
class ReferenceBristolTest {
    /**
     * x = group 1 (wires 0, 1), y = group 2 (wire 2); outputs are wires 9, 10, 11. By hand:
     * w3 = x0^x1, w4 = ~w3, w5 = 1, w6 = x0&y, w7 = x1&w4 = x0&x1, w8 = w6&w7 = x0&x1&y,
     * out0 = y, out1 = 1^w7 = ~(x0&x1), out2 = w8^w3.
     */
    static final String HAND = """
            8 12
            2 2 1
            1 3

            2 1 0 1 3 XOR
            1 1 3 4 INV
            1 1 1 5 EQ
            4 2 0 1 2 4 6 7 MAND
            2 1 6 7 8 AND
            1 1 2 9 EQW
            2 1 5 7 10 XOR
            2 1 8 3 11 XOR
            """;

    @Test
    void handWorkedCircuit() {
        // Lane j holds the input set x0 = bit 0 of j, x1 = bit 1, y = bit 2, for j = 0..7.
        long x0 = 0b10101010;
        long x1 = 0b11001100;
        long y = 0b11110000;
        long[] in = {x0, x1, y};
        long[] want = {y, ~(x0 & x1), (x0 & x1 & y) ^ x0 ^ x1};
        ReferenceBristol ref = ReferenceBristol.parse(HAND, true);
        assertArrayEquals(want, ref.evaluate(in));
        assertEquals(3, ref.andGates(), "a MAND of k outputs counts k");
        CompiledCircuit c = CircuitLoader.load(HAND.getBytes(StandardCharsets.US_ASCII), "hand.txt", null, Compiler.Options.DEFAULT);
        assertEquals(List.of(2, 1), TestCircuits.widths(c.inputs()));
        assertEquals(List.of(3), TestCircuits.widths(c.outputs()));
        long[] got = TestCircuits.run(c, in);
        for (int i = 0; i < want.length; i++) {
            assertEquals(want[i] & 0xff, got[i] & 0xff, "output bit " + i);
        }
    }

    @Test
    void generatedFilesAreValidAndUseEveryOp() {
        Set<String> fashionOps = new HashSet<>();
        Set<String> oldOps = new HashSet<>();
        for (int seed = 0; seed < 20; seed++) {
            RandomBristol.Source f = RandomBristol.fashion(seed, 300);
            ReferenceBristol r = ReferenceBristol.parse(f.text(), true); // checks set-before-use, set-once
            assertArrayEquals(f.inputWidths(), r.inputWidths());
            assertArrayEquals(f.outputWidths(), r.outputWidths());
            assertEquals(f.sourceAnds(), r.andGates());
            r.evaluate(new long[r.totalInputBits()]);
            fashionOps.addAll(RandomBristol.ops(f));
            assertEquals(f.text(), RandomBristol.fashion(seed, 300).text(), "the generator is deterministic");

            RandomBristol.Source o = RandomBristol.old(seed, 300);
            ReferenceBristol ro = ReferenceBristol.parse(o.text(), false);
            ro.evaluate(new long[ro.totalInputBits()]);
            oldOps.addAll(RandomBristol.ops(o));
        }
        assertEquals(Set.of("XOR", "AND", "INV", "EQ", "EQW", "MAND"), fashionOps);
        assertEquals(Set.of("XOR", "AND", "INV"), oldOps);
    }
}
