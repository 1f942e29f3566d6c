package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;

/**
 * The Java kernel's free-XOR walk ({@link Kernel#garbleFreeXor}, {@link Kernel#evaluateFreeXor}): free gates one
 * at a time, each run of AND gates (part of a batch, up to the table space) hashed in one kernel call. The native
 * kernel does the same in C and must match it bit for bit. Formulas in {@code io.yaostream.core.garble.HalfGates}
 * and {@code io.yaostream.core.garble.Grr3} (both GRR3 rules). Buffers grow to the largest run and are reused.
 */
final class JavaFreeXorWalk {
    private final Kernel kernel;
    private long[] labels = new long[0];   // garbler per gate: A0, A1, B0, B1; evaluator: A, B
    private long[] tweaks = new long[0];
    private long[] hashes = new long[0];
    private long[] scratch = new long[0];
    private int[] gammas = new int[0];
    private long[] rowKeys = new long[0];  // keyed GRR3, per row: the left label then the right label, AES keys
    private long[] rowPrf = new long[0];   // and the two PRF input blocks they encrypt, in place

    JavaFreeXorWalk(Kernel kernel) {
        this.kernel = kernel;
    }

    int garble(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
               long[] tables, int capacity) {
        int[] records = c.gateRecordsView();
        int written = 0;
        while (at.gate() < c.gateCount()) {
            int left = at.andsLeftInBatch(c);
            if (left > 0) {
                int n = Math.min(left, (capacity - written) / rule.tableBlocks());
                if (n == 0) {
                    break;
                }
                if (isGrr3(rule)) {
                    garbleGrr3(isKeyed(rule), records, at.gate(), n, at.gateIndex(), zero, deltaLo, deltaHi, tables, written);
                } else {
                    garbleAnds(rule.hash(), records, at.gate(), n, at.gateIndex(), zero, deltaLo, deltaHi, tables, written);
                }
                written += rule.tableBlocks() * n;
                at.andsDone(n, left);
                continue;
            }
            int p = at.gate() * CompiledCircuit.GATE_STRIDE;
            if (!FreeXor.garble(records[p], records[p + 1], records[p + 2], records[p + 3], zero, deltaLo, deltaHi)) {
                break;
            }
            at.freeGateDone();
        }
        return written;
    }

    int evaluate(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        int[] records = c.gateRecordsView();
        int used = 0;
        while (at.gate() < c.gateCount()) {
            int left = at.andsLeftInBatch(c);
            if (left > 0) {
                int n = Math.min(left, (blocks - used) / rule.tableBlocks());
                if (n == 0) {
                    break;
                }
                if (isGrr3(rule)) {
                    evaluateGrr3(isKeyed(rule), records, at.gate(), n, at.gateIndex(), label, tables, used);
                } else {
                    evaluateAnds(rule.hash(), records, at.gate(), n, at.gateIndex(), label, tables, used);
                }
                used += rule.tableBlocks() * n;
                at.andsDone(n, left);
                continue;
            }
            int p = at.gate() * CompiledCircuit.GATE_STRIDE;
            if (!FreeXor.evaluate(records[p], records[p + 1], records[p + 2], records[p + 3], label)) {
                break;
            }
            at.freeGateDone();
        }
        return used;
    }

    /** Both GRR3 rules garble by the same row reduction; only the rows' pads differ. */
    private static boolean isGrr3(AndGateRule rule) {
        return rule == AndGateRule.GRR3 || rule == AndGateRule.GRR3_KEYED;
    }

    /** Whether the rule's AES is keyed by the labels rather than the fixed key. */
    private static boolean isKeyed(AndGateRule rule) {
        return rule.hash() == LabelHash.KEYED;
    }

    private void ensure(int count) {
        if (gammas.length < count) {
            labels = new long[8 * count];
            tweaks = new long[4 * count];
            hashes = new long[8 * count];
            scratch = new long[8 * count];
            gammas = new int[count];
            rowKeys = new long[16 * count];
            rowPrf = new long[16 * count];
        }
    }

    /** Gates {@code first .. first+count-1}, independent AND gates; tables from block {@code out} of {@code tables}. */
    private void garbleAnds(LabelHash hash, int[] records, int first, int count, long firstIndex, long[] zero,
                            long deltaLo, long deltaHi, long[] tables, int out) {
        ensure(count);
        for (int k = 0; k < count; k++) {
            int p = (first + k) * CompiledCircuit.GATE_STRIDE;
            int form = GateOp.andForm(records[p]);
            gammas[k] = form >> 2;
            long aMask = -(form & 1);
            long bMask = -((form >> 1) & 1);
            int a = records[p + 1];
            int b = records[p + 2];
            long a0Lo = zero[2 * a] ^ (aMask & deltaLo);
            long a0Hi = zero[2 * a + 1] ^ (aMask & deltaHi);
            long b0Lo = zero[2 * b] ^ (bMask & deltaLo);
            long b0Hi = zero[2 * b + 1] ^ (bMask & deltaHi);
            int l = 8 * k;
            labels[l] = a0Lo;
            labels[l + 1] = a0Hi;
            labels[l + 2] = a0Lo ^ deltaLo;
            labels[l + 3] = a0Hi ^ deltaHi;
            labels[l + 4] = b0Lo;
            labels[l + 5] = b0Hi;
            labels[l + 6] = b0Lo ^ deltaLo;
            labels[l + 7] = b0Hi ^ deltaHi;
            long j = 2 * (firstIndex + k);
            tweaks[4 * k] = j;
            tweaks[4 * k + 1] = j;
            tweaks[4 * k + 2] = j + 1;
            tweaks[4 * k + 3] = j + 1;
        }
        hash.hash(kernel, labels, tweaks, LabelHash.GATE_DOMAIN, hashes, scratch, 4 * count);
        for (int k = 0; k < count; k++) {
            int h = 8 * k;
            long a0Lo = labels[h];
            long a0Hi = labels[h + 1];
            long pa = -(a0Lo & 1);
            long pb = -(labels[h + 4] & 1);
            long tgLo = hashes[h] ^ hashes[h + 2] ^ (pb & deltaLo);
            long tgHi = hashes[h + 1] ^ hashes[h + 3] ^ (pb & deltaHi);
            long wgLo = hashes[h] ^ (pa & tgLo);
            long wgHi = hashes[h + 1] ^ (pa & tgHi);
            long teLo = hashes[h + 4] ^ hashes[h + 6] ^ a0Lo;
            long teHi = hashes[h + 5] ^ hashes[h + 7] ^ a0Hi;
            long weLo = hashes[h + 4] ^ (pb & (teLo ^ a0Lo));
            long weHi = hashes[h + 5] ^ (pb & (teHi ^ a0Hi));
            long gamma = -gammas[k];
            int o = records[(first + k) * CompiledCircuit.GATE_STRIDE + 3];
            zero[2 * o] = wgLo ^ weLo ^ (gamma & deltaLo);
            zero[2 * o + 1] = wgHi ^ weHi ^ (gamma & deltaHi);
            int t = 2 * (out + 2 * k);
            tables[t] = tgLo;
            tables[t + 1] = tgHi;
            tables[t + 2] = teLo;
            tables[t + 3] = teHi;
        }
    }

    /** The evaluator's side of {@link #garbleAnds}, reading tables from block {@code in} of {@code tables}. */
    private void evaluateAnds(LabelHash hash, int[] records, int first, int count, long firstIndex, long[] label,
                              long[] tables, int in) {
        ensure(count);
        for (int k = 0; k < count; k++) {
            int p = (first + k) * CompiledCircuit.GATE_STRIDE;
            int a = records[p + 1];
            int b = records[p + 2];
            labels[4 * k] = label[2 * a];
            labels[4 * k + 1] = label[2 * a + 1];
            labels[4 * k + 2] = label[2 * b];
            labels[4 * k + 3] = label[2 * b + 1];
            long j = 2 * (firstIndex + k);
            tweaks[2 * k] = j;
            tweaks[2 * k + 1] = j + 1;
        }
        hash.hash(kernel, labels, tweaks, LabelHash.GATE_DOMAIN, hashes, scratch, 2 * count);
        for (int k = 0; k < count; k++) {
            int h = 4 * k;
            int t = 2 * (in + 2 * k);
            long aLo = labels[h];
            long aHi = labels[h + 1];
            long sa = -(aLo & 1);
            long sb = -(labels[h + 2] & 1);
            long lo = hashes[h] ^ (sa & tables[t]) ^ hashes[h + 2] ^ (sb & (tables[t + 2] ^ aLo));
            long hi = hashes[h + 1] ^ (sa & tables[t + 1]) ^ hashes[h + 3] ^ (sb & (tables[t + 3] ^ aHi));
            int o = records[(first + k) * CompiledCircuit.GATE_STRIDE + 3];
            label[2 * o] = lo;
            label[2 * o + 1] = hi;
        }
    }

    /** 2x in GF(2^128) modulo x^128 + x^7 + x^2 + x + 1, x = (lo, hi): the low half (the high half via {@link #doubleHi}). */
    static long doubleLo(long lo, long hi) {
        return (lo << 1) ^ ((hi >> 63) & 0x87L);
    }

    static long doubleHi(long lo, long hi) {
        return (hi << 1) | (lo >>> 63);
    }

    /** Writes GRR3's key K = 2A ⊕ 4B ⊕ (index, 0) = 2(A ⊕ 2B) ⊕ (index, 0) into block k of both {@code keys} and {@code aesIn}. */
    private static void grr3Key(long aLo, long aHi, long bLo, long bHi, long index, long[] keys, long[] aesIn, int k) {
        long xLo = aLo ^ doubleLo(bLo, bHi);
        long xHi = aHi ^ doubleHi(bLo, bHi);
        long lo = doubleLo(xLo, xHi) ^ index;
        long hi = doubleHi(xLo, xHi);
        keys[2 * k] = lo;
        keys[2 * k + 1] = hi;
        aesIn[2 * k] = lo;
        aesIn[2 * k + 1] = hi;
    }

    /**
     * Block q of the keyed GRR3 rows: the PRF inputs of row {@code row} of gate index {@code index}, (index, left
     * side) under the left label A and (index, right side) under the right label B, with the row in byte 9 (the
     * blocks of prf-only's AND gates, {@link PrfGates#tweakHi}), for {@link #rowPads}.
     */
    private void keyedRowInputs(long aLo, long aHi, long bLo, long bHi, long index, int row, int q) {
        int b = 4 * q;
        rowKeys[b] = aLo;
        rowKeys[b + 1] = aHi;
        rowKeys[b + 2] = bLo;
        rowKeys[b + 3] = bHi;
        rowPrf[b] = index;
        rowPrf[b + 1] = PrfGates.tweakHi(0, row);
        rowPrf[b + 2] = index;
        rowPrf[b + 3] = PrfGates.tweakHi(1, row);
    }

    /**
     * The pads P of {@code rows} GRR3 rows into {@code hashes} (block q for row q), one kernel call for them all.
     * Fixed-key: P = π(K) ⊕ K for the keys {@link #grr3Key} left in {@code hashes} and {@code scratch}. Keyed:
     * P = AES_A(left input) ⊕ AES_B(right input) for the blocks {@link #keyedRowInputs} left.
     */
    private void rowPads(boolean keyed, int rows) {
        if (keyed) {
            kernel.multiKeyEncrypt(rowKeys, rowPrf, rowPrf, 2 * rows);
            for (int q = 0; q < rows; q++) {
                hashes[2 * q] = rowPrf[4 * q] ^ rowPrf[4 * q + 2];
                hashes[2 * q + 1] = rowPrf[4 * q + 1] ^ rowPrf[4 * q + 3];
            }
        } else {
            kernel.fixedKeyEncrypt(hashes, hashes, rows);
            for (int i = 0; i < 2 * rows; i++) {
                hashes[i] ^= scratch[i];
            }
        }
    }

    /**
     * GRR3 on gates {@code first .. first+count-1}, independent AND gates; three table blocks each from block
     * {@code out} of {@code tables}. Row r = 2i + j takes the labels of colours i and j. Its pad P_r is, fixed-key,
     * π(K_r) ⊕ K_r with K_r = 2A ⊕ 4B ⊕ (index, 0) (row 0's key XOR i·2Δ XOR j·4Δ), or, keyed, AES under the left
     * label of (index, 0 | r << 8) XOR AES under the right label of (index, 1 | r << 8). With pa, pb the colours of
     * the labels of 0, C0 = P_0 ⊕ (pa·pb)Δ and row r ≠ 0 is P_r ⊕ C0 ⊕ v_r Δ, v_r its value: P_1 ⊕ P_0 ⊕ pa Δ,
     * P_2 ⊕ P_0 ⊕ pb Δ and P_3 ⊕ P_0 ⊕ (1 ⊕ pa ⊕ pb)Δ.
     */
    private void garbleGrr3(boolean keyed, int[] records, int first, int count, long firstIndex, long[] zero,
                            long deltaLo, long deltaHi, long[] tables, int out) {
        ensure(count);
        for (int k = 0; k < count; k++) {
            int p = (first + k) * CompiledCircuit.GATE_STRIDE;
            int form = GateOp.andForm(records[p]);
            gammas[k] = form >> 2;
            int a = records[p + 1];
            int b = records[p + 2];
            long a0Lo = zero[2 * a] ^ (-(form & 1) & deltaLo);
            long a0Hi = zero[2 * a + 1] ^ (-(form & 1) & deltaHi);
            long b0Lo = zero[2 * b] ^ (-((form >> 1) & 1) & deltaLo);
            long b0Hi = zero[2 * b + 1] ^ (-((form >> 1) & 1) & deltaHi);
            long pa = -(a0Lo & 1);
            long pb = -(b0Lo & 1);
            // The labels of colour 0 (Δ has colour 1).
            long caLo = a0Lo ^ (pa & deltaLo);
            long caHi = a0Hi ^ (pa & deltaHi);
            long cbLo = b0Lo ^ (pb & deltaLo);
            long cbHi = b0Hi ^ (pb & deltaHi);
            labels[8 * k] = pa;
            labels[8 * k + 1] = pb;
            long index = firstIndex + k;
            for (int row = 0; row < 4; row++) {
                long ma = -(row >> 1);
                long mb = -(row & 1);
                long aLo = caLo ^ (ma & deltaLo);
                long aHi = caHi ^ (ma & deltaHi);
                long bLo = cbLo ^ (mb & deltaLo);
                long bHi = cbHi ^ (mb & deltaHi);
                if (keyed) {
                    keyedRowInputs(aLo, aHi, bLo, bHi, index, row, 4 * k + row);
                } else {
                    grr3Key(aLo, aHi, bLo, bHi, index, scratch, hashes, 4 * k + row);
                }
            }
        }
        rowPads(keyed, 4 * count);
        for (int k = 0; k < count; k++) {
            int h = 8 * k;
            long pa = labels[h];
            long pb = labels[h + 1];
            long v0 = pa & pb;
            long c0Lo = hashes[h] ^ (v0 & deltaLo);
            long c0Hi = hashes[h + 1] ^ (v0 & deltaHi);
            int t = 2 * (out + 3 * k);
            for (int row = 1; row < 4; row++) {
                long v = row == 1 ? pa : row == 2 ? pb : ~(pa ^ pb);
                tables[t + 2 * (row - 1)] = hashes[h + 2 * row] ^ hashes[h] ^ (v & deltaLo);
                tables[t + 2 * (row - 1) + 1] = hashes[h + 2 * row + 1] ^ hashes[h + 1] ^ (v & deltaHi);
            }
            long gamma = -gammas[k];
            int o = records[(first + k) * CompiledCircuit.GATE_STRIDE + 3];
            zero[2 * o] = c0Lo ^ (gamma & deltaLo);
            zero[2 * o + 1] = c0Hi ^ (gamma & deltaHi);
        }
    }

    /**
     * The evaluator's side of {@link #garbleGrr3}, reading tables from block {@code in} of {@code tables}: with
     * colours (i, j), C = the pad of row 2i + j (one AES call fixed-key, two keyed), XORed with the row's table
     * block unless it is row 0.
     */
    private void evaluateGrr3(boolean keyed, int[] records, int first, int count, long firstIndex, long[] label,
                              long[] tables, int in) {
        ensure(count);
        for (int k = 0; k < count; k++) {
            int p = (first + k) * CompiledCircuit.GATE_STRIDE;
            int a = records[p + 1];
            int b = records[p + 2];
            int row = (int) ((label[2 * a] & 1) << 1 | (label[2 * b] & 1));
            gammas[k] = row;
            if (keyed) {
                keyedRowInputs(label[2 * a], label[2 * a + 1], label[2 * b], label[2 * b + 1], firstIndex + k, row, k);
            } else {
                grr3Key(label[2 * a], label[2 * a + 1], label[2 * b], label[2 * b + 1], firstIndex + k, scratch, hashes, k);
            }
        }
        rowPads(keyed, count);
        for (int k = 0; k < count; k++) {
            long lo = hashes[2 * k];
            long hi = hashes[2 * k + 1];
            int row = gammas[k];
            if (row != 0) {
                int t = 2 * (in + 3 * k + row - 1);
                lo ^= tables[t];
                hi ^= tables[t + 1];
            }
            int o = records[(first + k) * CompiledCircuit.GATE_STRIDE + 3];
            label[2 * o] = lo;
            label[2 * o + 1] = hi;
        }
    }
}
