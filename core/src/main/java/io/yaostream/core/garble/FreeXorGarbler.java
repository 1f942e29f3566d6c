package io.yaostream.core.garble;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

/**
 * Garbler state of the free-XOR schemes: one label per slot (the label of 0; the label of 1 is it XOR Δ) and
 * the global Δ, whose low bit is 1 so the two labels of a wire have different colours. XOR, XNOR, NOT and the
 * tables that ignore an input cost nothing; a constant sends its one active label. Subclasses garble AND batches.
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
    boolean xorGatesTakeIndex() {
        return false;
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

    @Override
    void freeGate(int op, int in0, int in1, int out, long index, GarbledStream stream) {
        int form = freeForm(op);
        long not = (form & FREE_NOT) != 0 ? -1L : 0L;
        if ((form & (FREE_LEFT | FREE_RIGHT)) == 0) {
            // A constant: a fresh label whose active value the evaluator receives.
            random.nextBlock(zero, out);
            one[0] = zero[2 * out] ^ (deltaLo & not);
            one[1] = zero[2 * out + 1] ^ (deltaHi & not);
            stream.writeBlocks(one, 0, 1);
            return;
        }
        long lo = not & deltaLo;
        long hi = not & deltaHi;
        if ((form & FREE_LEFT) != 0) {
            lo ^= zero[2 * in0];
            hi ^= zero[2 * in0 + 1];
        }
        if ((form & FREE_RIGHT) != 0) {
            lo ^= zero[2 * in1];
            hi ^= zero[2 * in1 + 1];
        }
        zero[2 * out] = lo;
        zero[2 * out + 1] = hi;
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
    void labelPair(int slot, long[] out) {
        inputLabel(slot, false, out, 0);
        inputLabel(slot, true, out, 1);
    }
}
