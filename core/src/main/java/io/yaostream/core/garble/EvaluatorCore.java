package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;

/**
 * The evaluator's side of a scheme: one active label per slot, evaluated gate by gate from the garbled
 * stream, and output labels decoded with the garbler's decoding information. A label that matches neither
 * decoding value raises {@link GarblingException} instead of yielding a bit.
 */
public abstract class EvaluatorCore extends GateWalker {
    private long nextOutputIndex;

    public abstract void ensureSlots(int slots);

    /** Sets the active label of {@code slot} from block {@code block} of {@code src}. */
    public abstract void setLabel(int slot, long[] src, int block);

    /** The active label of {@code slot} into block {@code block} of {@code out}. */
    public abstract void activeLabel(int slot, long[] out, int block);

    /** Sets the active labels of {@code slots[first ..]} from {@code src} at long {@code pos}, a block a bit: a call's argument. */
    public abstract void setLabels(int[] slots, int first, int count, long[] src, int pos);

    /** The active labels of {@code slots[first ..]} into {@code out} at long {@code pos}, a block a bit: a call's result. */
    public abstract void activeLabels(int[] slots, int first, int count, long[] out, int pos);

    /** Evaluates every gate of {@code c}, reading its tables from {@code stream}. */
    public final void evaluate(CompiledCircuit c, GarbledStream stream) {
        ensureSlots(c.slots());
        walkAll(c, stream);
    }

    /**
     * {@link #evaluate} of {@code c}, a circuit of one input and one output group, on {@code pieces} pieces in a row:
     * piece k's labels from bit {@code k * inputs} of {@code in} (a block a bit from long {@code inPos}), its results
     * to bit {@code k * outputs} of {@code out}. What that many calls would do; a walk that can may run them at once.
     */
    public void evaluateEach(CompiledCircuit c, GarbledStream stream, long[] in, int inPos, long[] out, int outPos, int pieces) {
        ensureSlots(c.slots());
        int ins = c.totalInputBits();
        int outs = c.totalOutputBits();
        for (int p = 0; p < pieces; p++) {
            setLabels(c.inputSlotsView(), 0, ins, in, inPos + 2 * p * ins);
            walkAll(c, stream);
            activeLabels(c.outputSlotsView(), 0, outs, out, outPos + 2 * p * outs);
        }
    }

    /** Decodes the output bits on {@code slots} with the decoding information read from {@code stream}. */
    public final boolean[] decode(int[] slots, GarbledStream stream) {
        long first = nextOutputIndex;
        nextOutputIndex += slots.length;
        return decode(slots, first, stream);
    }

    /**
     * Checks the labels on {@code slots} against the garbler's check values ({@link GarblerCore#writeShareCheck}) and
     * returns their colour bits, this party's share of a shared result; a label that is not one of its wire's two
     * raises {@link GarblingException}, so tampered material never becomes a share.
     */
    public final boolean[] checkShare(int[] slots, GarbledStream stream) {
        long first = nextOutputIndex;
        nextOutputIndex += slots.length;
        return checkShare(slots, first, stream);
    }

    abstract boolean[] decode(int[] slots, long firstOutputIndex, GarbledStream stream);

    abstract boolean[] checkShare(int[] slots, long firstOutputIndex, GarbledStream stream);
}
