package io.yaostream.core.garble;

import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;
import io.yaostream.core.kernel.SlotCopies;

/**
 * Evaluator state shared by every scheme: one active label per slot, decoding against the garbler's hashes of
 * both output labels.
 */
abstract class ActiveLabelEvaluator extends EvaluatorCore {
    final Kernel kernel;
    long[] label = new long[0];
    private final LabelHash hash;
    private long[] scratch = new long[0];
    private long[] expected = new long[0];
    private long[] mine = new long[0];
    private long[] tweaks = new long[0];
    private long[] held = new long[0];

    ActiveLabelEvaluator(Kernel kernel, LabelHash hash) {
        this.kernel = kernel;
        this.hash = hash;
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

    @Override
    public void setLabels(int[] slots, int first, int count, long[] src, int pos) {
        SlotCopies.load(label, slots, first, count, src, pos);
    }

    @Override
    public void activeLabels(int[] slots, int first, int count, long[] out, int pos) {
        SlotCopies.save(label, slots, first, count, out, pos);
    }

    @Override
    boolean[] decode(int[] slots, long firstOutputIndex, GarbledStream stream) {
        return match(slots, firstOutputIndex, stream, false);
    }

    @Override
    boolean[] checkShare(int[] slots, long firstOutputIndex, GarbledStream stream) {
        return match(slots, firstOutputIndex, stream, true);
    }

    /**
     * Hashes the labels on {@code slots} and finds each among the garbler's two hashes of its wire: the index of the
     * match is the bit, where the hashes come in value order, and the label's colour, where they come in colour
     * order ({@code byColour}; then only the hash of that colour is compared).
     */
    private boolean[] match(int[] slots, long firstOutputIndex, GarbledStream stream, boolean byColour) {
        int n = slots.length;
        if (tweaks.length < n) {
            expected = new long[4 * n];
            held = new long[2 * n];
            tweaks = new long[n];
            mine = new long[2 * n];
            scratch = new long[2 * n];
        }
        stream.readBlocks(expected, 0, 2 * n);
        for (int i = 0; i < n; i++) {
            held[2 * i] = label[2 * slots[i]];
            held[2 * i + 1] = label[2 * slots[i] + 1];
            tweaks[i] = firstOutputIndex + i;
        }
        hash.hash(kernel, held, tweaks, LabelHash.OUTPUT_DOMAIN, mine, scratch, n);
        boolean[] bits = new boolean[n];
        for (int i = 0; i < n; i++) {
            long lo = mine[2 * i];
            long hi = mine[2 * i + 1];
            if (byColour) {
                int colour = (int) (held[2 * i] & 1);
                if (lo != expected[4 * i + 2 * colour] || hi != expected[4 * i + 2 * colour + 1]) {
                    throw new GarblingException("shared output " + (firstOutputIndex + i) + ": the label matches neither check value"
                            + " (garbled material or labels were altered)");
                }
                bits[i] = colour == 1;
            } else if (lo == expected[4 * i + 2] && hi == expected[4 * i + 3]) {
                bits[i] = true;
            } else if (lo != expected[4 * i] || hi != expected[4 * i + 1]) {
                throw new GarblingException("output " + (firstOutputIndex + i) + ": the label matches neither decoding value"
                        + " (garbled material or labels were altered)");
            }
        }
        return bits;
    }
}
