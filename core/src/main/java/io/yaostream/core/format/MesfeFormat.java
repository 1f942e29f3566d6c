package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * ME-SFE's own circuit files, read and written directly: the text form ({@code .mec}) and the binary
 * form ({@code .bmec}).
 *
 * <p>Text: six header lines in this order, each a label with its colon and a comma-separated list of
 * register (slot) numbers: {@code inputsCreator:}, {@code inputsEvaluator:}, {@code outputsCreator:},
 * {@code outputsEvaluator:}, {@code numberOfRegisters: S}, {@code numberOfGates: G}; then G lines
 * {@code out;inL,inR;tt}. {@code //} starts a comment. List position i is bit i of the party's value;
 * the creator is the garbler.
 *
 * <p>Binary: the same fields as big-endian int32, no magic: each of the four lists as its length followed
 * by its entries, then S, then G, then G records {@code out, inL, inR, tt}.
 *
 * <p>ME-SFE has only two-input gates: on writing, INV becomes table 12 over its input twice, constants
 * become tables 0 and 15 over slot 0.
 *
 * <p>ME-SFE has one input and one output value per party. An output both parties receive is written in both
 * output lists; on reading, two identical non-empty output lists are one output for both parties (the same
 * value either way). Output groups given to one party run together into that party's one value, and so do
 * input groups. The text form records the gate counts of the source the circuit was compiled from, where they
 * differ from the gates', in a leading comment, {@code // yaostream source: gates=N and=N xor=N inv=N const=N},
 * which ME-SFE skips as it skips any comment; the binary form has no room for it, so a {@code .bmec} file's
 * counts are its gates'.
 */
public final class MesfeFormat {
    private static final String COMMENT = "//";
    private static final String SOURCE_COMMENT = "yaostream source:";
    private static final String[] LIST_LABELS = {"inputsCreator", "inputsEvaluator", "outputsCreator", "outputsEvaluator"};
    private static final int NOT_LEFT = 12;
    private static final int BINARY_GATE_BYTES = 16;

    private MesfeFormat() {
    }

    public static boolean looksLikeText(byte[] data) {
        String start = new String(data, 0, Math.min(data.length, 256), java.nio.charset.StandardCharsets.ISO_8859_1);
        int i = start.indexOf("inputsCreator");
        return i >= 0 && start.substring(0, i).replaceAll("//[^\n]*", "").isBlank();
    }

    public static CompiledCircuit readText(byte[] data, String fileName) {
        TextLines lines = new TextLines(data, fileName);
        try {
            int[][] lists = new int[4][];
            for (int i = 0; i < 4; i++) {
                lists[i] = Numbers.parseList(header(lines, LIST_LABELS[i]), SlotBinaryFormat.maxSlots(data.length),
                        LIST_LABELS[i] + " register");
            }
            int registers = Numbers.parse(header(lines, "numberOfRegisters"),
                    SlotBinaryFormat.maxSlots(data.length), "numberOfRegisters");
            int gates = Numbers.parse(header(lines, "numberOfGates"), data.length / 6, "numberOfGates");
            CompiledCircuit.Builder b = start(registers, lists);
            GateCounts source = sourceComment(data, fileName);
            if (source != null) {
                b.sourceCounts(source);
            }
            for (int g = 0; g < gates; g++) {
                String line = lines.nextContent(COMMENT);
                if (line == null) {
                    throw lines.errorAtEnd("numberOfGates says " + gates + " but only " + g + " gate lines follow");
                }
                SlotTextFormat.readGate(line, b, registers);
                if (!GateOp.isBinary(b.lastOp())) {
                    throw lines.error("ME-SFE gates have a 4-bit truth table, got " + GateOp.symbol(b.lastOp()));
                }
            }
            if (lines.nextContent(COMMENT) != null) {
                throw lines.error("more gate lines than numberOfGates (" + gates + ")");
            }
            try {
                return b.build();
            } catch (IllegalArgumentException e) {
                throw lines.errorAtEnd(e.getMessage());
            }
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw lines.error(e.getMessage());
        }
    }

    /**
     * The source counts of the {@code // yaostream source:} comment among the comment lines before the header,
     * or null when there is none.
     */
    private static GateCounts sourceComment(byte[] data, String fileName) {
        TextLines lines = new TextLines(data, fileName);
        String line;
        while ((line = lines.next()) != null) {
            String t = line.strip();
            if (t.isEmpty()) {
                continue;
            }
            if (!t.startsWith(COMMENT)) {
                return null; // the header starts: the comment, when written, comes before it
            }
            String comment = t.substring(COMMENT.length()).strip();
            if (comment.startsWith(SOURCE_COMMENT)) {
                try {
                    int[] v = SlotTextFormat.parseCounts(comment.substring(SOURCE_COMMENT.length()));
                    return new GateCounts(v[0], v[1], v[2], v[3], v[4]);
                } catch (IllegalArgumentException e) {
                    throw lines.error("'// " + SOURCE_COMMENT + "': " + e.getMessage());
                }
            }
        }
        return null;
    }

    private static String header(TextLines lines, String label) {
        String line = lines.nextContent(COMMENT);
        if (line == null) {
            throw lines.errorAtEnd("expected '" + label + ":'");
        }
        return SlotTextFormat.headerValue(line, label);
    }

    private static CompiledCircuit.Builder start(int registers, int[][] lists) {
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(registers);
        if (lists[0].length > 0) {
            b.input("creator", Party.GARBLER, lists[0]);
        }
        if (lists[1].length > 0) {
            b.input("evaluator", Party.EVALUATOR, lists[1]);
        }
        if (lists[2].length > 0 && java.util.Arrays.equals(lists[2], lists[3])) {
            b.output("output", Receiver.BOTH, lists[2]); // what the writer makes of an output for both
            return b;
        }
        if (lists[2].length > 0) {
            b.output("creator", Receiver.GARBLER, lists[2]);
        }
        if (lists[3].length > 0) {
            b.output("evaluator", Receiver.EVALUATOR, lists[3]);
        }
        return b;
    }

    public static CompiledCircuit readBinary(byte[] data, String fileName) {
        ByteBuffer in = ByteBuffer.wrap(data);
        try {
            int[][] lists = new int[4][];
            for (int i = 0; i < 4; i++) {
                int n = in.getInt();
                if (n < 0 || (long) n * 4 > in.remaining()) {
                    throw new IllegalArgumentException(LIST_LABELS[i] + " length " + n + " does not fit in the file");
                }
                lists[i] = new int[n];
                for (int k = 0; k < n; k++) {
                    lists[i][k] = in.getInt();
                }
            }
            int registers = in.getInt();
            if (registers < 0 || registers > SlotBinaryFormat.maxSlots(data.length)) {
                throw new IllegalArgumentException("numberOfRegisters " + registers + " is more than a file of this size can use");
            }
            int gates = in.getInt();
            if (gates < 0 || (long) gates * BINARY_GATE_BYTES != in.remaining()) {
                throw new IllegalArgumentException("numberOfGates " + gates + " does not match the " + in.remaining()
                        + " bytes of gate records (" + BINARY_GATE_BYTES + " per gate)");
            }
            CompiledCircuit.Builder b = start(registers, lists);
            for (int g = 0; g < gates; g++) {
                int out = in.getInt();
                int left = in.getInt();
                int right = in.getInt();
                int tt = in.getInt();
                if (!GateOp.isBinary(tt)) {
                    throw new IllegalArgumentException("gate " + g + ": truth table " + tt + " is not 0..15");
                }
                b.gate(tt, left, right, out);
            }
            return b.build();
        } catch (BufferUnderflowException e) {
            throw new CircuitFormatException(fileName + ": byte " + in.position() + ": file ends early (truncated)");
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new CircuitFormatException(fileName + ": byte " + in.position() + ": " + e.getMessage());
        }
    }

    public static void writeText(CompiledCircuit c, Writer out) throws IOException {
        int[][] lists = lists(c);
        if (!c.sourceCounts().equals(c.counts())) { // absent means "the gates' own", as in the slot-ID text form
            out.write(COMMENT + " " + SOURCE_COMMENT + " " + SlotTextFormat.countsText(c.sourceCounts()) + "\n");
        }
        for (int i = 0; i < 4; i++) {
            StringBuilder sb = new StringBuilder(LIST_LABELS[i]).append(": ");
            for (int k = 0; k < lists[i].length; k++) {
                sb.append(k == 0 ? "" : ",").append(lists[i][k]);
            }
            out.write(sb.append('\n').toString());
        }
        out.write("numberOfRegisters: " + c.slots() + "\n");
        out.write("numberOfGates: " + c.gateCount() + "\n");
        int[] g4 = new int[4];
        for (int g = 0; g < c.gateCount(); g++) {
            binaryGate(c, g, g4);
            out.write(g4[0] + ";" + g4[1] + "," + g4[2] + ";" + g4[3] + "\n");
        }
        out.flush();
    }

    public static void writeBinary(CompiledCircuit c, OutputStream stream) throws IOException {
        DataOutputStream out = new DataOutputStream(stream);
        for (int[] list : lists(c)) {
            out.writeInt(list.length);
            for (int s : list) {
                out.writeInt(s);
            }
        }
        out.writeInt(c.slots());
        out.writeInt(c.gateCount());
        int[] g4 = new int[4];
        for (int g = 0; g < c.gateCount(); g++) {
            binaryGate(c, g, g4);
            for (int v : g4) {
                out.writeInt(v);
            }
        }
        out.flush();
    }

    /** The gate as ME-SFE's {@code out, inL, inR, tt}. */
    private static void binaryGate(CompiledCircuit c, int g, int[] out) {
        int op = c.op(g);
        out[0] = c.out(g);
        switch (op) {
            case GateOp.INV -> {
                out[1] = c.in0(g);
                out[2] = c.in0(g);
                out[3] = NOT_LEFT;
            }
            case GateOp.ZERO, GateOp.ONE -> {
                // A constant ignores its inputs, but ME-SFE still reads a set register: use any input slot.
                int any = anySetSlot(c, g);
                out[1] = any;
                out[2] = any;
                out[3] = op == GateOp.ZERO ? 0 : 15;
            }
            default -> {
                out[1] = c.in0(g);
                out[2] = c.in1(g);
                out[3] = op;
            }
        }
    }

    private static int anySetSlot(CompiledCircuit c, int gate) {
        for (WireGroup<Party> in : c.inputs()) {
            if (in.width() > 0) {
                return in.slot(0);
            }
        }
        if (gate > 0) {
            return c.out(0);
        }
        throw new IllegalArgumentException("a circuit that starts with a constant and has no inputs cannot be written as ME-SFE");
    }

    private static int[][] lists(CompiledCircuit c) {
        int[][] lists = new int[4][];
        lists[0] = concat(c.inputs(), Party.GARBLER, null);
        lists[1] = concat(c.inputs(), Party.EVALUATOR, null);
        lists[2] = concat(c.outputs(), Receiver.GARBLER, Receiver.BOTH);
        lists[3] = concat(c.outputs(), Receiver.EVALUATOR, Receiver.BOTH);
        return lists;
    }

    /** One party's groups run together (ME-SFE has one value per party). */
    private static <T extends Enum<T>> int[] concat(List<WireGroup<T>> groups, T owner, T alsoOwner) {
        int[] all = new int[0];
        for (WireGroup<T> g : groups) {
            if (g.owner() == owner || g.owner() == alsoOwner) {
                int old = all.length;
                all = java.util.Arrays.copyOf(all, old + g.width());
                for (int i = 0; i < g.width(); i++) {
                    all[old + i] = g.slot(i);
                }
            }
        }
        return all;
    }
}
