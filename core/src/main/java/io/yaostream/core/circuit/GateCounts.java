package io.yaostream.core.circuit;

/** Gate statistics of a compiled circuit, by how each gate costs in garbling. */
public record GateCounts(int gates, int and, int xor, int inv, int constants) {
    /** The number of {@link GateOp.Kind}s, the length of a tally by kind. */
    static final int KINDS = GateOp.Kind.values().length;

    static GateCounts of(int[] records, int gateCount) {
        // Indexed by kind rather than switched on it: kinds alternate unpredictably (AES mixes them gate by gate).
        int[] byKind = new int[KINDS];
        for (int g = 0; g < gateCount; g++) {
            byKind[GateOp.kind(records[g * CompiledCircuit.GATE_STRIDE]).ordinal()]++;
        }
        return of(gateCount, byKind);
    }

    /** Counts from gates tallied by {@link GateOp.Kind#ordinal()}. */
    static GateCounts of(int gateCount, int[] byKind) {
        return new GateCounts(gateCount, byKind[GateOp.Kind.AND.ordinal()], byKind[GateOp.Kind.XOR.ordinal()],
                byKind[GateOp.Kind.INV.ordinal()], byKind[GateOp.Kind.CONST.ordinal()]);
    }

    /** The counts of {@code k} such circuits together. */
    public GateCounts times(int k) {
        return new GateCounts(k * gates, k * and, k * xor, k * inv, k * constants);
    }

    @Override
    public String toString() {
        return gates + " gates (" + and + " AND, " + xor + " XOR, " + inv + " INV, " + constants + " constant)";
    }
}
