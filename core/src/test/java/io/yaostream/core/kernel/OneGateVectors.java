package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * What the known-answer tests of docs/garbling-schemes.md section 11 share: the documented Δ and input labels, one
 * gate over slots 0 and 1 into slot 2, blocks in the spec's hex, and the evaluator's side of a garbled gate.
 */
final class OneGateVectors {
    static final String DELTA = "111112131415161718191a1b1c1d1e1f";
    static final String A0 = "202122232425262728292a2b2c2d2e2f";
    static final String B0 = "313132333435363738393a3b3c3d3e3f";

    private OneGateVectors() {
    }

    /** One gate of table {@code tt} over slots 0 (left) and 1 (right) into slot 2. */
    static CompiledCircuit oneGate(int tt) {
        return new CompiledCircuit.Builder(3).input("a", Party.GARBLER, new int[] {0}).input("b", Party.EVALUATOR, new int[] {1})
                .gate(tt, 0, 1, 2).output("c", Receiver.BOTH, new int[] {2}).build();
    }

    /** A block as the kernels hold it, from its 32 hex digits of bytes 0..15. */
    static long[] block(String hex) {
        ByteBuffer b = ByteBuffer.wrap(HexFormat.of().parseHex(hex)).order(ByteOrder.LITTLE_ENDIAN);
        return new long[] {b.getLong(), b.getLong()};
    }

    static String hex(long lo, long hi) {
        ByteBuffer b = ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(lo).putLong(hi);
        return HexFormat.of().formatHex(b.array());
    }

    /** The zero labels of slots 0 and 1 (A0, B0), with room for the gate's output label in slot 2. */
    static long[] zeroLabels() {
        long[] zero = new long[6];
        System.arraycopy(block(A0), 0, zero, 0, 2);
        System.arraycopy(block(B0), 0, zero, 2, 2);
        return zero;
    }

    /**
     * For each of the four inputs, the evaluator's label of the gate's value from the garbled {@code tables}: the zero
     * label of the output when the truth table {@code tt} gives 0, that label XOR Δ when it gives 1.
     */
    static void assertEvaluatesEveryInput(Kernel kernel, AndGateRule rule, CompiledCircuit c, int tt, long[] zero, long[] delta,
                                          long[] tables, String what) {
        for (int l = 0; l < 2; l++) {
            for (int r = 0; r < 2; r++) {
                long[] label = new long[6];
                label[0] = zero[0] ^ (-l & delta[0]);
                label[1] = zero[1] ^ (-l & delta[1]);
                label[2] = zero[2] ^ (-r & delta[0]);
                label[3] = zero[3] ^ (-r & delta[1]);
                GateCursor ev = new GateCursor();
                ev.start(1);
                assertEquals(rule.tableBlocks(), kernel.evaluateFreeXor(rule, c, ev, label, tables, rule.tableBlocks()));
                long out = (tt >> (3 - (2 * l + r))) & 1;
                assertEquals(hex(zero[4] ^ (-out & delta[0]), zero[5] ^ (-out & delta[1])), hex(label[4], label[5]),
                        what + "inputs " + l + ", " + r);
            }
        }
    }
}
