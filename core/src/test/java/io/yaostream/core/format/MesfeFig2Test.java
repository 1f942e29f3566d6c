package io.yaostream.core.format;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.testing.BinaryLayout;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Known answer: the example circuit of the ME-SFE paper's Fig. 2, verbatim. The creator's bit x is in r0,
 * the evaluator's bit y in r1; {@code 0;1,0;1} sets r0 = r1 AND r0 = x AND y, then {@code 0;1,0;6} sets
 * r0 = r1 XOR r0 = y XOR (x AND y), which the evaluator learns. By hand:
 * <pre>
 *   x y | x AND y | y XOR (x AND y)
 *   0 0 |    0    |   0
 *   0 1 |    0    |   1
 *   1 0 |    0    |   0
 *   1 1 |    1    |   0          i.e. y AND NOT x
 * </pre>
 */
class MesfeFig2Test {
    static final String FIG2 = """
            inputsCreator: 0
            //
            inputsEvaluator: 1 //
            outputsCreator:
            outputsEvaluator: 0 //
            numberOfRegisters: 2
            numberOfGates: 2
            0;1,0;1
            //
            0;1,0;6
            //
            """;
    /** [x][y] -> the evaluator's output. */
    private static final int[][] TRUTH_TABLE = {{0, 1}, {0, 0}};

    @Test
    void fig2IsReadAsThePaperDescribes() {
        CompiledCircuit c = MesfeFormat.readText(FIG2.getBytes(StandardCharsets.US_ASCII), "fig2.mec");
        assertEquals(2, c.slots());
        assertEquals(2, c.gateCount());
        assertEquals(List.of(new WireGroup<>("creator", Party.GARBLER, new int[] {0}),
                new WireGroup<>("evaluator", Party.EVALUATOR, new int[] {1})), c.inputs());
        assertEquals(List.of(new WireGroup<>("evaluator", Receiver.EVALUATOR, new int[] {0})), c.outputs());
        assertEquals(1, c.counts().and());
        assertEquals(1, c.counts().xor());
    }

    @Test
    void fig2TruthTable() {
        CompiledCircuit c = MesfeFormat.readText(FIG2.getBytes(StandardCharsets.US_ASCII), "fig2.mec");
        PlainEvaluator pe = new PlainEvaluator();
        for (int x = 0; x <= 1; x++) {
            for (int y = 0; y <= 1; y++) {
                BitString[] out = pe.evaluate(c, BitString.fromBits(new boolean[] {x == 1}), BitString.fromBits(new boolean[] {y == 1}));
                assertEquals(1, out.length);
                assertEquals(TRUTH_TABLE[x][y] == 1, out[0].get(0), "x=" + x + " y=" + y);
            }
        }
        // All four at once on lanes 0..3 = (x,y) 00, 01, 10, 11.
        long[] out = TestCircuits.run(c, new long[] {0b1100, 0b1010});
        assertEquals(0b0010, out[0] & 0xf);
    }

    @Test
    void fig2AsBmecAndBackThroughEveryFormat() {
        byte[] bmec = new BinaryLayout()
                .i32("creator inputs", 1).i32("x", 0)
                .i32("evaluator inputs", 1).i32("y", 1)
                .i32("creator outputs", 0)
                .i32("evaluator outputs", 1).i32("z", 0)
                .i32("registers", 2).i32("gates", 2)
                .i32("out0", 0).i32("l0", 1).i32("r0", 0).i32("tt0", 1)
                .i32("out1", 0).i32("l1", 1).i32("r1", 0).i32("tt1", 6)
                .bytes();
        CompiledCircuit text = MesfeFormat.readText(FIG2.getBytes(StandardCharsets.US_ASCII), "fig2.mec");
        assertEquals(text, MesfeFormat.readBinary(bmec, "fig2.bmec"));
        assertArrayEquals(bmec, TestCircuits.write(text, Format.MESFE_BINARY));
        assertEquals("inputsCreator: 0\ninputsEvaluator: 1\noutputsCreator: \noutputsEvaluator: 0\n"
                        + "numberOfRegisters: 2\nnumberOfGates: 2\n0;1,0;1\n0;1,0;6\n",
                new String(TestCircuits.write(text, Format.MESFE_TEXT), StandardCharsets.US_ASCII));
        for (Format f : new Format[] {Format.SLOT_BINARY, Format.SLOT_TEXT}) {
            assertEquals(text, CircuitFiles.read(TestCircuits.write(text, f), "fig2", f), f.toString());
        }
    }
}
