package io.yaostream.core.circuit;

/**
 * The checks every gate record passes, in gate order: a known op, the inputs its op reads (and no others) in range
 * and already set, the output in range. One source of truth for {@link CompiledCircuit.Builder} (whole circuits) and
 * {@link GateBlocks} (circuits read from their file as an engine walks them). Holds one flag per slot.
 */
final class GateChecker {
    private final int slots;
    private final boolean[] isSet;

    GateChecker(int slots) {
        this.slots = slots;
        this.isSet = new boolean[slots];
    }

    /** Marks an input bit's slot set; IllegalArgumentException when out of range or set twice. */
    void input(int slot, java.util.function.Supplier<String> what) {
        checkSlot(slot, what);
        if (isSet[slot]) {
            throw new IllegalArgumentException("input slot " + slot + " is assigned twice");
        }
        isSet[slot] = true;
    }

    boolean isSet(int slot) {
        return isSet[slot];
    }

    /** Checks gate number {@code gate} and marks its output set; IllegalArgumentException names what is wrong. */
    void gate(int gate, int op, int in0, int in1, int out) {
        if (!GateOp.isValid(op)) {
            throw new IllegalArgumentException("unknown gate op " + op);
        }
        int arity = GateOp.arity(op);
        checkInput(gate, arity >= 1, in0);
        checkInput(gate, arity >= 2, in1);
        checkSlot(out, () -> "output");
        isSet[out] = true;
    }

    private void checkInput(int gate, boolean used, int slot) {
        if (!used) {
            if (slot != GateOp.NO_SLOT) {
                throw new IllegalArgumentException("gate " + gate + " has an input its op does not read");
            }
            return;
        }
        checkSlot(slot, () -> "input");
        if (!isSet[slot]) {
            throw new IllegalArgumentException("gate " + gate + " reads slot " + slot + " before it is set");
        }
    }

    /** IllegalArgumentException when {@code slot} is not below S; {@code what} names it (made only then). */
    void checkSlot(int slot, java.util.function.Supplier<String> what) {
        if (slot < 0 || slot >= slots) {
            throw new IllegalArgumentException(what.get() + " slot " + slot + " is out of range 0.." + (slots - 1));
        }
    }

    /** Checks that every output bit's slot is set by an input or a gate (after the last gate). */
    void outputsSet(java.util.List<WireGroup<Receiver>> outputs) {
        for (WireGroup<Receiver> g : outputs) {
            for (int i = 0; i < g.width(); i++) {
                if (!isSet[g.slot(i)]) {
                    throw new IllegalArgumentException("output " + CompiledCircuit.describe(g.name()) + " bit " + i
                            + " reads slot " + g.slot(i) + ", which no input or gate sets");
                }
            }
        }
    }
}
