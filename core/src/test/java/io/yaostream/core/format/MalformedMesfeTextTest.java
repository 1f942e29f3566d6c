package io.yaostream.core.format;

import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.testing.Malformed;
import io.yaostream.core.testing.Malformed.Where;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import static io.yaostream.core.testing.Malformed.ascii;
import static io.yaostream.core.testing.Malformed.deleteLine;
import static io.yaostream.core.testing.Malformed.replaceLine;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Malformed ME-SFE text files (.mec): each is refused with a one-line "file:LINE: problem" message. */
class MalformedMesfeTextTest {
    private static final String NAME = "bad.mec";
    private static final Malformed.Reader READ = data -> MesfeFormat.readText(data, NAME);
    /** {@link TestCircuits#small()} as ME-SFE text; line numbers below refer to this. */
    static final String VALID = """
            inputsCreator: 0
            inputsEvaluator: 1
            outputsCreator: 1,2
            outputsEvaluator: 1,2
            numberOfRegisters: 3
            numberOfGates: 3
            2;0,1;1
            0;2,1;6
            1;0,0;12
            """;
    private static final int END = 10;
    /** Register lists are checked against S once numberOfGates has been read. */
    private static final int LISTS_CHECKED = 6;

    @Test
    void theValidFileIsWhatTheWriterWrites() {
        assertEquals(VALID, new String(TestCircuits.write(TestCircuits.small(), Format.MESFE_TEXT), StandardCharsets.US_ASCII));
        TestCircuits.assertMesfeEquivalent(TestCircuits.small(), MesfeFormat.readText(ascii(VALID), NAME), 1, 1);
        TestCircuits.assertMesfeEquivalent(TestCircuits.small(),
                MesfeFormat.readText(ascii("// c\n" + VALID.replace("\n", " // c\r\n//\n")), NAME), 1, 1);
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("empty file", "", 1, "expected 'inputsCreator:'"),
                Arguments.of("only comments", "//\n// x\n", 3, "expected 'inputsCreator:'"),
                Arguments.of("labels out of order", replaceLine(replaceLine(VALID, 1, "inputsEvaluator: 1"), 2, "inputsCreator: 0"), 1,
                        "expected 'inputsCreator:', got 'inputsEvaluator: 1'"),
                Arguments.of("label without colon", replaceLine(VALID, 1, "inputsCreator 0"), 1, "inputsCreator"),
                Arguments.of("missing header line", deleteLine(VALID, 4), 4, "expected 'outputsEvaluator:'"),
                Arguments.of("non-numeric register", replaceLine(VALID, 1, "inputsCreator: x"), 1, "inputsCreator register"),
                Arguments.of("negative register", replaceLine(VALID, 2, "inputsEvaluator: -1"), 2, "'-1'"),
                Arguments.of("empty list entry", replaceLine(VALID, 3, "outputsCreator: 1,,2"), 3, "outputsCreator register"),
                Arguments.of("input register out of range", replaceLine(VALID, 1, "inputsCreator: 3"), LISTS_CHECKED, "slot 3 is out of range 0..2"),
                Arguments.of("input register set twice", replaceLine(VALID, 2, "inputsEvaluator: 0"), LISTS_CHECKED, "assigned twice"),
                Arguments.of("output register out of range", replaceLine(VALID, 4, "outputsEvaluator: 1,5"), LISTS_CHECKED, "out of range"),
                Arguments.of("registers not a number", replaceLine(VALID, 5, "numberOfRegisters: many"), 5, "numberOfRegisters"),
                Arguments.of("huge registers", replaceLine(VALID, 5, "numberOfRegisters: 99999999999"), 5, "99999999999"),
                Arguments.of("fewer gate lines than numberOfGates", replaceLine(VALID, 6, "numberOfGates: 4"), END, "only 3 gate lines"),
                Arguments.of("more gate lines than numberOfGates", replaceLine(VALID, 6, "numberOfGates: 2"), 9, "more gate lines"),
                Arguments.of("huge numberOfGates", replaceLine(VALID, 6, "numberOfGates: 2147483647"), 6, "2147483647"),
                Arguments.of("wire used before it is set", replaceLine(VALID, 7, "2;0,2;1"), 7, "reads slot 2 before it is set"),
                Arguments.of("output register out of range", replaceLine(VALID, 7, "3;0,1;1"), 7, "out of range"),
                Arguments.of("table 16", replaceLine(VALID, 7, "2;0,1;16"), 7, "unknown gate op '16'"),
                Arguments.of("op name", replaceLine(VALID, 7, "2;0,1;AND"), 7, "unknown gate op 'AND'"),
                Arguments.of("INV is not ME-SFE", replaceLine(VALID, 9, "1;0;INV"), 9, "4-bit truth table"),
                Arguments.of("one input", replaceLine(VALID, 7, "2;0;1"), 7, "takes 2 inputs, got 1"),
                Arguments.of("huge register in a gate", replaceLine(VALID, 8, "0;2,4294967296;6"), 8, "4294967296"),
                Arguments.of("gate without table", replaceLine(VALID, 8, "0;2,1"), 8, "expected a gate"),
                Arguments.of("output register never set", replaceLine(replaceLine(VALID, 5, "numberOfRegisters: 4"), 4, "outputsEvaluator: 3"),
                        END, "no input or gate sets"),
                Arguments.of("truncated in a gate", VALID.substring(0, VALID.indexOf("0;2,1;6") + 4), 8, "expected a gate"),
                Arguments.of("truncated after a gate", VALID.substring(0, VALID.indexOf("1;0,0;12")), END - 1, "only 2 gate lines"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedWithLineAndProblem(String what, String text, int line, String words) {
        Malformed.assertRejectedAt(READ, ascii(text), NAME, Where.LINE, line, words);
    }

    @Test
    void hugeAndNegativeNumbersInEveryHeaderField() {
        Malformed.assertNumbersRefused(READ, VALID, 1, 6, NAME, Where.LINE, true, Malformed.HUGE_NUMBERS);
    }

    @Test
    void everyTruncationIsRefused() {
        // Cutting "12\n" to "1" leaves a valid file (table 1), so stop before the last two characters.
        Malformed.assertPrefixesRefused(READ, ascii(VALID), VALID.length() - 2, NAME, Where.LINE);
    }

    @Test
    void binaryGarbageIsRefused() {
        Malformed.assertGarbageRefused(READ, 3, 200, ascii(VALID.substring(0, VALID.indexOf("2;0,1;1"))), NAME, Where.LINE);
    }
}
