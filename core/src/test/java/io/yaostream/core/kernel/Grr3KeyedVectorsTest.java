package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static io.yaostream.core.kernel.OneGateVectors.DELTA;
import static io.yaostream.core.kernel.OneGateVectors.assertEvaluatesEveryInput;
import static io.yaostream.core.kernel.OneGateVectors.block;
import static io.yaostream.core.kernel.OneGateVectors.hex;
import static io.yaostream.core.kernel.OneGateVectors.oneGate;
import static io.yaostream.core.kernel.OneGateVectors.zeroLabels;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Java kernel's GRR3_KEYED on one gate against the known-answer vectors of docs/garbling-schemes.md section 11,
 * which a script computed from the rule with another AES: the garbled table and output label, then the evaluator's
 * label for each of the four inputs. The native kernel is held to the Java one bit for bit by its own tests.
 */
class Grr3KeyedVectorsTest {
    @ParameterizedTest(name = "tt {0}")
    @CsvSource({
            "1, 5b26d6f8a7a7f287ead20c616000da09, 3c9d27efef1aaf1947880afa196c886b, 0485c29ba02d8fc0caaf1fb11c23a3ec, 486813868c49580b2f66663696db67dd",
            "7, 4a37c4ebb3b2e490f2cb167a7c1dc416, 2d8c35fcfb0fb90e5f9110e105719674, 0485c29ba02d8fc0caaf1fb11c23a3ec, 59790195985c4e1c377f7c2d8ac679c2"})
    void gateIndexOneGarblesAndEvaluatesToTheDocumentedBlocks(int tt, String row1, String row2, String row3, String c0) {
        Kernel kernel = new JavaKernel();
        CompiledCircuit c = oneGate(tt);
        long[] delta = block(DELTA);
        long[] zero = zeroLabels();
        long[] tables = new long[6];
        GateCursor at = new GateCursor();
        at.start(1);
        assertEquals(3, kernel.garbleFreeXor(AndGateRule.GRR3_KEYED, c, at, zero, delta[0], delta[1], tables, 3));
        assertEquals(row1, hex(tables[0], tables[1]), "row 1");
        assertEquals(row2, hex(tables[2], tables[3]), "row 2");
        assertEquals(row3, hex(tables[4], tables[5]), "row 3");
        assertEquals(c0, hex(zero[4], zero[5]), "output label of 0");
        assertEvaluatesEveryInput(kernel, AndGateRule.GRR3_KEYED, c, tt, zero, delta, tables, "");
    }
}
