package io.yaostream.core.circuit;

import java.util.Arrays;

/**
 * A circuit without AND gates as what it computes: each output bit the XOR of some of its input bits, possibly
 * negated. With free XOR a back end computes such a circuit on the labels it holds, as it computes a XOR of two
 * values, rather than loading slots, walking gates and saving slots: AES's ShiftRows, MixColumns and AddRoundKey,
 * called as one sub-circuit, cost a pass over the labels instead of ten copies of the state.
 *
 * <p>Derived once per circuit from its gates ({@link CompiledCircuit#linearForm}). Input bits are numbered over the
 * input groups in order; output bits likewise.
 */
public final class LinearForm {
    /**
     * A form whose outputs have more terms than this in all is not derived: the circuit runs on the engine, whose
     * memory is its working set, rather than a form of unbounded size.
     */
    static final int MAX_TERMS = 1 << 20;

    /** Output bit j is the XOR of input bits {@code terms[termStart[j] .. termStart[j + 1])}. */
    private final int[] termStart;
    /** Each term's input bit, numbered over the input groups in order. */
    private final int[] terms;
    private final boolean[] negated;

    private LinearForm(int[] termStart, int[] terms, boolean[] negated) {
        this.termStart = termStart;
        this.terms = terms;
        this.negated = negated;
    }

    /** Output bits. */
    public int outputBits() {
        return negated.length;
    }

    /**
     * Where each output bit's terms start: output bit j's are {@code termStarts[j] .. termStarts[j + 1] - 1}. Back ends
     * read it instead of copying; do not modify.
     */
    public int[] termStartsView() {
        return termStart;
    }

    /** Each term's input bit, numbered over the input groups in order. Do not modify. */
    public int[] termsView() {
        return terms;
    }

    /** Whether output bit {@code j} is the negation of its XOR. */
    public boolean negated(int j) {
        return negated[j];
    }

    /**
     * The form of {@code c}, or null when it has a gate that is not free with free XOR, is read from its file as it
     * is walked, has an output bit that is a constant (a constant's wire needs a label from the garbler), or would
     * exceed {@link #MAX_TERMS}.
     */
    static LinearForm derive(CompiledCircuit c) {
        if (c.isStreamed() || c.counts().and() > 0) {
            return null;
        }
        // What each slot holds now: a sorted set of input bits and a constant, XORed.
        int[][] sets = new int[c.slots()][];
        boolean[] constant = new boolean[c.slots()];
        int[] inputSlots = c.inputSlotsView();
        for (int k = 0; k < inputSlots.length; k++) {
            sets[inputSlots[k]] = new int[] {k};
        }
        for (int gate = 0; gate < c.gateCount(); gate++) {
            int op = c.op(gate);
            if (GateOp.kind(op) == GateOp.Kind.AND) {
                return null;
            }
            int form = GateOp.freeForm(op);
            int[] set = new int[0];
            boolean not = (form & GateOp.FREE_NOT) != 0;
            if (((form & GateOp.FREE_LEFT) != 0 && sets[c.in0(gate)] == null)
                    || ((form & GateOp.FREE_RIGHT) != 0 && sets[c.in1(gate)] == null)) {
                return null; // reads a slot nothing wrote: no form, let the engine's checks speak
            }
            if ((form & GateOp.FREE_LEFT) != 0) {
                set = sets[c.in0(gate)];
                not ^= constant[c.in0(gate)];
            }
            if ((form & GateOp.FREE_RIGHT) != 0) {
                set = symmetricDifference(set, sets[c.in1(gate)]);
                not ^= constant[c.in1(gate)];
            }
            if (set.length > MAX_TERMS) {
                return null;
            }
            sets[c.out(gate)] = set;
            constant[c.out(gate)] = not;
        }
        int[] outputSlots = c.outputSlotsView();
        int[] termStart = new int[outputSlots.length + 1];
        long total = 0;
        for (int j = 0; j < outputSlots.length; j++) {
            int[] set = sets[outputSlots[j]];
            if (set == null || set.length == 0) {
                return null; // a constant output
            }
            total += set.length;
            if (total > MAX_TERMS) {
                return null;
            }
            termStart[j + 1] = (int) total;
        }
        int[] terms = new int[(int) total];
        boolean[] negated = new boolean[outputSlots.length];
        for (int j = 0; j < outputSlots.length; j++) {
            int[] set = sets[outputSlots[j]];
            System.arraycopy(set, 0, terms, termStart[j], set.length);
            negated[j] = constant[outputSlots[j]];
        }
        return new LinearForm(termStart, terms, negated);
    }

    /** The elements in exactly one of two sorted sets, sorted: the input bits of the XOR of two wires. */
    private static int[] symmetricDifference(int[] a, int[] b) {
        int[] out = new int[a.length + b.length];
        int i = 0;
        int j = 0;
        int n = 0;
        while (i < a.length || j < b.length) {
            if (j == b.length || (i < a.length && a[i] < b[j])) {
                out[n++] = a[i++];
            } else if (i == a.length || b[j] < a[i]) {
                out[n++] = b[j++];
            } else {
                i++; // in both: cancels
                j++;
            }
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }
}
