package io.yaostream.core.kernel;

/**
 * A call's labels between a program's values and the slot array of an engine that keeps one block a slot (the
 * free-XOR garbler's labels of 0, the evaluator's active labels): bit i of the value at {@code pos + 2i}, slot
 * {@code slots[first + i]} at twice its number. The engines and the kernels' walks of pieces share it.
 */
public final class SlotCopies {
    private SlotCopies() {
    }

    /** Loads {@code count} bits' labels from {@code src} into their slots. */
    public static void load(long[] slotLabels, int[] slots, int first, int count, long[] src, int pos) {
        for (int i = 0; i < count; i++) {
            int slot = slots[first + i];
            slotLabels[2 * slot] = src[pos + 2 * i];
            slotLabels[2 * slot + 1] = src[pos + 2 * i + 1];
        }
    }

    /** Saves {@code count} slots' labels into the bits of {@code dst}. */
    public static void save(long[] slotLabels, int[] slots, int first, int count, long[] dst, int pos) {
        for (int i = 0; i < count; i++) {
            int slot = slots[first + i];
            dst[pos + 2 * i] = slotLabels[2 * slot];
            dst[pos + 2 * i + 1] = slotLabels[2 * slot + 1];
        }
    }
}
