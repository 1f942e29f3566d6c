package io.yaostream.core.format;

import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.testing.BinaryLayout;
import io.yaostream.core.testing.Malformed;
import io.yaostream.core.testing.Malformed.Where;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.Arrays;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Malformed ME-SFE binary files (.bmec): each is refused with a one-line "file: byte N: problem" message. */
class MalformedMesfeBinaryTest {
    private static final String NAME = "bad.bmec";
    private static final Malformed.Reader READ = data -> MesfeFormat.readBinary(data, NAME);

    /** {@link TestCircuits#small()} as .bmec, spelled out from the format's description. */
    static BinaryLayout valid() {
        return new BinaryLayout()
                .i32("creator length", 1).i32("creator 0", 0)
                .i32("evaluator length", 1).i32("evaluator 0", 1)
                .i32("out creator length", 2).i32("out creator 0", 1).i32("out creator 1", 2)
                .i32("out evaluator length", 2).i32("out evaluator 0", 1).i32("out evaluator 1", 2)
                .i32("registers", 3).i32("gates", 3)
                .i32("out 0", 2).i32("left 0", 0).i32("right 0", 1).i32("tt 0", 1)
                .i32("out 1", 0).i32("left 1", 2).i32("right 1", 1).i32("tt 1", 6)
                .i32("out 2", 1).i32("left 2", 0).i32("right 2", 0).i32("tt 2", 12);
    }

    @Test
    void theSpelledOutFileIsWhatTheWriterWrites() {
        assertArrayEquals(TestCircuits.write(TestCircuits.small(), Format.MESFE_BINARY), valid().bytes());
        TestCircuits.assertMesfeEquivalent(TestCircuits.small(), MesfeFormat.readBinary(valid().bytes(), NAME), 1, 1);
    }

    static Stream<Arguments> brokenFields() {
        return Stream.of(
                Arguments.of("creator length", Integer.MAX_VALUE, "inputsCreator length 2147483647"),
                Arguments.of("evaluator length", -1, "inputsEvaluator length -1"),
                Arguments.of("out evaluator length", 3, "numberOfGates"),
                Arguments.of("creator 0", 3, "slot 3 is out of range 0..2"),
                Arguments.of("evaluator 0", 0, "assigned twice"),
                Arguments.of("out creator 1", -4, "slot -4 is out of range"),
                Arguments.of("registers", Integer.MAX_VALUE, "numberOfRegisters 2147483647"),
                Arguments.of("registers", -1, "numberOfRegisters -1"),
                Arguments.of("registers", 2, "out of range"),
                Arguments.of("gates", 4, "numberOfGates 4"),
                Arguments.of("gates", -1, "numberOfGates -1"),
                Arguments.of("tt 0", 16, "truth table 16"),
                Arguments.of("tt 2", -1, "truth table -1"),
                Arguments.of("left 0", 2, "reads slot 2 before it is set"),
                Arguments.of("out 0", 3, "out of range"),
                Arguments.of("right 1", Integer.MAX_VALUE, "slot 2147483647 is out of range"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenFields")
    void brokenFieldIsNamed(String field, long value, String words) {
        byte[] data = valid().with(field, value).bytes();
        long at = Malformed.assertRejected(READ, data, NAME, Where.BYTE, words);
        assertTrue(at >= valid().offset(field) && at <= data.length, "byte " + at + " is not at or after field " + field);
    }

    @Test
    void outputRegisterNeverSet() {
        byte[] data = valid().with("registers", 4).with("out evaluator 1", 3).bytes();
        Malformed.assertRejected(READ, data, NAME, Where.BYTE, "no input or gate sets");
    }

    @Test
    void everyInt32FieldWithHugeOrNegativeValues() {
        for (String field : valid().int32Fields()) {
            for (int value : new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 99_999_999}) {
                Malformed.assertRejected(READ, valid().with(field, value).bytes(), NAME, Where.BYTE, Integer.toString(value));
            }
        }
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] ok = valid().bytes();
        Malformed.assertRejectedAt(READ, new byte[0], NAME, Where.BYTE, 0, "ends early");
        Malformed.assertPrefixesRefused(READ, ok, ok.length, NAME, Where.BYTE);
        Malformed.assertRejected(READ, Arrays.copyOf(ok, ok.length + 1), NAME, Where.BYTE, "numberOfGates");
    }

    @Test
    void binaryGarbageIsRefused() {
        Malformed.assertGarbageRefused(READ, 4, 300, null, NAME, Where.BYTE);
    }
}
