package io.yaostream.compiler.bristol;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.ReferenceBristol;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.testing.Malformed.Where;
import io.yaostream.core.testing.Malformed;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Random;
import java.util.stream.Stream;

import static io.yaostream.core.testing.Malformed.ascii;
import static io.yaostream.core.testing.Malformed.deleteLine;
import static io.yaostream.core.testing.Malformed.replaceLine;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Malformed Bristol files, both dialects: each is refused with a one-line "file:LINE: problem" message, and
 * nothing is allocated from a header number the file's size does not back.
 */
class MalformedBristolTest {
    private static final String NAME = "bad.txt";
    private static final Malformed.Reader FASHION = data -> BristolReader.read(data, NAME, BristolReader.Dialect.FASHION);
    private static final Malformed.Reader OLD = data -> BristolReader.read(data, NAME, BristolReader.Dialect.OLD);
    private static final Malformed.Reader LOADER = data -> CircuitLoader.load(data, NAME, null, Compiler.Options.DEFAULT);

    /** Inputs x (wires 0, 1) and y (wire 2); outputs are wires 7 and 8. Line numbers below refer to this. */
    static final String VALID_FASHION = """
            6 9
            2 2 1
            1 2

            2 1 0 1 3 XOR
            1 1 3 4 INV
            1 1 1 5 EQ
            1 1 2 6 EQW
            2 1 4 6 7 AND
            2 1 3 5 8 MAND
            """;
    private static final int FASHION_END = 11;
    /** n1 = 2 (wires 0, 1), n2 = 1 (wire 2); outputs are wires 4 and 5. */
    static final String VALID_OLD = """
            3 6
            2 1 2

            2 1 0 1 3 XOR
            1 1 3 4 INV
            2 1 4 2 5 AND
            """;
    private static final int OLD_END = 7;

    @Test
    void theValidFilesWork() {
        long x0 = 0b10101010;
        long x1 = 0b11001100;
        long y = 0b11110000;
        long[] in = {x0, x1, y};
        CompiledCircuit f = CircuitLoader.load(ascii(VALID_FASHION), NAME, null, Compiler.Options.DEFAULT);
        long xor = x0 ^ x1;
        assertArrayEquals(new long[] {~xor & y, xor}, TestCircuits.run(f, in));
        assertArrayEquals(ReferenceBristol.parse(VALID_FASHION, true).evaluate(in), TestCircuits.run(f, in));
        CompiledCircuit o = CircuitLoader.load(ascii(VALID_OLD), NAME, null, Compiler.Options.DEFAULT);
        assertArrayEquals(new long[] {~xor, ~xor & y}, TestCircuits.run(o, in));
        // Unusual but valid: CRLF, tabs, blank lines between gates, and an identity circuit with no gates.
        assertEquals(f, CircuitLoader.load(ascii(VALID_FASHION.replace("\n", "\r\n").replace(" ", "\t")), NAME, null,
                Compiler.Options.DEFAULT));
        assertEquals(f, CircuitLoader.load(ascii(VALID_FASHION.replace("XOR\n", "XOR\n\n\n")), NAME, null, Compiler.Options.DEFAULT));
        CompiledCircuit id = CircuitLoader.load(ascii("0 64\n1 64\n1 64\n"), NAME, null, Compiler.Options.DEFAULT);
        long[] v = TestCircuits.randomLanes(new Random(1), 64);
        assertArrayEquals(v, TestCircuits.run(id, v));
    }

    static Stream<Arguments> fashionCases() {
        String v = VALID_FASHION;
        return Stream.of(
                Arguments.of("empty file", "", 1, "expected the line 'gates wires'"),
                Arguments.of("three numbers on line 1", replaceLine(v, 1, "6 9 1"), 1, "line 1 must be 'gates wires'"),
                Arguments.of("non-numeric gate count", replaceLine(v, 1, "six 9"), 1, "expected a number"),
                Arguments.of("more gates in header", replaceLine(v, 1, "7 9"), FASHION_END, "header says 7 gates but the file has 6"),
                Arguments.of("fewer gates in header", replaceLine(v, 1, "5 9"), 10, "more gate lines than the 5"),
                Arguments.of("too few wires", replaceLine(v, 1, "6 8"), 10, "wire 8 is out of range"),
                Arguments.of("huge wire count", replaceLine(v, 1, "6 2147483647"), 3, "2147483647 wires"),
                Arguments.of("input count disagrees", replaceLine(v, 2, "3 2 1"), 2, "input sizes line says 3 values but lists 2"),
                Arguments.of("output count disagrees", replaceLine(v, 3, "2 2"), 3, "output sizes line says 2 values but lists 1"),
                Arguments.of("huge input size", replaceLine(v, 2, "2 2147483647 1"), 3, "input bits"),
                Arguments.of("input bits the file cannot back", replaceLine(replaceLine(v, 1, "6 1048584"), 2, "2 1048576 1"), 3,
                        "1048577 input bits is more than a file of"),
                Arguments.of("output bits the file cannot back", replaceLine(replaceLine(v, 1, "6 1000000"), 3, "1 1000000"), 3,
                        "1000000 output bits"),
                Arguments.of("non-numeric size", replaceLine(v, 2, "2 two 1"), 2, "input sizes"),
                Arguments.of("wire used before it is set", replaceLine(v, 5, "2 1 0 4 3 XOR"), 5, "wire 4 is used before it is set"),
                Arguments.of("input wire set again", replaceLine(v, 6, "1 1 3 0 INV"), 6, "wire 0 is set twice"),
                Arguments.of("gate wire set twice", replaceLine(v, 7, "1 1 1 3 EQ"), 7, "wire 3 is set twice"),
                Arguments.of("MAND sets a wire twice", replaceLine(v, 10, "4 2 3 5 5 4 8 8 MAND"), 10, "wire 8 is set twice"),
                Arguments.of("wire out of range", replaceLine(v, 5, "2 1 0 9 3 XOR"), 5, "wire 9 is out of range: the header says 9 wires (0..8)"),
                Arguments.of("unknown op", replaceLine(v, 5, "2 1 0 1 3 NAND"), 5, "unknown gate op 'NAND'"),
                Arguments.of("lower-case op", replaceLine(v, 5, "2 1 0 1 3 xor"), 5, "unknown gate op 'xor'"),
                Arguments.of("token count disagrees", replaceLine(v, 6, "2 1 3 4 INV"), 6, "gate says 2 inputs and 1 outputs but has 2 wire numbers"),
                Arguments.of("INV with two inputs", replaceLine(v, 6, "2 1 3 0 4 INV"), 6, "INV takes 1 input(s) and 1 output, got 2 and 1"),
                Arguments.of("XOR with two outputs", replaceLine(v, 5, "2 2 0 1 3 4 XOR"), 5, "XOR takes 2 input(s) and 1 output"),
                Arguments.of("EQ constant 2", replaceLine(v, 7, "1 1 2 5 EQ"), 7, "EQ constant"),
                Arguments.of("MAND with odd inputs", replaceLine(v, 10, "3 1 3 5 6 8 MAND"), 10, "MAND takes 2k inputs and k outputs"),
                Arguments.of("too few tokens", replaceLine(v, 5, "2 1"), 5, "expected a gate"),
                Arguments.of("non-numeric wire", replaceLine(v, 5, "2 1 a 1 3 XOR"), 5, "wire number"),
                Arguments.of("negative wire", replaceLine(v, 5, "2 1 -1 1 3 XOR"), 5, "'-1'"),
                Arguments.of("huge wire", replaceLine(v, 5, "2 1 99999999999 1 3 XOR"), 5, "99999999999"),
                Arguments.of("huge input count", replaceLine(v, 5, "2147483647 1 0 1 3 XOR"), 5, "2147483647 inputs"),
                Arguments.of("output wire never set", replaceLine(deleteLine(v, 10), 1, "5 9"), FASHION_END - 1, "output wire 8 is never set"),
                Arguments.of("truncated in a gate", v.substring(0, v.indexOf("2 1 4 6 7 AND") + 5), 9, "gate says 2 inputs"),
                Arguments.of("truncated after a gate", v.substring(0, v.indexOf("2 1 4 6 7 AND")), 9, "header says 6 gates but the file has 4"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("fashionCases")
    void fashionRefusedWithLineAndProblem(String what, String text, int line, String words) {
        Malformed.assertRejectedAt(FASHION, ascii(text), NAME, Where.LINE, line, words);
    }

    static Stream<Arguments> oldCases() {
        String v = VALID_OLD;
        return Stream.of(
                Arguments.of("empty file", "", 1, "expected the line 'gates wires'"),
                Arguments.of("two numbers on line 2", replaceLine(v, 2, "2 1"), 2, "must be 'n1 n2 nout'"),
                Arguments.of("Fashion size lines", "3 6\n2 2 1\n1 2\n\n2 1 0 1 3 XOR\n", 3, "expected a gate 'nin nout in.. out.. OP', got '1 2'"),
                Arguments.of("huge n1", replaceLine(v, 2, "2147483647 1 2"), 2, "input bits"),
                Arguments.of("huge nout", replaceLine(v, 2, "2 1 99999999999"), 2, "99999999999"),
                Arguments.of("more gates in header", replaceLine(v, 1, "4 6"), OLD_END, "header says 4 gates but the file has 3"),
                Arguments.of("wire used before it is set", replaceLine(v, 4, "2 1 0 4 3 XOR"), 4, "wire 4 is used before it is set"),
                Arguments.of("wire set twice", replaceLine(v, 5, "1 1 3 3 INV"), 5, "wire 3 is set twice"),
                Arguments.of("wire out of range", replaceLine(v, 6, "2 1 4 2 6 AND"), 6, "wire 6 is out of range"),
                Arguments.of("EQ in an old file", replaceLine(v, 5, "1 1 1 4 EQ"), 5, "Bristol Fashion only"),
                Arguments.of("EQW in an old file", replaceLine(v, 5, "1 1 3 4 EQW"), 5, "Bristol Fashion only"),
                Arguments.of("MAND in an old file", replaceLine(v, 6, "2 1 4 2 5 MAND"), 6, "Bristol Fashion only"),
                Arguments.of("unknown op", replaceLine(v, 6, "2 1 4 2 5 OR"), 6, "expected XOR, AND or INV"),
                Arguments.of("output wire never set", replaceLine(deleteLine(v, 6), 1, "2 6"), OLD_END - 1, "output wire 5 is never set"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("oldCases")
    void oldRefusedWithLineAndProblem(String what, String text, int line, String words) {
        Malformed.assertRejectedAt(OLD, ascii(text), NAME, Where.LINE, line, words);
    }

    @Test
    void hugeAndNegativeNumbersInEveryHeaderField() {
        String[] values = {"99999999999", "2147483647", "4294967296", "16777216", "-1"};
        Malformed.assertNumbersRefused(FASHION, VALID_FASHION, 1, 3, NAME, Where.LINE, false, values);
        Malformed.assertNumbersRefused(LOADER, VALID_FASHION, 1, 3, NAME, Where.LINE, false, values);
        Malformed.assertNumbersRefused(OLD, VALID_OLD, 1, 2, NAME, Where.LINE, false, values);
    }

    @Test
    void everyTruncationIsRefused() {
        // A cut at the end of a gate line leaves a shorter valid-looking file whose gate count is wrong;
        // every cut before the last character is refused.
        Malformed.assertPrefixesRefused(FASHION, ascii(VALID_FASHION), VALID_FASHION.length() - 1, NAME, Where.LINE);
        Malformed.assertPrefixesRefused(OLD, ascii(VALID_OLD), VALID_OLD.length() - 1, NAME, Where.LINE);
    }

    @Test
    void binaryGarbageIsRefused() {
        for (Malformed.Reader reader : new Malformed.Reader[] {FASHION, OLD, LOADER}) {
            Malformed.assertGarbageRefused(reader, 5, 200, null, NAME, Where.LINE);
        }
    }
}
