package io.yaostream.core.format;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.CRC32C;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Slot-ID files read as they are walked: the budget decides, the checksum and every record are checked. */
class StreamedSlotFileTest {
    @TempDir
    Path dir;

    private Path write(CompiledCircuit c) throws IOException {
        Path file = Files.createTempFile(dir, "c", ".ysid");
        Files.write(file, TestCircuits.write(c, CircuitFiles.Format.SLOT_BINARY));
        return file;
    }

    private static BitString[] zeros(CompiledCircuit c) {
        BitString[] in = new BitString[c.inputs().size()];
        for (int i = 0; i < in.length; i++) {
            in[i] = BitString.fromBits(new boolean[c.inputs().get(i).width()]);
        }
        return in;
    }

    @Test
    void crcOfAConcatenationComesFromItsParts() {
        Random rnd = new Random(1);
        for (int i = 0; i < 200; i++) {
            byte[] a = new byte[rnd.nextInt(100)];
            byte[] b = new byte[rnd.nextInt(i < 100 ? 100 : 100_000)];
            rnd.nextBytes(a);
            rnd.nextBytes(b);
            CRC32C ca = new CRC32C();
            ca.update(a);
            CRC32C cb = new CRC32C();
            cb.update(b);
            CRC32C all = new CRC32C();
            all.update(a);
            all.update(b);
            assertEquals((int) all.getValue(), Crc32c.combine((int) ca.getValue(), (int) cb.getValue(), Crc32c.zeros(b.length)));
        }
    }

    @Test
    void theBudgetDecidesBetweenMemoryAndFile() throws IOException {
        CompiledCircuit c = TestCircuits.random(new Random(3), 500);
        Path file = write(c);
        CompiledCircuit inMemory = SlotBinaryFormat.open(file, 1 << 20);
        assertFalse(inMemory.isStreamed());
        assertEquals(c, inMemory);
        CompiledCircuit streamed = SlotBinaryFormat.open(file, 100);
        assertTrue(streamed.isStreamed());
        assertEquals(c.counts(), streamed.counts());
        assertEquals(c.inputs(), streamed.inputs());
        assertArrayEquals(c.digest(), streamed.digest());
        assertThrows(IllegalStateException.class, streamed::gateRecordsView);
    }

    @Test
    void aDamagedGateRecordIsFoundAtTheEndOfThePassOrWhereItIsRead() throws IOException {
        Random rnd = new Random(5);
        PlainEvaluator plain = new PlainEvaluator();
        int crcFailures = 0;
        for (int i = 0; i < 300; i++) {
            CompiledCircuit c = TestCircuits.random(rnd, 50 + rnd.nextInt(200));
            Path file = write(c);
            byte[] data = Files.readAllBytes(file);
            CompiledCircuit s = SlotBinaryFormat.open(file, 16 * 5);
            int gatesStart = data.length - 4 - 13 * c.gateCount();
            int at = gatesStart + rnd.nextInt(data.length - gatesStart); // a gate record or the stored CRC
            data[at] ^= (byte) (1 << rnd.nextInt(8));
            Files.write(file, data);
            CircuitFormatException e = assertThrows(CircuitFormatException.class, () -> plain.evaluate(s, zeros(c)));
            assertTrue(e.getMessage().startsWith(file.toString() + ": "), e.getMessage());
            assertFalse(e.getMessage().contains("\n"));
            if (e.getMessage().contains("CRC-32C mismatch")) {
                crcFailures++;
            }
            // the in-memory reader refuses it too
            assertThrows(CircuitFormatException.class, () -> SlotBinaryFormat.read(data, "x"));
        }
        assertTrue(crcFailures > 10, crcFailures + " damaged files found by their checksum");
    }

    @Test
    void invalidRecordsAreRefusedByTheSameChecksAsInMemory() throws IOException {
        // A gate that reads a slot before it is set, with a valid checksum: refused mid-pass, naming the gate.
        CompiledCircuit c = TestCircuits.random(new Random(9), 100);
        byte[] data = TestCircuits.write(c, CircuitFiles.Format.SLOT_BINARY);
        int gatesStart = data.length - 4 - 13 * c.gateCount();
        ByteBuffer buf = ByteBuffer.wrap(data);
        int g = 60;
        buf.put(gatesStart + 13 * g, (byte) 1); // AND
        buf.putInt(gatesStart + 13 * g + 1, c.slots() + 3); // out of range
        CRC32C crc = new CRC32C();
        crc.update(data, 8, data.length - 12);
        buf.putInt(data.length - 4, (int) crc.getValue());
        Path file = dir.resolve("bad.ysid");
        Files.write(file, data);
        String inMemory = assertThrows(CircuitFormatException.class, () -> SlotBinaryFormat.read(data, "x")).getMessage();
        CompiledCircuit s = SlotBinaryFormat.open(file, 16);
        String streamed = assertThrows(CircuitFormatException.class,
                () -> new PlainEvaluator().evaluate(s, zeros(c))).getMessage();
        assertTrue(streamed.startsWith(file + ": gate " + g + ": "), streamed);
        String why = "input slot " + (c.slots() + 3) + " is out of range";
        assertTrue(inMemory.contains(why) && streamed.contains(why), inMemory + " / " + streamed);
    }

    @Test
    void headerCountsThatLieAreFoundAtTheEndOfThePass() throws IOException {
        CompiledCircuit c = TestCircuits.random(new Random(11), 300);
        byte[] data = TestCircuits.write(c, CircuitFiles.Format.SLOT_BINARY);
        ByteBuffer buf = ByteBuffer.wrap(data);
        // gates, and, xor, inv, const at byte 12: move one XOR to INV (totals still add up)
        int xor = buf.getInt(20);
        int inv = buf.getInt(24);
        if (xor == 0) {
            return;
        }
        buf.putInt(20, xor - 1);
        buf.putInt(24, inv + 1);
        CRC32C crc = new CRC32C();
        crc.update(data, 8, data.length - 12);
        buf.putInt(data.length - 4, (int) crc.getValue());
        Path file = dir.resolve("lies.ysid");
        Files.write(file, data);
        CompiledCircuit s = SlotBinaryFormat.open(file, 16);
        String m = assertThrows(CircuitFormatException.class, () -> new PlainEvaluator().evaluate(s, zeros(c))).getMessage();
        assertTrue(m.contains("header gate counts"), m);
    }
}
