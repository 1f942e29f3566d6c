package io.yaostream.core.circuit;

/** Gate statistics of a compiled circuit, by how each gate costs in garbling. */
public record GateCounts(int gates, int and, int xor, int inv, int constants) {

    static GateCounts of(int[] records, int gateCount) {
        int and = 0;
        int xor = 0;
        int inv = 0;
        int constants = 0;
        for (int g = 0; g < gateCount; g++) {
            switch (GateOp.kind(records[g * CompiledCircuit.GATE_STRIDE])) {
                case AND -> and++;
                case XOR -> xor++;
                case INV -> inv++;
                case CONST -> constants++;
            }
        }
        return new GateCounts(gateCount, and, xor, inv, constants);
    }

    @Override
    public String toString() {
        return gates + " gates (" + and + " AND, " + xor + " XOR, " + inv + " INV, " + constants + " constant)";
    }
}
