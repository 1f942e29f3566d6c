package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.GateCursor;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * Garbling from a PRF alone (Gueron–Lindell–Nof–Pinkas 2015, scheme "Pipe-garbl+KS; XOR-1; AND-2"): AES keyed
 * by wire labels with the key schedules of a batch expanded together, no fixed key and no Δ; the two labels of
 * a wire are independent. XOR gates cost one ciphertext and three PRF calls (§3, Fig. 8); AND-type gates two
 * ciphertexts and four bits by the XOR-only 4-2 garbled row reduction (§4, Table 3, Fig. 9). NOT is free: the
 * garbler swaps its pair. The exact rules, with our colour-in-label adaptation, are in
 * {@code docs/garbling-schemes.md} section 5; the PRF inputs are {@code (j, side | row << 8)} for gate j. Every XOR
 * and AND gate takes a gate index, in gate order.
 *
 * <p>The kernel walks the gates ({@link Kernel#garblePrfOnlyFree}, {@link Kernel#garblePrfOnlyAnds}), the PRF calls
 * of many gates per call: the free gates up to an AND batch, then the batch. The stream carries, in gate order, one
 * block per XOR gate, one per constant, and per AND batch its tables (two blocks a gate) then its nibbles (four bits
 * a gate, two gates a byte).
 */
public final class PrfOnly {
    /** Blocks of XOR ciphertexts the kernel writes or reads per call (64 KiB). */
    private static final int TABLE_BLOCKS = 4096;

    private PrfOnly() {
    }

    static GarblingScheme scheme() {
        return new GarblingScheme("prf-only", 2, 1, 4, Garbler::new, Evaluator::new).prfCallsPerXor(3);
    }

    /** The gate indices a circuit takes: one per XOR and AND gate. */
    private static long indexedGates(CompiledCircuit c) {
        return (long) c.counts().and() + c.counts().xor();
    }

    /** Whether the cursor, after a free walk (which steps its batch on), stands at the start of an AND batch. */
    private static boolean atBatchStart(CompiledCircuit c, GateCursor cursor) {
        return cursor.batch() < c.andBatchCount() && c.andBatchStart(cursor.batch()) == cursor.gate();
    }

    private static final class Garbler extends PairGarbler {
        private final GateCursor cursor = new GateCursor();
        private long[] tables = new long[2 * TABLE_BLOCKS];
        private byte[] colours = new byte[0];
        private byte[] nibbles = new byte[0];
        private final long[] one = new long[2];

        Garbler(Kernel kernel, AesCtrRandom random) {
            super(kernel, random);
        }

        /** A batch's nibbles are packed together after its tables: a split batch would pack them differently. */
        @Override
        boolean wholeBatches() {
            return true;
        }

        /** Free gates by the kernel up to each constant or AND batch; constants here; batches by the kernel. */
        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            cursor.start(takeGateIndices(indexedGates(c)));
            int[] records = c.gateRecordsView();
            while (cursor.gate() < c.gateCount()) {
                int blocks = kernel.garblePrfOnlyFree(c, cursor, pair, tables, TABLE_BLOCKS);
                stream.writeBlocks(tables, 0, blocks);
                int p = cursor.gate() * CompiledCircuit.GATE_STRIDE;
                if (cursor.gate() == c.gateCount()) {
                    break;
                } else if (GateOp.isConstant(records[p])) {
                    constant(records[p], records[p + 3], stream);
                    cursor.skipConstant();
                } else if (atBatchStart(c, cursor)) {
                    garbleBatch(c, stream);
                } // else the table space was full
            }
        }

        /** A constant gate: a fresh pair, and the label of its value in the stream. */
        private void constant(int op, int out, GarbledStream stream) {
            freshPair(out);
            inputLabel(out, (GateOp.freeForm(op) & GateOp.FREE_NOT) != 0, one, 0);
            stream.writeBlocks(one, 0, 1);
        }

        /** The AND batch at the cursor: the output colours drawn (one draw per gate, in gate order), then the kernel. */
        private void garbleBatch(CompiledCircuit c, GarbledStream stream) {
            int n = c.andBatchLength(cursor.batch());
            if (colours.length < n) {
                colours = new byte[n];
                nibbles = new byte[(n + 1) / 2];
            }
            if (tables.length < 4 * n) {
                tables = new long[4 * n];
            }
            for (int k = 0; k < n; k++) {
                colours[k] = (byte) (random.nextLong() & 1);
            }
            kernel.garblePrfOnlyAnds(c, cursor, pair, colours, tables, nibbles);
            stream.writeBlocks(tables, 0, 2 * n);
            for (int i = 0; i < (n + 1) / 2; i++) {
                stream.writeByte(nibbles[i]);
            }
        }
    }

    private static final class Evaluator extends ActiveLabelEvaluator {
        private final GateCursor cursor = new GateCursor();
        private long[] tables = new long[2 * TABLE_BLOCKS];
        private byte[] nibbles = new byte[0];

        Evaluator(Kernel kernel) {
            super(kernel, LabelHash.KEYED);
        }

        /** As the garbler's ({@link Garbler#wholeBatches}). */
        @Override
        boolean wholeBatches() {
            return true;
        }

        /**
         * Reads exactly the blocks of the XOR gates up to the next constant, AND batch or end (at most a buffer's
         * worth), lets the kernel run those gates, then reads a constant's label or an AND batch's material.
         */
        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            cursor.start(takeGateIndices(indexedGates(c)));
            int[] records = c.gateRecordsView();
            while (cursor.gate() < c.gateCount()) {
                int blocks = xorGatesAhead(c, records);
                stream.readBlocks(tables, 0, blocks);
                int used = kernel.evaluatePrfOnlyFree(c, cursor, label, tables, blocks);
                if (used != blocks) {
                    throw new IllegalStateException("kernel used " + used + " of " + blocks + " XOR blocks");
                }
                int p = cursor.gate() * CompiledCircuit.GATE_STRIDE;
                if (cursor.gate() == c.gateCount()) {
                    break;
                } else if (GateOp.isConstant(records[p])) {
                    stream.readBlocks(label, records[p + 3], 1);
                    cursor.skipConstant();
                } else if (atBatchStart(c, cursor)) {
                    evaluateBatch(c, stream);
                }
            }
        }

        /** XOR gates from the cursor up to the next constant, AND batch or end, at most a buffer's worth. */
        private int xorGatesAhead(CompiledCircuit c, int[] records) {
            int gate = cursor.gate();
            int batch = cursor.batch();
            while (batch < c.andBatchCount() && c.andBatchStart(batch) + c.andBatchLength(batch) <= gate) {
                batch++;
            }
            int end = batch < c.andBatchCount() ? c.andBatchStart(batch) : c.gateCount();
            int xors = 0;
            for (int g = gate; g < end && xors < TABLE_BLOCKS; g++) {
                int op = records[g * CompiledCircuit.GATE_STRIDE];
                if (GateOp.isConstant(op)) {
                    break;
                }
                if (GateOp.kind(op) == GateOp.Kind.XOR) {
                    xors++;
                }
            }
            return xors;
        }

        private void evaluateBatch(CompiledCircuit c, GarbledStream stream) {
            int n = c.andBatchLength(cursor.batch());
            if (nibbles.length < (n + 1) / 2) {
                nibbles = new byte[(n + 1) / 2];
            }
            if (tables.length < 4 * n) {
                tables = new long[4 * n];
            }
            stream.readBlocks(tables, 0, 2 * n);
            for (int i = 0; i < (n + 1) / 2; i++) {
                nibbles[i] = (byte) stream.readByte();
            }
            long first = cursor.gateIndex();
            int result = kernel.evaluatePrfOnlyAnds(c, cursor, label, tables, nibbles);
            if (result == -1) {
                throw new GarblingException("prf-only: padding bits of the last AND gate of a batch are set (garbled material altered)");
            } else if (result > 0) {
                throw new GarblingException("prf-only: a table of AND gate " + (first + result - 1)
                        + " has its colour bit set (garbled material altered)");
            }
        }
    }
}
