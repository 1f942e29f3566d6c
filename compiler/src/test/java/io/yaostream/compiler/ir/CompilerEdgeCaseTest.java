package io.yaostream.compiler.ir;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.testing.ReferenceBristol;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Random;

import static io.yaostream.core.testing.Malformed.ascii;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Corner cases of compilation that random files reach only by chance, each checked against the reference. */
class CompilerEdgeCaseTest {

    private static CompiledCircuit compileAndCheck(String text, Compiler.Options options) {
        CompiledCircuit c = CircuitLoader.load(ascii(text), "edge.txt", null, options);
        ReferenceBristol ref = ReferenceBristol.parse(text, true);
        Random rnd = new Random(text.hashCode());
        for (int r = 0; r < 3; r++) {
            long[] in = TestCircuits.randomLanes(rnd, ref.totalInputBits());
            assertArrayEquals(ref.evaluate(in), TestCircuits.run(c, in), text);
        }
        return c;
    }

    private static CompiledCircuit compileAndCheck(String text) {
        for (Compiler.Options o : new Compiler.Options[] {Compiler.Options.IN_ORDER, new Compiler.Options(1)}) {
            compileAndCheck(text, o);
        }
        return compileAndCheck(text, Compiler.Options.DEFAULT);
    }

    @Test
    void outputsThatAreOnlyConstants() {
        CompiledCircuit c = compileAndCheck("4 5\n1 1\n1 4\n\n1 1 0 1 EQ\n1 1 1 2 EQ\n1 1 0 3 EQ\n1 1 1 4 EQ\n");
        assertEquals(2, c.counts().constants(), "one ZERO and one ONE gate serve all output bits");
        assertEquals(0, c.counts().and() + c.counts().xor());
    }

    @Test
    void aCircuitWithoutInputs() {
        CompiledCircuit c = compileAndCheck("3 3\n0\n1 2\n\n1 1 1 0 EQ\n1 1 0 1 INV\n2 1 0 1 2 XOR\n");
        assertEquals(0, c.totalInputBits());
        assertArrayEquals(new long[] {0, -1}, TestCircuits.run(c, new long[0]));
    }

    @Test
    void outputsThatAreInputsInvertedInputsAndRepeatedAliases() {
        // out = x0, ~x1, x0 (EQW), x0 (EQW again), ~~x1: the input slots stay live to the end.
        CompiledCircuit c = compileAndCheck("6 9\n1 2\n1 5\n\n1 1 1 2 INV\n1 1 0 4 EQW\n1 1 1 5 INV\n1 1 0 6 EQW\n1 1 0 7 EQW\n1 1 2 8 INV\n");
        assertEquals(1, c.counts().inv(), "one INV gate serves both ~x1 outputs");
        assertEquals(0, c.counts().and() + c.counts().xor());
        assertEquals(List.of(5), TestCircuits.widths(c.outputs()));
    }

    @Test
    void identityWithoutGates() {
        CompiledCircuit c = compileAndCheck("0 3\n2 1 2\n1 3\n");
        assertEquals(0, c.gateCount());
        assertEquals(3, c.slots());
    }

    @Test
    void foldingOfSelfAndConstantOperands() {
        // x AND x = x, x XOR x = 0, x AND 0 = 0, x XOR 1 = ~x, x AND ~x = 0 (via MAND too): no gate survives but
        // the inverted output.
        String text = "8 11\n1 1\n1 5\n\n1 1 0 1 EQ\n1 1 1 2 EQ\n2 1 0 0 3 AND\n1 1 0 4 INV\n"
                + "2 1 0 0 6 XOR\n2 1 0 1 7 AND\n2 1 0 2 8 XOR\n4 2 3 0 0 4 9 10 MAND\n";
        CompiledCircuit c = compileAndCheck(text);
        assertEquals(0, c.counts().and());
        assertEquals(0, c.counts().xor());
    }

    @Test
    void deadGatesAndUnusedInputsCostNothing() {
        CompiledCircuit c = compileAndCheck("4 8\n2 2 2\n1 1\n\n2 1 0 1 4 AND\n2 1 4 2 5 AND\n1 1 5 6 INV\n2 1 0 1 7 XOR\n");
        assertEquals(1, c.gateCount(), "only the XOR that reaches the output remains");
        assertEquals(GateOp.XOR, c.op(0));
    }

    @Test
    void aLongChainKeepsEarlyValuesAlive() {
        // out0 = x0 set at the start, out1 = the end of a chain of 5,000 gates that all read x1: slots churn
        // while x0's stays live.
        StringBuilder sb = new StringBuilder();
        int n = 5000;
        sb.append(n + 2).append(' ').append(n + 4).append("\n1 2\n1 2\n\n");
        sb.append("1 1 0 ").append(n + 2).append(" EQW\n");
        sb.append("2 1 0 1 2 AND\n");
        for (int i = 1; i < n; i++) {
            sb.append("2 1 ").append(i + 1).append(" 1 ").append(i + 2).append(i % 2 == 0 ? " XOR\n" : " AND\n");
        }
        sb.append("1 1 ").append(n + 1).append(' ').append(n + 3).append(" INV\n");
        CompiledCircuit c = compileAndCheck(sb.toString());
        assertEquals(true, c.slots() <= 4, "a chain needs few slots, got " + c.slots());
    }
}
