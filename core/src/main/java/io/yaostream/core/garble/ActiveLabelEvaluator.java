package io.yaostream.core.garble;

import io.yaostream.core.kernel.FreeXor;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * Evaluator state shared by every scheme: one active label per slot, decoding against the garbler's hashes of
 * both output labels. Free gates are XORs of labels (free XOR) or copies (NOT, the tables that ignore an
 * input); a constant's label comes from the stream. Schemes without free XOR override {@link #freeGate}
 * for XOR gates.
 */
abstract class ActiveLabelEvaluator extends EvaluatorCore {
    final Kernel kernel;
    long[] label = new long[0];
    private final LabelHash hash;
    private final long[] scratch = new long[2];
    private final long[] expected = new long[4];
    private final long[] mine = new long[2];
    private final long[] tweak = new long[1];
    private final long[] held = new long[2];

    ActiveLabelEvaluator(Kernel kernel, LabelHash hash) {
        this.kernel = kernel;
        this.hash = hash;
    }

    /** Whether XOR gates take a gate index, as {@link GateWalker.BatchGates#xorGatesTakeIndex} (not with free XOR). */
    public boolean xorGatesTakeIndex() {
        return false;
    }

    @Override
    public void ensureSlots(int slots) {
        if (label.length < 2 * slots) {
            label = java.util.Arrays.copyOf(label, 2 * slots);
        }
    }

    @Override
    public void setLabel(int slot, long[] src, int block) {
        label[2 * slot] = src[2 * block];
        label[2 * slot + 1] = src[2 * block + 1];
    }

    @Override
    public void activeLabel(int slot, long[] out, int block) {
        out[2 * block] = label[2 * slot];
        out[2 * block + 1] = label[2 * slot + 1];
    }

    /** A free gate as {@link GateWalker.BatchGates#freeGate}: XORs of labels, or a constant's label from the stream. */
    public void freeGate(int op, int in0, int in1, int out, long index, GarbledStream stream) {
        if (!FreeXor.evaluate(op, in0, in1, out, label)) {
            stream.readBlocks(label, out, 1);
        }
    }

    @Override
    boolean decode(int slot, long outputIndex, GarbledStream stream) {
        stream.readBlocks(expected, 0, 2);
        tweak[0] = outputIndex;
        held[0] = label[2 * slot];
        held[1] = label[2 * slot + 1];
        hash.hash(kernel, held, tweak, LabelHash.OUTPUT_DOMAIN, mine, scratch, 1);
        if (mine[0] == expected[0] && mine[1] == expected[1]) {
            return false;
        }
        if (mine[0] == expected[2] && mine[1] == expected[3]) {
            return true;
        }
        throw new GarblingException("output " + outputIndex + ": the label matches neither decoding value"
                + " (garbled material or labels were altered)");
    }
}
