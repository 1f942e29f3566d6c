package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Every compiled format written and read back: slot-ID binary and text give an equal circuit (same slots,
 * gates, groups, names and AND batches) and byte-identical rewrites; ME-SFE text and binary, which keep
 * neither names nor batches nor groups, give a circuit that computes the same.
 */
class RoundTripTest {
    private static final int SEEDS = 150;

    @Test
    void slotBinaryAndTextGiveAnEqualCircuit() {
        for (int seed = 0; seed < SEEDS; seed++) {
            CompiledCircuit c = randomCircuit(seed);
            byte[] bin = TestCircuits.write(c, Format.SLOT_BINARY);
            byte[] text = TestCircuits.write(c, Format.SLOT_TEXT);
            CompiledCircuit fromBin = SlotBinaryFormat.read(bin, "c.ysid");
            CompiledCircuit fromText = SlotTextFormat.read(text, "c.yst");
            assertEquals(c, fromBin, "binary, seed " + seed);
            assertEquals(c, fromText, "text, seed " + seed);
            assertEquals(c.counts(), fromText.counts());
            assertArrayEquals(bin, TestCircuits.write(fromText, Format.SLOT_BINARY), "text -> binary bytes, seed " + seed);
            assertArrayEquals(text, TestCircuits.write(fromBin, Format.SLOT_TEXT), "binary -> text bytes, seed " + seed);
            assertArrayEquals(bin, TestCircuits.write(c, Format.SLOT_BINARY), "writing is deterministic");
        }
    }

    @Test
    void mesfeTextAndBinaryComputeTheSame() {
        for (int seed = 0; seed < SEEDS; seed++) {
            CompiledCircuit c = randomCircuit(seed);
            byte[] mec = TestCircuits.write(c, Format.MESFE_TEXT);
            byte[] bmec = TestCircuits.write(c, Format.MESFE_BINARY);
            CompiledCircuit fromMec = MesfeFormat.readText(mec, "c.mec");
            CompiledCircuit fromBmec = MesfeFormat.readBinary(bmec, "c.bmec");
            TestCircuits.assertMesfeEquivalent(c, fromMec, seed, 3);
            assertEquals(fromMec, fromBmec, "text and binary ME-SFE read to the same circuit, seed " + seed);
            assertEquals(c.counts(), fromMec.counts(), "INV and constants keep their kind as tables 12, 0 and 15");
            // ME-SFE files of ME-SFE circuits are fixed points.
            assertArrayEquals(mec, TestCircuits.write(fromBmec, Format.MESFE_TEXT));
            assertArrayEquals(bmec, TestCircuits.write(fromMec, Format.MESFE_BINARY));
        }
    }

    @Test
    void largeCircuitsRoundTrip() {
        Random rnd = new Random(7);
        for (int i = 0; i < 3; i++) {
            CompiledCircuit c = TestCircuits.random(rnd, 60_000);
            assertEquals(c, SlotBinaryFormat.read(TestCircuits.write(c, Format.SLOT_BINARY), "big.ysid"));
            assertEquals(c, SlotTextFormat.read(TestCircuits.write(c, Format.SLOT_TEXT), "big.yst"));
            TestCircuits.assertMesfeEquivalent(c, MesfeFormat.readBinary(TestCircuits.write(c, Format.MESFE_BINARY), "big.bmec"), i, 2);
        }
    }

    @Test
    void detectRecognisesEveryWrittenFormat() {
        for (int seed = 0; seed < 20; seed++) {
            CompiledCircuit c = randomCircuit(seed);
            for (Format f : Format.values()) {
                byte[] data = TestCircuits.write(c, f);
                assertEquals(f, CircuitFiles.detect(data, "any-name"), f + ", seed " + seed);
                CompiledCircuit back = CircuitFiles.read(data, "x", f);
                if (f == Format.SLOT_BINARY || f == Format.SLOT_TEXT) {
                    assertEquals(c, back);
                } else {
                    TestCircuits.assertMesfeEquivalent(c, back, seed, 1);
                }
            }
        }
    }

    @Test
    void detectSeesPastLeadingCommentsAndBlankLines() {
        // The text readers accept comments and blank lines before the first header line, so detection must too.
        CompiledCircuit c = TestCircuits.small();
        byte[] slotText = ("\n# written by hand\n\n" + new String(TestCircuits.write(c, Format.SLOT_TEXT), StandardCharsets.US_ASCII))
                .getBytes(StandardCharsets.US_ASCII);
        assertEquals(c, SlotTextFormat.read(slotText, "c.yst"));
        assertEquals(Format.SLOT_TEXT, CircuitFiles.detect(slotText, "c.yst"));
        byte[] mec = ("// written by hand\n\n" + new String(TestCircuits.write(c, Format.MESFE_TEXT), StandardCharsets.US_ASCII))
                .getBytes(StandardCharsets.US_ASCII);
        TestCircuits.assertMesfeEquivalent(c, MesfeFormat.readText(mec, "c.mec"), 1, 1);
        assertEquals(Format.MESFE_TEXT, CircuitFiles.detect(mec, "c.mec"));
    }

    @Test
    void filesWrittenByNameAreReadBack(@TempDir Path dir) throws Exception {
        CompiledCircuit c = randomCircuit(3);
        for (String name : new String[] {"c.ysid", "c.yst", "c.txt", "c.mec", "c.bmec"}) {
            Path p = dir.resolve(name);
            Format f = CircuitFiles.formatForName(name);
            CircuitFiles.write(c, p, f);
            byte[] data = CircuitFiles.readBytes(p);
            assertArrayEquals(TestCircuits.write(c, f), data, name);
            CompiledCircuit back = CircuitFiles.read(data, name, CircuitFiles.detect(data, name));
            if (f == Format.SLOT_BINARY || f == Format.SLOT_TEXT) {
                assertEquals(c, back, name);
            } else {
                TestCircuits.assertMesfeEquivalent(c, back, 3, 2);
            }
        }
    }

    @Test
    void circuitsWithUnusedSlotsRoundTrip() {
        // Valid circuits may declare more slots than they set (S is the engine's array size); readers must
        // accept what the writers write, at least for a modest surplus.
        for (int slots : new int[] {2, 100, 5000, 1 << 16}) {
            CompiledCircuit c = new CompiledCircuit.Builder(slots)
                    .input("a", Party.GARBLER, new int[] {slots - 1})
                    .gate(GateOp.INV, slots - 1, -1, slots / 2)
                    .output("z", Receiver.BOTH, new int[] {slots / 2, slots - 1})
                    .build();
            for (Format f : Format.values()) {
                CompiledCircuit back = CircuitFiles.read(TestCircuits.write(c, f), "c", f);
                if (f == Format.SLOT_BINARY || f == Format.SLOT_TEXT) {
                    assertEquals(c, back, f + ", S=" + slots);
                } else {
                    TestCircuits.assertMesfeEquivalent(c, back, slots, 1);
                }
            }
        }
    }

    @Test
    void anOutputForBothPartiesIsOneGroupInEitherMesfeForm() {
        CompiledCircuit c = TestCircuits.small(); // one output group, for both parties
        for (Format f : new Format[] {Format.MESFE_TEXT, Format.MESFE_BINARY}) {
            CompiledCircuit back = CircuitFiles.read(TestCircuits.write(c, f), "c", f);
            assertEquals(1, back.outputs().size(), f + ": " + back.outputs());
            assertEquals(Receiver.BOTH, back.outputs().get(0).owner(), f.toString());
            assertArrayEquals(new int[] {1, 2}, slotsOf(back.outputs().get(0)), f.toString());
        }
        // Outputs for one party each stay two groups, even of equal width.
        CompiledCircuit split = new CompiledCircuit.Builder(3)
                .input("a", Party.GARBLER, new int[] {0}).input("b", Party.EVALUATOR, new int[] {1})
                .gate(GateOp.AND, 0, 1, 2)
                .output("g", Receiver.GARBLER, new int[] {2}).output("e", Receiver.EVALUATOR, new int[] {0})
                .build();
        CompiledCircuit back = MesfeFormat.readText(TestCircuits.write(split, Format.MESFE_TEXT), "s.mec");
        assertEquals(List.of(Receiver.GARBLER, Receiver.EVALUATOR), back.outputs().stream().map(g -> g.owner()).toList());
    }

    @Test
    void theMecTextKeepsTheSourceCountsAndTheBinaryFormCannot() {
        CompiledCircuit c = new CompiledCircuit.Builder(3)
                .input("creator", Party.GARBLER, new int[] {0}).input("evaluator", Party.EVALUATOR, new int[] {1})
                .gate(GateOp.AND, 0, 1, 2)
                .output("output", Receiver.BOTH, new int[] {2})
                .sourceCounts(new io.yaostream.core.circuit.GateCounts(7, 3, 2, 1, 1))
                .build();
        byte[] mec = TestCircuits.write(c, Format.MESFE_TEXT);
        assertTrue(new String(mec, StandardCharsets.US_ASCII).startsWith("// yaostream source: gates=7 and=3 xor=2 inv=1 const=1\n"));
        CompiledCircuit fromMec = MesfeFormat.readText(mec, "c.mec");
        assertEquals(c.sourceCounts(), fromMec.sourceCounts());
        assertEquals(c, fromMec, "slots, gates, groups (one output for both) and counts: only names differ, and here none does");
        CompiledCircuit fromBmec = MesfeFormat.readBinary(TestCircuits.write(c, Format.MESFE_BINARY), "c.bmec");
        assertEquals(fromBmec.counts(), fromBmec.sourceCounts(), "no room in .bmec: the gates' own counts");
        // A malformed counts comment is an error on its line, not a silent default.
        byte[] bad = ("// note\n// yaostream source: gates=x\n" + new String(mec, StandardCharsets.US_ASCII).lines().skip(1)
                .collect(java.util.stream.Collectors.joining("\n"))).getBytes(StandardCharsets.US_ASCII);
        CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> MesfeFormat.readText(bad, "bad.mec"));
        assertTrue(e.getMessage().startsWith("bad.mec:2: "), e.getMessage());
    }

    @Test
    void writtenFilesHaveTheModeOfAnyNewFile(@TempDir Path dir) throws Exception {
        assumeTrue(dir.getFileSystem().supportedFileAttributeViews().contains("posix"));
        Path fresh = java.nio.file.Files.createFile(dir.resolve("fresh"));
        java.util.Set<java.nio.file.attribute.PosixFilePermission> expected = java.nio.file.Files.getPosixFilePermissions(fresh);
        for (Format f : Format.values()) {
            Path p = dir.resolve("c-" + f);
            CircuitFiles.write(TestCircuits.small(), p, f);
            assertEquals(expected, java.nio.file.Files.getPosixFilePermissions(p), f + ": the umask's mode, not a temporary file's 0600");
        }
        try (var files = java.nio.file.Files.list(dir)) {
            assertEquals(Format.values().length + 1, files.count(), "no temporary file left behind");
        }
    }

    private static int[] slotsOf(io.yaostream.core.circuit.WireGroup<?> g) {
        int[] s = new int[g.width()];
        for (int i = 0; i < s.length; i++) {
            s[i] = g.slot(i);
        }
        return s;
    }

    private static CompiledCircuit randomCircuit(int seed) {
        Random rnd = new Random(seed);
        return TestCircuits.random(rnd, seed % 10 == 0 ? 0 : rnd.nextInt(2000));
    }
}
