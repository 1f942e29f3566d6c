package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * The garbler's side of a scheme: holds the label(s) of every slot, creates input labels (Encode), garbles
 * gates into a stream (Garble) and writes the decoding information of outputs (Decode's public part).
 * Gate and output indices run on across calls, so one core can garble a cached circuit any number of times.
 */
public abstract class GarblerCore extends GateWalker {
    final Kernel kernel;
    private final LabelHash hash;
    private long nextOutputIndex;
    private final long[] outputLabels = new long[4];
    private long[] decodingLabels = new long[0];
    private long[] decodingTweaks = new long[0];
    private long[] scratch = new long[0];
    private long[] hashes = new long[0];

    GarblerCore(Kernel kernel, LabelHash hash) {
        this.kernel = kernel;
        this.hash = hash;
    }

    /** Makes room for circuits of up to {@code slots} slots. */
    public abstract void ensureSlots(int slots);

    /** Gives {@code slot} a fresh random pair of labels (an input wire). */
    public abstract void newInputLabels(int slot);

    /** Writes the label that encodes {@code value} on {@code slot} into block {@code block} of {@code out}. */
    public abstract void inputLabel(int slot, boolean value, long[] out, int block);

    /** Garbles every gate of {@code c} over the current slot labels, writing the tables to {@code stream}. */
    public final void garble(CompiledCircuit c, GarbledStream stream) {
        ensureSlots(c.slots());
        walkAll(c, stream);
    }

    /**
     * {@link #garble} of {@code c}, a circuit of one input and one output group, on {@code pieces} pieces in a row:
     * piece k's state from bit {@code k * inputs} of {@code in} ({@link #slotWords} longs a bit from long {@code inPos}),
     * its results to bit {@code k * outputs} of {@code out}. What that many calls would do, the same material; a walk
     * that can may run them at once.
     */
    public void garbleEach(CompiledCircuit c, GarbledStream stream, long[] in, int inPos, long[] out, int outPos, int pieces) {
        ensureSlots(c.slots());
        int ins = c.totalInputBits();
        int outs = c.totalOutputBits();
        int words = slotWords();
        for (int p = 0; p < pieces; p++) {
            loadSlots(c.inputSlotsView(), 0, ins, in, inPos + words * p * ins);
            walkAll(c, stream);
            saveSlots(c.outputSlotsView(), 0, outs, out, outPos + words * p * outs);
        }
    }

    /**
     * Writes what the evaluator needs to decode the output bits on {@code slots} and to detect a wrong label:
     * per bit, the hashes of both its labels (label of 0 first, see {@link ActiveLabelEvaluator#decode}), all
     * in one kernel call.
     */
    public final void writeDecoding(int[] slots, GarbledStream stream) {
        writeHashes(slots, stream, false);
    }

    /**
     * Writes what the evaluator needs to check, without learning the bits, that the labels on {@code slots} are the
     * circuit's (a shared result, {@link EvaluatorCore#checkShare}): the same hashes of both labels as
     * {@link #writeDecoding}, but the label of colour 0 first, so their order tells nothing of which label means 0.
     */
    public final void writeShareCheck(int[] slots, GarbledStream stream) {
        writeHashes(slots, stream, true);
    }

    /** Per bit, the hashes of both labels: the label of 0 first, or with {@code byColour} the label of colour 0 first. */
    private void writeHashes(int[] slots, GarbledStream stream, boolean byColour) {
        int n = slots.length;
        if (decodingTweaks.length < 2 * n) {
            decodingLabels = new long[4 * n];
            decodingTweaks = new long[2 * n];
            scratch = new long[4 * n];
            hashes = new long[4 * n];
        }
        for (int i = 0; i < n; i++) {
            labelPair(slots[i], outputLabels);
            boolean swap = byColour && (outputLabels[0] & 1) != 0;
            System.arraycopy(outputLabels, swap ? 2 : 0, decodingLabels, 4 * i, 2);
            System.arraycopy(outputLabels, swap ? 0 : 2, decodingLabels, 4 * i + 2, 2);
            decodingTweaks[2 * i] = nextOutputIndex;
            decodingTweaks[2 * i + 1] = nextOutputIndex++;
        }
        hash.hash(kernel, decodingLabels, decodingTweaks, LabelHash.OUTPUT_DOMAIN, hashes, scratch, 2 * n);
        stream.writeBlocks(hashes, 0, 2 * n);
    }

    /** Both labels of {@code slot} (of 0 into block 0, of 1 into block 1), for tests of the label structure. */
    abstract void labelPair(int slot, long[] out);

    /** Longs of state per slot: 2 where a global Δ gives the label of 1 (free XOR), 4 where both labels are kept. */
    public abstract int slotWords();

    /** Copies the state of {@code slot} to {@code dst} at {@code pos}: a value kept between circuit calls. */
    public abstract void saveSlot(int slot, long[] dst, int pos);

    /** Sets the state of {@code slot} from {@code src} at {@code pos}, as {@link #saveSlot} wrote it. */
    public abstract void loadSlot(int slot, long[] src, int pos);

    /** Loads {@code count} bits' states from {@code src} at {@code pos} into {@code slots[first ..]}: a call's argument. */
    public void loadSlots(int[] slots, int first, int count, long[] src, int pos) {
        int words = slotWords();
        for (int i = 0; i < count; i++) {
            loadSlot(slots[first + i], src, pos + i * words);
        }
    }

    /** Saves {@code slots[first ..]} into {@code count} bits' states of {@code dst} at {@code pos}: a call's result. */
    public void saveSlots(int[] slots, int first, int count, long[] dst, int pos) {
        int words = slotWords();
        for (int i = 0; i < count; i++) {
            saveSlot(slots[first + i], dst, pos + i * words);
        }
    }

    /**
     * The value an active label of {@code slot} (block {@code block} of {@code label}, sent back by the
     * evaluator) stands for; a label that is neither of the slot's two raises {@link GarblingException}.
     */
    public final boolean decodeLabel(int slot, long[] label, int block) {
        labelPair(slot, outputLabels);
        long lo = label[2 * block];
        long hi = label[2 * block + 1];
        if (lo == outputLabels[0] && hi == outputLabels[1]) {
            return false;
        }
        if (lo == outputLabels[2] && hi == outputLabels[3]) {
            return true;
        }
        throw new GarblingException("the evaluator returned a label that is neither of the output wire's labels");
    }

    /**
     * Writes the global free-XOR offset Δ into {@code out[0..1]} and returns true, for schemes where a slot's
     * state is its label of 0 and the label of 1 is that XOR Δ; returns false for schemes without one. The
     * evaluator's input labels then come from Δ-correlated OT directly.
     */
    public abstract boolean freeXorOffset(long[] out);

    /** Turns the saved state of a wire at {@code state[pos..]} into that of its negation (a free NOT). */
    public abstract void negateState(long[] state, int pos);

    /** Output indices used so far (the tweaks of decoding values and share checks). */
    public final long outputsIndexed() {
        return nextOutputIndex;
    }

    /** Gate indices used so far (the session's gate counter). */
    public final long gatesIndexed() {
        return gateIndex();
    }
}
