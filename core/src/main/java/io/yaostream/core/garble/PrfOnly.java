package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * Garbling from a PRF alone (Gueron–Lindell–Nof–Pinkas 2015, scheme "Pipe-garbl+KS; XOR-1; AND-2"): AES keyed
 * by wire labels with the key schedules of a batch expanded together, no fixed key and no Δ; the two labels of
 * a wire are independent. XOR gates cost one ciphertext and three PRF calls (§3, Fig. 8); AND-type gates two
 * ciphertexts and four bits by the XOR-only 4-2 garbled row reduction (§4, Table 3, Fig. 9). NOT is free: the
 * garbler swaps its pair. The exact rules, with our colour-in-label adaptation, are in
 * {@code docs/garbling-schemes.md} section 5; the PRF inputs are {@code (j, side | row << 8)} for gate j.
 */
public final class PrfOnly {
    private static final long CLEAR_COLOUR = ~1L;

    private PrfOnly() {
    }

    static GarblingScheme scheme() {
        return new GarblingScheme("prf-only", 2, 1, 4, Garbler::new, Evaluator::new);
    }

    /** High word of the PRF input of gate j for the left (side 0) or right (side 1) key in row or colour r
     * (byte 8 = side, byte 9 = r; byte 8 = 2 is output decoding's, see {@link LabelHash#OUTPUT_DOMAIN}). */
    static long tweakHi(int side, int r) {
        return side | (long) r << 8;
    }

    private static final class Garbler extends GarblerCore implements GateWalker.BatchGates {
        private final AesCtrRandom random;
        /** Per slot: the label of 0 (block 2s) and of 1 (block 2s+1). */
        private long[] pair = new long[0];
        private long[] keys = new long[0];
        private long[] prf = new long[0];
        private long[] tables = new long[0];
        private byte[] nibbles = new byte[0];
        private int[] meta = new int[0];
        private final long[] one = new long[2];
        private final XorGroup xors = new XorGroup();

        Garbler(Kernel kernel, AesCtrRandom random) {
            super(kernel, LabelHash.KEYED);
            this.random = random;
        }

        @Override
        public boolean xorGatesTakeIndex() {
            return true;
        }

        @Override
        public void ensureSlots(int slots) {
            if (pair.length < 4 * slots) {
                pair = java.util.Arrays.copyOf(pair, 4 * slots);
            }
            xors.ensureSlots(slots);
        }

        @Override
        public void newInputLabels(int slot) {
            freshPair(slot);
        }

        /** Two independent random labels of opposite colours. */
        private void freshPair(int slot) {
            random.nextBlock(pair, 2 * slot);
            random.nextBlock(pair, 2 * slot + 1);
            pair[4 * slot + 2] = (pair[4 * slot + 2] & CLEAR_COLOUR) | (~pair[4 * slot] & 1);
        }

        @Override
        public void inputLabel(int slot, boolean value, long[] out, int block) {
            int b = 2 * slot + (value ? 1 : 0);
            out[2 * block] = pair[2 * b];
            out[2 * block + 1] = pair[2 * b + 1];
        }

        @Override
        void labelPair(int slot, long[] out) {
            System.arraycopy(pair, 4 * slot, out, 0, 4);
        }

        @Override
        public int slotWords() {
            return 4;
        }

        @Override
        public boolean freeXorOffset(long[] out) {
            return false;
        }

        /** The state is both labels; the negation swaps them. */
        @Override
        public void negateState(long[] state, int pos) {
            long lo = state[pos];
            long hi = state[pos + 1];
            state[pos] = state[pos + 2];
            state[pos + 1] = state[pos + 3];
            state[pos + 2] = lo;
            state[pos + 3] = hi;
        }

        @Override
        public void saveSlot(int slot, long[] dst, int pos) {
            System.arraycopy(pair, 4 * slot, dst, pos, 4);
        }

        @Override
        public void loadSlot(int slot, long[] src, int pos) {
            System.arraycopy(src, pos, pair, 4 * slot, 4);
        }

        /** Copies the pair of {@code from} to {@code to}, swapped if {@code swap}. */
        private void copyPair(int from, int to, boolean swap) {
            long l0 = pair[4 * from];
            long h0 = pair[4 * from + 1];
            long l1 = pair[4 * from + 2];
            long h1 = pair[4 * from + 3];
            int z = swap ? 2 : 0;
            pair[4 * to + z] = l0;
            pair[4 * to + z + 1] = h0;
            pair[4 * to + 2 - z] = l1;
            pair[4 * to + 3 - z] = h1;
        }

        /**
         * XOR gates wait in {@link #xors} and are garbled a group at a time, so their PRF calls reach the kernel
         * together; a gate that reads a waiting gate's output, a constant (which writes to the stream) and an AND
         * batch run the group first. Copies and negations run at once unless they touch a waiting gate's output.
         */
        @Override
        public void freeGate(int op, int in0, int in1, int out, long index, GarbledStream stream) {
            if (GateOp.kind(op) == GateOp.Kind.XOR) {
                if (xors.waitsFor(in0) || xors.waitsFor(in1) || xors.full()) {
                    garbleXors(stream);
                }
                queueXor(in0, in1, out, index, op == GateOp.XNOR);
                return;
            }
            int form = GateOp.freeForm(op);
            boolean not = (form & GateOp.FREE_NOT) != 0;
            boolean left = (form & GateOp.FREE_LEFT) != 0;
            boolean right = (form & GateOp.FREE_RIGHT) != 0;
            if (!left && !right || left && xors.waitsFor(in0) || right && xors.waitsFor(in1) || xors.waitsFor(out)) {
                garbleXors(stream);
            }
            if (left) {
                copyPair(in0, out, not);
            } else if (right) {
                copyPair(in1, out, not);
            } else {
                freshPair(out);
                inputLabel(out, not, one, 0);
                stream.writeBlocks(one, 0, 1);
            }
        }

        /**
         * GLNP15 Fig. 8 (G′) for gate j, first half: the PRF inputs of the left keys of both colours and of the
         * right key of colour 1, and what the second half needs of the inputs' labels (taken now: a later gate of
         * the group may overwrite them).
         */
        private void queueXor(int a, int b, int out, long j, boolean xnor) {
            int pa = (int) (pair[4 * a] & 1);
            int pb = (int) (pair[4 * b] & 1);
            // Label of colour c of wire w is the label of value c ^ p_w.
            int a0 = 4 * a + 2 * pa;        // A_0
            int a1 = 4 * a + 2 * (1 - pa);  // A_1
            int b0 = 4 * b + 2 * pb;        // B_0
            int b1 = 4 * b + 2 * (1 - pb);  // B_1
            int k = xors.add(out, pa | pb << 1 | (xnor ? 4 : 0));
            long[] keys = xors.keys;
            long[] x = xors.prf;
            int q = 6 * k;
            keys[q] = pair[a0];
            keys[q + 1] = pair[a0 + 1];
            keys[q + 2] = pair[a1];
            keys[q + 3] = pair[a1 + 1];
            keys[q + 4] = pair[b1];
            keys[q + 5] = pair[b1 + 1];
            x[q] = j;
            x[q + 1] = tweakHi(0, 0);
            x[q + 2] = j;
            x[q + 3] = tweakHi(0, 1);
            x[q + 4] = j;
            x[q + 5] = tweakHi(1, 1);
            xors.held[2 * k] = pair[b0];
            xors.held[2 * k + 1] = pair[b0 + 1];
        }

        /** The second half of every waiting XOR gate, after one kernel call for all their PRF calls. */
        private void garbleXors(GarbledStream stream) {
            int n = xors.size();
            if (n == 0) {
                return;
            }
            long[] x = xors.prf;
            kernel.multiKeyEncrypt(xors.keys, x, x, 3 * n);
            long[] ciphertexts = xors.out;
            for (int k = 0; k < n; k++) {
                int q = 6 * k;
                int meta = xors.meta[k];
                int pa = meta & 1;
                int pb = (meta >> 1) & 1;
                long ta0Lo = x[q] & CLEAR_COLOUR;
                long ta0Hi = x[q + 1];
                long ta1Lo = (x[q + 2] & CLEAR_COLOUR) | 1;
                long ta1Hi = x[q + 3];
                long dLo = ta0Lo ^ ta1Lo;
                long dHi = ta0Hi ^ ta1Hi;
                long tb0Lo = xors.held[2 * k];
                long tb0Hi = xors.held[2 * k + 1];
                ciphertexts[2 * k] = x[q + 4] ^ tb0Lo ^ dLo; // T = F_{B_1}(j, right, 1) ^ B̃_1, B̃_1 = B_0 ^ ΔC
                ciphertexts[2 * k + 1] = x[q + 5] ^ tb0Hi ^ dHi;
                // Value 0 of A is colour pa, of B colour pb.
                long c0Lo = (pa == 0 ? ta0Lo : ta1Lo) ^ tb0Lo ^ (pb == 0 ? 0 : dLo);
                long c0Hi = (pa == 0 ? ta0Hi : ta1Hi) ^ tb0Hi ^ (pb == 0 ? 0 : dHi);
                int z = (meta & 4) != 0 ? 2 : 0;
                int out = xors.outSlot[k];
                pair[4 * out + z] = c0Lo;
                pair[4 * out + z + 1] = c0Hi;
                pair[4 * out + 2 - z] = c0Lo ^ dLo;
                pair[4 * out + 3 - z] = c0Hi ^ dHi;
            }
            stream.writeBlocks(ciphertexts, 0, n);
            xors.clear();
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            walkBatches(c, stream, this);
            garbleXors(stream);
        }

        @Override
        public void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            garbleXors(stream);
            if (meta.length < count) {
                keys = new long[16 * count];
                prf = new long[16 * count];
                tables = new long[4 * count];
                nibbles = new byte[(count + 1) / 2];
                meta = new int[count];
            }
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int a = records[p + 1];
                int b = records[p + 2];
                int pa = (int) (pair[4 * a] & 1);
                int pb = (int) (pair[4 * b] & 1);
                meta[k] = GateOp.andForm(records[p]) | pa << 3 | pb << 4;
                long j = firstIndex + k;
                for (int r = 0; r < 4; r++) {
                    int ca = r >> 1;
                    int cb = r & 1;
                    int la = 4 * a + 2 * (ca ^ pa); // label of colour ca
                    int lb = 4 * b + 2 * (cb ^ pb);
                    int q = 16 * k + 4 * r;
                    keys[q] = pair[la];
                    keys[q + 1] = pair[la + 1];
                    keys[q + 2] = pair[lb];
                    keys[q + 3] = pair[lb + 1];
                    prf[q] = j;
                    prf[q + 1] = tweakHi(0, r);
                    prf[q + 2] = j;
                    prf[q + 3] = tweakHi(1, r);
                }
            }
            kernel.multiKeyEncrypt(keys, prf, prf, 8 * count);
            java.util.Arrays.fill(nibbles, 0, (count + 1) / 2, (byte) 0);
            for (int k = 0; k < count; k++) {
                int form = meta[k] & 7;
                int alpha = form & 1;
                int beta = (form >> 1) & 1;
                int gamma = (form >> 2) & 1;
                int pa = (meta[k] >> 3) & 1;
                int pb = (meta[k] >> 4) & 1;
                int q = 16 * k;
                // K_r = F_{A_a}(j, left, r) ^ F_{B_b}(j, right, r)
                long k0l = prf[q] ^ prf[q + 2];
                long k0h = prf[q + 1] ^ prf[q + 3];
                long k1l = prf[q + 4] ^ prf[q + 6];
                long k1h = prf[q + 5] ^ prf[q + 7];
                long k2l = prf[q + 8] ^ prf[q + 10];
                long k2h = prf[q + 9] ^ prf[q + 11];
                long k3l = prf[q + 12] ^ prf[q + 14];
                long k3h = prf[q + 13] ^ prf[q + 15];
                int s = 2 * (pa ^ 1 ^ alpha) + (pb ^ 1 ^ beta); // colour row of the odd output
                int odd = 1 ^ gamma;
                long r0l = k0l & CLEAR_COLOUR;
                long r0h = k0h;
                long rsl = (k1l ^ k2l ^ k3l) & CLEAR_COLOUR;
                long rsh = k1h ^ k2h ^ k3h;
                int pc = (int) (random.nextLong() & 1);
                // key(C^odd) and key(C^gamma)
                long oddL = s == 0 ? r0l : rsl;
                long oddH = s == 0 ? r0h : rsh;
                long evnL = s == 0 ? rsl : r0l;
                long evnH = s == 0 ? rsh : r0h;
                int out = records[(first + k) * 4 + 3];
                int zOdd = 4 * out + 2 * odd;
                int zEvn = 4 * out + 2 * gamma;
                pair[zOdd] = oddL | (odd ^ pc);
                pair[zOdd + 1] = oddH;
                pair[zEvn] = evnL | (gamma ^ pc);
                pair[zEvn + 1] = evnH;
                boolean s23 = s >= 2;
                boolean s13 = (s & 1) == 1;
                tables[4 * k] = (s23 ? k0l ^ k1l : k2l ^ k3l) & CLEAR_COLOUR;
                tables[4 * k + 1] = s23 ? k0h ^ k1h : k2h ^ k3h;
                tables[4 * k + 2] = (s13 ? k0l ^ k2l : k1l ^ k3l) & CLEAR_COLOUR;
                tables[4 * k + 3] = s13 ? k0h ^ k2h : k1h ^ k3h;
                // t_r = m_r ^ p_C ^ v_r, with m_r the colour bit of K_r and v_r the output value of row r.
                int m = (int) ((k0l & 1) | (k1l & 1) << 1 | (k2l & 1) << 2 | (k3l & 1) << 3);
                int v = (gamma == 1 ? 15 : 0) ^ ((odd ^ gamma) << s);
                int t = m ^ (pc == 1 ? 15 : 0) ^ v;
                nibbles[k >> 1] |= (byte) (t << (4 * (k & 1)));
            }
            stream.writeBlocks(tables, 0, 2 * count);
            for (int i = 0; i < (count + 1) / 2; i++) {
                stream.writeByte(nibbles[i]);
            }
        }
    }

    private static final class Evaluator extends ActiveLabelEvaluator implements GateWalker.BatchGates {
        private long[] keys = new long[0];
        private long[] prf = new long[0];
        private long[] tables = new long[0];
        private int[] rows = new int[0];
        private final XorGroup xors = new XorGroup();

        Evaluator(Kernel kernel) {
            super(kernel, LabelHash.KEYED);
        }

        @Override
        public boolean xorGatesTakeIndex() {
            return true;
        }

        @Override
        public void ensureSlots(int slots) {
            super.ensureSlots(slots);
            xors.ensureSlots(slots);
        }

        /** XOR gates wait in {@link #xors} as the garbler's do; other gates run the group first when they touch it. */
        @Override
        public void freeGate(int op, int in0, int in1, int out, long index, GarbledStream stream) {
            if (GateOp.kind(op) != GateOp.Kind.XOR) {
                int form = GateOp.freeForm(op);
                if ((form & GateOp.FREE_LEFT) != 0 && xors.waitsFor(in0) || (form & GateOp.FREE_RIGHT) != 0 && xors.waitsFor(in1)
                        || xors.waitsFor(out)) {
                    evaluateXors();
                }
                super.freeGate(op, in0, in1, out, index, stream); // copies and constants: same as free XOR
                return;
            }
            if (xors.waitsFor(in0) || xors.waitsFor(in1) || xors.full()) {
                evaluateXors();
            }
            long aLo = label[2 * in0];
            long aHi = label[2 * in0 + 1];
            long bLo = label[2 * in1];
            long bHi = label[2 * in1 + 1];
            int ca = (int) (aLo & 1);
            int cb = (int) (bLo & 1);
            int k = xors.add(out, ca | cb << 1);
            // The ciphertext, and B for colour 0 (taken now: a later gate of the group may overwrite it).
            stream.readBlocks(xors.held, k, 1);
            if (cb == 0) {
                xors.held[2 * k] = bLo;
                xors.held[2 * k + 1] = bHi;
            }
            int q = 2 * xors.blocks;
            xors.keys[q] = aLo;
            xors.keys[q + 1] = aHi;
            xors.prf[q] = index;
            xors.prf[q + 1] = tweakHi(0, ca);
            xors.blocks++;
            if (cb == 1) {
                xors.keys[q + 2] = bLo;
                xors.keys[q + 3] = bHi;
                xors.prf[q + 2] = index;
                xors.prf[q + 3] = tweakHi(1, 1);
                xors.blocks++;
            }
        }

        /** Every waiting XOR gate after one kernel call for their PRF calls: one or two per gate. */
        private void evaluateXors() {
            int n = xors.size();
            if (n == 0) {
                return;
            }
            long[] x = xors.prf;
            kernel.multiKeyEncrypt(xors.keys, x, x, xors.blocks);
            int q = 0;
            for (int k = 0; k < n; k++) {
                int ca = xors.meta[k] & 1;
                int cb = (xors.meta[k] >> 1) & 1;
                long tbLo = xors.held[2 * k];
                long tbHi = xors.held[2 * k + 1];
                if (cb == 1) {
                    tbLo ^= x[q + 2];
                    tbHi ^= x[q + 3];
                }
                int out = xors.outSlot[k];
                label[2 * out] = ((x[q] & CLEAR_COLOUR) | ca) ^ tbLo;
                label[2 * out + 1] = x[q + 1] ^ tbHi;
                q += 2 * (1 + cb);
            }
            xors.clear();
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            walkBatches(c, stream, this);
            evaluateXors();
        }

        @Override
        public void andBatch(int[] records, int first, int count, long firstIndex, GarbledStream stream) {
            evaluateXors();
            if (rows.length < count) {
                keys = new long[4 * count];
                prf = new long[4 * count];
                tables = new long[4 * count];
                rows = new int[count];
            }
            stream.readBlocks(tables, 0, 2 * count);
            for (int k = 0; k < count; k++) {
                int p = (first + k) * 4;
                int a = records[p + 1];
                int b = records[p + 2];
                int r = (int) ((label[2 * a] & 1) << 1 | (label[2 * b] & 1));
                rows[k] = r;
                keys[4 * k] = label[2 * a];
                keys[4 * k + 1] = label[2 * a + 1];
                keys[4 * k + 2] = label[2 * b];
                keys[4 * k + 3] = label[2 * b + 1];
                long j = firstIndex + k;
                prf[4 * k] = j;
                prf[4 * k + 1] = tweakHi(0, r);
                prf[4 * k + 2] = j;
                prf[4 * k + 3] = tweakHi(1, r);
            }
            kernel.multiKeyEncrypt(keys, prf, prf, 2 * count);
            int nibble = 0;
            for (int k = 0; k < count; k++) {
                if ((k & 1) == 0) {
                    nibble = stream.readByte();
                    if ((k + 1 == count) && (nibble >> 4) != 0) {
                        throw new GarblingException("prf-only: padding bits of the last AND gate of a batch are set (garbled material altered)");
                    }
                }
                int t = (nibble >> (4 * (k & 1))) & 15;
                int r = rows[k];
                long lo = prf[4 * k] ^ prf[4 * k + 2];
                long hi = prf[4 * k + 1] ^ prf[4 * k + 3];
                long t1l = tables[4 * k];
                long t1h = tables[4 * k + 1];
                long t2l = tables[4 * k + 2];
                long t2h = tables[4 * k + 3];
                if (((t1l | t2l) & 1) != 0) {
                    throw new GarblingException("prf-only: a table of AND gate " + (firstIndex + k) + " has its colour bit set (garbled material altered)");
                }
                // Rows 1, 2, 3 add T1, T2, T1 ^ T2 (GLNP15 Fig. 9, Eval 2(b)).
                if ((r & 1) != 0) {
                    lo ^= t1l;
                    hi ^= t1h;
                }
                if ((r & 2) != 0) {
                    lo ^= t2l;
                    hi ^= t2h;
                }
                int out = records[(first + k) * 4 + 3];
                label[2 * out] = lo ^ ((t >> r) & 1);
                label[2 * out + 1] = hi;
            }
        }
    }
    /**
     * XOR gates waiting to be garbled or evaluated together: prf-only's XOR gates cost PRF calls (three to
     * garble, one or two to evaluate), and one kernel call for a group rather than one per gate is what keeps a
     * circuit of mostly XOR gates off the JNI crossing. A gate joins unless it reads a waiting gate's output;
     * outputs are written in gate order when the group runs, so a later gate of the group that writes the same
     * slot still wins. Its size is fixed: no allocation per gate or per circuit.
     */
    private static final class XorGroup {
        /** Gates per group: 384 PRF blocks for the garbler, enough to pipeline the key schedules. */
        static final int GATES = 128;
        final long[] keys = new long[6 * GATES];
        final long[] prf = new long[6 * GATES];
        /** Per gate, a block the second half needs (the garbler's B_0, the evaluator's B or ciphertext). */
        final long[] held = new long[2 * GATES];
        /** The garbler's ciphertexts, one block per gate. */
        final long[] out = new long[2 * GATES];
        final int[] meta = new int[GATES];
        final int[] outSlot = new int[GATES];
        /** The evaluator's PRF blocks so far. */
        int blocks;
        private int size;
        /** Per slot, the generation in which a waiting gate writes it; a new generation starts with each group. */
        private int[] writtenIn = new int[0];
        private int generation = 1;

        void ensureSlots(int slots) {
            if (writtenIn.length < slots) {
                writtenIn = java.util.Arrays.copyOf(writtenIn, slots);
            }
        }

        /** Whether a waiting gate writes {@code slot}. */
        boolean waitsFor(int slot) {
            return size > 0 && writtenIn[slot] == generation;
        }

        boolean full() {
            return size == GATES;
        }

        int size() {
            return size;
        }

        /** Adds a gate writing {@code slot} and returns its position in the group. */
        int add(int slot, int gateMeta) {
            writtenIn[slot] = generation;
            meta[size] = gateMeta;
            outSlot[size] = slot;
            return size++;
        }

        void clear() {
            size = 0;
            blocks = 0;
            generation++;
        }
    }
}
