package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.circuit.GateOp;

/**
 * The gates that cost nothing with free XOR, on label arrays of one block per slot (Blocks layout): every
 * non-AND gate is the XOR of some of its inputs, possibly negated ({@link GateOp#freeForm}). The garbler keeps
 * the label of 0 of each wire, so a negation XORs Δ in; the evaluator's active labels are just XORed. Shared
 * by the Java kernel's gate walk and the schemes that walk one batch at a time, so both do the same.
 */
public final class FreeXor {
    private FreeXor() {
    }

    /**
     * Garbler: the label of 0 of {@code out} from those of the inputs. Returns false, changing nothing, for a
     * constant gate, which needs a fresh random label instead.
     */
    public static boolean garble(int op, int in0, int in1, int out, long[] zero, long deltaLo, long deltaHi) {
        int form = GateOp.freeForm(op);
        if ((form & (GateOp.FREE_LEFT | GateOp.FREE_RIGHT)) == 0) {
            return false;
        }
        long not = (form & GateOp.FREE_NOT) != 0 ? -1L : 0L;
        long lo = not & deltaLo;
        long hi = not & deltaHi;
        if ((form & GateOp.FREE_LEFT) != 0) {
            lo ^= zero[2 * in0];
            hi ^= zero[2 * in0 + 1];
        }
        if ((form & GateOp.FREE_RIGHT) != 0) {
            lo ^= zero[2 * in1];
            hi ^= zero[2 * in1 + 1];
        }
        zero[2 * out] = lo;
        zero[2 * out + 1] = hi;
        return true;
    }

    /**
     * Evaluator: the active label of {@code out} from those of the inputs (a negation changes nothing here).
     * Returns false, changing nothing, for a constant gate, whose label the garbler sends.
     */
    public static boolean evaluate(int op, int in0, int in1, int out, long[] label) {
        int form = GateOp.freeForm(op);
        if ((form & (GateOp.FREE_LEFT | GateOp.FREE_RIGHT)) == 0) {
            return false;
        }
        long lo = 0;
        long hi = 0;
        if ((form & GateOp.FREE_LEFT) != 0) {
            lo = label[2 * in0];
            hi = label[2 * in0 + 1];
        }
        if ((form & GateOp.FREE_RIGHT) != 0) {
            lo ^= label[2 * in1];
            hi ^= label[2 * in1 + 1];
        }
        label[2 * out] = lo;
        label[2 * out + 1] = hi;
        return true;
    }
}
