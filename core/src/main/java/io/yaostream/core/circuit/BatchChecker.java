package io.yaostream.core.circuit;

import java.util.Arrays;

/**
 * The checks a circuit's AND batches pass, made in gate order so a circuit read from its file can be checked as it
 * is walked: batches in order without overlap, non-empty, inside the circuit, holding only AND gates that do not
 * depend on each other, and covering every AND gate. One source of truth for {@link CompiledCircuit.Builder} and
 * {@link GateBlocks}.
 *
 * <p>Use: before each gate, while {@link #wantsBatch()} and batch records are left, {@link #batch} the next one;
 * then {@link #gate}; after the last gate, {@link #finish}.
 */
final class BatchChecker {
    private final int gateCount;
    /** Per slot, the last gate that wrote it, or -1. */
    private final int[] writtenBy;
    private int batches;
    private int start = -1;
    private int end = -1;
    private int previousEnd;
    private long covered;
    private long ands;

    BatchChecker(int slots, int gateCount) {
        this.gateCount = gateCount;
        this.writtenBy = new int[slots];
        Arrays.fill(writtenBy, -1);
    }

    /** Whether no batch is open: the next batch record, if any, should be given before the next gate. */
    boolean wantsBatch() {
        return start < 0;
    }

    /** The next batch record, in file order. */
    void batch(int first, int length) {
        int batch = batches++;
        if (first < previousEnd || length < 1 || (long) first + length > gateCount) {
            throw new IllegalArgumentException("AND batch " + batch + " (" + first + "+" + length
                    + ") overlaps another, is empty or runs past the " + gateCount + " gates");
        }
        start = first;
        end = first + length;
    }

    /** Batches given so far. */
    int batches() {
        return batches;
    }

    /** Checks gate {@code g} (gates come in order); returns whether it is in the open batch. */
    boolean gate(int g, int op, int in0, int in1, int out) {
        boolean and = GateOp.kind(op) == GateOp.Kind.AND;
        if (and) {
            ands++;
        }
        boolean inBatch = start >= 0 && g >= start;
        if (inBatch) {
            int batch = batches - 1;
            if (!and) {
                throw new IllegalArgumentException("AND batch " + batch + " contains gate " + g + ", which is not an AND gate");
            }
            checkIndependent(batch, g, in0);
            checkIndependent(batch, g, in1);
            covered++;
            if (g + 1 == end) {
                previousEnd = end;
                start = -1;
                end = -1;
            }
        }
        writtenBy[out] = g;
        return inBatch;
    }

    private void checkIndependent(int batch, int g, int in) {
        int w = writtenBy[in];
        if (w >= start) {
            throw new IllegalArgumentException("AND batch " + batch + ": gate " + g + " depends on gate " + w + " of the same batch");
        }
    }

    /** The end (exclusive) of the open batch, or -1. */
    int openBatchEnd() {
        return end;
    }

    /** After the last gate and every batch record: every AND gate is in a batch. */
    void finish() {
        if (covered != ands) {
            throw new IllegalArgumentException("AND batches cover " + covered + " gates but the circuit has "
                    + ands + " AND gates");
        }
    }
}
