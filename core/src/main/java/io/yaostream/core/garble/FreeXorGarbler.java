package io.yaostream.core.garble;

import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.FreeXor;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;
import io.yaostream.core.kernel.SlotCopies;

/**
 * Garbler state of the free-XOR schemes: one label per slot (the label of 0; the label of 1 is it XOR Δ) and
 * the global Δ, whose low bit is 1 so the two labels of a wire have different colours. XOR, XNOR, NOT and the
 * tables that ignore an input cost nothing ({@link FreeXor}); a constant sends its one active label. Subclasses
 * garble AND gates.
 */
abstract class FreeXorGarbler extends GarblerCore {
    final AesCtrRandom random;
    final long deltaLo;
    final long deltaHi;
    long[] zero = new long[0];
    private final long[] one = new long[2];

    FreeXorGarbler(Kernel kernel, AesCtrRandom random, LabelHash hash) {
        super(kernel, hash);
        this.random = random;
        long[] d = new long[2];
        random.nextBlock(d, 0);
        this.deltaLo = d[0] | 1L;
        this.deltaHi = d[1];
    }

    @Override
    public void ensureSlots(int slots) {
        if (zero.length < 2 * slots) {
            zero = java.util.Arrays.copyOf(zero, 2 * slots);
        }
    }

    @Override
    public void newInputLabels(int slot) {
        random.nextBlock(zero, slot);
    }

    @Override
    public void inputLabel(int slot, boolean value, long[] out, int block) {
        out[2 * block] = zero[2 * slot] ^ (value ? deltaLo : 0);
        out[2 * block + 1] = zero[2 * slot + 1] ^ (value ? deltaHi : 0);
    }

    /** A constant gate: a fresh label for {@code out}, whose active value the evaluator receives. */
    void constant(int op, int out, GarbledStream stream) {
        long not = (GateOp.freeForm(op) & GateOp.FREE_NOT) != 0 ? -1L : 0L;
        random.nextBlock(zero, out);
        one[0] = zero[2 * out] ^ (deltaLo & not);
        one[1] = zero[2 * out + 1] ^ (deltaHi & not);
        stream.writeBlocks(one, 0, 1);
    }

    @Override
    public boolean freeXorOffset(long[] out) {
        out[0] = deltaLo;
        out[1] = deltaHi;
        return true;
    }

    /** The state is the label of 0; the negation's label of 0 is the label of 1. */
    @Override
    public void negateState(long[] state, int pos) {
        state[pos] ^= deltaLo;
        state[pos + 1] ^= deltaHi;
    }

    @Override
    public int slotWords() {
        return 2;
    }

    @Override
    public void saveSlot(int slot, long[] dst, int pos) {
        dst[pos] = zero[2 * slot];
        dst[pos + 1] = zero[2 * slot + 1];
    }

    @Override
    public void loadSlot(int slot, long[] src, int pos) {
        zero[2 * slot] = src[pos];
        zero[2 * slot + 1] = src[pos + 1];
    }

    @Override
    public void loadSlots(int[] slots, int first, int count, long[] src, int pos) {
        SlotCopies.load(zero, slots, first, count, src, pos);
    }

    @Override
    public void saveSlots(int[] slots, int first, int count, long[] dst, int pos) {
        SlotCopies.save(zero, slots, first, count, dst, pos);
    }

    @Override
    void labelPair(int slot, long[] out) {
        inputLabel(slot, false, out, 0);
        inputLabel(slot, true, out, 1);
    }
}
