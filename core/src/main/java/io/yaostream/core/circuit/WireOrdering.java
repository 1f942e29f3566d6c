package io.yaostream.core.circuit;

/**
 * A wire ordering in the sense of fleXOR (Kolesnikov–Mohassel–Rosulek 2014) and GLNP15 §5: every wire gets a class
 * φ, the wires of one class share a label offset Δ_φ, and an XOR gate is free where both inputs have its output's
 * class; each input of another class is translated into it, one ciphertext and two PRF calls. The orderings here are
 * monotone (Definition 5.1: an AND gate's output class is above its inputs', an XOR gate's at least theirs), so no
 * offset ever encrypts labels that depend on it: garbling needs related-key security, not circularity.
 *
 * <p>Class 0 is the inputs' (and constants'): the offset every call of the circuit brings its inputs to. A copy or
 * negation (a gate of one input) is the same wire as its input, class and all, so it never needs a translation.
 *
 * <p>An ordering is derived from the gate records once, when a scheme first needs it ({@link CompiledCircuit#wireOrdering}):
 * three linear passes over the gates. It is not stored in the slot-ID file, since only the three fleXOR schemes use it
 * and each wants its own; deriving it costs far less than garbling the circuit once.
 */
public final class WireOrdering {
    /** The heuristics of GLNP15 §5: the monotone one of [14], and the safe-and-monotone SafeMon1 and SafeMon2 (Fig. 10–11). */
    public enum Heuristic {
        /**
         * fleXOR's: a wire's class plus its non-XOR depth (the most AND gates on a path from it to an output) is the
         * same for every AND gate's output; an XOR gate's output takes the larger class of its inputs, so at most one
         * input is translated. AND gates share classes, so their offsets are set before them: 4-3 row reduction.
         */
        MONOTONE,
        /** Safe (AND gate k's output has class k, a new offset, so 4-2 row reduction) and monotone, from φ_min (Fig. 11). */
        SAFE_MON1,
        /** As {@link #SAFE_MON1} but from φ_max (Fig. 11). */
        SAFE_MON2
    }

    /** The kinds of gate an ordering tells apart. */
    public static final byte OTHER = 0;
    public static final byte XOR = 1;
    public static final byte AND = 2;

    private final Heuristic heuristic;
    /** Per gate: the class of its output, for XOR and AND gates; 0 for others. */
    private final int[] outputClass;
    /** Per gate: bit 0 translate the left input, bit 1 the right (XOR gates); bit 2 the first gate of its class (AND gates). */
    private final byte[] flags;
    private final int classes;
    private final long translations;

    private WireOrdering(Heuristic heuristic, int[] outputClass, byte[] flags, int classes, long translations) {
        this.heuristic = heuristic;
        this.outputClass = outputClass;
        this.flags = flags;
        this.classes = classes;
        this.translations = translations;
    }

    public Heuristic heuristic() {
        return heuristic;
    }

    /** The class of gate {@code gate}'s output (XOR and AND gates). */
    public int outputClass(int gate) {
        return outputClass[gate];
    }

    /** Which inputs of XOR gate {@code gate} are translated to its output's class: bit 0 the left, bit 1 the right. */
    public int translations(int gate) {
        return flags[gate] & 3;
    }

    /** Whether AND gate {@code gate} is the first gate whose output has its class, so it chooses that class's offset. */
    public boolean opensClass(int gate) {
        return (flags[gate] & 4) != 0;
    }

    /** Classes 0 .. classes() - 1 are used. */
    public int classes() {
        return classes;
    }

    /** Translations at XOR gates over the whole circuit: its XOR gates' ciphertexts. */
    public long xorTranslations() {
        return translations;
    }

    /** The wires of a circuit as gates see them: each gate's inputs and whether its output is a circuit output. */
    private static final class Wires {
        /** Per gate: {@link #XOR}, {@link #AND} or {@link #OTHER}. */
        final byte[] kind;
        /** Per gate: the gate whose output its left (right) input reads, through copies; -1 for a class-0 wire. */
        final int[] left;
        final int[] right;
        /** Per gate: whether its output (or a copy of it) is an output of the circuit. */
        final boolean[] output;

        Wires(CompiledCircuit c) {
            int n = c.gateCount();
            int[] records = c.gateRecordsView();
            kind = new byte[n];
            left = new int[n];
            right = new int[n];
            output = new boolean[n];
            // The wire each slot holds now: the gate that made it (copies resolved), -1 for an input or a constant.
            int[] wire = new int[c.slots()];
            java.util.Arrays.fill(wire, -1);
            for (int g = 0; g < n; g++) {
                int p = g * CompiledCircuit.GATE_STRIDE;
                int op = records[p];
                GateOp.Kind k = GateOp.kind(op);
                if (k == GateOp.Kind.XOR || k == GateOp.Kind.AND) {
                    kind[g] = k == GateOp.Kind.XOR ? XOR : AND;
                    left[g] = wire[records[p + 1]];
                    right[g] = wire[records[p + 2]];
                    wire[records[p + 3]] = g;
                    continue;
                }
                kind[g] = OTHER;
                int form = GateOp.freeForm(op);
                if ((form & (GateOp.FREE_LEFT | GateOp.FREE_RIGHT)) == 0) {
                    wire[records[p + 3]] = -1; // a constant: class 0, as an input
                } else {
                    wire[records[p + 3]] = wire[records[p + ((form & GateOp.FREE_LEFT) != 0 ? 1 : 2)]];
                }
            }
            for (int slot : c.outputSlotsView()) {
                if (wire[slot] >= 0) {
                    output[wire[slot]] = true;
                }
            }
        }

        int classOf(int[] phi, int w) {
            return w < 0 ? 0 : phi[w];
        }
    }

    /** Derives the ordering of {@code c} (held in memory) by {@code h}. */
    static WireOrdering derive(CompiledCircuit c, Heuristic h) {
        if (c.isStreamed()) {
            throw new IllegalStateException("a wire ordering needs the circuit's gates in memory; this circuit is read from its file as it is walked");
        }
        Wires w = new Wires(c);
        int[] phi = h == Heuristic.MONOTONE ? monotone(w) : safeAndMonotone(w, h == Heuristic.SAFE_MON2);
        int n = phi.length;
        byte[] flags = new byte[n];
        int[] outputClass = new int[n];
        int max = 0;
        long translations = 0;
        for (int g = 0; g < n; g++) {
            if (w.kind[g] == OTHER) {
                continue;
            }
            outputClass[g] = phi[g];
            max = Math.max(max, phi[g]);
            if (w.kind[g] == XOR) {
                int t = (w.classOf(phi, w.left[g]) != phi[g] ? 1 : 0) | (w.classOf(phi, w.right[g]) != phi[g] ? 2 : 0);
                flags[g] = (byte) t;
                translations += Integer.bitCount(t);
            }
        }
        boolean[] seen = new boolean[max + 1];
        seen[0] = true;
        for (int g = 0; g < n; g++) {
            if (w.kind[g] == AND && !seen[phi[g]]) {
                seen[phi[g]] = true;
                flags[g] |= 4;
            }
        }
        check(w, phi);
        return new WireOrdering(h, outputClass, flags, max + 1, translations);
    }

    /**
     * fleXOR's heuristic as GLNP15 §5.1 describes it: with d the non-XOR depth and D the largest, an AND gate's output
     * gets D − d (at least 1, above the inputs' 0) and an XOR gate's output the larger class of its inputs.
     */
    private static int[] monotone(Wires w) {
        int n = w.kind.length;
        int[] depth = new int[n];
        int deepest = 0;
        for (int g = n - 1; g >= 0; g--) {
            deepest = Math.max(deepest, depth[g]);
            if (w.kind[g] == OTHER) {
                continue;
            }
            int through = depth[g] + (w.kind[g] == AND ? 1 : 0);
            if (w.left[g] >= 0) {
                depth[w.left[g]] = Math.max(depth[w.left[g]], through);
            }
            if (w.right[g] >= 0) {
                depth[w.right[g]] = Math.max(depth[w.right[g]], through);
            }
        }
        int[] phi = new int[n];
        for (int g = 0; g < n; g++) {
            if (w.kind[g] == AND) {
                phi[g] = deepest + 1 - depth[g];
            } else if (w.kind[g] == XOR) {
                phi[g] = Math.max(w.classOf(phi, w.left[g]), w.classOf(phi, w.right[g]));
            }
        }
        return phi;
    }

    /**
     * GLNP15 Fig. 10 and 11. Fig. 10 gives each wire the least and greatest class any safe and monotone ordering can give
     * it (an AND gate's output exactly its number among the AND gates); Fig. 11 starts the circuit's outputs at the least
     * (SafeMon1) or greatest (SafeMon2) and, from the last gate back, gives each other XOR output the least class of the
     * gates that read it where that is allowed, else φ_min (SafeMon1) or the larger φ_max of its inputs (SafeMon2).
     */
    private static int[] safeAndMonotone(Wires w, boolean fromMax) {
        int n = w.kind.length;
        int[] min = new int[n];
        int[] max = new int[n];
        int ands = 0;
        for (int g = 0; g < n; g++) {
            if (w.kind[g] == AND) {
                min[g] = max[g] = ++ands;
            } else if (w.kind[g] == XOR) {
                min[g] = Math.max(w.classOf(min, w.left[g]), w.classOf(min, w.right[g]));
                max[g] = ands;
            }
        }
        int[] phi = new int[n];
        // The least class among the gates that read each wire, filled in as those (later) gates are fixed.
        int[] readers = new int[n];
        java.util.Arrays.fill(readers, Integer.MAX_VALUE);
        for (int g = n - 1; g >= 0; g--) {
            if (w.kind[g] == OTHER) {
                continue;
            }
            if (w.kind[g] == AND) {
                phi[g] = min[g];
            } else if (w.output[g]) {
                phi[g] = fromMax ? max[g] : min[g];
            } else if (readers[g] <= max[g]) {
                phi[g] = readers[g];
            } else {
                phi[g] = fromMax ? Math.max(w.classOf(max, w.left[g]), w.classOf(max, w.right[g])) : min[g];
            }
            if (w.left[g] >= 0) {
                readers[w.left[g]] = Math.min(readers[w.left[g]], phi[g]);
            }
            if (w.right[g] >= 0) {
                readers[w.right[g]] = Math.min(readers[w.right[g]], phi[g]);
            }
        }
        return phi;
    }

    /** Definition 5.1, checked on every derived ordering: a broken one would need circular security. */
    private static void check(Wires w, int[] phi) {
        for (int g = 0; g < phi.length; g++) {
            if (w.kind[g] == OTHER) {
                continue;
            }
            int in = Math.max(w.classOf(phi, w.left[g]), w.classOf(phi, w.right[g]));
            if (w.kind[g] == AND ? phi[g] <= in : phi[g] < in) {
                throw new IllegalStateException("wire ordering not monotone at gate " + g);
            }
        }
    }
}
