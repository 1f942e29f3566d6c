package io.yaostream.core.garble;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * The garbler of a scheme without a global free-XOR offset: it keeps both labels of every slot (prf-only and the
 * schemes of {@link PairWalk}). Input labels are two independent random labels of opposite colours, NOT swaps them,
 * and the evaluator's input labels come by plain OT of both.
 */
abstract class PairGarbler extends GarblerCore {
    final AesCtrRandom random;
    /** Per slot: the label of value 0 (block 2s) and of value 1 (block 2s + 1). */
    long[] pair = new long[0];

    PairGarbler(Kernel kernel, AesCtrRandom random) {
        super(kernel, LabelHash.KEYED);
        this.random = random;
    }

    @Override
    public void ensureSlots(int slots) {
        if (pair.length < 4 * slots) {
            pair = java.util.Arrays.copyOf(pair, 4 * slots);
        }
    }

    @Override
    public void newInputLabels(int slot) {
        freshPair(slot);
    }

    /** Two independent random labels of opposite colours. */
    final void freshPair(int slot) {
        random.nextBlock(pair, 2 * slot);
        random.nextBlock(pair, 2 * slot + 1);
        pair[4 * slot + 2] = (pair[4 * slot + 2] & ~1L) | (~pair[4 * slot] & 1);
    }

    @Override
    public void inputLabel(int slot, boolean value, long[] out, int block) {
        int b = 2 * slot + (value ? 1 : 0);
        out[2 * block] = pair[2 * b];
        out[2 * block + 1] = pair[2 * b + 1];
    }

    @Override
    void labelPair(int slot, long[] out) {
        System.arraycopy(pair, 4 * slot, out, 0, 4);
    }

    @Override
    public int slotWords() {
        return 4;
    }

    @Override
    public boolean freeXorOffset(long[] out) {
        return false;
    }

    /** The state is both labels; the negation swaps them. */
    @Override
    public void negateState(long[] state, int pos) {
        long lo = state[pos];
        long hi = state[pos + 1];
        state[pos] = state[pos + 2];
        state[pos + 1] = state[pos + 3];
        state[pos + 2] = lo;
        state[pos + 3] = hi;
    }

    @Override
    public void saveSlot(int slot, long[] dst, int pos) {
        System.arraycopy(pair, 4 * slot, dst, pos, 4);
    }

    @Override
    public void loadSlot(int slot, long[] src, int pos) {
        System.arraycopy(src, pos, pair, 4 * slot, 4);
    }
}
