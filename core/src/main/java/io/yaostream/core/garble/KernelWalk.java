package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.AndGateRule;
import io.yaostream.core.kernel.GateCursor;
import io.yaostream.core.kernel.Kernel;

import java.nio.ByteBuffer;

/**
 * The free-XOR schemes whose gates the kernel walks ({@link Kernel#garbleFreeXor}), free ones included, many
 * thousands per call: half-gates with either hash ({@link HalfGates}) and GRR3 ({@link Grr3}). Only the
 * {@link AndGateRule} tells them apart here.
 */
final class KernelWalk {
    private KernelWalk() {
    }

    static GarblingScheme scheme(String name, AndGateRule rule) {
        return new GarblingScheme(name, rule.tableBlocks(), 0, 0, (kernel, random) -> new Garbler(kernel, random, rule),
                kernel -> new Evaluator(kernel, rule), rule.hash());
    }

    /**
     * Table blocks the kernel fills per call (64 KiB) before they go to the stream: big enough that a call runs
     * thousands of gates, small enough to stay in cache and keep memory independent of the circuit's size.
     */
    static final int TABLE_BLOCKS = 4096;

    /**
     * Where the stream offers space of its own (a network frame), the kernel writes the tables there, with no copy
     * in Java; it asks for at least this much (4 KiB), so a call runs a few hundred gates at least and a frame is
     * sent at most that much short of full.
     */
    static final int MIN_SPACE_BLOCKS = 256;

    /**
     * Table blocks of one piece of {@code c} where the kernel can walk pieces of it in one call (a circuit in memory,
     * without constants, whose tables fit a buffer), else 0: then a call a piece.
     */
    private static int blocksPerPiece(AndGateRule rule, CompiledCircuit c) {
        long perPiece = (long) c.counts().and() * rule.tableBlocks();
        return c.isStreamed() || c.counts().constants() > 0 || perPiece == 0 || perPiece > TABLE_BLOCKS ? 0 : (int) perPiece;
    }

    /** The garbler: the kernel walks the gates; tables go to the stream a buffer at a time, constants in between. */
    private static final class Garbler extends FreeXorGarbler {
        private final AndGateRule rule;
        private final GateCursor cursor = new GateCursor();
        private final long[] tables = new long[2 * TABLE_BLOCKS];

        Garbler(Kernel kernel, AesCtrRandom random, AndGateRule rule) {
            super(kernel, random, rule.hash());
            this.rule = rule;
        }

        /**
         * Pieces of a circuit without constants, as many at a time as fit the stream's space: one kernel call for them
         * all (the sixteen S-boxes of an AES round). Where the stream has no space of its own, a call each.
         */
        @Override
        public void garbleEach(CompiledCircuit c, GarbledStream stream, long[] in, int inPos, long[] out, int outPos, int pieces) {
            int perPiece = blocksPerPiece(rule, c);
            if (perPiece == 0) {
                super.garbleEach(c, stream, in, inPos, out, outPos, pieces);
                return;
            }
            ensureSlots(kernel.eachSlots(c, Math.min(pieces, TABLE_BLOCKS / perPiece)));
            int ins = c.totalInputBits();
            int outs = c.totalOutputBits();
            for (int p = 0; p < pieces; ) {
                int n = Math.min(pieces - p, TABLE_BLOCKS / perPiece);
                ByteBuffer space = stream.blockSpace(n * perPiece);
                if (space == null) {
                    super.garbleEach(c, stream, in, inPos + 2 * p * ins, out, outPos + 2 * p * outs, pieces - p);
                    return;
                }
                long first = takeGateIndices((long) n * c.counts().and());
                kernel.garbleFreeXorEach(rule, c, first, zero, deltaLo, deltaHi, space, in, inPos + 2 * p * ins, out,
                        outPos + 2 * p * outs, n);
                stream.commitBlocks(n * perPiece);
                p += n;
            }
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            cursor.start(takeGateIndices(c.counts().and()));
            int[] records = c.gateRecordsView();
            while (cursor.gate() < c.gateCount()) {
                ByteBuffer space = stream.blockSpace(MIN_SPACE_BLOCKS);
                if (space != null) {
                    int blocks = kernel.garbleFreeXor(rule, c, cursor, zero, deltaLo, deltaHi, space,
                            Math.min(TABLE_BLOCKS, space.remaining() / 16));
                    stream.commitBlocks(blocks);
                } else {
                    int blocks = kernel.garbleFreeXor(rule, c, cursor, zero, deltaLo, deltaHi, tables, TABLE_BLOCKS);
                    stream.writeBlocks(tables, 0, blocks);
                }
                int p = cursor.gate() * CompiledCircuit.GATE_STRIDE;
                if (cursor.gate() < c.gateCount() && GateOp.isConstant(records[p])) {
                    constant(records[p], records[p + 3], stream);
                    cursor.skipConstant();
                }
            }
        }
    }

    /**
     * The evaluator: reads exactly the tables up to the next constant gate (or the end), a buffer at a time, so it
     * never reads past this circuit's material, and lets the kernel walk the gates they cover.
     */
    private static final class Evaluator extends ActiveLabelEvaluator {
        private final AndGateRule rule;
        private final GateCursor cursor = new GateCursor();
        private final long[] tables = new long[2 * TABLE_BLOCKS];
        private final ConstantGates constants = new ConstantGates();

        Evaluator(Kernel kernel, AndGateRule rule) {
            super(kernel, rule.hash());
            this.rule = rule;
        }

        /** The garbler's {@code garbleEach} read back: as many pieces at a time as the stream's frame holds in one piece. */
        @Override
        public void evaluateEach(CompiledCircuit c, GarbledStream stream, long[] in, int inPos, long[] out, int outPos, int pieces) {
            int perPiece = blocksPerPiece(rule, c);
            if (perPiece == 0) {
                super.evaluateEach(c, stream, in, inPos, out, outPos, pieces);
                return;
            }
            ensureSlots(kernel.eachSlots(c, Math.min(pieces, TABLE_BLOCKS / perPiece)));
            int ins = c.totalInputBits();
            int outs = c.totalOutputBits();
            for (int p = 0; p < pieces; ) {
                int n = Math.min(pieces - p, TABLE_BLOCKS / perPiece);
                ByteBuffer tables = stream.blocksInPlace(n * perPiece);
                if (tables == null) {
                    n = 1; // this piece through the copying walk, then try in place again
                    super.evaluateEach(c, stream, in, inPos + 2 * p * ins, out, outPos + 2 * p * outs, 1);
                } else {
                    long first = takeGateIndices((long) n * c.counts().and());
                    kernel.evaluateFreeXorEach(rule, c, first, label, tables, in, inPos + 2 * p * ins, out, outPos + 2 * p * outs, n);
                }
                p += n;
            }
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            long first = takeGateIndices(c.counts().and());
            cursor.start(first);
            constants.of(c);
            int[] records = c.gateRecordsView();
            for (int k = 0; cursor.gate() < c.gateCount(); ) {
                long andsToStop = constants.andsBefore(k) - (cursor.gateIndex() - first);
                int perAnd = rule.tableBlocks();
                int blocks = perAnd * (int) Math.min(andsToStop, TABLE_BLOCKS / perAnd);
                // What lies in one piece of the stream's buffer, whole gates of it: the rest on the next turn, so
                // tables that straddle two socket reads are still read where they lie.
                ByteBuffer inPlace = blocks == 0 ? null : stream.blocksInPlaceUpTo(blocks, perAnd);
                int used;
                if (inPlace != null) {
                    blocks = (inPlace.limit() - inPlace.position()) / 16;
                    used = kernel.evaluateFreeXor(rule, c, cursor, label, inPlace, blocks);
                } else {
                    stream.readBlocks(tables, 0, blocks);
                    used = kernel.evaluateFreeXor(rule, c, cursor, label, tables, blocks);
                }
                if (used != blocks) {
                    throw new IllegalStateException("kernel used " + used + " of " + blocks + " table blocks");
                }
                if (cursor.gate() < c.gateCount() && cursor.gate() == constants.gate(k)) {
                    stream.readBlocks(label, records[cursor.gate() * CompiledCircuit.GATE_STRIDE + 3], 1);
                    cursor.skipConstant();
                    k++;
                }
            }
        }
    }
}
