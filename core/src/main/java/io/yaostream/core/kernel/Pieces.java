package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;

import java.nio.ByteBuffer;

/**
 * The definition of {@link Kernel#garbleFreeXorEach} and {@link Kernel#evaluateFreeXorEach}, a piece at a time through
 * the one-call walks, and the checks every kernel makes of their arguments.
 */
final class Pieces {
    private Pieces() {
    }

    static void garble(Kernel k, AndGateRule rule, CompiledCircuit c, long firstGateIndex, long[] zero, long deltaLo,
                       long deltaHi, ByteBuffer tables, long[] in, int inPos, long[] out, int outPos, int pieces) {
        int perPiece = check(rule, c, zero, tables, in, inPos, out, outPos, pieces);
        walk(c, firstGateIndex, zero, tables, in, inPos, out, outPos, pieces, perPiece,
                (at, space) -> k.garbleFreeXor(rule, c, at, zero, deltaLo, deltaHi, space, perPiece));
    }

    static void evaluate(Kernel k, AndGateRule rule, CompiledCircuit c, long firstGateIndex, long[] label, ByteBuffer tables,
                         long[] in, int inPos, long[] out, int outPos, int pieces) {
        int perPiece = check(rule, c, label, tables, in, inPos, out, outPos, pieces);
        walk(c, firstGateIndex, label, tables, in, inPos, out, outPos, pieces, perPiece,
                (at, space) -> k.evaluateFreeXor(rule, c, at, label, space, perPiece));
    }

    /** One piece's walk over the whole circuit from {@code at}, its tables from {@code space}'s position: the blocks. */
    private interface PieceWalk {
        int walk(GateCursor at, ByteBuffer space);
    }

    /** Piece after piece: its input slots loaded, the walk, its output slots saved; gate indices running on. */
    private static void walk(CompiledCircuit c, long firstGateIndex, long[] labels, ByteBuffer tables, long[] in, int inPos,
                             long[] out, int outPos, int pieces, int perPiece, PieceWalk piece) {
        GateCursor at = new GateCursor();
        for (int p = 0; p < pieces; p++) {
            SlotCopies.load(labels, c.inputSlotsView(), 0, c.totalInputBits(), in, inPos + 2 * p * c.totalInputBits());
            at.start(firstGateIndex + (long) p * c.counts().and());
            int blocks = piece.walk(at, tables.duplicate().position(tables.position() + 16 * p * perPiece));
            if (blocks != perPiece || at.gate() != c.gateCount()) {
                throw new IllegalStateException("a piece's walk stopped short: " + blocks + " of " + perPiece + " blocks");
            }
            SlotCopies.save(labels, c.outputSlotsView(), 0, c.totalOutputBits(), out, outPos + 2 * p * c.totalOutputBits());
        }
    }

    /**
     * What the walks trust: an in-memory circuit without constant gates, a label for every slot, every piece's bits
     * inside {@code in} and {@code out}, room for every table. Returns the table blocks of a piece.
     */
    static int check(AndGateRule rule, CompiledCircuit c, long[] labels, ByteBuffer tables, long[] in, int inPos, long[] out,
                     int outPos, int pieces) {
        if (c.isStreamed() || c.counts().constants() > 0) {
            throw new IllegalArgumentException("pieces of a circuit walk a circuit in memory without constant gates");
        }
        long perPiece = (long) c.counts().and() * rule.tableBlocks();
        if (pieces < 0 || inPos < 0 || outPos < 0 || labels.length < 2L * c.slots()
                || inPos + 2L * pieces * c.totalInputBits() > in.length || outPos + 2L * pieces * c.totalOutputBits() > out.length
                || !tables.isDirect() || tables.remaining() < 16 * perPiece * pieces) {
            throw new IllegalArgumentException("pieces of a circuit: " + pieces + " pieces do not fit the arrays and the buffer given");
        }
        return (int) perPiece;
    }
}
