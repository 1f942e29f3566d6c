package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * JustGarble's GaXR (Bellare–Hoang–Keelveedhi–Rogaway 2013) with the dual-key cipher A2 over fixed-key AES π:
 * {@code E(A, B, T, X) = π(K) ⊕ K ⊕ X} with {@code K = 2A ⊕ 4B ⊕ T}, doubling in GF(2^128) modulo
 * x^128 + x^7 + x^2 + x + 1 (their method D2) and the tweak T the gate index. Free XOR, and garbled row
 * reduction: the output labels are chosen so that the row of colours (0,0) encrypts to zero and is not sent,
 * leaving 3 ciphertexts per AND gate, in the order of colours (0,1), (1,0), (1,1).
 *
 * <p>Garbler, with A^i, B^j the labels of colour i, j (values i ⊕ pa, j ⊕ pb) and {@code P_ij = π(K_ij) ⊕ K_ij}:
 * the label of value (pa AND pb) is P_00; row (i,j) is {@code P_ij ⊕ C_v} for its value v. Evaluator with
 * colours (i,j): {@code C = P_ij}, XORed with row (i,j) unless (i,j) = (0,0).
 */
public final class Grr3 {
    private Grr3() {
    }

    static GarblingScheme scheme() {
        return new GarblingScheme("grr3", 3, 0, 0, Garbler::new, Evaluator::new);
    }

    /** 2x in GF(2^128), x = (lo, hi); returns the low half (the high half via {@link #doubleHi}). */
    static long doubleLo(long lo, long hi) {
        return (lo << 1) ^ ((hi >> 63) & 0x87L);
    }

    static long doubleHi(long lo, long hi) {
        return (hi << 1) | (lo >>> 63);
    }

    /** Writes K = 2A ⊕ 4B ⊕ (index, 0) into block k of both {@code keys} and {@code aesIn}. */
    static void prepareKey(long aLo, long aHi, long bLo, long bHi, long index, long[] keys, long[] aesIn, int k) {
        long b2Lo = doubleLo(bLo, bHi);
        long b2Hi = doubleHi(bLo, bHi);
        long lo = doubleLo(aLo, aHi) ^ doubleLo(b2Lo, b2Hi) ^ index;
        long hi = doubleHi(aLo, aHi) ^ doubleHi(b2Lo, b2Hi);
        keys[2 * k] = lo;
        keys[2 * k + 1] = hi;
        aesIn[2 * k] = lo;
        aesIn[2 * k + 1] = hi;
    }

    private static final class Garbler extends FreeXorGarbler implements GateWalker.BatchGates {
        private long[] keys = new long[0];
        private long[] pads = new long[0];
        private long[] tables = new long[0];
        private int[] meta = new int[0]; // per gate: pa | pb << 1 | gamma << 2

        Garbler(Kernel kernel, AesCtrRandom random) {
            super(kernel, random, LabelHash.FIXED_KEY);
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            walkBatches(c, stream, this);
        }

        @Override
        public void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            if (meta.length < count) {
                keys = new long[8 * count];
                pads = new long[8 * count];
                tables = new long[6 * count];
                meta = new int[count];
            }
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int form = GateOp.andForm(records[p]);
                int a = records[p + 1];
                int b = records[p + 2];
                long a0Lo = zero[2 * a] ^ (-(form & 1) & deltaLo);
                long a0Hi = zero[2 * a + 1] ^ (-(form & 1) & deltaHi);
                long b0Lo = zero[2 * b] ^ (-((form >> 1) & 1) & deltaLo);
                long b0Hi = zero[2 * b + 1] ^ (-((form >> 1) & 1) & deltaHi);
                int pa = (int) (a0Lo & 1);
                int pb = (int) (b0Lo & 1);
                meta[k] = pa | pb << 1 | (form & 4);
                long index = firstIndex + k;
                for (int row = 0; row < 4; row++) {
                    // Colour i of A is the label A0 ⊕ (i ⊕ pa)Δ.
                    long ma = -(((row >> 1) ^ pa) & 1);
                    long mb = -(((row & 1) ^ pb) & 1);
                    prepareKey(a0Lo ^ (ma & deltaLo), a0Hi ^ (ma & deltaHi), b0Lo ^ (mb & deltaLo), b0Hi ^ (mb & deltaHi),
                            index, keys, pads, 4 * k + row);
                }
            }
            kernel.fixedKeyEncrypt(pads, pads, 4 * count);
            for (int i = 0; i < 8 * count; i++) {
                pads[i] ^= keys[i];
            }
            for (int k = 0; k < count; k++) {
                int pa = meta[k] & 1;
                int pb = (meta[k] >> 1) & 1;
                int h = 8 * k;
                // Row (0,0) has value pa & pb and carries label P_00 itself.
                long v00 = -(pa & pb);
                long c0Lo = pads[h] ^ (v00 & deltaLo);
                long c0Hi = pads[h + 1] ^ (v00 & deltaHi);
                for (int row = 1; row < 4; row++) {
                    long v = -((((row >> 1) ^ pa) & ((row & 1) ^ pb)) & 1);
                    tables[6 * k + 2 * (row - 1)] = pads[h + 2 * row] ^ c0Lo ^ (v & deltaLo);
                    tables[6 * k + 2 * (row - 1) + 1] = pads[h + 2 * row + 1] ^ c0Hi ^ (v & deltaHi);
                }
                long gamma = -((meta[k] >> 2) & 1);
                int out = records[(first + k) * 4 + 3];
                zero[2 * out] = c0Lo ^ (gamma & deltaLo);
                zero[2 * out + 1] = c0Hi ^ (gamma & deltaHi);
            }
            stream.writeBlocks(tables, 0, 3 * count);
        }
    }

    private static final class Evaluator extends ActiveLabelEvaluator implements GateWalker.BatchGates {
        private long[] keys = new long[0];
        private long[] pads = new long[0];
        private long[] tables = new long[0];
        private int[] rows = new int[0];

        Evaluator(Kernel kernel) {
            super(kernel, LabelHash.FIXED_KEY);
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            walkBatches(c, stream, this);
        }

        @Override
        public void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            if (rows.length < count) {
                keys = new long[2 * count];
                pads = new long[2 * count];
                tables = new long[6 * count];
                rows = new int[count];
            }
            stream.readBlocks(tables, 0, 3 * count);
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int a = records[p + 1];
                int b = records[p + 2];
                rows[k] = (int) ((label[2 * a] & 1) << 1 | (label[2 * b] & 1));
                prepareKey(label[2 * a], label[2 * a + 1], label[2 * b], label[2 * b + 1], firstIndex + k, keys, pads, k);
            }
            kernel.fixedKeyEncrypt(pads, pads, count);
            for (int k = 0; k < count; k++) {
                long lo = pads[2 * k] ^ keys[2 * k];
                long hi = pads[2 * k + 1] ^ keys[2 * k + 1];
                int row = rows[k];
                if (row != 0) {
                    lo ^= tables[6 * k + 2 * (row - 1)];
                    hi ^= tables[6 * k + 2 * (row - 1) + 1];
                }
                int out = records[(first + k) * 4 + 3];
                label[2 * out] = lo;
                label[2 * out + 1] = hi;
            }
        }
    }
}
