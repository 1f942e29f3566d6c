package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The Java kernel's GRR3_KEYED on one gate against the known-answer vectors of docs/garbling-schemes.md section 11,
 * which a script computed from the rule with another AES: the garbled table and output label, then the evaluator's
 * label for each of the four inputs. The native kernel is held to the Java one bit for bit by its own tests.
 */
class Grr3KeyedVectorsTest {
    private static final String DELTA = "111112131415161718191a1b1c1d1e1f";
    private static final String A0 = "202122232425262728292a2b2c2d2e2f";
    private static final String B0 = "313132333435363738393a3b3c3d3e3f";

    /** A block as the kernels hold it, from its 32 hex digits of bytes 0..15. */
    private static long[] block(String hex) {
        ByteBuffer b = ByteBuffer.wrap(HexFormat.of().parseHex(hex)).order(ByteOrder.LITTLE_ENDIAN);
        return new long[] {b.getLong(), b.getLong()};
    }

    private static String hex(long lo, long hi) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(lo).putLong(hi);
        return HexFormat.of().formatHex(b.array());
    }

    /** One gate of table {@code tt} over slots 0 (left) and 1 (right) into slot 2. */
    private static CompiledCircuit oneGate(int tt) {
        return new CompiledCircuit.Builder(3).input("a", Party.GARBLER, new int[] {0}).input("b", Party.EVALUATOR, new int[] {1})
                .gate(tt, 0, 1, 2).output("c", Receiver.BOTH, new int[] {2}).build();
    }

    @ParameterizedTest(name = "tt {0}")
    @CsvSource({
            "1, 5b26d6f8a7a7f287ead20c616000da09, 3c9d27efef1aaf1947880afa196c886b, 0485c29ba02d8fc0caaf1fb11c23a3ec, 486813868c49580b2f66663696db67dd",
            "7, 4a37c4ebb3b2e490f2cb167a7c1dc416, 2d8c35fcfb0fb90e5f9110e105719674, 0485c29ba02d8fc0caaf1fb11c23a3ec, 59790195985c4e1c377f7c2d8ac679c2"})
    void gateIndexOneGarblesAndEvaluatesToTheDocumentedBlocks(int tt, String row1, String row2, String row3, String c0) {
        Kernel kernel = new JavaKernel();
        CompiledCircuit c = oneGate(tt);
        long[] delta = block(DELTA);
        long[] zero = new long[6];
        System.arraycopy(block(A0), 0, zero, 0, 2);
        System.arraycopy(block(B0), 0, zero, 2, 2);
        long[] tables = new long[6];
        GateCursor at = new GateCursor();
        at.start(1);
        assertEquals(3, kernel.garbleFreeXor(AndGateRule.GRR3_KEYED, c, at, zero, delta[0], delta[1], tables, 3));
        assertEquals(row1, hex(tables[0], tables[1]), "row 1");
        assertEquals(row2, hex(tables[2], tables[3]), "row 2");
        assertEquals(row3, hex(tables[4], tables[5]), "row 3");
        assertEquals(c0, hex(zero[4], zero[5]), "output label of 0");
        for (int l = 0; l < 2; l++) {
            for (int r = 0; r < 2; r++) {
                long[] label = new long[6];
                label[0] = zero[0] ^ (-l & delta[0]);
                label[1] = zero[1] ^ (-l & delta[1]);
                label[2] = zero[2] ^ (-r & delta[0]);
                label[3] = zero[3] ^ (-r & delta[1]);
                GateCursor ev = new GateCursor();
                ev.start(1);
                assertEquals(3, kernel.evaluateFreeXor(AndGateRule.GRR3_KEYED, c, ev, label, tables, 3));
                long out = (tt >> (3 - (2 * l + r))) & 1;
                assertEquals(hex(zero[4] ^ (-out & delta[0]), zero[5] ^ (-out & delta[1])), hex(label[4], label[5]),
                        "inputs " + l + ", " + r);
            }
        }
    }
}
