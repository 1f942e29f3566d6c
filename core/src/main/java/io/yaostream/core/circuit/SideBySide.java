package io.yaostream.core.circuit;

/**
 * A circuit held in memory, copied side by side: copy j has slots {@code j * S ..} of its own (its input and output
 * groups too, in the original's order, copy by copy), and its gates are interleaved with the other copies' gate by
 * gate. So each AND batch is {@code copies} times as wide, and consecutive free gates never read each other's output:
 * the kernel's walk issues them at its full rate where one copy's gates would wait on the gate before (an adder's
 * {@code t = a ^ b}, then {@code t ^ c}). Calling it once is calling the circuit {@code copies} times, with the same
 * AND gates and XOR gates; only their order and the gate indices that follow from it differ.
 */
public final class SideBySide {
    private SideBySide() {
    }

    /** {@code copies} copies of {@code c}, which must be held in memory unless there is one: {@code c} itself for one. */
    public static CompiledCircuit of(CompiledCircuit c, int copies) {
        if (copies == 1) {
            return c;
        }
        if (c.isStreamed()) {
            throw new IllegalArgumentException("a streamed circuit is not copied side by side: its gates are not in memory");
        }
        if (copies < 1 || (long) copies * c.slots() > CompiledCircuit.MAX_SLOTS
                || (long) copies * c.gateCount() * CompiledCircuit.GATE_STRIDE > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException(copies + " copies of a circuit of " + c.slots() + " slots and " + c.gateCount()
                    + " gates: too many, or fewer than 1");
        }
        int s = c.slots();
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(copies * s);
        if (c.sourceCounts() != null) {
            b.sourceCounts(c.sourceCounts().times(copies));
        }
        for (int j = 0; j < copies; j++) {
            for (WireGroup<Party> g : c.inputs()) {
                b.input(g.name(), g.owner(), shifted(g.slots(), j * s));
            }
        }
        b.expectGates(copies * c.gateCount());
        int[] r = c.gateRecordsView();
        for (int g = 0; g < c.gateCount(); g++) {
            int p = g * CompiledCircuit.GATE_STRIDE;
            for (int j = 0, offset = 0; j < copies; j++, offset += s) {
                b.gate(r[p], moved(r[p + 1], offset), moved(r[p + 2], offset), r[p + 3] + offset);
            }
        }
        for (int k = 0; k < c.andBatchCount(); k++) {
            b.andBatch(copies * c.andBatchStart(k), copies * c.andBatchLength(k));
        }
        for (int j = 0; j < copies; j++) {
            for (WireGroup<Receiver> g : c.outputs()) {
                b.output(g.name(), g.owner(), shifted(g.slots(), j * s));
            }
        }
        return b.build();
    }

    private static int moved(int slot, int offset) {
        return slot == GateOp.NO_SLOT ? slot : slot + offset;
    }

    private static int[] shifted(int[] slots, int offset) {
        int[] out = new int[slots.length];
        for (int i = 0; i < out.length; i++) {
            out[i] = slots[i] + offset;
        }
        return out;
    }
}
