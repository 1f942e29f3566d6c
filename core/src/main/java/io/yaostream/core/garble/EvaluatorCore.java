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
