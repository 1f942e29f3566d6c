package io.yaostream.compiler.testing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random valid Bristol circuit files (Bristol Fashion and old format), for property tests.
 *
 * <p>Every gate reads only wires already set and every wire is set exactly once. Wire numbers are not in
 * gate order: internal wires and output wires are set in a random order, so outputs (the last wires, as
 * both formats require) are set at any point, and later gates may read them. Fashion files use every op:
 * XOR, AND, INV, EQ (constants), EQW (aliases) and MAND; outputs are often copies of inputs (EQW), constants
 * (EQ), inverted values (INV) or aliases of other wires. Many gates are dead (nothing reads them). Values
 * stay well mixed (XOR-heavy, reads biased towards recent wires but reaching back to the inputs), so a wrong
 * or overwritten value shows up in the outputs.
 */
public final class RandomBristol {

    /** A generated file and what the generator knows about it. */
    public record Source(String text, boolean fashion, int[] inputWidths, int[] outputWidths, int sourceAnds) {
        public byte[] bytes() {
            return text.getBytes(StandardCharsets.US_ASCII);
        }
    }

    private final Random rnd;
    private final boolean fashion;
    private final StringBuilder gates = new StringBuilder();
    private final String sep;
    private int[] setWires;
    private int setCount;
    private int inputBits;
    private int gateLines;
    private int ands;

    private RandomBristol(long seed, boolean fashion) {
        this.rnd = new Random(seed);
        this.fashion = fashion;
        int s = rnd.nextInt(10);
        this.sep = s == 0 ? "  " : s == 1 ? "\t" : " ";
    }

    /** A Bristol Fashion file with 1..4 input groups, 1..4 output groups and about {@code size} gates. */
    public static Source fashion(long seed, int size) {
        return new RandomBristol(seed, true).generate(size);
    }

    /** An old-format Bristol file (one or two input groups, one output group, XOR/AND/INV only). */
    public static Source old(long seed, int size) {
        return new RandomBristol(seed, false).generate(size);
    }

    private Source generate(int size) {
        int[] in;
        int[] out;
        if (fashion) {
            in = new int[1 + rnd.nextInt(4)];
            for (int i = 0; i < in.length; i++) {
                in[i] = i > 0 && rnd.nextInt(6) == 0 ? 0 : 1 + rnd.nextInt(40);
            }
            out = new int[1 + rnd.nextInt(4)];
            for (int i = 0; i < out.length; i++) {
                out[i] = 1 + rnd.nextInt(40);
            }
        } else {
            in = rnd.nextInt(4) == 0 ? new int[] {1 + rnd.nextInt(64)} : new int[] {1 + rnd.nextInt(64), 1 + rnd.nextInt(64)};
            out = new int[] {1 + rnd.nextInt(64)};
        }
        inputBits = sum(in);
        int outputBits = sum(out);
        int internal = size;
        int wires = inputBits + internal + outputBits;
        setWires = new int[wires];
        for (int w = 0; w < inputBits; w++) {
            setWires[setCount++] = w;
        }
        // The order in which wires are set: internal and output wires, shuffled.
        int[] order = new int[internal + outputBits];
        for (int i = 0; i < internal; i++) {
            order[i] = inputBits + i;
        }
        for (int i = 0; i < outputBits; i++) {
            order[internal + i] = wires - outputBits + i;
        }
        shuffle(order);
        int firstOutput = wires - outputBits;
        int p = 0;
        while (p < order.length) {
            int target = order[p];
            if (target >= firstOutput) {
                outputGate(target);
                p++;
            } else {
                p += internalGate(order, p);
            }
        }
        StringBuilder text = new StringBuilder();
        String nl = rnd.nextInt(10) == 0 ? "\r\n" : "\n";
        text.append(gateLines).append(sep).append(wires).append(nl);
        if (fashion) {
            text.append(list(in)).append(nl).append(list(out)).append(nl);
        } else {
            text.append(in[0]).append(sep).append(in.length > 1 ? in[1] : 0).append(sep).append(out[0]).append(nl);
        }
        text.append(nl).append(gates.toString().replace("\n", nl));
        if (rnd.nextBoolean()) {
            text.append(nl);
        }
        return new Source(text.toString(), fashion, in, out, ands);
    }

    /** Sets an output wire, often to a copy of an input, a constant or an inverted value. */
    private void outputGate(int target) {
        int r = rnd.nextInt(100);
        if (fashion && r < 20 && inputBits > 0) {
            line(1, 1, "EQW", rnd.nextInt(inputBits), target); // an input, unchanged
        } else if (fashion && r < 26) {
            line(1, 1, "EQ", rnd.nextInt(2), target);          // a constant
        } else if (fashion && r < 40 && setCount > 0) {
            line(1, 1, "EQW", read(), target);                 // an alias of another wire
        } else if (r < 60 && setCount > 0) {
            line(1, 1, "INV", read(), target);                 // an inverted value
        } else {
            binary(target);
        }
        set(target);
    }

    /** Sets one internal wire (or k wires for MAND); returns how many entries of order it used. */
    private int internalGate(int[] order, int p) {
        int target = order[p];
        int r = rnd.nextInt(100);
        if (setCount == 0 || fashion && r < 2) {
            line(1, 1, "EQ", rnd.nextInt(2), target);
        } else if (r < 14) {
            line(1, 1, "INV", read(), target);
        } else if (fashion && r < 20) {
            line(1, 1, "EQW", read(), target);
        } else if (fashion && r < 26) {
            int k = Math.min(1 + rnd.nextInt(4), order.length - p);
            int[] a = new int[k];
            int[] b = new int[k];
            for (int i = 0; i < k; i++) {
                a[i] = read();
                b[i] = read();
            }
            StringBuilder sb = new StringBuilder().append(2 * k).append(sep).append(k);
            for (int x : a) {
                sb.append(sep).append(x);
            }
            for (int x : b) {
                sb.append(sep).append(x);
            }
            for (int i = 0; i < k; i++) {
                sb.append(sep).append(order[p + i]);
            }
            gates.append(sb).append(sep).append("MAND\n");
            gateLines++;
            ands += k;
            for (int i = 0; i < k; i++) {
                set(order[p + i]); // all inputs were read before any output is set
            }
            return k;
        } else {
            binary(target);
        }
        set(target);
        return 1;
    }

    private void binary(int target) {
        boolean and = rnd.nextInt(100) < 25;
        int a = read();
        int b = rnd.nextInt(30) == 0 ? a : read(); // sometimes x op x
        gates.append(2).append(sep).append(1).append(sep).append(a).append(sep).append(b).append(sep)
                .append(target).append(sep).append(and ? "AND" : "XOR").append('\n');
        gateLines++;
        if (and) {
            ands++;
        }
    }

    private void line(int nin, int nout, String op, int a, int out) {
        gates.append(nin).append(sep).append(nout).append(sep).append(a).append(sep).append(out).append(sep).append(op).append('\n');
        gateLines++;
    }

    /** A wire already set: half the time one of the 64 most recent, else any. */
    private int read() {
        if (rnd.nextBoolean()) {
            return setWires[setCount - 1 - rnd.nextInt(Math.min(64, setCount))];
        }
        return setWires[rnd.nextInt(setCount)];
    }

    private void set(int wire) {
        setWires[setCount++] = wire;
    }

    private String list(int[] widths) {
        StringBuilder sb = new StringBuilder().append(widths.length);
        for (int w : widths) {
            sb.append(sep).append(w);
        }
        return sb.toString();
    }

    private void shuffle(int[] a) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rnd.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static int sum(int[] v) {
        int s = 0;
        for (int x : v) {
            s += x;
        }
        return s;
    }

    /** All gate lines' ops, for tests that check the generator covers them. */
    public static List<String> ops(Source s) {
        List<String> ops = new ArrayList<>();
        String[] lines = s.text().split("\r?\n");
        for (int i = s.fashion() ? 4 : 3; i < lines.length; i++) {
            String[] tok = lines[i].strip().split("\\s+");
            if (!lines[i].isBlank()) {
                ops.add(tok[tok.length - 1]);
            }
        }
        return ops;
    }
}
