package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;

/**
 * Where a circuit's constant gates are and how many AND gates come before each: an evaluator whose kernel walks
 * many gates per call reads exactly the tables up to the next constant (whose label comes next in the stream).
 * Found once per circuit and kept while the same circuit is called again; circuits without constants (almost
 * all) need no scan.
 */
final class ConstantGates {
    private CompiledCircuit circuit;
    private int[] gates = new int[0];
    private long[] andsBefore = new long[0];
    private int count;
    private long totalAnds;

    /** Prepares for {@code c} (a no-op when it is the circuit of the last call). */
    void of(CompiledCircuit c) {
        if (c == circuit) {
            return;
        }
        circuit = c;
        totalAnds = c.counts().and();
        count = c.counts().constants();
        if (gates.length < count) {
            gates = new int[count];
            andsBefore = new long[count];
        }
        if (count == 0) {
            return;
        }
        int[] records = c.gateRecordsView();
        long ands = 0;
        for (int g = 0, k = 0; g < c.gateCount(); g++) {
            int op = records[g * CompiledCircuit.GATE_STRIDE];
            if (GateOp.isConstant(op)) {
                gates[k] = g;
                andsBefore[k++] = ands;
            } else if (GateOp.kind(op) == GateOp.Kind.AND) {
                ands++;
            }
        }
    }

    /** Gate position of constant {@code k}, or the gate count past the last one. */
    int gate(int k) {
        return k < count ? gates[k] : circuit.gateCount();
    }

    /** AND gates before constant {@code k} (all of them past the last one). */
    long andsBefore(int k) {
        return k < count ? andsBefore[k] : totalAnds;
    }

}
