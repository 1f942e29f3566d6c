package io.yaostream.core.kernel;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;

/**
 * The Java kernel's prf-only walk ({@link Kernel#garblePrfOnlyFree} and the rest): GLNP15's garbling from a PRF,
 * formulas in {@code io.yaostream.core.garble.PrfOnly} and {@code docs/garbling-schemes.md} section 5. The native
 * kernel does the same in C and must match it bit for bit.
 *
 * <p>Every PRF call is AES keyed by a label, so calls are gathered: XOR gates wait in a group of fixed size until
 * one reads a waiting gate's output, a copy touches one, the group is full or the run of free gates ends, and then
 * their PRF calls go through one {@link Kernel#multiKeyEncrypt}; outputs are written in gate order, so a later gate
 * of the group that writes the same slot still wins. An AND batch is one call. No allocation per gate: the group
 * is fixed and the batch buffers grow to the largest batch.
 */
final class JavaPrfOnly {
    /** XOR gates per group: 384 PRF blocks for the garbler. */
    private static final int XOR_GROUP = 128;

    private final Kernel kernel;
    private final long[] xorKeys = new long[6 * XOR_GROUP];
    private final long[] xorPrf = new long[6 * XOR_GROUP];
    /** Per waiting gate, a block the second half needs (the garbler's B_0; the evaluator's B or ciphertext). */
    private final long[] held = new long[2 * XOR_GROUP];
    private final int[] meta = new int[XOR_GROUP];
    private final int[] outs = new int[XOR_GROUP];
    private int waiting;
    private int waitingBlocks;
    private long[] andKeys = new long[0];
    private long[] andPrf = new long[0];
    private int[] andMeta = new int[0];

    JavaPrfOnly(Kernel kernel) {
        this.kernel = kernel;
    }


    /** Whether a waiting XOR gate writes {@code slot}. */
    private boolean waitsFor(int slot) {
        for (int k = 0; k < waiting; k++) {
            if (outs[k] == slot) {
                return true;
            }
        }
        return false;
    }

    /** The first gate of the next AND batch at or after the cursor's gate (or the end), stepping the cursor's batch on. */
    private static int nextBatchStart(CompiledCircuit c, GateCursor at) {
        int batch = at.batch();
        while (batch < c.andBatchCount() && c.andBatchStart(batch) + c.andBatchLength(batch) <= at.gate()) {
            batch++;
        }
        at.moveTo(at.gate(), batch, at.gateIndex());
        return batch < c.andBatchCount() ? c.andBatchStart(batch) : c.gateCount();
    }

    int garbleFree(CompiledCircuit c, GateCursor at, long[] pair, long[] tables, int capacity) {
        int[] records = c.gateRecordsView();
        int end = nextBatchStart(c, at);
        int gate = at.gate();
        long index = at.gateIndex();
        int done = 0;
        for (; gate < end; gate++) {
            int p = gate * CompiledCircuit.GATE_STRIDE;
            int op = records[p];
            int a = records[p + 1];
            int b = records[p + 2];
            int out = records[p + 3];
            if (GateOp.kind(op) == GateOp.Kind.XOR) {
                if (done + waiting >= capacity) {
                    break;
                }
                if (waiting == XOR_GROUP || waitsFor(a) || waitsFor(b)) {
                    done += garbleXors(pair, tables, done);
                }
                queueGarbledXor(pair, a, b, out, index++, op == GateOp.XNOR);
                continue;
            }
            int form = GateOp.freeForm(op);
            if ((form & (GateOp.FREE_LEFT | GateOp.FREE_RIGHT)) == 0) {
                break; // a constant: the caller's
            }
            int from = (form & GateOp.FREE_LEFT) != 0 ? a : b;
            if (waitsFor(from) || waitsFor(out)) {
                done += garbleXors(pair, tables, done);
            }
            // A copy, the labels swapped for a negation.
            int z = (form & GateOp.FREE_NOT) != 0 ? 2 : 0;
            long l0 = pair[4 * from];
            long h0 = pair[4 * from + 1];
            long l1 = pair[4 * from + 2];
            long h1 = pair[4 * from + 3];
            pair[4 * out + z] = l0;
            pair[4 * out + z + 1] = h0;
            pair[4 * out + 2 - z] = l1;
            pair[4 * out + 3 - z] = h1;
        }
        done += garbleXors(pair, tables, done);
        at.moveTo(gate, at.batch(), index);
        return done;
    }

    /**
     * GLNP15 Fig. 8 (G′) for gate j, first half: the PRF inputs of the left keys of both colours and of the right
     * key of colour 1, and what the second half needs of the inputs' labels (taken now: a later gate of the group
     * may overwrite them).
     */
    private void queueGarbledXor(long[] pair, int a, int b, int out, long j, boolean xnor) {
        int pa = (int) (pair[4 * a] & 1);
        int pb = (int) (pair[4 * b] & 1);
        // The label of colour c of a wire is its label of value c ^ p.
        int a0 = 4 * a + 2 * pa;
        int a1 = 4 * a + 2 * (1 - pa);
        int b0 = 4 * b + 2 * pb;
        int b1 = 4 * b + 2 * (1 - pb);
        int k = waiting++;
        int q = 6 * k;
        xorKeys[q] = pair[a0];
        xorKeys[q + 1] = pair[a0 + 1];
        xorKeys[q + 2] = pair[a1];
        xorKeys[q + 3] = pair[a1 + 1];
        xorKeys[q + 4] = pair[b1];
        xorKeys[q + 5] = pair[b1 + 1];
        xorPrf[q] = j;
        xorPrf[q + 1] = PrfGates.tweakHi(0, 0);
        xorPrf[q + 2] = j;
        xorPrf[q + 3] = PrfGates.tweakHi(0, 1);
        xorPrf[q + 4] = j;
        xorPrf[q + 5] = PrfGates.tweakHi(1, 1);
        held[2 * k] = pair[b0];
        held[2 * k + 1] = pair[b0 + 1];
        meta[k] = pa | pb << 1 | (xnor ? 4 : 0);
        outs[k] = out;
    }

    /** The second half of every waiting XOR gate, ciphertexts to tables from block {@code at}; returns their count. */
    private int garbleXors(long[] pair, long[] tables, int at) {
        int n = waiting;
        if (n == 0) {
            return 0;
        }
        long[] x = xorPrf;
        kernel.multiKeyEncrypt(xorKeys, x, x, 3 * n);
        for (int k = 0; k < n; k++) {
            PrfGates.garbleXor1(x, 6 * k, meta[k] & 1, (meta[k] >> 1) & 1, held[2 * k], held[2 * k + 1], (meta[k] & 4) != 0,
                    tables, at + k, pair, outs[k]);
        }
        waiting = 0;
        return n;
    }

    private void ensureAnds(int count, int blocksPerGate) {
        if (andMeta.length < count || andKeys.length < 2 * blocksPerGate * count) {
            andKeys = new long[16 * count];
            andPrf = new long[16 * count];
            andMeta = new int[count];
        }
    }

    void garbleAnds(CompiledCircuit c, GateCursor at, long[] pair, byte[] colours, long[] tables, byte[] nibbles) {
        int[] records = c.gateRecordsView();
        int first = at.gate();
        int count = at.batchStartingHere(c);
        long firstIndex = at.gateIndex();
        ensureAnds(count, 8);
        long[] keys = andKeys;
        long[] prf = andPrf;
        for (int k = 0; k < count; k++) {
            int p = (first + k) * CompiledCircuit.GATE_STRIDE;
            int a = records[p + 1];
            int b = records[p + 2];
            int pa = (int) (pair[4 * a] & 1);
            int pb = (int) (pair[4 * b] & 1);
            andMeta[k] = GateOp.andForm(records[p]) | pa << 3 | pb << 4;
            long j = firstIndex + k;
            for (int r = 0; r < 4; r++) {
                int la = 4 * a + 2 * ((r >> 1) ^ pa); // label of colour r >> 1
                int lb = 4 * b + 2 * ((r & 1) ^ pb);
                int q = 16 * k + 4 * r;
                keys[q] = pair[la];
                keys[q + 1] = pair[la + 1];
                keys[q + 2] = pair[lb];
                keys[q + 3] = pair[lb + 1];
                prf[q] = j;
                prf[q + 1] = PrfGates.tweakHi(0, r);
                prf[q + 2] = j;
                prf[q + 3] = PrfGates.tweakHi(1, r);
            }
        }
        kernel.multiKeyEncrypt(keys, prf, prf, 8 * count);
        java.util.Arrays.fill(nibbles, 0, (count + 1) / 2, (byte) 0);
        for (int k = 0; k < count; k++) {
            int out = records[(first + k) * CompiledCircuit.GATE_STRIDE + 3];
            int t = PrfGates.garbleAnd2(prf, 16 * k, andMeta[k] & 7, (andMeta[k] >> 3) & 1, (andMeta[k] >> 4) & 1,
                    colours[k] & 1, tables, 2 * k, pair, out);
            nibbles[k >> 1] |= (byte) (t << (4 * (k & 1)));
        }
        at.moveTo(first + count, at.batch() + 1, firstIndex + count);
    }

    int evaluateFree(CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        int[] records = c.gateRecordsView();
        int end = nextBatchStart(c, at);
        int gate = at.gate();
        long index = at.gateIndex();
        int used = 0;
        for (; gate < end; gate++) {
            int p = gate * CompiledCircuit.GATE_STRIDE;
            int op = records[p];
            int a = records[p + 1];
            int b = records[p + 2];
            int out = records[p + 3];
            if (GateOp.kind(op) == GateOp.Kind.XOR) {
                if (used == blocks) {
                    break;
                }
                if (waiting == XOR_GROUP || waitsFor(a) || waitsFor(b)) {
                    evaluateXors(label);
                }
                queueEvaluatedXor(label, a, b, out, index++, tables, used++);
                continue;
            }
            int form = GateOp.freeForm(op);
            if ((form & (GateOp.FREE_LEFT | GateOp.FREE_RIGHT)) == 0) {
                break;
            }
            int from = (form & GateOp.FREE_LEFT) != 0 ? a : b;
            if (waitsFor(from) || waitsFor(out)) {
                evaluateXors(label);
            }
            label[2 * out] = label[2 * from];
            label[2 * out + 1] = label[2 * from + 1];
        }
        evaluateXors(label);
        at.moveTo(gate, at.batch(), index);
        return used;
    }

    /** GLNP15 Fig. 8 (E′), first half: the left key's PRF input, and the right key's when its colour is 1. */
    private void queueEvaluatedXor(long[] label, int a, int b, int out, long j, long[] tables, int block) {
        long aLo = label[2 * a];
        long aHi = label[2 * a + 1];
        long bLo = label[2 * b];
        long bHi = label[2 * b + 1];
        int ca = (int) (aLo & 1);
        int cb = (int) (bLo & 1);
        int k = waiting++;
        // B for colour 0, else the ciphertext (taken now: a later gate of the group may overwrite B).
        held[2 * k] = cb == 0 ? bLo : tables[2 * block];
        held[2 * k + 1] = cb == 0 ? bHi : tables[2 * block + 1];
        int q = 2 * waitingBlocks;
        xorKeys[q] = aLo;
        xorKeys[q + 1] = aHi;
        xorPrf[q] = j;
        xorPrf[q + 1] = PrfGates.tweakHi(0, ca);
        waitingBlocks++;
        if (cb == 1) {
            xorKeys[q + 2] = bLo;
            xorKeys[q + 3] = bHi;
            xorPrf[q + 2] = j;
            xorPrf[q + 3] = PrfGates.tweakHi(1, 1);
            waitingBlocks++;
        }
        meta[k] = ca | cb << 1;
        outs[k] = out;
    }

    private void evaluateXors(long[] label) {
        int n = waiting;
        if (n == 0) {
            return;
        }
        long[] x = xorPrf;
        kernel.multiKeyEncrypt(xorKeys, x, x, waitingBlocks);
        int q = 0;
        for (int k = 0; k < n; k++) {
            int ca = meta[k] & 1;
            int cb = (meta[k] >> 1) & 1;
            long tbLo = held[2 * k];
            long tbHi = held[2 * k + 1];
            if (cb == 1) {
                tbLo ^= x[q + 2];
                tbHi ^= x[q + 3];
            }
            PrfGates.evaluateXor1(x, q, ca, tbLo, tbHi, label, outs[k]);
            q += 2 * (1 + cb);
        }
        waiting = 0;
        waitingBlocks = 0;
    }

    int evaluateAnds(CompiledCircuit c, GateCursor at, long[] label, long[] tables, byte[] nibbles) {
        int[] records = c.gateRecordsView();
        int first = at.gate();
        int count = at.batchStartingHere(c);
        long firstIndex = at.gateIndex();
        if ((count & 1) != 0 && (nibbles[count / 2] & 0xf0) != 0) {
            return -1;
        }
        ensureAnds(count, 2);
        long[] keys = andKeys;
        long[] prf = andPrf;
        for (int k = 0; k < count; k++) {
            int p = (first + k) * CompiledCircuit.GATE_STRIDE;
            int a = records[p + 1];
            int b = records[p + 2];
            int r = (int) ((label[2 * a] & 1) << 1 | (label[2 * b] & 1));
            andMeta[k] = r;
            keys[4 * k] = label[2 * a];
            keys[4 * k + 1] = label[2 * a + 1];
            keys[4 * k + 2] = label[2 * b];
            keys[4 * k + 3] = label[2 * b + 1];
            long j = firstIndex + k;
            prf[4 * k] = j;
            prf[4 * k + 1] = PrfGates.tweakHi(0, r);
            prf[4 * k + 2] = j;
            prf[4 * k + 3] = PrfGates.tweakHi(1, r);
        }
        kernel.multiKeyEncrypt(keys, prf, prf, 2 * count);
        for (int k = 0; k < count; k++) {
            int t = (nibbles[k >> 1] >> (4 * (k & 1))) & 15;
            int out = records[(first + k) * CompiledCircuit.GATE_STRIDE + 3];
            if (!PrfGates.evaluateAnd2(prf, 4 * k, andMeta[k], tables, 2 * k, t, label, out)) {
                return 1 + k;
            }
        }
        at.moveTo(first + count, at.batch() + 1, firstIndex + count);
        return 0;
    }
}
