package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The binary slot-ID file. All integers are big-endian.
 *
 * <pre>
 * magic "YSID" (4 bytes), version u16 = 1, reserved u16 = 0
 * body:
 *   int32 slots S
 *   int32 gates, and, xor, inv, const          (gate counts, checked on reading)
 *   int32 gates, and, xor, inv, const          (gate counts of the source it was compiled from)
 *   int32 input groups;  each: u8 party (0 garbler, 1 evaluator), u8 name length, name (ASCII),
 *                               int32 width, width x int32 slot
 *   int32 output groups; each: u8 receiver (0 garbler, 1 evaluator, 2 both), name as above,
 *                               int32 width, width x int32 slot
 *   int32 AND batches;   each: int32 first gate, int32 length
 *   gates x (u8 op, int32 in0, int32 in1, int32 out)   (unused inputs are -1)
 * int32 CRC-32C of the body
 * </pre>
 */
public final class SlotBinaryFormat {
    public static final byte[] MAGIC = {'Y', 'S', 'I', 'D'};
    public static final int VERSION = 1;
    private static final int PREAMBLE = 8;
    private static final int GATE_RECORD_BYTES = 13;
    /**
     * Slots any compiled-circuit file may declare regardless of its size (unused slots are valid). Files
     * bound larger S by their size, so a small file cannot make a reader or engine allocate much; this many
     * costs at most 1 MiB of 16-byte labels.
     */
    private static final int UNBACKED_SLOTS = 1 << 16;

    /**
     * The largest S a compiled-circuit file may declare when every slot beyond {@link #UNBACKED_SLOTS} must be
     * set by something that takes at least one of the file's {@code backingBytes}.
     */
    static int maxSlots(int backingBytes) {
        return Math.max(backingBytes, UNBACKED_SLOTS);
    }

    private SlotBinaryFormat() {
    }

    public static boolean looksLike(byte[] data) {
        return data.length >= MAGIC.length && data[0] == MAGIC[0] && data[1] == MAGIC[1]
                && data[2] == MAGIC[2] && data[3] == MAGIC[3];
    }

    public static void write(CompiledCircuit c, OutputStream out) throws IOException {
        ByteArrayOutputStream bodyBytes = new ByteArrayOutputStream(64 + c.gateCount() * GATE_RECORD_BYTES);
        DataOutputStream body = new DataOutputStream(bodyBytes);
        body.writeInt(c.slots());
        writeCounts(body, c.counts());
        writeCounts(body, c.sourceCounts());
        writeGroups(body, c.inputs());
        writeGroups(body, c.outputs());
        body.writeInt(c.andBatchCount());
        for (int b = 0; b < c.andBatchCount(); b++) {
            body.writeInt(c.andBatchStart(b));
            body.writeInt(c.andBatchLength(b));
        }
        for (int g = 0; g < c.gateCount(); g++) {
            body.writeByte(c.op(g));
            body.writeInt(c.in0(g));
            body.writeInt(c.in1(g));
            body.writeInt(c.out(g));
        }
        body.flush();
        byte[] bytes = bodyBytes.toByteArray();
        CRC32C crc = new CRC32C();
        crc.update(bytes);
        DataOutputStream o = new DataOutputStream(out);
        o.write(MAGIC);
        o.writeShort(VERSION);
        o.writeShort(0);
        o.write(bytes);
        o.writeInt((int) crc.getValue());
        o.flush();
    }

    private static void writeCounts(DataOutputStream body, GateCounts n) throws IOException {
        body.writeInt(n.gates());
        body.writeInt(n.and());
        body.writeInt(n.xor());
        body.writeInt(n.inv());
        body.writeInt(n.constants());
    }

    private static <T extends Enum<T>> void writeGroups(DataOutputStream body, List<WireGroup<T>> groups) throws IOException {
        body.writeInt(groups.size());
        for (WireGroup<T> g : groups) {
            body.writeByte(g.owner().ordinal());
            byte[] name = g.name().getBytes(StandardCharsets.US_ASCII);
            body.writeByte(name.length);
            body.write(name);
            body.writeInt(g.width());
            for (int i = 0; i < g.width(); i++) {
                body.writeInt(g.slot(i));
            }
        }
    }

    public static CompiledCircuit read(byte[] data, String fileName) {
        if (!looksLike(data)) {
            throw new CircuitFormatException(fileName + ": byte 0: not a yaostream slot-ID file (magic YSID missing)");
        }
        if (data.length < PREAMBLE + 4) {
            throw new CircuitFormatException(fileName + ": byte " + data.length + ": file is truncated");
        }
        ByteBuffer in = ByteBuffer.wrap(data);
        in.position(4);
        int version = in.getShort() & 0xffff;
        if (version != VERSION) {
            throw new CircuitFormatException(fileName + ": byte 4: version " + version + " is not supported (this reader knows " + VERSION + ")");
        }
        in.getShort();
        int bodyEnd = data.length - 4;
        CRC32C crc = new CRC32C();
        crc.update(data, PREAMBLE, bodyEnd - PREAMBLE);
        int stored = ByteBuffer.wrap(data, bodyEnd, 4).getInt();
        if (stored != (int) crc.getValue()) {
            throw new CircuitFormatException(fileName + ": byte " + bodyEnd + ": CRC-32C mismatch: the file is damaged or truncated");
        }
        in.limit(bodyEnd);
        try {
            return readBody(in, fileName);
        } catch (BufferUnderflowException e) {
            throw new CircuitFormatException(fileName + ": byte " + in.position() + ": body ends early (truncated record)");
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CircuitFormatException(fileName + ": byte " + in.position() + ": " + e.getMessage());
        }
    }

    private static CompiledCircuit readBody(ByteBuffer in, String fileName) {
        int slots = in.getInt();
        // Every usable slot is set by an input bit (4 bytes) or a gate (13 bytes), so a larger S only adds
        // unused slots. Valid circuits may have a few (the writers write them), so up to UNBACKED_SLOTS are
        // accepted whatever the file's size; beyond that S must be backed by the file.
        if (slots < 0 || slots > maxSlots(in.remaining() / 4 + 1)) {
            throw new IllegalArgumentException("slots " + slots + " is more than a file of this size can use");
        }
        int gates = count(in, "gates", GATE_RECORD_BYTES);
        int[] claimed = {gates, in.getInt(), in.getInt(), in.getInt(), in.getInt()};
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(slots);
        b.sourceCounts(readSourceCounts(in));
        readGroups(in, "input", "party", Party.values(), b::input);
        readGroups(in, "output", "receiver", Receiver.values(), b::output);
        int batches = count(in, "AND batches", 8);
        for (int i = 0; i < batches; i++) {
            b.andBatch(in.getInt(), in.getInt());
        }
        if ((long) gates * GATE_RECORD_BYTES != in.remaining()) {
            throw new IllegalArgumentException("header says " + gates + " gates but " + in.remaining()
                    + " bytes of gate records follow (" + GATE_RECORD_BYTES + " per gate)");
        }
        for (int g = 0; g < gates; g++) {
            int op = in.get() & 0xff;
            b.gate(op, in.getInt(), in.getInt(), in.getInt());
        }
        CompiledCircuit c = b.build();
        GateCounts n = c.counts();
        int[] actual = {n.gates(), n.and(), n.xor(), n.inv(), n.constants()};
        if (!java.util.Arrays.equals(claimed, actual)) {
            throw new IllegalArgumentException("header gate counts " + java.util.Arrays.toString(claimed)
                    + " do not match the gates " + java.util.Arrays.toString(actual));
        }
        return c;
    }

    private static GateCounts readSourceCounts(ByteBuffer in) {
        int[] v = new int[5];
        for (int i = 0; i < v.length; i++) {
            v[i] = in.getInt();
            if (v[i] < 0) {
                throw new IllegalArgumentException("source gate count " + v[i] + " is negative");
            }
        }
        return new GateCounts(v[0], v[1], v[2], v[3], v[4]);
    }

    /** Reads a count and checks that that many records of at least {@code minBytes} each can follow. */
    private static int count(ByteBuffer in, String what, int minBytes) {
        int n = in.getInt();
        if (n < 0 || (long) n * minBytes > in.remaining()) {
            throw new IllegalArgumentException(what + " count " + n + " does not fit in the " + in.remaining() + " bytes left");
        }
        return n;
    }

    /** Where {@link #readGroups} puts a group: the builder's input or output method. */
    private interface GroupSink<T> {
        void add(String name, T owner, int[] slots);
    }

    private static <T extends Enum<T>> void readGroups(ByteBuffer in, String kind, String ownerKind, T[] owners, GroupSink<T> sink) {
        int groups = count(in, kind + " groups", 6);
        for (int i = 0; i < groups; i++) {
            int owner = in.get() & 0xff;
            if (owner >= owners.length) {
                throw new IllegalArgumentException(kind + " group " + i + ": unknown " + ownerKind + " " + owner);
            }
            sink.add(readName(in), owners[owner], readSlots(in));
        }
    }

    private static String readName(ByteBuffer in) {
        int length = in.get() & 0xff;
        byte[] name = new byte[length];
        in.get(name);
        return new String(name, StandardCharsets.US_ASCII);
    }

    private static int[] readSlots(ByteBuffer in) {
        int width = count(in, "group width", 4);
        int[] slots = new int[width];
        for (int i = 0; i < width; i++) {
            slots[i] = in.getInt();
        }
        return slots;
    }
}
