package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.GateCursor;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

import java.nio.ByteBuffer;

/**
 * Half-gates (Zahur–Rosulek–Evans 2015) with free XOR: two ciphertexts per AND gate, XOR free. AND gate number
 * j hashes with tweaks 2j (garbler half) and 2j+1 (evaluator half). An AND-type table AND(l^α, r^β)^γ is
 * garbled as AND on the input labels shifted by αΔ, βΔ with the output shifted by γΔ, so the evaluator does
 * the same work whatever the table.
 *
 * <p>Garbler, with pa, pb the colours of A0, B0: {@code TG = H(A0,2j) ^ H(A1,2j) ^ pb·Δ},
 * {@code WG0 = H(A0,2j) ^ pa·TG}, {@code TE = H(B0,2j+1) ^ H(B1,2j+1) ^ A0},
 * {@code WE0 = H(B0,2j+1) ^ pb·(TE ^ A0)}, {@code C0 = WG0 ^ WE0}; table TG, TE.
 * Evaluator, with sa, sb the colours of A, B: {@code C = H(A,2j) ^ sa·TG ^ H(B,2j+1) ^ sb·(TE ^ A)}.
 *
 * <p>The kernel walks the gates ({@link Kernel#garbleHalfGates}), free ones included, many thousands per call.
 *
 * <p>Two instances: {@code half-gates} hashes with fixed-key AES ({@link LabelHash#FIXED_KEY}),
 * {@code half-gates-keyed} with AES keyed by each label ({@link LabelHash#KEYED}, GLNP15 Table 6 scheme 6).
 */
public final class HalfGates {
    private HalfGates() {
    }

    /** Half-gates over the fixed-key hash of Guo–Katz–Wang–Yu. */
    static GarblingScheme fixedKey() {
        return scheme("half-gates", LabelHash.FIXED_KEY);
    }

    /** Half-gates over AES re-keyed per label, with the key schedules of a batch computed together. */
    static GarblingScheme keyed() {
        return scheme("half-gates-keyed", LabelHash.KEYED);
    }

    private static GarblingScheme scheme(String name, LabelHash hash) {
        return new GarblingScheme(name, 2, 0, 0, (kernel, random) -> new Garbler(kernel, random, hash),
                kernel -> new Evaluator(kernel, hash));
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

    /** The garbler: the kernel walks the gates; tables go to the stream a buffer at a time, constants in between. */
    private static final class Garbler extends FreeXorGarbler {
        private final LabelHash hash;
        private final GateCursor cursor = new GateCursor();
        private final long[] tables = new long[2 * TABLE_BLOCKS];

        Garbler(Kernel kernel, AesCtrRandom random, LabelHash hash) {
            super(kernel, random, hash);
            this.hash = hash;
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            cursor.start(takeGateIndices(c.counts().and()));
            int[] records = c.gateRecordsView();
            while (cursor.gate() < c.gateCount()) {
                ByteBuffer space = stream.blockSpace(MIN_SPACE_BLOCKS);
                if (space != null) {
                    int blocks = kernel.garbleHalfGates(hash, c, cursor, zero, deltaLo, deltaHi, space,
                            Math.min(TABLE_BLOCKS, space.remaining() / 16));
                    stream.commitBlocks(blocks);
                } else {
                    int blocks = kernel.garbleHalfGates(hash, c, cursor, zero, deltaLo, deltaHi, tables, TABLE_BLOCKS);
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
        private final LabelHash hash;
        private final GateCursor cursor = new GateCursor();
        private final long[] tables = new long[2 * TABLE_BLOCKS];
        private final ConstantGates constants = new ConstantGates();

        Evaluator(Kernel kernel, LabelHash hash) {
            super(kernel, hash);
            this.hash = hash;
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            long first = takeGateIndices(c.counts().and());
            cursor.start(first);
            constants.of(c);
            int[] records = c.gateRecordsView();
            for (int k = 0; cursor.gate() < c.gateCount(); ) {
                long andsToStop = constants.andsBefore(k) - (cursor.gateIndex() - first);
                int blocks = (int) Math.min(2 * andsToStop, TABLE_BLOCKS);
                ByteBuffer inPlace = stream.blocksInPlace(blocks);
                int used;
                if (inPlace != null) {
                    used = kernel.evaluateHalfGates(hash, c, cursor, label, inPlace, blocks);
                } else {
                    stream.readBlocks(tables, 0, blocks);
                    used = kernel.evaluateHalfGates(hash, c, cursor, label, tables, blocks);
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
