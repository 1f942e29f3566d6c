package io.yaostream.core.format;

import io.yaostream.core.circuit.GateOp;
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
import java.util.Random;
import java.util.stream.Stream;

import static io.yaostream.core.testing.Malformed.ascii;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Malformed slot-ID binary files: each is refused with a one-line "file: byte N: problem" message. */
class MalformedSlotBinaryTest {
    private static final String NAME = "bad.ysid";
    private static final Malformed.Reader READ = data -> SlotBinaryFormat.read(data, NAME);

    /** {@link TestCircuits#small()}, spelled out from the format's specification. */
    static BinaryLayout valid() {
        return new BinaryLayout()
                .raw("magic", ascii("YSID")).u16("version", 1).u16("reserved", 0)
                .i32("slots", 3).i32("gates", 3).i32("and", 1).i32("xor", 1).i32("inv", 1).i32("const", 0)
                .i32("source gates", 3).i32("source and", 1).i32("source xor", 1).i32("source inv", 1).i32("source const", 0)
                .i32("input groups", 2)
                .u8("party a", 0).u8("name length a", 1).raw("name a", ascii("a")).i32("width a", 1).i32("slot a", 0)
                .u8("party b", 1).u8("name length b", 1).raw("name b", ascii("b")).i32("width b", 1).i32("slot b", 1)
                .i32("output groups", 1)
                .u8("receiver z", 2).u8("name length z", 1).raw("name z", ascii("z")).i32("width z", 2)
                .i32("slot z0", 1).i32("slot z1", 2)
                .i32("AND batches", 1).i32("batch start", 0).i32("batch length", 1)
                .u8("op 0", GateOp.AND).i32("in0 0", 0).i32("in1 0", 1).i32("out 0", 2)
                .u8("op 1", GateOp.XOR).i32("in0 1", 2).i32("in1 1", 1).i32("out 1", 0)
                .u8("op 2", GateOp.INV).i32("in0 2", 0).i32("in1 2", -1).i32("out 2", 1)
                .i32("crc", 0);
    }

    private static byte[] file(BinaryLayout layout) {
        return BinaryLayout.fixSlotCrc(layout.bytes());
    }

    @Test
    void theSpelledOutFileIsWhatTheWriterWrites() {
        assertArrayEquals(TestCircuits.write(TestCircuits.small(), Format.SLOT_BINARY), file(valid()));
        assertEquals(TestCircuits.small(), SlotBinaryFormat.read(file(valid()), NAME));
    }

    static Stream<Arguments> brokenFields() {
        return Stream.of(
                Arguments.of("version", 2, "version 2"),
                Arguments.of("slots", Integer.MAX_VALUE, "slots 2147483647"),
                Arguments.of("slots", -1, "slots -1"),
                Arguments.of("gates", 4, "4 gates"),
                Arguments.of("gates", 2, "2 gates"),
                Arguments.of("and", 2, "counts"),
                Arguments.of("const", 1, "counts"),
                Arguments.of("input groups", Integer.MAX_VALUE, "input groups count 2147483647"),
                Arguments.of("output groups", -1, "output groups count -1"),
                Arguments.of("party a", 2, "unknown party 2"),
                Arguments.of("receiver z", 3, "unknown receiver 3"),
                Arguments.of("width a", Integer.MAX_VALUE, "group width count 2147483647"),
                Arguments.of("width z", -7, "group width count -7"),
                Arguments.of("slot a", 3, "out of range"),
                Arguments.of("slot b", 0, "assigned twice"),
                Arguments.of("slot z1", 5, "out of range"),
                Arguments.of("AND batches", Integer.MAX_VALUE, "AND batches count 2147483647"),
                Arguments.of("batch start", 1, "not an AND gate"),
                Arguments.of("batch length", 0, "empty"),
                Arguments.of("batch length", 2, "not an AND gate"),
                Arguments.of("op 0", 19, "unknown gate op 19"),
                Arguments.of("op 0", 255, "unknown gate op 255"),
                Arguments.of("op 0", GateOp.INV, "does not read"),
                Arguments.of("in0 0", 2, "before it is set"),
                Arguments.of("in1 1", 7, "out of range"),
                Arguments.of("out 0", 3, "out of range"),
                Arguments.of("out 1", -1, "out of range"),
                Arguments.of("in0 2", -5, "out of range"));
    }

    @ParameterizedTest(name = "{0} = {1}")
    @MethodSource("brokenFields")
    void brokenFieldIsNamed(String field, long value, String words) {
        byte[] data = file(valid().with(field, value));
        long at = Malformed.assertRejected(READ, data, NAME, Where.BYTE, words);
        assertTrue(at >= valid().offset(field) && at <= data.length, "byte " + at + " is not at or after field " + field);
    }

    @Test
    void everyInt32FieldWithHugeOrNegativeValues() {
        for (String field : valid().int32Fields()) {
            if (field.equals("crc")) {
                continue;
            }
            for (int value : new int[] {Integer.MAX_VALUE, Integer.MIN_VALUE, -1, 99_999_999}) {
                byte[] before = file(valid());
                byte[] data = file(valid().with(field, value));
                if (Arrays.equals(before, data)) {
                    continue; // the field already has this value
                }
                if (field.startsWith("source") && value > 0) {
                    continue; // counts of a source file we do not have: any size is possible (see sourceAndBelowTheCircuits)
                }
                Malformed.assertRejected(READ, data, NAME, Where.BYTE);
                // Without a matching checksum the damage is found first.
                byte[] stale = valid().with(field, value).bytes();
                System.arraycopy(before, before.length - 4, stale, stale.length - 4, 4);
                Malformed.assertRejected(READ, stale, NAME, Where.BYTE, "CRC");
            }
        }
    }

    @Test
    void sourceAndBelowTheCircuitsIsRefused() {
        Malformed.assertRejected(READ, file(valid().with("source and", 0)), NAME, Where.BYTE, "source AND count 0 is below the circuit's 1");
        // Above it is fine: the source had gates the compiler removed.
        assertEquals(500, SlotBinaryFormat.read(file(valid().with("source and", 500)), NAME).sourceCounts().and());
    }

    @Test
    void missingBatchesAreComputedButWrongOnesRefused() {
        // No batch records: the reader takes the default batches, which here are the file's own.
        byte[] noBatches = file(valid().with("AND batches", 0).withRaw("batch start", new byte[0]).withRaw("batch length", new byte[0]));
        assertEquals(TestCircuits.small(), SlotBinaryFormat.read(noBatches, NAME));
        // A second batch (2+1) on the INV gate.
        byte[] second = file(valid().with("AND batches", 2)
                .withRaw("batch length", new byte[] {0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 1}));
        Malformed.assertRejected(READ, second, NAME, Where.BYTE, "AND batch 1", "not an AND gate");
    }

    @Test
    void badNamesAreRefusedOnOneLine() {
        for (String name : new String[] {"", "a\nb", "a\rb", "x y", "\u0000", "caf\u00e9", "a".repeat(65)}) {
            byte[] n = name.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
            byte[] data = file(valid().with("name length a", n.length).withRaw("name a", n));
            Malformed.assertRejected(READ, data, NAME, Where.BYTE, "group name");
        }
    }

    @Test
    void damagedPreambleChecksumAndLength() {
        byte[] ok = file(valid());
        Malformed.assertRejectedAt(READ, new byte[0], NAME, Where.BYTE, 0, "magic");
        Malformed.assertRejectedAt(READ, file(valid().withRaw("magic", ascii("YSIX"))), NAME, Where.BYTE, 0, "magic");
        Malformed.assertRejected(READ, ascii("YSID"), NAME, Where.BYTE, "truncated");
        byte[] flipped = ok.clone();
        flipped[20] ^= 4;
        Malformed.assertRejected(READ, flipped, NAME, Where.BYTE, "CRC");
        // Bytes after the last gate record.
        byte[] longer = new byte[ok.length + 3];
        System.arraycopy(ok, 0, longer, 0, ok.length - 4);
        Malformed.assertRejected(READ, BinaryLayout.fixSlotCrc(longer), NAME, Where.BYTE, "gate records");
    }

    @Test
    void everyTruncationIsRefused() {
        byte[] ok = file(valid());
        for (int n = 0; n < ok.length; n++) {
            byte[] cut = Arrays.copyOf(ok, n);
            Malformed.assertRejected(READ, cut, NAME, Where.BYTE);
            // Also with the checksum recomputed, so the body parser meets the short record.
            Malformed.assertRejected(READ, BinaryLayout.fixSlotCrc(cut), NAME, Where.BYTE);
        }
    }

    @Test
    void binaryGarbageIsRefused() {
        Random rnd = new Random(1);
        for (int i = 0; i < 200; i++) {
            byte[] junk = new byte[rnd.nextInt(300)];
            rnd.nextBytes(junk);
            Malformed.assertRejected(READ, junk, NAME, Where.BYTE);
            if (junk.length >= 8) {
                System.arraycopy(ascii("YSID"), 0, junk, 0, 4);
                junk[4] = 0;
                junk[5] = 1;
                Malformed.assertRejected(READ, BinaryLayout.fixSlotCrc(junk), NAME, Where.BYTE);
            }
        }
    }
}
