package io.yaostream.core.format;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.text.Printable;

import java.io.IOException;
import java.io.Writer;

/**
 * The text slot-ID file: the binary file's content in a form a person can read and diff, with gate lines
 * in the ME-SFE paper's Fig. 2 style. {@code #} starts a comment.
 *
 * <pre>
 * yaostream-slots 1
 * slots: 2
 * input garbler x: 0
 * input evaluator y: 1
 * output evaluator z: 0
 * counts: gates=2 and=1 xor=1 inv=0 const=0
 * source: gates=2 and=1 xor=1 inv=0 const=0
 * andBatches: 0+1
 * gates:
 * 0;1,0;1
 * 0;1,0;6
 * </pre>
 *
 * {@code counts} are checked against the gates; {@code source} records the counts of the file the circuit
 * was compiled from (optional: the gates' own counts when absent).
 * A gate line is {@code out;in0,in1;tt} (tt the ME-SFE 4-bit truth table), {@code out;in;INV},
 * {@code out;;ZERO} or {@code out;;ONE}.
 */
public final class SlotTextFormat {
    public static final String FIRST_LINE = "yaostream-slots 1";
    private static final String COMMENT = "#";

    private SlotTextFormat() {
    }

    public static boolean looksLike(byte[] data) {
        String start = new String(data, 0, Math.min(data.length, 256), java.nio.charset.StandardCharsets.ISO_8859_1);
        // The reader skips comments and blank lines before the first line, so detection does too.
        return start.replaceAll(COMMENT + "[^\n]*", "").stripLeading().startsWith("yaostream-slots");
    }

    public static void write(CompiledCircuit c, Writer out) throws IOException {
        StringBuilder sb = new StringBuilder(64);
        out.write(FIRST_LINE + "\n");
        out.write("slots: " + c.slots() + "\n");
        for (WireGroup<Party> g : c.inputs()) {
            out.write("input " + g.owner().key() + " " + g.name() + ": " + join(g) + "\n");
        }
        for (WireGroup<Receiver> g : c.outputs()) {
            out.write("output " + g.owner().key() + " " + g.name() + ": " + join(g) + "\n");
        }
        out.write("counts: " + countsText(c.counts()) + "\n");
        if (!c.sourceCounts().equals(c.counts())) { // absent means "the same"
            out.write("source: " + countsText(c.sourceCounts()) + "\n");
        }
        out.write("andBatches: ");
        for (int b = 0; b < c.andBatchCount(); b++) {
            out.write((b == 0 ? "" : ",") + c.andBatchStart(b) + "+" + c.andBatchLength(b));
        }
        out.write("\ngates:\n");
        for (int g = 0; g < c.gateCount(); g++) {
            sb.setLength(0);
            int op = c.op(g);
            sb.append(c.out(g)).append(';');
            int arity = GateOp.arity(op);
            if (arity >= 1) {
                sb.append(c.in0(g));
            }
            if (arity == 2) {
                sb.append(',').append(c.in1(g));
            }
            sb.append(';').append(GateOp.symbol(op)).append('\n');
            out.write(sb.toString());
        }
        out.flush();
    }

    static String countsText(GateCounts n) {
        return "gates=" + n.gates() + " and=" + n.and() + " xor=" + n.xor() + " inv=" + n.inv() + " const=" + n.constants();
    }

    private static String join(WireGroup<?> g) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < g.width(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append(g.slot(i));
        }
        return sb.toString();
    }

    public static CompiledCircuit read(byte[] data, String fileName) {
        TextLines lines = new TextLines(data, fileName);
        try {
            return read(lines, data.length);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw lines.error(e.getMessage());
        }
    }

    private static CompiledCircuit read(TextLines lines, int fileBytes) {
        String line = expectLine(lines, "the first line '" + FIRST_LINE + "'");
        if (!line.equals(FIRST_LINE)) {
            throw new IllegalArgumentException("expected '" + FIRST_LINE + "', got '" + Printable.clip(line) + "'");
        }
        int slots = Numbers.parse(headerValue(expectLine(lines, "slots:"), "slots"),
                SlotBinaryFormat.maxSlots(fileBytes), "slots");
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(slots);
        int[] claimed = null;
        boolean batchesGiven = false;
        while (true) {
            line = expectLine(lines, "'gates:'");
            if (line.equals("gates:")) {
                break;
            }
            int colon = line.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException("expected a header line 'key: value', got '" + Printable.clip(line) + "'");
            }
            String[] key = line.substring(0, colon).strip().split("\\s+");
            String value = line.substring(colon + 1);
            switch (key[0]) {
                case "input" -> {
                    requireWords(key, 3, "input PARTY NAME: slots");
                    b.input(key[2], Party.fromKey(key[1]), Numbers.parseList(value, slots, "input slot"));
                }
                case "output" -> {
                    requireWords(key, 3, "output RECEIVER NAME: slots");
                    b.output(key[2], Receiver.fromKey(key[1]), Numbers.parseList(value, slots, "output slot"));
                }
                case "counts" -> claimed = parseCounts(value);
                case "source" -> {
                    int[] v = parseCounts(value);
                    b.sourceCounts(new GateCounts(v[0], v[1], v[2], v[3], v[4]));
                }
                case "andBatches" -> {
                    batchesGiven = true;
                    for (String batch : value.strip().isEmpty() ? new String[0] : value.split(",")) {
                        String[] parts = batch.strip().split("\\+", -1);
                        if (parts.length != 2) {
                            throw new IllegalArgumentException("AND batch '" + Printable.clip(batch) + "' is not START+LENGTH");
                        }
                        b.andBatch(Numbers.parse(parts[0], Integer.MAX_VALUE, "batch start"),
                                Numbers.parse(parts[1], Integer.MAX_VALUE, "batch length"));
                    }
                }
                default -> throw new IllegalArgumentException("unknown header line '" + Printable.clip(key[0]) + "'");
            }
        }
        while ((line = lines.nextContent(COMMENT)) != null) {
            readGate(line, b, slots);
        }
        if (!batchesGiven && b.gateCount() > 0) {
            throw lines.errorAtEnd("header line 'andBatches:' is missing");
        }
        CompiledCircuit c;
        try {
            c = b.build();
        } catch (IllegalArgumentException e) {
            throw lines.errorAtEnd(e.getMessage());
        }
        if (claimed != null) {
            GateCounts n = c.counts();
            int[] actual = {n.gates(), n.and(), n.xor(), n.inv(), n.constants()};
            if (!java.util.Arrays.equals(claimed, actual)) {
                throw lines.errorAtEnd("header counts " + java.util.Arrays.toString(claimed)
                        + " do not match the gates " + java.util.Arrays.toString(actual));
            }
        }
        return c;
    }

    /** Parses {@code out;in0,in1;op}. Shared with the ME-SFE reader, whose gate lines have the same shape. */
    static void readGate(String line, CompiledCircuit.Builder b, int slots) {
        String[] parts = line.split(";", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("expected a gate 'out;in,in;table', got '" + Printable.clip(line) + "'");
        }
        int out = Numbers.parse(parts[0].strip(), slots, "gate output slot");
        int op = GateOp.parseSymbol(parts[2].strip());
        if (op < 0) {
            throw new IllegalArgumentException("unknown gate op '" + Printable.clip(parts[2].strip()) + "' (expected a truth table 0..15, INV, ZERO or ONE)");
        }
        int[] ins = Numbers.parseList(parts[1], slots, "gate input slot");
        if (ins.length != GateOp.arity(op)) {
            throw new IllegalArgumentException("gate op " + GateOp.symbol(op) + " takes " + GateOp.arity(op)
                    + " inputs, got " + ins.length);
        }
        b.gate(op, ins.length > 0 ? ins[0] : GateOp.NO_SLOT, ins.length > 1 ? ins[1] : GateOp.NO_SLOT, out);
    }

    static int[] parseCounts(String value) {
        String[] names = {"gates", "and", "xor", "inv", "const"};
        String[] parts = value.strip().split("\\s+");
        if (parts.length != names.length) {
            throw new IllegalArgumentException("counts: expected gates=N and=N xor=N inv=N const=N");
        }
        int[] counts = new int[names.length];
        for (int i = 0; i < names.length; i++) {
            if (!parts[i].startsWith(names[i] + "=")) {
                throw new IllegalArgumentException("counts: expected " + names[i] + "=N, got '" + Printable.clip(parts[i]) + "'");
            }
            counts[i] = Numbers.parse(parts[i].substring(names[i].length() + 1), Integer.MAX_VALUE, "counts " + names[i]);
        }
        return counts;
    }

    private static void requireWords(String[] key, int n, String form) {
        if (key.length != n) {
            throw new IllegalArgumentException("expected '" + form + "'");
        }
    }

    private static String expectLine(TextLines lines, String what) {
        String line = lines.nextContent(COMMENT);
        if (line == null) {
            throw lines.errorAtEnd("expected " + what);
        }
        return line;
    }

    static String headerValue(String line, String key) {
        if (!line.startsWith(key + ":")) {
            throw new IllegalArgumentException("expected '" + key + ":', got '" + Printable.clip(line) + "'");
        }
        return line.substring(key.length() + 1).strip();
    }

}
