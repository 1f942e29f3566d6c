package io.yaostream.compiler.bristol;

import io.yaostream.compiler.ir.Netlist;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.format.Numbers;
import io.yaostream.core.format.TextLines;
import io.yaostream.core.text.Printable;

import java.util.Arrays;

/**
 * Reads Bristol circuit files into a {@link Netlist}.
 *
 * <p>Bristol Fashion (SCALE-MAMBA): line 1 {@code gates wires}, line 2 {@code niv n_1 .. n_niv}, line 3
 * {@code nov o_1 .. o_nov}; inputs occupy wires 0.. in order, outputs are the last wires in order; gates
 * {@code nin nout in.. out.. OP} with OP one of XOR, AND, INV, EQ ({@code 1 1 c w}: constant c on w),
 * EQW ({@code 1 1 a b}: b := a) and MAND ({@code 2k k a.. b.. c..}: k ANDs c_i = a_i AND b_i).
 * Old Bristol: line 2 is {@code n1 n2 nout}, ops XOR, AND, INV.
 *
 * <p>Input group 1 belongs to the garbler, the others to the evaluator; every output goes to both parties.
 * Every check names the file and line: wires used before they are set or set twice, wire numbers out of
 * range, unknown ops, wrong counts. Nothing is allocated from a header number until it has been bounded
 * by the file's size.
 */
public final class BristolReader {
    /** Largest total of input bits or of output bits accepted. */
    public static final int MAX_INTERFACE_BITS = 1 << 24;
    /** Input or output bits any file may declare; more must be backed by the file's size (a byte per bit). */
    static final int UNBACKED_INTERFACE_BITS = 1 << 16;

    /** The two dialects. */
    public enum Dialect {
        FASHION, OLD
    }

    private final TextLines lines;
    private final byte[] data;
    private final Netlist net = new Netlist();
    private int[] wire; // wire -> literal, -1 while unset
    private int andCount;
    private int xorCount;
    private int invCount;
    private int eqCount;

    private BristolReader(byte[] data, String fileName) {
        this.data = data;
        this.lines = new TextLines(data, fileName);
    }

    /** Fashion when line 3 is a list of numbers; old when it is blank or a gate (old files have no line 3). */
    public static Dialect detect(byte[] data, String fileName) {
        TextLines t = new TextLines(data, fileName);
        t.next();
        t.next();
        String third = t.next();
        return third != null && third.strip().matches("[0-9]+(\\s+[0-9]+)*") ? Dialect.FASHION : Dialect.OLD;
    }

    public static Netlist read(byte[] data, String fileName, Dialect dialect) {
        BristolReader r = new BristolReader(data, fileName);
        try {
            r.parse(dialect);
        } catch (IllegalArgumentException e) {
            throw r.lines.error(e.getMessage());
        }
        return r.net;
    }

    private void parse(Dialect dialect) {
        int[] first = numbers(header("the line 'gates wires'"), "line 1 (gates wires)");
        if (first.length != 2) {
            throw new IllegalArgumentException("line 1 must be 'gates wires', got " + first.length + " numbers");
        }
        int gates = first[0];
        int wires = first[1];
        int[] inputWidths;
        int[] outputWidths;
        if (dialect == Dialect.FASHION) {
            inputWidths = counted(numbers(header("the input sizes line"), "input sizes"), "input");
            outputWidths = counted(numbers(header("the output sizes line"), "output sizes"), "output");
        } else {
            int[] sizes = numbers(header("the line 'n1 n2 nout'"), "line 2 (n1 n2 nout)");
            if (sizes.length != 3) {
                throw new IllegalArgumentException("line 2 of an old Bristol file must be 'n1 n2 nout', got " + sizes.length + " numbers");
            }
            inputWidths = sizes[1] == 0 ? new int[] {sizes[0]} : new int[] {sizes[0], sizes[1]};
            outputWidths = new int[] {sizes[2]};
        }
        long inputBits = sum(inputWidths, "input");
        long outputBits = sum(outputWidths, "output");
        // Interface bits need no gate lines, yet the reader and compiler keep several array entries per bit:
        // beyond the first UNBACKED_INTERFACE_BITS, each must be backed by a byte of the file, so a tiny file
        // cannot declare 2^24 inputs and exhaust the heap.
        long backed = Math.max(UNBACKED_INTERFACE_BITS, data.length);
        if (inputBits > backed || outputBits > backed) {
            throw new IllegalArgumentException((inputBits > backed ? inputBits + " input" : outputBits + " output")
                    + " bits is more than a file of " + data.length + " bytes can use (at most " + backed + ")");
        }
        // Each wire is an input or is written by a gate line, which takes at least two bytes per output wire.
        if (wires < inputBits || wires < outputBits || wires - inputBits > data.length / 2) {
            throw new IllegalArgumentException("header says " + wires + " wires, which does not fit " + inputBits
                    + " input bits, " + outputBits + " output bits and a file of " + data.length + " bytes");
        }
        wire = new int[wires];
        Arrays.fill(wire, -1);
        int w = 0;
        for (int i = 0; i < inputWidths.length; i++) {
            int[] lits = net.input("in" + (i + 1), i == 0 ? Party.GARBLER : Party.EVALUATOR, inputWidths[i]);
            for (int lit : lits) {
                wire[w++] = lit;
            }
        }

        int seen = 0;
        String line;
        while ((line = lines.nextContent(null)) != null) {
            if (seen == gates) {
                throw new IllegalArgumentException("more gate lines than the " + gates + " the header says");
            }
            gate(line, dialect);
            seen++;
        }
        if (seen != gates) {
            throw lines.errorAtEnd("header says " + gates + " gates but the file has " + seen);
        }
        net.sourceCounts(new GateCounts(gates, andCount, xorCount, invCount, eqCount));

        int base = (int) (wires - outputBits);
        for (int i = 0; i < outputWidths.length; i++) {
            int[] lits = new int[outputWidths[i]];
            for (int k = 0; k < lits.length; k++) {
                int lit = wire[base];
                if (lit < 0) {
                    throw lines.errorAtEnd("output wire " + base + " is never set");
                }
                lits[k] = lit;
                base++;
            }
            net.output("out" + (i + 1), Receiver.BOTH, lits);
        }
    }

    private void gate(String line, Dialect dialect) {
        String[] tok = line.split("\\s+");
        if (tok.length < 3) {
            throw new IllegalArgumentException("expected a gate 'nin nout in.. out.. OP', got '" + Printable.clip(line) + "'");
        }
        String op = tok[tok.length - 1];
        int nin = Numbers.parse(tok[0], Integer.MAX_VALUE, "number of gate inputs");
        int nout = Numbers.parse(tok[1], Integer.MAX_VALUE, "number of gate outputs");
        if ((long) nin + nout + 3 != tok.length) {
            throw new IllegalArgumentException("gate says " + nin + " inputs and " + nout + " outputs but has "
                    + (tok.length - 3) + " wire numbers");
        }
        boolean fashion = dialect == Dialect.FASHION;
        switch (op) {
            case "XOR", "AND" -> {
                arity(op, nin, nout, 2, 1);
                int a = read(tok[2]);
                int b = read(tok[3]);
                if (op.equals("XOR")) {
                    xorCount++;
                    write(tok[4], net.xor(a, b));
                } else {
                    andCount++;
                    write(tok[4], net.and(a, b));
                }
            }
            case "INV" -> {
                arity(op, nin, nout, 1, 1);
                invCount++;
                write(tok[3], Netlist.not(read(tok[2])));
            }
            case "EQ" -> {
                onlyFashion(fashion, op);
                arity(op, nin, nout, 1, 1);
                int c = Numbers.parse(tok[2], 1, "EQ constant");
                eqCount++;
                write(tok[3], Netlist.constant(c == 1));
            }
            case "EQW" -> {
                onlyFashion(fashion, op);
                arity(op, nin, nout, 1, 1);
                write(tok[3], read(tok[2]));
            }
            case "MAND" -> {
                onlyFashion(fashion, op);
                if (nout == 0 || nin != 2 * nout) {
                    throw new IllegalArgumentException("MAND takes 2k inputs and k outputs, got " + nin + " and " + nout);
                }
                int[] results = new int[nout];
                for (int i = 0; i < nout; i++) {
                    results[i] = net.and(read(tok[2 + i]), read(tok[2 + nout + i]));
                }
                for (int i = 0; i < nout; i++) {
                    write(tok[2 + nin + i], results[i]);
                }
                andCount += nout;
            }
            default -> throw new IllegalArgumentException("unknown gate op '" + Printable.clip(op) + "' (expected "
                    + (fashion ? "XOR, AND, INV, EQ, EQW or MAND" : "XOR, AND or INV") + ")");
        }
    }

    private static void onlyFashion(boolean fashion, String op) {
        if (!fashion) {
            throw new IllegalArgumentException("op " + op + " is Bristol Fashion only; this is an old-format file");
        }
    }

    private static void arity(String op, int nin, int nout, int wantIn, int wantOut) {
        if (nin != wantIn || nout != wantOut) {
            throw new IllegalArgumentException(op + " takes " + wantIn + " input(s) and " + wantOut
                    + " output, got " + nin + " and " + nout);
        }
    }

    private int read(String token) {
        int w = wireNumber(token);
        if (wire[w] < 0) {
            throw new IllegalArgumentException("wire " + w + " is used before it is set");
        }
        return wire[w];
    }

    private void write(String token, int literal) {
        int w = wireNumber(token);
        if (wire[w] >= 0) {
            throw new IllegalArgumentException("wire " + w + " is set twice");
        }
        wire[w] = literal;
    }

    private int wireNumber(String token) {
        int w = Numbers.parse(token, Integer.MAX_VALUE, "wire number");
        if (w >= wire.length) {
            throw new IllegalArgumentException("wire " + w + " is out of range: the header says " + wire.length + " wires (0.." + (wire.length - 1) + ")");
        }
        return w;
    }

    private String header(String what) {
        String line = lines.nextContent(null);
        if (line == null) {
            throw lines.errorAtEnd("expected " + what);
        }
        return line;
    }

    private static int[] numbers(String line, String field) {
        String[] tok = line.strip().split("\\s+");
        int[] v = new int[tok.length];
        for (int i = 0; i < tok.length; i++) {
            v[i] = Numbers.parse(tok[i], Integer.MAX_VALUE, field);
        }
        return v;
    }

    /** A Fashion size line: a count followed by that many sizes. */
    private static int[] counted(int[] line, String what) {
        if (line[0] != line.length - 1) {
            throw new IllegalArgumentException(what + " sizes line says " + line[0] + " values but lists " + (line.length - 1));
        }
        return Arrays.copyOfRange(line, 1, line.length);
    }

    private static long sum(int[] widths, String what) {
        long s = 0;
        for (int x : widths) {
            s += x;
        }
        if (s > MAX_INTERFACE_BITS) {
            throw new IllegalArgumentException(s + " " + what + " bits is more than the " + MAX_INTERFACE_BITS + " supported");
        }
        return s;
    }

}
