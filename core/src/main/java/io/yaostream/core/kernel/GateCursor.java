package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;

/**
 * Where a kernel's walk over a circuit's gates stands: the next gate, the AND batch that gate is in or comes
 * before, and the next gate index (the session counter that tweaks come from). The kernel operations that run
 * many gates per call ({@link Kernel#garbleFreeXor}, {@link Kernel#evaluateFreeXor}) move it on; the caller
 * handles the constant gate they stop at and calls again.
 */
public final class GateCursor {
    private int gate;
    private int batch;
    private long gateIndex;

    /** Back to the first gate of a circuit, whose first AND gate takes {@code firstGateIndex}. */
    public void start(long firstGateIndex) {
        moveTo(0, 0, firstGateIndex);
    }

    public int gate() {
        return gate;
    }

    public int batch() {
        return batch;
    }

    public long gateIndex() {
        return gateIndex;
    }

    /** Sets the position (kernels, after a walk). */
    public void moveTo(int gate, int batch, long gateIndex) {
        this.gate = gate;
        this.batch = batch;
        this.gateIndex = gateIndex;
    }

    /**
     * AND gates from the current gate to the end of its batch, or 0 when the gate is in no batch. A batch that
     * ends at or before the gate is stepped over first, as the C kernel does, so a stale batch cannot mislead.
     */
    int andsLeftInBatch(CompiledCircuit c) {
        while (batch < c.andBatchCount() && c.andBatchStart(batch) + c.andBatchLength(batch) <= gate) {
            batch++;
        }
        if (batch >= c.andBatchCount() || gate < c.andBatchStart(batch)) {
            return 0;
        }
        return c.andBatchStart(batch) + c.andBatchLength(batch) - gate;
    }

    /** The length of the AND batch this cursor stands at the start of; IllegalArgumentException anywhere else. */
    public int batchStartingHere(CompiledCircuit c) {
        if (batch >= c.andBatchCount() || c.andBatchStart(batch) != gate) {
            throw new IllegalArgumentException("gate " + gate + " is not the start of AND batch " + batch);
        }
        return c.andBatchLength(batch);
    }

    /** Steps over {@code n} AND gates of the current batch, of which {@code leftInBatch} were left. */
    void andsDone(int n, int leftInBatch) {
        gate += n;
        gateIndex += n;
        if (n == leftInBatch) {
            batch++;
        }
    }

    /** Steps over a free gate the kernel has run. */
    void freeGateDone() {
        gate++;
    }

    /** Steps over the current gate, a constant the caller has handled (it takes no gate index). */
    public void skipConstant() {
        gate++;
    }
}
