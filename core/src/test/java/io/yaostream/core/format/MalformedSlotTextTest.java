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
import static io.yaostream.core.testing.Malformed.insertLine;
import static io.yaostream.core.testing.Malformed.replaceLine;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Malformed slot-ID text files: each is refused with a one-line "file:LINE: problem" message. */
class MalformedSlotTextTest {
    private static final String NAME = "bad.yst";
    private static final Malformed.Reader READ = data -> SlotTextFormat.read(data, NAME);
    /** {@link TestCircuits#small()} as text; line numbers below refer to this. */
    static final String VALID = """
            yaostream-slots 1
            slots: 3
            input garbler a: 0
            input evaluator b: 1
            output both z: 1,2
            counts: gates=3 and=1 xor=1 inv=1 const=0
            andBatches: 0+1
            gates:
            2;0,1;1
            0;2,1;6
            1;0;INV
            """;
    /** Line number of "the end of the file" for problems found after the last line. */
    private static final int END = 12;

    @Test
    void theValidFileIsWhatTheWriterWritesAndVariantsAreAccepted() {
        assertEquals(VALID, new String(TestCircuits.write(TestCircuits.small(), Format.SLOT_TEXT), StandardCharsets.US_ASCII));
        assertEquals(TestCircuits.small(), read(VALID));
        assertEquals(TestCircuits.small(), read(VALID.replace("\n", "\r\n")));
        assertEquals(TestCircuits.small(), read("# comment\n\n" + VALID.replace("\n", "   # note\n\n")));
        assertEquals(TestCircuits.small(), read(deleteLine(VALID, 6)), "counts are optional");
        assertEquals(TestCircuits.small(), read(replaceLine(VALID, 7, "andBatches:")), "an empty batch list means the default batches");
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                Arguments.of("empty file", "", 1, "expected the first line"),
                Arguments.of("only blank lines", "\n\n  \n", 4, "expected the first line"),
                Arguments.of("other version", replaceLine(VALID, 1, "yaostream-slots 2"), 1, "yaostream-slots 1"),
                Arguments.of("no slots line", deleteLine(VALID, 2), 2, "expected 'slots:'"),
                Arguments.of("slots not a number", replaceLine(VALID, 2, "slots: three"), 2, "slots: expected a number"),
                Arguments.of("negative slots", replaceLine(VALID, 2, "slots: -3"), 2, "'-3'"),
                Arguments.of("huge slots", replaceLine(VALID, 2, "slots: 99999999999"), 2, "99999999999"),
                Arguments.of("unknown header line", insertLine(VALID, 5, "colour: red"), 5, "unknown header line 'colour'"),
                Arguments.of("header without colon", insertLine(VALID, 5, "colour red"), 5, "key: value"),
                Arguments.of("unknown party", replaceLine(VALID, 3, "input nobody a: 0"), 3, "unknown party 'nobody'"),
                Arguments.of("input without name", replaceLine(VALID, 3, "input garbler: 0"), 3, "input PARTY NAME"),
                Arguments.of("input slot out of range", replaceLine(VALID, 3, "input garbler a: 3"), 3, "out of range"),
                Arguments.of("input slot set twice", replaceLine(VALID, 4, "input evaluator b: 0"), 4, "assigned twice"),
                Arguments.of("input after gates line", insertLine(VALID, 9, "input garbler c: 2"), 9, "expected a gate"),
                Arguments.of("output slot past S", replaceLine(VALID, 5, "output both z: 1,9"), 5, "'9'"),
                Arguments.of("unknown receiver", replaceLine(VALID, 5, "output everyone z: 1,2"), 5, "unknown receiver 'everyone'"),
                Arguments.of("bad group name", replaceLine(VALID, 5, "output both z!: 1,2"), 5, "group name"),
                Arguments.of("counts disagree", replaceLine(VALID, 6, "counts: gates=3 and=2 xor=1 inv=1 const=0"), END, "do not match"),
                Arguments.of("counts incomplete", replaceLine(VALID, 6, "counts: gates=3 and=1"), 6, "counts"),
                Arguments.of("no andBatches line", deleteLine(VALID, 7), END - 1, "andBatches"),
                Arguments.of("batch not START+LENGTH", replaceLine(VALID, 7, "andBatches: 0-1"), 7, "START+LENGTH"),
                Arguments.of("batch on an XOR gate", replaceLine(VALID, 7, "andBatches: 1+1"), END, "not an AND gate"),
                Arguments.of("batches miss an AND gate", replaceLine(replaceLine(VALID, 7, "andBatches: 0+1"), 11, "1;0,2;1"), END,
                        "cover 1 gates but the circuit has 2"),
                Arguments.of("batch past the end", replaceLine(VALID, 7, "andBatches: 0+2147483647"), END, "runs past"),
                Arguments.of("no gates line", deleteLine(VALID, 8), 8, "expected a header line 'key: value', got '2;0,1;1'"),
                Arguments.of("nothing after the header", VALID.substring(0, VALID.indexOf("gates:")), 8, "expected 'gates:'"),
                Arguments.of("wire used before it is set", replaceLine(VALID, 9, "2;0,2;1"), 9, "reads slot 2 before it is set"),
                Arguments.of("output slot out of range", replaceLine(VALID, 9, "3;0,1;1"), 9, "out of range"),
                Arguments.of("unknown op", replaceLine(VALID, 9, "2;0,1;AND"), 9, "unknown gate op 'AND'"),
                Arguments.of("op number 16", replaceLine(VALID, 9, "2;0,1;16"), 9, "unknown gate op '16'"),
                Arguments.of("INV with two inputs", replaceLine(VALID, 11, "1;0,1;INV"), 11, "takes 1 inputs, got 2"),
                Arguments.of("ZERO with an input", replaceLine(VALID, 11, "1;0;ZERO"), 11, "takes 0 inputs, got 1"),
                Arguments.of("AND with one input", replaceLine(VALID, 9, "2;0;1"), 9, "takes 2 inputs, got 1"),
                Arguments.of("non-numeric slot", replaceLine(VALID, 9, "2;a,1;1"), 9, "gate input slot"),
                Arguments.of("negative slot", replaceLine(VALID, 9, "2;-1,1;1"), 9, "'-1'"),
                Arguments.of("huge slot", replaceLine(VALID, 9, "2;2147483647,1;1"), 9, "2147483647"),
                Arguments.of("gate without table", replaceLine(VALID, 9, "2;0,1"), 9, "expected a gate"),
                Arguments.of("gate with extra field", replaceLine(VALID, 9, "2;0,1;1;1"), 9, "expected a gate"),
                Arguments.of("output slot never set", replaceLine(replaceLine(VALID, 2, "slots: 4"), 5, "output both z: 3"), END,
                        "no input or gate sets"),
                Arguments.of("truncated in a gate", VALID.substring(0, VALID.indexOf("0;2,1;6") + 4), 10, "expected a gate"),
                Arguments.of("truncated after a gate", VALID.substring(0, VALID.indexOf("1;0;INV")), END - 1, "do not match"),
                Arguments.of("lone CR in a line", replaceLine(VALID, 9, "2;0\r5,1;1"), 9, "'0\\r5'"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refusedWithLineAndProblem(String what, String text, int line, String words) {
        Malformed.assertRejectedAt(READ, ascii(text), NAME, Where.LINE, line, words);
    }

    @Test
    void hugeAndNegativeNumbersInEveryHeaderField() {
        Malformed.assertNumbersRefused(READ, VALID, 1, 7, NAME, Where.LINE, true, Malformed.HUGE_NUMBERS);
    }

    @Test
    void everyTruncationIsRefused() {
        Malformed.assertPrefixesRefused(READ, ascii(VALID), VALID.length() - 1, NAME, Where.LINE);
    }

    @Test
    void binaryGarbageIsRefused() {
        Malformed.assertGarbageRefused(READ, 2, 200, ascii(VALID.substring(0, VALID.indexOf("2;0,1;1"))), NAME, Where.LINE);
    }

    private static io.yaostream.core.circuit.CompiledCircuit read(String text) {
        return SlotTextFormat.read(ascii(text), NAME);
    }
}
