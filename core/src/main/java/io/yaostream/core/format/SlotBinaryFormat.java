package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
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
    /** A gate record: its op (one byte), then in0, in1 and out (big-endian int32 each); {@link #decodeGates} reads it. */
    static final int GATE_RECORD_BYTES = 13;
    private static final VarHandle BIG_ENDIAN_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
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
        Writer w = new Writer(out, c.slots(), c.counts(), c.sourceCounts(), c.inputs(), c.outputs(), c.andBatchCount());
        for (int b = 0; b < c.andBatchCount(); b++) {
            w.batch(c.andBatchStart(b), c.andBatchLength(b));
        }
        for (int g = 0; g < c.gateCount(); g++) {
            w.gate(c.op(g), c.in0(g), c.in1(g), c.out(g));
        }
        w.finish();
    }

    /**
     * Writes a slot-ID file as it goes, the checksum computed on the way, so a file of any size can be written in
     * little memory (the header first, then the AND batches, then the gates; nothing is checked but their number).
     */
    public static final class Writer {
        private final CRC32C crc = new CRC32C();
        private final OutputStream raw;
        private final DataOutputStream body;
        private final int gates;
        private final int batches;
        private int gatesWritten;
        private int batchesWritten;

        public Writer(OutputStream out, int slots, GateCounts counts, GateCounts sourceCounts, List<WireGroup<Party>> inputs,
                      List<WireGroup<Receiver>> outputs, int batches) throws IOException {
            this.raw = out;
            this.gates = counts.gates();
            this.batches = batches;
            DataOutputStream preamble = new DataOutputStream(out);
            preamble.write(MAGIC);
            preamble.writeShort(VERSION);
            preamble.writeShort(0);
            preamble.flush();
            this.body = new DataOutputStream(new java.io.BufferedOutputStream(
                    new java.util.zip.CheckedOutputStream(new NoClose(out), crc), 1 << 16));
            body.writeInt(slots);
            writeCounts(body, counts);
            writeCounts(body, sourceCounts);
            writeGroups(body, inputs);
            writeGroups(body, outputs);
            body.writeInt(batches);
        }

        /** The next AND batch (all batches come before the first gate). */
        public void batch(int start, int length) throws IOException {
            if (batchesWritten == batches || gatesWritten > 0) {
                throw new IllegalStateException("batch after the " + batches + " declared or after a gate");
            }
            body.writeInt(start);
            body.writeInt(length);
            batchesWritten++;
        }

        /** The next gate record. */
        public void gate(int op, int in0, int in1, int out) throws IOException {
            if (batchesWritten != batches || gatesWritten == gates) {
                throw new IllegalStateException("gate before the " + batches + " batches or after the " + gates + " gates declared");
            }
            body.writeByte(op);
            body.writeInt(in0);
            body.writeInt(in1);
            body.writeInt(out);
            gatesWritten++;
        }

        /** Writes the checksum and flushes; the stream stays open. */
        public void finish() throws IOException {
            if (gatesWritten != gates || batchesWritten != batches) {
                throw new IllegalStateException(gatesWritten + " gates and " + batchesWritten + " batches written, "
                        + gates + " and " + batches + " declared");
            }
            body.flush();
            DataOutputStream o = new DataOutputStream(raw);
            o.writeInt((int) crc.getValue());
            o.flush();
        }
    }

    /** Lets the writer's buffered layers be flushed without closing the caller's stream. */
    private static final class NoClose extends java.io.FilterOutputStream {
        NoClose(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
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

    /** Bytes a gate takes in memory ({@link CompiledCircuit#GATE_STRIDE} ints) and an AND batch (two ints). */
    static final int MEMORY_BYTES_PER_GATE = 16;
    static final int MEMORY_BYTES_PER_BATCH = 8;
    /** Gates per block of a streamed walk at most: 1 MiB of records, in cache and thousands of gates per kernel call. */
    static final int MAX_BLOCK_GATES = 1 << 16;

    /**
     * Opens a slot-ID binary file: read whole (as {@link #read}) when its gates and AND batches take at most
     * {@code memoryBudget} bytes in memory (16 per gate, 8 per batch), otherwise read from the file as engines walk it
     * ({@link CompiledCircuit#isStreamed()}), in blocks of up to {@code memoryBudget / 16} gates (at most 65,536,
     * at least one). A streamed circuit's header is checked now, its records, checksum and counts on every walk.
     */
    public static CompiledCircuit open(Path path, long memoryBudget) {
        String fileName = path.toString();
        try (FileChannel ch = FileChannel.open(path, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer preamble = ByteBuffer.allocate(PREAMBLE);
            while (preamble.hasRemaining() && ch.read(preamble, preamble.position()) > 0) {
                // reads the preamble
            }
            byte[] head = preamble.array();
            int version = ((head[4] & 0xff) << 8) | (head[5] & 0xff);
            if (size < PREAMBLE + 4 || !looksLike(head) || version != VERSION || size <= Math.min(memoryBudget, CircuitFiles.MAX_FILE_BYTES)) {
                return read(CircuitFiles.readBytes(path), fileName); // small, or not a file to stream: the usual errors
            }
            long bodyEnd = size - 4;
            ByteBuffer window = ch.map(FileChannel.MapMode.READ_ONLY, 0, Math.min(bodyEnd, Integer.MAX_VALUE));
            window.position(PREAMBLE);
            Header h;
            long gatesStart;
            try {
                h = new Header(window, bodyEnd - window.limit());
                gatesStart = window.position() + 8L * h.batches;
                h.checkGateBytes(bodyEnd - gatesStart);
            } catch (BufferUnderflowException e) {
                throw new CircuitFormatException(fileName + ": byte " + window.position() + ": body ends early (truncated record)");
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new CircuitFormatException(fileName + ": byte " + window.position() + ": " + e.getMessage());
            }
            long inMemory = (long) MEMORY_BYTES_PER_GATE * h.gates + (long) MEMORY_BYTES_PER_BATCH * h.batches;
            if (inMemory <= memoryBudget && size <= CircuitFiles.MAX_FILE_BYTES) {
                return read(CircuitFiles.readBytes(path), fileName);
            }
            long batchesStart = window.position();
            CRC32C headerCrc = new CRC32C();
            headerCrc.update(window.duplicate().position(PREAMBLE).limit((int) batchesStart));
            int blockGates = (int) Math.max(1, Math.min(MAX_BLOCK_GATES, memoryBudget / MEMORY_BYTES_PER_GATE));
            StreamedSlotFile file = new StreamedSlotFile(path, fileName, batchesStart, gatesStart, bodyEnd,
                    (int) headerCrc.getValue(), blockGates);
            try {
                return h.builder.buildStreamed(file, h.gates, h.batches, h.claimed, blockGates);
            } catch (IllegalArgumentException e) {
                throw new CircuitFormatException(fileName + ": byte " + batchesStart + ": " + e.getMessage());
            }
        } catch (java.nio.file.NoSuchFileException e) {
            throw new CircuitFormatException(fileName + ": no such file");
        } catch (IOException e) {
            throw new CircuitFormatException(fileName + ": cannot read: " + e.getMessage());
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
            return readBody(in);
        } catch (BufferUnderflowException e) {
            throw new CircuitFormatException(fileName + ": byte " + in.position() + ": body ends early (truncated record)");
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CircuitFormatException(fileName + ": byte " + in.position() + ": " + e.getMessage());
        }
    }

    /**
     * The body up to its AND batch records, read from {@code in}, of which {@code beyond} more bytes of the body
     * follow past its limit (a file read through a window); counts are checked against the whole body.
     */
    static final class Header {
        final CompiledCircuit.Builder builder;
        final int gates;
        final GateCounts claimed;
        final int batches;

        Header(ByteBuffer in, long beyond) {
            int slots = in.getInt();
            // Every usable slot is set by an input bit (4 bytes) or a gate (13 bytes), so a larger S only adds
            // unused slots. Valid circuits may have a few (the writers write them), so up to UNBACKED_SLOTS are
            // accepted whatever the file's size; beyond that S must be backed by the file.
            if (slots < 0 || slots > maxSlots((int) Math.min(Integer.MAX_VALUE - 1, (in.remaining() + beyond) / 4) + 1)) {
                throw new IllegalArgumentException("slots " + slots + " is more than a file of this size can use");
            }
            gates = count(in, beyond, "gates", GATE_RECORD_BYTES);
            claimed = new GateCounts(gates, in.getInt(), in.getInt(), in.getInt(), in.getInt());
            builder = new CompiledCircuit.Builder(slots);
            builder.sourceCounts(readSourceCounts(in));
            readGroups(in, "input", "party", Party.values(), builder::input);
            readGroups(in, "output", "receiver", Receiver.values(), builder::output);
            batches = count(in, beyond, "AND batches", 8);
        }

        /** Checks that the gate records fill the rest of the body after the batch records. */
        void checkGateBytes(long left) {
            if ((long) gates * GATE_RECORD_BYTES != left) {
                throw new IllegalArgumentException("header says " + gates + " gates but " + left
                        + " bytes of gate records follow (" + GATE_RECORD_BYTES + " per gate)");
            }
        }
    }

    private static CompiledCircuit readBody(ByteBuffer in) {
        Header h = new Header(in, 0);
        CompiledCircuit.Builder b = h.builder;
        int gates = h.gates;
        int[] claimed = {gates, h.claimed.and(), h.claimed.xor(), h.claimed.inv(), h.claimed.constants()};
        for (int i = 0; i < h.batches; i++) {
            b.andBatch(in.getInt(), in.getInt());
        }
        h.checkGateBytes(in.remaining());
        int[] gate = new int[CompiledCircuit.GATE_STRIDE];
        for (int g = 0; g < gates; g++) {
            decodeGates(in.array(), in.arrayOffset() + in.position(), gate, 0, 1);
            in.position(in.position() + GATE_RECORD_BYTES);
            b.gate(gate[0], gate[1], gate[2], gate[3]);
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

    /**
     * Decodes {@code count} gate records from {@code src} at {@code offset} into {@code dst} from int {@code at}, four
     * ints a gate (op, in0, in1, out: {@link CompiledCircuit}'s layout). Straight from the array: a ByteBuffer read per
     * field costs more than the rest of a streamed walk's checks together.
     */
    static void decodeGates(byte[] src, int offset, int[] dst, int at, int count) {
        for (int i = 0; i < count; i++, offset += GATE_RECORD_BYTES, at += CompiledCircuit.GATE_STRIDE) {
            dst[at] = src[offset] & 0xff;
            dst[at + 1] = (int) BIG_ENDIAN_INT.get(src, offset + 1);
            dst[at + 2] = (int) BIG_ENDIAN_INT.get(src, offset + 5);
            dst[at + 3] = (int) BIG_ENDIAN_INT.get(src, offset + 9);
        }
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
        return count(in, 0, what, minBytes);
    }

    /** {@link #count(ByteBuffer, String, int)} where {@code beyond} more bytes follow past the buffer's limit. */
    private static int count(ByteBuffer in, long beyond, String what, int minBytes) {
        int n = in.getInt();
        long left = in.remaining() + beyond;
        if (n < 0 || (long) n * minBytes > left) {
            throw new IllegalArgumentException(what + " count " + n + " does not fit in the " + left + " bytes left");
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
