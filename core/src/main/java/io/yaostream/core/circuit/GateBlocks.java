package io.yaostream.core.circuit;

import java.util.Arrays;
import java.util.List;

/**
 * One walk over a circuit read from its file ({@link CompiledCircuit#isStreamed()}): its gates as consecutive
 * blocks, each a {@link CompiledCircuit} of those gates and the AND batches (or parts of batches) among them, in
 * buffers reused from block to block. Every record is checked as it is read, by the same checks as a circuit held
 * in memory ({@link GateChecker}, {@link BatchChecker}); after the last block, the file's checksum, the gate counts
 * its header claimed and the output slots are checked, so a damaged file fails before any output is revealed.
 *
 * <p>Walking the blocks in order is walking the circuit: the gates, their order and so the gate indices that AND
 * gates take are the same. A batch is a run of independent AND gates, so a part of one is a batch too; a walk that
 * must see batches whole (prf-only packs a batch's extra bits together) asks for {@code wholeBatches}, and a block
 * then runs on to the end of the batch it would cut.
 */
public final class GateBlocks implements AutoCloseable {
    private final CompiledCircuit circuit;
    private final GateFile file;
    private final GateFile.Pass pass;
    private final int blockGates;
    private final boolean wholeBatches;
    private final GateChecker checker;
    private final BatchChecker batchChecker;
    private final int total;
    private final int[] batchRecord = new int[2];
    private int batchesLeft;
    private int[] records;
    private int[] batches = new int[16];
    private int next;
    /** Batch entries (pairs) of the block being read. */
    private int blockBatches;
    /** The batch number of the block's last batch entry, so a batch read in two steps stays one entry. */
    private int lastEntryBatch = -1;
    private boolean finished;
    /** Gates read so far, by {@link GateOp.Kind#ordinal()}. */
    private final int[] byKind = new int[GateCounts.KINDS];

    /** A circuit held in memory: one block, the circuit itself. */
    private CompiledCircuit whole;

    static GateBlocks of(CompiledCircuit inMemory) {
        GateBlocks blocks = new GateBlocks(inMemory, null, 0, false);
        blocks.whole = inMemory;
        return blocks;
    }

    GateBlocks(CompiledCircuit circuit, GateFile file, int blockGates, boolean wholeBatches) {
        this.circuit = circuit;
        this.file = file;
        this.blockGates = Math.max(1, blockGates);
        this.wholeBatches = wholeBatches;
        this.total = circuit.gateCount();
        this.batchesLeft = circuit.andBatchCount();
        this.checker = file == null ? null : new GateChecker(circuit.slots());
        if (file != null) {
            for (int slot : circuit.inputSlotsView()) {
                checker.input(slot, () -> "input"); // checked when the header was read; marks them set
            }
        }
        this.batchChecker = file == null ? null : new BatchChecker(circuit.slots(), total);
        this.records = new int[file == null ? 0 : Math.min(this.blockGates, Math.max(total, 1)) * CompiledCircuit.GATE_STRIDE];
        this.pass = file == null ? null : file.open();
    }

    /**
     * The next block, valid until the next call; null after the last one, once the file's checksum, gate counts
     * and outputs have checked out (a one-line error naming the file otherwise).
     */
    public CompiledCircuit next() {
        if (pass == null) {
            CompiledCircuit c = whole;
            whole = null;
            return c;
        }
        if (next == total) {
            if (!finished) {
                finished = true;
                finish();
            }
            return null;
        }
        blockBatches = 0;
        lastEntryBatch = -1;
        int[] before = byKind.clone();
        int n = read(0, Math.min(blockGates, total - next));
        if (wholeBatches && batchChecker.openBatchEnd() > next) {
            n = read(n, batchChecker.openBatchEnd() - next);
        }
        int[] inBlock = new int[GateCounts.KINDS];
        for (int k = 0; k < inBlock.length; k++) {
            inBlock[k] = byKind[k] - before[k];
        }
        return CompiledCircuit.block(circuit.slots(), records, n, batches, blockBatches, GateCounts.of(n, inBlock));
    }

    /** Reads and checks {@code count} gates into the block from gate {@code at} of it; returns the block's size. */
    private int read(int at, int count) {
        int needed = (at + count) * CompiledCircuit.GATE_STRIDE;
        if (records.length < needed) {
            records = Arrays.copyOf(records, Math.max(needed, 2 * records.length));
        }
        pass.readGates(records, at, count);
        int g = next;
        try {
            for (int i = at; i < at + count; i++, g++) {
                int p = i * CompiledCircuit.GATE_STRIDE;
                int op = records[p];
                checker.gate(g, op, records[p + 1], records[p + 2], records[p + 3]);
                while (batchChecker.wantsBatch() && batchesLeft > 0) {
                    nextBatch();
                }
                if (batchChecker.gate(g, op, records[p + 1], records[p + 2], records[p + 3])) {
                    addToBlockBatch(i);
                }
                byKind[GateOp.kind(op).ordinal()]++;
            }
        } catch (IllegalArgumentException e) {
            throw file.error("gate " + g + ": " + e.getMessage());
        }
        next = g;
        return at + count;
    }

    private void nextBatch() {
        pass.readBatch(batchRecord);
        batchesLeft--;
        batchChecker.batch(batchRecord[0], batchRecord[1]);
    }

    /** Gate {@code i} of the block is in the open batch: extends the block's entry for it, or starts one. */
    private void addToBlockBatch(int i) {
        int batch = batchChecker.batches() - 1;
        if (blockBatches > 0 && lastEntryBatch == batch) {
            batches[2 * blockBatches - 1]++;
            return;
        }
        if (2 * blockBatches + 2 > batches.length) {
            batches = Arrays.copyOf(batches, 2 * batches.length);
        }
        batches[2 * blockBatches] = i;
        batches[2 * blockBatches + 1] = 1;
        blockBatches++;
        lastEntryBatch = batch;
    }

    /** After the last gate: batch records left over, coverage, checksum, header counts, outputs. */
    private void finish() {
        try {
            while (batchesLeft > 0) {
                nextBatch();
            }
            batchChecker.finish();
        } catch (IllegalArgumentException e) {
            throw file.error(e.getMessage());
        }
        pass.verify();
        GateCounts claimed = circuit.counts();
        GateCounts actual = GateCounts.of(total, byKind);
        if (!claimed.equals(actual)) {
            throw file.error("header gate counts " + List.of(claimed.gates(), claimed.and(), claimed.xor(), claimed.inv(),
                    claimed.constants()) + " do not match the gates " + List.of(actual.gates(), actual.and(), actual.xor(),
                    actual.inv(), actual.constants()));
        }
        try {
            checker.outputsSet(circuit.outputs());
        } catch (IllegalArgumentException e) {
            throw file.error(e.getMessage());
        }
    }

    @Override
    public void close() {
        if (pass != null) {
            pass.close();
        }
    }
}
