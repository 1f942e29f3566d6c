package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.WireOrdering;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;
import io.yaostream.core.kernel.PrfGates;

/**
 * The schemes of GLNP15 Table 7 that keep both labels of every wire and garble XOR gates with ciphertexts: rows 1
 * and 2 (a PRF alone) and rows 4–6 (fleXOR, related keys without circularity). Their formulas are in
 * docs/garbling-schemes.md section 13; each PRF call is AES keyed by a label ({@link Kernel#multiKeyEncrypt}), so both
 * kernels run them, bit for bit alike, with the gate logic here in Java.
 *
 * <p><b>Groups.</b> Gates run in groups ({@code Side.nextGroup}): a group ends before the first gate whose PRF calls
 * are keyed by a label an earlier gate of the group writes, or at {@link #GROUP_GATES} gates. The PRF calls of a group
 * go through one kernel call; then its gates are finished in order. The stream carries per group its blocks in gate
 * order (each gate's table, a constant's label) and then one byte per 4-2 AND gate (its four bits). Garbler and
 * evaluator cut groups by the same rule, so the evaluator knows what to read before it finishes a group.
 *
 * <p><b>fleXOR.</b> The wire ordering ({@link WireOrdering}) gives each wire a class and the garbler an offset Δ per
 * class, drawn when the class's first AND gate is garbled (4-3) or set by it (4-2, a safe ordering). Each call first
 * brings its input wires to a fresh class-0 offset, one ciphertext each: they arrive as independent pairs (OT, a
 * constant, an earlier call's outputs), and reusing an earlier offset could make a key encrypt its own offset.
 */
final class PairWalk {
    /** Gates per group at most: up to 1,024 PRF blocks per kernel call for the garbler. */
    static final int GROUP_GATES = 128;
    /** The row of each of a gate's eight blocks in multiKeyEncryptTwice's order ({@code Side.putRows}). */
    private static final int[] TWICE_ROWS = {0, 0, 1, 2, 2, 1, 3, 3};
    /** Where each of those blocks goes in row order (A row r at 2r, B row r at 2r + 1). */
    private static final int[] ROW_ORDER = {0, 1, 2, 5, 4, 3, 6, 7};

    /** How XOR gates are garbled. */
    enum XorRule {
        /** As any gate, by 4-3 garbled row reduction: 3 ciphertexts, 8 PRF calls (Table 6 row 1). */
        ROWS,
        /** GLNP15 Fig. 8: 1 ciphertext, 3 PRF calls (§3). */
        ONE_CIPHERTEXT,
        /** fleXOR: each input of another class than the output translated, 1 ciphertext and 2 PRF calls each. */
        FLEXOR
    }

    /** How AND-type gates are garbled. */
    enum AndRule {
        /** 4-3 garbled row reduction: 3 ciphertexts (the output's other label is a fresh offset or its class's). */
        ROWS,
        /** GLNP15 Fig. 9, 4-2 by XORs: 2 ciphertexts and 4 bits (a byte), both output labels free. */
        TWO_CIPHERTEXTS
    }

    private PairWalk() {
    }

    /** A scheme of PRF-only rules (rows 1 and 2): no ordering. */
    static GarblingScheme prfOnly(String name, XorRule xor, AndRule and) {
        Rules rules = new Rules(xor, and, null);
        return new GarblingScheme(name, and == AndRule.ROWS ? 3 : 2, xor == XorRule.ROWS ? 3 : 1, and == AndRule.ROWS ? 0 : 8,
                (kernel, random) -> new Garbler(kernel, random, rules), kernel -> new Evaluator(kernel, rules))
                .prfCallsPerXor(xor == XorRule.ROWS ? 8 : 3);
    }

    /**
     * A fleXOR scheme over the ordering {@code h}: 4-3 AND gates for the monotone ordering, 4-2 for the safe ones. It
     * counts 2 ciphertexts per XOR gate, the most one can take; its {@link GarblingScheme#cost} counts them exactly.
     */
    static GarblingScheme flexor(String name, WireOrdering.Heuristic h) {
        AndRule and = h == WireOrdering.Heuristic.MONOTONE ? AndRule.ROWS : AndRule.TWO_CIPHERTEXTS;
        Rules rules = new Rules(XorRule.FLEXOR, and, h);
        int perAnd = and == AndRule.ROWS ? 3 : 2;
        return new GarblingScheme(name, perAnd, 2, and == AndRule.ROWS ? 0 : 8,
                (kernel, random) -> new Garbler(kernel, random, rules), kernel -> new Evaluator(kernel, rules))
                .costModel(c -> {
                    WireOrdering o = c.wireOrdering(h);
                    long ands = c.counts().and();
                    return new GarblingCost(ands, c.counts().xor(), perAnd * ands, o.xorTranslations(), c.totalInputBits(),
                            2 * o.xorTranslations());
                });
    }

    /** A scheme's rules for both sides. */
    record Rules(XorRule xor, AndRule and, WireOrdering.Heuristic ordering) {
        /** Table blocks of gate {@code g} (op {@code op}), a constant's label counted. */
        int blocks(int op, WireOrdering o, int g) {
            return switch (GateOp.kind(op)) {
                case XOR -> xor == XorRule.ROWS ? 3 : xor == XorRule.ONE_CIPHERTEXT ? 1 : Integer.bitCount(o.translations(g));
                case AND -> and == AndRule.ROWS ? 3 : 2;
                case CONST -> 1;
                case INV -> 0;
            };
        }
    }

    /** A side's queueing of gate g's PRF calls (gate index j) from PRF block n; returns the next free block. */
    interface GateQueuer {
        int queue(int[] records, int g, WireOrdering o, long j, int n);
    }

    /** What both sides share: the rules, the PRF batch, the group cutting and the gate numbering. */
    private static final class Side {
        final Kernel kernel;
        final Rules rules;
        long[] keys = new long[16 * GROUP_GATES];
        long[] prf = new long[16 * GROUP_GATES];
        int prfBlocks;
        /** A group's table blocks: at most 3 a gate (4-3 rows), so never more than this. */
        final long[] tables = new long[6 * GROUP_GATES];
        final int[] prfAt = new int[GROUP_GATES];
        final int[] tableAt = new int[GROUP_GATES];
        int[] written = new int[0];
        int epoch;

        Side(Kernel kernel, Rules rules) {
            this.kernel = kernel;
            this.rules = rules;
        }

        /** Queues a PRF call: AES under the label at {@code labels[2 * at ..]} of the block (j, hi). */
        final void queue(long[] labels, int at, long j, long hi) {
            put(prfBlocks++, labels, at, j, hi);
        }

        /**
         * PRF call n of the batch: AES under the label at {@code labels[2 * at ..]} of the block (j, hi); returns n + 1.
         * The walks' hot loops keep n in a local and store it to {@link #prfBlocks} once per group.
         */
        final int put(int n, long[] labels, int at, long j, long hi) {
            long[] k = keys;
            long[] x = prf;
            k[2 * n] = labels[2 * at];
            k[2 * n + 1] = labels[2 * at + 1];
            x[2 * n] = j;
            x[2 * n + 1] = hi;
            return n + 1;
        }

        final void runPrf() {
            kernel.multiKeyEncrypt(keys, prf, prf, prfBlocks);
        }

        /**
         * Queues the PRF calls of gates {@code from .. end - 1} by the side's own {@code queuer}, noting where each gate's
         * calls start ({@link #prfAt}); returns the next gate index after {@code j}.
         */
        final long queueGroup(int[] records, int from, int end, WireOrdering o, long j, GateQueuer queuer) {
            int n = 0; // PRF blocks queued, in a local: one field store per group
            for (int g = from; g < end; g++) {
                prfAt[g - from] = n;
                n = queuer.queue(records, g, o, j, n);
                if (isIndexed(records[g * CompiledCircuit.GATE_STRIDE])) {
                    j++;
                }
            }
            prfBlocks = n;
            return j;
        }

        /**
         * The garbler's four garbled rows of gate k of the group: F of A^(r >> 1) and of B^(r & 1) under (j, side, r),
         * {@code rows[16k + 4r ..]} after {@link #runRows}, the layout {@link PrfGates#garbleAnd2} reads. Each input label
         * keys two of the eight calls, so they go through {@link Kernel#multiKeyEncryptTwice}: half the key schedules.
         */
        long[] rows = new long[16 * GROUP_GATES];
        private final long[] rowKeys = new long[8 * GROUP_GATES];
        private final long[] rowScratch = new long[16];
        int rowGates;

        /**
         * Queues the rows of a gate (index j) whose inputs' colour-0 labels are blocks a0 and b0 of {@code labels} (the
         * colour-1 labels follow them); returns the gate's number in the row batch. Pairs of keys (A^0, B^0), (A^1, B^1),
         * each pair's four blocks in multiKeyEncryptTwice's order: A^0 rows 0 and 1, B^0 rows 0 and 2; A^1 rows 2 and 3,
         * B^1 rows 1 and 3.
         */
        final int putRows(long[] labels, int a0, int b0, long j) {
            int k = rowGates++;
            long[] key = rowKeys;
            int at = 8 * k;
            for (int c = 0; c < 2; c++, at += 4) {
                key[at] = labels[2 * (a0 ^ c)];
                key[at + 1] = labels[2 * (a0 ^ c) + 1];
                key[at + 2] = labels[2 * (b0 ^ c)];
                key[at + 3] = labels[2 * (b0 ^ c) + 1];
            }
            long[] x = rows;
            for (int i = 0; i < 8; i++) {
                x[16 * k + 2 * i] = j;
                x[16 * k + 2 * i + 1] = PrfGates.tweakHi(i & 1, TWICE_ROWS[i]);
            }
            return k;
        }

        /** Runs the row batch and puts each gate's outputs in row order (A row 0, B row 0, A row 1, ...). */
        final void runRows() {
            if (rowGates == 0) {
                return;
            }
            long[] x = rows;
            kernel.multiKeyEncryptTwice(rowKeys, x, x, 2 * rowGates);
            long[] gate = rowScratch;
            for (int k = 0; k < rowGates; k++) {
                System.arraycopy(x, 16 * k, gate, 0, 16);
                for (int i = 0; i < 8; i++) {
                    int to = 16 * k + 2 * ROW_ORDER[i];
                    x[to] = gate[2 * i];
                    x[to + 1] = gate[2 * i + 1];
                }
            }
            rowGates = 0;
        }

        /** The ordering of {@code c} for a fleXOR scheme, else null. */
        final WireOrdering ordering(CompiledCircuit c) {
            return rules.ordering() == null ? null : c.wireOrdering(rules.ordering());
        }

        /**
         * Cuts the next group from gate {@code from} of {@code c} and resets the PRF batch: the group ends before the first
         * gate whose PRF calls are keyed by a label an earlier gate of the group writes (the outputs are only known when
         * the group is finished), or at {@link #GROUP_GATES} gates. A gate without PRF calls (a copy, a constant, a free
         * fleXOR XOR) reads its inputs when it is finished, in gate order, so it never ends a group.
         */
        final int nextGroup(CompiledCircuit c, WireOrdering o, int from) {
            if (written.length < c.slots()) {
                written = new int[c.slots()];
                epoch = 0;
            }
            prfBlocks = 0;
            int[] records = c.gateRecordsView();
            int mark = ++epoch;
            int g = from;
            for (; g < c.gateCount() && g - from < GROUP_GATES; g++) {
                int p = g * CompiledCircuit.GATE_STRIDE;
                int keyed = keyedInputs(records[p], o, g);
                if ((keyed & 1) != 0 && written[records[p + 1]] == mark || (keyed & 2) != 0 && written[records[p + 2]] == mark) {
                    break;
                }
                written[records[p + 3]] = mark;
            }
            return g;
        }

        /** Which inputs of gate g key its PRF calls: bit 0 the left, bit 1 the right. */
        private int keyedInputs(int op, WireOrdering o, int g) {
            return switch (GateOp.kind(op)) {
                case AND -> 3;
                case XOR -> rules.xor() == XorRule.FLEXOR ? o.translations(g) : 3;
                default -> 0;
            };
        }

        /** Indices taken per call: one per XOR and AND gate, and one per input bit for fleXOR's translations. */
        final long indicesPerCall(CompiledCircuit c) {
            return (long) c.counts().and() + c.counts().xor() + (rules.ordering() == null ? 0 : c.totalInputBits());
        }
    }

    private static final class Garbler extends PairGarbler {
        private final Side side;
        /** fleXOR: per class, its offset Δ (block). */
        private long[] delta = new long[2];
        private final long[] block = new long[2];
        private final byte[] bits = new byte[GROUP_GATES];
        /** Per gate of the group (by gate number modulo the group size), its number in the row batch. */
        private final int[] rowOf = new int[GROUP_GATES];
        private final GateQueuer queuer = this::queue;

        Garbler(Kernel kernel, AesCtrRandom random, Rules rules) {
            super(kernel, random);
            this.side = new Side(kernel, rules);
        }

        /** A random offset: colour 1, so the two labels of a wire have opposite colours. */
        private void randomOffset(long[] out, int at) {
            random.nextBlock(out, at);
            out[2 * at] |= 1;
        }

        @Override
        void checkWalkable(CompiledCircuit c) {
            requireInMemory(side.rules, c);
        }

        /** Block index in {@code pair} of the label of colour {@code colour} of {@code slot}. */
        private int byColour(int slot, int colour) {
            return 2 * slot + (colour ^ (int) (pair[4 * slot] & 1));
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            WireOrdering o = side.ordering(c);
            long j = takeGateIndices(side.indicesPerCall(c));
            if (o != null) {
                if (delta.length < 2 * o.classes()) {
                    delta = new long[2 * o.classes()];
                }
                randomOffset(delta, 0);
                j = translateInputs(c, j, stream);
            }
            int[] records = c.gateRecordsView();
            for (int from = 0; from < c.gateCount(); ) {
                int end = side.nextGroup(c, o, from);
                j = side.queueGroup(records, from, end, o, j, queuer);
                side.runPrf();
                side.runRows();
                int blocks = 0;
                int ands = 0;
                for (int g = from; g < end; g++) {
                    int t = finish(records, g, o, side.prfAt[g - from], blocks, ands);
                    blocks += t & 0xff;
                    ands += t >>> 8; // a 4-2 AND gate wrote its bits byte
                }
                stream.writeBlocks(side.tables, 0, blocks);
                for (int k = 0; k < ands; k++) {
                    stream.writeByte(bits[k]);
                }
                from = end;
            }
        }

        /** fleXOR's first step: every input slot to class 0, in groups; returns the next gate index. */
        private long translateInputs(CompiledCircuit c, long j, GarbledStream stream) {
            int[] inputs = c.inputSlotsView();
            for (int from = 0; from < inputs.length; from += GROUP_GATES) {
                int n = Math.min(GROUP_GATES, inputs.length - from);
                side.prfBlocks = 0;
                for (int k = 0; k < n; k++) {
                    int s = inputs[from + k];
                    side.queue(pair, byColour(s, 0), j + k, PrfGates.tweakHi(0, 0));
                    side.queue(pair, byColour(s, 1), j + k, PrfGates.tweakHi(0, 1));
                }
                side.runPrf();
                for (int k = 0; k < n; k++) {
                    int s = inputs[from + k];
                    translate(side.prf, 4 * k, (int) (pair[4 * s] & 1), 0, side.tables, k, block);
                    PrfGates.setPair(pair, s, false, block[0], block[1], delta[0], delta[1]);
                }
                stream.writeBlocks(side.tables, 0, n);
                j += n;
            }
            return j;
        }

        /**
         * fleXOR's translation of a wire into the class of offset {@code delta[d]}, once F of its label of colour 0 and of
         * colour 1 are at {@code prf[q ..]}: X0 = F_{L0}(j, s, 0) with colour 0, X1 = X0 ⊕ Δ, ciphertext F_{L1}(j, s, 1) ⊕ X1
         * to block t. Writes to {@code value0} the new label of value 0, the wire's colour-0 label having value p.
         */
        private void translate(long[] prf, int q, int p, int d, long[] tables, int t, long[] value0) {
            long x0Lo = prf[q] & ~1L;
            long x0Hi = prf[q + 1];
            long dLo = delta[2 * d];
            long dHi = delta[2 * d + 1];
            tables[2 * t] = prf[q + 2] ^ x0Lo ^ dLo;
            tables[2 * t + 1] = prf[q + 3] ^ x0Hi ^ dHi;
            value0[0] = x0Lo ^ (p == 0 ? 0 : dLo);
            value0[1] = x0Hi ^ (p == 0 ? 0 : dHi);
        }

        /** Queues gate g's PRF calls (gate index j) from PRF block n; returns the next free block. */
        private int queue(int[] records, int g, WireOrdering o, long j, int n) {
            int p = g * CompiledCircuit.GATE_STRIDE;
            int op = records[p];
            GateOp.Kind kind = GateOp.kind(op);
            if (kind != GateOp.Kind.XOR && kind != GateOp.Kind.AND) {
                return n;
            }
            long[] pair = this.pair;
            // byColour(w, 1) is byColour(w, 0) ^ 1: the two labels of a slot are adjacent blocks.
            int a0 = byColour(records[p + 1], 0);
            int b0 = byColour(records[p + 2], 0);
            if (kind == GateOp.Kind.XOR && side.rules.xor() == XorRule.ONE_CIPHERTEXT) {
                n = side.put(n, pair, a0, j, PrfGates.tweakHi(0, 0));
                n = side.put(n, pair, a0 ^ 1, j, PrfGates.tweakHi(0, 1));
                return side.put(n, pair, b0 ^ 1, j, PrfGates.tweakHi(1, 1));
            }
            if (kind == GateOp.Kind.XOR && side.rules.xor() == XorRule.FLEXOR) {
                int t = o.translations(g);
                if ((t & 1) != 0) {
                    n = side.put(n, pair, a0, j, PrfGates.tweakHi(0, 0));
                    n = side.put(n, pair, a0 ^ 1, j, PrfGates.tweakHi(0, 1));
                }
                if ((t & 2) != 0) {
                    n = side.put(n, pair, b0, j, PrfGates.tweakHi(1, 0));
                    n = side.put(n, pair, b0 ^ 1, j, PrfGates.tweakHi(1, 1));
                }
                return n;
            }
            // Row r = 2·(left colour) + right colour: F of both labels under (j, side, r), in the row batch.
            rowOf[g % GROUP_GATES] = side.putRows(pair, a0, b0, j);
            return n;
        }

        /**
         * Finishes gate g: its output's pair, its table blocks from block t; returns the blocks, plus 256 for a 4-2 AND
         * gate (its bits byte goes to {@code bits[ands]}).
         */
        private int finish(int[] records, int g, WireOrdering o, int q, int t, int ands) {
            int p = g * CompiledCircuit.GATE_STRIDE;
            int op = records[p];
            int a = records[p + 1];
            int b = records[p + 2];
            int out = records[p + 3];
            long[] x = side.prf;
            int pa = a >= 0 ? (int) (pair[4 * a] & 1) : 0;
            int pb = b >= 0 ? (int) (pair[4 * b] & 1) : 0;
            switch (GateOp.kind(op)) {
                case XOR -> {
                    if (side.rules.xor() == XorRule.ONE_CIPHERTEXT) {
                        int b0 = byColour(b, 0);
                        PrfGates.garbleXor1(x, 2 * q, pa, pb, pair[2 * b0], pair[2 * b0 + 1], op == GateOp.XNOR, side.tables, t, pair, out);
                        return 1;
                    }
                    if (side.rules.xor() == XorRule.FLEXOR) {
                        return flexorXor(g, op, a, b, out, o, q, t);
                    }
                    offset(o, g, block);
                    rows(side.rows, 16 * rowOf[g % GROUP_GATES], op, pa, pb, block[0], block[1], t, out);
                    return 3;
                }
                case AND -> {
                    int r = 16 * rowOf[g % GROUP_GATES];
                    if (side.rules.and() == AndRule.ROWS) {
                        offset(o, g, block);
                        rows(side.rows, r, op, pa, pb, block[0], block[1], t, out);
                        return 3;
                    }
                    bits[ands] = (byte) PrfGates.garbleAnd2(side.rows, r, GateOp.andForm(op), pa, pb, (int) (random.nextLong() & 1),
                            side.tables, t, pair, out);
                    if (o != null) { // a safe ordering: this gate's class is new, and its offset is this pair's
                        int d = o.outputClass(g);
                        delta[2 * d] = pair[4 * out] ^ pair[4 * out + 2];
                        delta[2 * d + 1] = pair[4 * out + 1] ^ pair[4 * out + 3];
                    }
                    return 2 | 1 << 8;
                }
                case CONST -> {
                    if (o == null) {
                        freshPair(out);
                    } else { // class 0
                        random.nextBlock(block, 0);
                        PrfGates.setPair(pair, out, false, block[0], block[1], delta[0], delta[1]);
                    }
                    inputLabel(out, (GateOp.freeForm(op) & GateOp.FREE_NOT) != 0, side.tables, t);
                    return 1;
                }
                default -> {
                    int form = GateOp.freeForm(op);
                    int from = (form & GateOp.FREE_LEFT) != 0 ? a : b;
                    System.arraycopy(pair, 4 * from, pair, 4 * out, 4);
                    if ((form & GateOp.FREE_NOT) != 0) {
                        negateState(pair, 4 * out);
                    }
                    return 0;
                }
            }
        }

        /** The offset between the labels of gate g's output: its class's (drawn by the class's first gate), or a fresh one. */
        private void offset(WireOrdering o, int g, long[] out) {
            if (o == null) {
                randomOffset(out, 0);
                return;
            }
            int d = o.outputClass(g);
            if (o.opensClass(g)) {
                randomOffset(delta, d);
            }
            out[0] = delta[2 * d];
            out[1] = delta[2 * d + 1];
        }

        /**
         * 4-3 garbled row reduction of any two-input gate under the PRF (GLNP15 §2.1): K_r from the PRF outputs of row r
         * at {@code x[q + 4r ..]}, the label of row 0's value is K_0 and the other that XOR the offset d; rows 1–3 of the
         * table are K_r ⊕ (the label of row r's value).
         */
        private void rows(long[] x, int q, int op, int pa, int pb, long dLo, long dHi, int t, int out) {
            long k0Lo = x[q] ^ x[q + 2];
            long k0Hi = x[q + 1] ^ x[q + 3];
            int v0 = valueOfRow(op, 0, pa, pb);
            for (int r = 1; r < 4; r++) {
                long m = -(valueOfRow(op, r, pa, pb) ^ v0);
                int k = q + 4 * r;
                side.tables[2 * (t + r - 1)] = x[k] ^ x[k + 2] ^ k0Lo ^ (m & dLo);
                side.tables[2 * (t + r - 1) + 1] = x[k + 1] ^ x[k + 3] ^ k0Hi ^ (m & dHi);
            }
            PrfGates.setPair(pair, out, v0 == 1, k0Lo, k0Hi, dLo, dHi);
        }

        /** fleXOR's XOR gate: translate the inputs whose class differs from the output's, then free XOR. */
        private int flexorXor(int g, int op, int a, int b, int out, WireOrdering o, int q, int t) {
            int d = o.outputClass(g);
            int tr = o.translations(g);
            int blocks = 0;
            long lo = 0;
            long hi = 0;
            for (int s = 0; s < 2; s++) {
                int w = s == 0 ? a : b;
                if ((tr >> s & 1) != 0) {
                    translate(side.prf, 2 * q + 4 * blocks, (int) (pair[4 * w] & 1), d, side.tables, t + blocks, block);
                    lo ^= block[0];
                    hi ^= block[1];
                    blocks++;
                } else {
                    lo ^= pair[4 * w];
                    hi ^= pair[4 * w + 1];
                }
            }
            PrfGates.setPair(pair, out, op == GateOp.XNOR, lo, hi, delta[2 * d], delta[2 * d + 1]);
            return blocks;
        }
    }

    /** Whether a gate of op {@code op} takes a gate index: XOR and AND gates do, copies and constants do not. */
    static boolean isIndexed(int op) {
        GateOp.Kind kind = GateOp.kind(op);
        return kind == GateOp.Kind.XOR || kind == GateOp.Kind.AND;
    }

    /** The value of a gate's output in row r ({@code r >> 1} and {@code r & 1}), its inputs' labels of 0 having colours pa, pb. */
    static int valueOfRow(int op, int r, int pa, int pb) {
        int l = (r >> 1) ^ pa;
        int rr = (r & 1) ^ pb;
        return (op >> (3 - (2 * l + rr))) & 1;
    }

    /** fleXOR's ordering needs the whole circuit; a circuit read from its file as it is walked is refused in one line. */
    static void requireInMemory(Rules rules, CompiledCircuit c) {
        if (rules.ordering() != null && c.isStreamed()) {
            throw new GarblingException("the fleXOR schemes need the circuit in memory for its wire ordering; this one ("
                    + c.gateCount() + " gates) is read from its file as it is walked: load it with a larger memory budget");
        }
    }

    private static final class Evaluator extends ActiveLabelEvaluator {
        private final Side side;
        private byte[] bits = new byte[GROUP_GATES];
        private final GateQueuer queuer = this::queue;

        Evaluator(Kernel kernel, Rules rules) {
            super(kernel, LabelHash.KEYED);
            this.side = new Side(kernel, rules);
        }

        @Override
        void checkWalkable(CompiledCircuit c) {
            requireInMemory(side.rules, c);
        }

        @Override
        void walk(CompiledCircuit c, GarbledStream stream) {
            WireOrdering o = side.ordering(c);
            long j = takeGateIndices(side.indicesPerCall(c));
            if (o != null) {
                j = translateInputs(c, j, stream);
            }
            int[] records = c.gateRecordsView();
            for (int from = 0; from < c.gateCount(); ) {
                int end = side.nextGroup(c, o, from);
                int blocks = 0;
                int ands = 0;
                for (int g = from; g < end; g++) {
                    int op = records[g * CompiledCircuit.GATE_STRIDE];
                    side.tableAt[g - from] = blocks;
                    blocks += side.rules.blocks(op, o, g);
                    if (GateOp.kind(op) == GateOp.Kind.AND && side.rules.and() == AndRule.TWO_CIPHERTEXTS) {
                        ands++;
                    }
                }
                stream.readBlocks(side.tables, 0, blocks);
                for (int k = 0; k < ands; k++) {
                    bits[k] = (byte) stream.readByte();
                    if ((bits[k] & 0xf0) != 0) {
                        throw new GarblingException("a 4-2 AND gate's bits byte has its high bits set (garbled material altered)");
                    }
                }
                j = side.queueGroup(records, from, end, o, j, queuer);
                side.runPrf();
                ands = 0;
                for (int g = from; g < end; g++) {
                    int r = finish(records, g, o, side.prfAt[g - from], side.tableAt[g - from], ands);
                    if (r < 0) {
                        throw new GarblingException("a table of AND gate " + g + " has its colour bit set (garbled material altered)");
                    }
                    ands += r;
                }
                from = end;
            }
        }

        private long translateInputs(CompiledCircuit c, long j, GarbledStream stream) {
            int[] inputs = c.inputSlotsView();
            for (int from = 0; from < inputs.length; from += GROUP_GATES) {
                int n = Math.min(GROUP_GATES, inputs.length - from);
                stream.readBlocks(side.tables, 0, n);
                side.prfBlocks = 0;
                for (int k = 0; k < n; k++) {
                    int s = inputs[from + k];
                    side.queue(label, s, j + k, PrfGates.tweakHi(0, (int) (label[2 * s] & 1)));
                }
                side.runPrf();
                for (int k = 0; k < n; k++) {
                    translated(side.prf, k, (int) (label[2 * inputs[from + k]] & 1), k, inputs[from + k]);
                }
                j += n;
            }
            return j;
        }

        /** A translated label: F of the label (at block q) with colour 0 for colour 0, else XOR the ciphertext at block t. */
        private void translated(long[] prf, int q, int colour, int t, int into) {
            label[2 * into] = colour == 0 ? prf[2 * q] & ~1L : prf[2 * q] ^ side.tables[2 * t];
            label[2 * into + 1] = colour == 0 ? prf[2 * q + 1] : prf[2 * q + 1] ^ side.tables[2 * t + 1];
        }

        /** Queues gate g's PRF calls (gate index j) from PRF block n, under the labels held; returns the next free block. */
        private int queue(int[] records, int g, WireOrdering o, long j, int n) {
            int p = g * CompiledCircuit.GATE_STRIDE;
            int op = records[p];
            GateOp.Kind kind = GateOp.kind(op);
            if (kind != GateOp.Kind.XOR && kind != GateOp.Kind.AND) {
                return n;
            }
            long[] label = this.label;
            int a = records[p + 1];
            int b = records[p + 2];
            int ca = (int) (label[2 * a] & 1);
            int cb = (int) (label[2 * b] & 1);
            if (kind == GateOp.Kind.XOR && side.rules.xor() == XorRule.ONE_CIPHERTEXT) {
                n = side.put(n, label, a, j, PrfGates.tweakHi(0, ca));
                return cb != 0 ? side.put(n, label, b, j, PrfGates.tweakHi(1, 1)) : n;
            }
            if (kind == GateOp.Kind.XOR && side.rules.xor() == XorRule.FLEXOR) {
                int t = o.translations(g);
                if ((t & 1) != 0) {
                    n = side.put(n, label, a, j, PrfGates.tweakHi(0, ca));
                }
                return (t & 2) != 0 ? side.put(n, label, b, j, PrfGates.tweakHi(1, cb)) : n;
            }
            int r = ca << 1 | cb;
            n = side.put(n, label, a, j, PrfGates.tweakHi(0, r));
            return side.put(n, label, b, j, PrfGates.tweakHi(1, r));
        }

        /** Finishes gate g from its PRF outputs at block q and its table at block t: 1 for a 4-2 AND gate, 0 for others, -1 for an altered table. */
        private int finish(int[] records, int g, WireOrdering o, int q, int t, int ands) {
            int p = g * CompiledCircuit.GATE_STRIDE;
            int op = records[p];
            int a = records[p + 1];
            int b = records[p + 2];
            int out = records[p + 3];
            long[] x = side.prf;
            long[] tables = side.tables;
            GateOp.Kind kind = GateOp.kind(op);
            if (kind == GateOp.Kind.XOR && side.rules.xor() == XorRule.ONE_CIPHERTEXT) {
                int ca = (int) (label[2 * a] & 1);
                boolean cb = (label[2 * b] & 1) != 0;
                long heldLo = cb ? tables[2 * t] ^ x[2 * q + 2] : label[2 * b];
                long heldHi = cb ? tables[2 * t + 1] ^ x[2 * q + 3] : label[2 * b + 1];
                PrfGates.evaluateXor1(x, 2 * q, ca, heldLo, heldHi, label, out);
            } else if (kind == GateOp.Kind.XOR && side.rules.xor() == XorRule.FLEXOR) {
                int tr = o.translations(g);
                long lo = 0;
                long hi = 0;
                int used = 0;
                for (int s = 0; s < 2; s++) {
                    int w = s == 0 ? a : b;
                    if ((tr >> s & 1) != 0) {
                        int colour = (int) (label[2 * w] & 1);
                        int k = q + used;
                        lo ^= colour == 0 ? x[2 * k] & ~1L : x[2 * k] ^ tables[2 * (t + used)];
                        hi ^= colour == 0 ? x[2 * k + 1] : x[2 * k + 1] ^ tables[2 * (t + used) + 1];
                        used++;
                    } else {
                        lo ^= label[2 * w];
                        hi ^= label[2 * w + 1];
                    }
                }
                label[2 * out] = lo;
                label[2 * out + 1] = hi;
            } else if (kind == GateOp.Kind.AND && side.rules.and() == AndRule.TWO_CIPHERTEXTS) {
                int r = (int) ((label[2 * a] & 1) << 1 | (label[2 * b] & 1));
                return PrfGates.evaluateAnd2(x, 2 * q, r, tables, t, bits[ands], label, out) ? 1 : -1;
            } else if (kind == GateOp.Kind.XOR || kind == GateOp.Kind.AND) {
                int r = (int) ((label[2 * a] & 1) << 1 | (label[2 * b] & 1));
                long lo = x[2 * q] ^ x[2 * q + 2];
                long hi = x[2 * q + 1] ^ x[2 * q + 3];
                if (r != 0) {
                    lo ^= tables[2 * (t + r - 1)];
                    hi ^= tables[2 * (t + r - 1) + 1];
                }
                label[2 * out] = lo;
                label[2 * out + 1] = hi;
            } else if (kind == GateOp.Kind.CONST) {
                label[2 * out] = tables[2 * t];
                label[2 * out + 1] = tables[2 * t + 1];
            } else {
                int form = GateOp.freeForm(op);
                int from = (form & GateOp.FREE_LEFT) != 0 ? a : b;
                label[2 * out] = label[2 * from];
                label[2 * out + 1] = label[2 * from + 1];
            }
            return 0;
        }
    }
}
