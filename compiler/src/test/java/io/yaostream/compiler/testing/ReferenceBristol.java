package io.yaostream.compiler.testing;

import java.util.Arrays;

/**
 * An independent reference for Bristol files: reads the file as one stream of whitespace-separated tokens
 * (no line handling, no code shared with the production reader) and evaluates it wire by wire, exactly as
 * the file says, 64 input sets at a time (bit j of every wire value belongs to input set j).
 *
 * <p>It expects a valid file and checks only what it needs to stay honest: every gate reads wires that are
 * set, and no wire is set twice (so the random generator is checked too).
 */
public final class ReferenceBristol {
    private static final int XOR = 0;
    private static final int AND = 1;
    private static final int INV = 2;
    private static final int EQ = 3;
    private static final int EQW = 4;
    private static final int MAND = 5;

    private final int wires;
    private final int[] inputWidths;
    private final int[] outputWidths;
    /** Per gate: op, k (outputs), then the input wires (or the EQ constant), then the output wires. */
    private final int[][] gates;

    private ReferenceBristol(int wires, int[] inputWidths, int[] outputWidths, int[][] gates) {
        this.wires = wires;
        this.inputWidths = inputWidths;
        this.outputWidths = outputWidths;
        this.gates = gates;
    }

    public static ReferenceBristol parse(String text, boolean fashion) {
        // Whitespace as Java defines it (Character.isWhitespace, which includes the separators 0x1c..0x1f):
        // the production reader trims lines with String.strip, so the reference must not be stricter.
        String[] t = text.strip().split("\\p{javaWhitespace}+");
        int[] pos = {0};
        int gateCount = num(t, pos);
        int wires = num(t, pos);
        int[] in;
        int[] out;
        if (fashion) {
            in = new int[num(t, pos)];
            for (int i = 0; i < in.length; i++) {
                in[i] = num(t, pos);
            }
            out = new int[num(t, pos)];
            for (int i = 0; i < out.length; i++) {
                out[i] = num(t, pos);
            }
        } else {
            int n1 = num(t, pos);
            int n2 = num(t, pos);
            in = n2 == 0 ? new int[] {n1} : new int[] {n1, n2};
            out = new int[] {num(t, pos)};
        }
        int[][] gates = new int[gateCount][];
        for (int g = 0; g < gateCount; g++) {
            int nin = num(t, pos);
            int nout = num(t, pos);
            int[] rec = new int[2 + nin + nout];
            for (int i = 0; i < nin + nout; i++) {
                rec[2 + i] = num(t, pos);
            }
            String op = t[pos[0]++];
            rec[0] = switch (op) {
                case "XOR" -> XOR;
                case "AND" -> AND;
                case "INV" -> INV;
                case "EQ" -> EQ;
                case "EQW" -> EQW;
                case "MAND" -> MAND;
                default -> throw new IllegalArgumentException("reference: unknown op " + op);
            };
            rec[1] = nout;
            gates[g] = rec;
        }
        if (pos[0] != t.length) {
            throw new IllegalArgumentException("reference: " + (t.length - pos[0]) + " tokens after the last gate");
        }
        return new ReferenceBristol(wires, in, out, gates);
    }

    private static int num(String[] t, int[] pos) {
        return Integer.parseInt(t[pos[0]++]);
    }

    public int[] inputWidths() {
        return inputWidths.clone();
    }

    public int[] outputWidths() {
        return outputWidths.clone();
    }

    public int gateCount() {
        return gates.length;
    }

    /** AND gates in the file, counting a MAND of k outputs as k. */
    public int andGates() {
        int n = 0;
        for (int[] g : gates) {
            n += g[0] == AND ? 1 : g[0] == MAND ? g[1] : 0;
        }
        return n;
    }

    public int totalInputBits() {
        return Arrays.stream(inputWidths).sum();
    }

    public int totalOutputBits() {
        return Arrays.stream(outputWidths).sum();
    }

    /** Evaluates on 64 lanes: one entry per input wire (0..), returns one per output wire (the last wires). */
    public long[] evaluate(long[] inputLanes) {
        int n = totalInputBits();
        if (inputLanes.length != n) {
            throw new IllegalArgumentException("reference: " + n + " input bits, got " + inputLanes.length);
        }
        long[] w = new long[wires];
        boolean[] set = new boolean[wires];
        for (int i = 0; i < n; i++) {
            w[i] = inputLanes[i];
            set[i] = true;
        }
        for (int[] g : gates) {
            int k = g[1];
            switch (g[0]) {
                case XOR -> put(w, set, g[4], get(w, set, g[2]) ^ get(w, set, g[3]));
                case AND -> put(w, set, g[4], get(w, set, g[2]) & get(w, set, g[3]));
                case INV -> put(w, set, g[3], ~get(w, set, g[2]));
                case EQ -> put(w, set, g[3], g[2] == 1 ? -1L : 0L);
                case EQW -> put(w, set, g[3], get(w, set, g[2]));
                case MAND -> {
                    long[] r = new long[k];
                    for (int i = 0; i < k; i++) {
                        r[i] = get(w, set, g[2 + i]) & get(w, set, g[2 + k + i]);
                    }
                    for (int i = 0; i < k; i++) {
                        put(w, set, g[2 + 2 * k + i], r[i]);
                    }
                }
                default -> throw new IllegalStateException();
            }
        }
        int outBits = totalOutputBits();
        long[] out = new long[outBits];
        for (int i = 0; i < outBits; i++) {
            out[i] = get(w, set, wires - outBits + i);
        }
        return out;
    }

    private static long get(long[] w, boolean[] set, int wire) {
        if (!set[wire]) {
            throw new IllegalStateException("reference: wire " + wire + " is read before it is set");
        }
        return w[wire];
    }

    private static void put(long[] w, boolean[] set, int wire, long v) {
        if (set[wire]) {
            throw new IllegalStateException("reference: wire " + wire + " is set twice");
        }
        set[wire] = true;
        w[wire] = v;
    }
}
