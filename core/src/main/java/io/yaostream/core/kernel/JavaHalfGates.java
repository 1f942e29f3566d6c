package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;

/**
 * The Java kernel's half-gates walk ({@link Kernel#garbleHalfGates}, {@link Kernel#evaluateHalfGates}): free
 * gates one at a time, each run of AND gates (part of a batch, up to the table space) hashed in one kernel call.
 * The native kernel does the same in C and must match it bit for bit. Formulas in
 * {@code io.yaostream.core.garble.HalfGates}. Buffers grow to the largest run and are reused.
 */
final class JavaHalfGates {
    private final Kernel kernel;
    private long[] labels = new long[0];   // garbler per gate: A0, A1, B0, B1; evaluator: A, B
    private long[] tweaks = new long[0];
    private long[] hashes = new long[0];
    private long[] scratch = new long[0];
    private int[] gammas = new int[0];

    JavaHalfGates(Kernel kernel) {
        this.kernel = kernel;
    }

    int garble(LabelHash hash, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
               long[] tables, int capacity) {
        int[] records = c.gateRecordsView();
        int written = 0;
        while (at.gate() < c.gateCount()) {
            int left = at.andsLeftInBatch(c);
            if (left > 0) {
                int n = Math.min(left, (capacity - written) / 2);
                if (n == 0) {
                    break;
                }
                garbleAnds(hash, records, at.gate(), n, at.gateIndex(), zero, deltaLo, deltaHi, tables, written);
                written += 2 * n;
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

    int evaluate(LabelHash hash, CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        int[] records = c.gateRecordsView();
        int used = 0;
        while (at.gate() < c.gateCount()) {
            int left = at.andsLeftInBatch(c);
            if (left > 0) {
                int n = Math.min(left, (blocks - used) / 2);
                if (n == 0) {
                    break;
                }
                evaluateAnds(hash, records, at.gate(), n, at.gateIndex(), label, tables, used);
                used += 2 * n;
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

    private void ensure(int count) {
        if (gammas.length < count) {
            labels = new long[8 * count];
            tweaks = new long[4 * count];
            hashes = new long[8 * count];
            scratch = new long[8 * count];
            gammas = new int[count];
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
}
