package io.yaostream.core.kernel;

/**
 * The per-gate formulas of GLNP15's garbling from a PRF (docs/garbling-schemes.md sections 5 and 13), applied to PRF
 * outputs already computed: the walks gather many gates' PRF calls into one {@link Kernel#multiKeyEncrypt} and then
 * finish each gate here. One place for each formula, shared by {@code prf-only}'s Java walk ({@link JavaPrfOnly}) and
 * the walk of the schemes that keep both labels of a wire ({@code io.yaostream.core.garble.PairWalk}).
 *
 * <p>Labels are blocks of two longs; a wire's pair holds its label of value 0 at block 2s and of value 1 at 2s + 1 of
 * {@code pair}. The PRF input of gate j for side s (0 left, 1 right) and row or colour r is the block
 * {@code (j, }{@link #tweakHi}{@code (s, r))}.
 */
public final class PrfGates {
    static final long CLEAR_COLOUR = ~1L;

    private PrfGates() {
    }

    /** High word of the PRF input of gate j for the left (side 0) or right (side 1) key in row or colour r. */
    public static long tweakHi(int side, int r) {
        return side | (long) r << 8;
    }

    /** Writes both labels of a slot: {@code lo0, hi0} for value 0 (or value 1 when {@code swap}) and XOR d for the other. */
    public static void setPair(long[] pair, int slot, boolean swap, long lo0, long hi0, long dLo, long dHi) {
        int z = swap ? 2 : 0;
        pair[4 * slot + z] = lo0;
        pair[4 * slot + z + 1] = hi0;
        pair[4 * slot + 2 - z] = lo0 ^ dLo;
        pair[4 * slot + 3 - z] = hi0 ^ dHi;
    }

    /**
     * GLNP15 Fig. 8 (G′), XOR with one ciphertext, once its three PRF outputs are at {@code x[q ..]}: F of the left label
     * of colour 0 and of colour 1 and of the right label of colour 1. {@code b0} is the right label of colour 0, pa and pb
     * the colours of the inputs' labels of 0. Writes the ciphertext to block t of {@code tables} and the output's pair.
     */
    public static void garbleXor1(long[] x, int q, int pa, int pb, long b0Lo, long b0Hi, boolean xnor, long[] tables, int t,
                                  long[] pair, int out) {
        long ta0Lo = x[q] & CLEAR_COLOUR;
        long ta0Hi = x[q + 1];
        long ta1Lo = (x[q + 2] & CLEAR_COLOUR) | 1;
        long ta1Hi = x[q + 3];
        long dLo = ta0Lo ^ ta1Lo;
        long dHi = ta0Hi ^ ta1Hi;
        // T = F_{B_1}(j, right, 1) ^ B̃_1, B̃_1 = B_0 ^ ΔC
        tables[2 * t] = x[q + 4] ^ b0Lo ^ dLo;
        tables[2 * t + 1] = x[q + 5] ^ b0Hi ^ dHi;
        // Value 0 of A is colour pa, of B colour pb.
        long c0Lo = (pa == 0 ? ta0Lo : ta1Lo) ^ b0Lo ^ (pb == 0 ? 0 : dLo);
        long c0Hi = (pa == 0 ? ta0Hi : ta1Hi) ^ b0Hi ^ (pb == 0 ? 0 : dHi);
        setPair(pair, out, xnor, c0Lo, c0Hi, dLo, dHi);
    }

    /**
     * GLNP15 Fig. 8 (E′): the output label from F of the left label under its colour {@code ca} at {@code x[q ..]} and
     * {@code held}, the right label when its colour is 0, else the ciphertext XOR F of the right label (the caller's).
     */
    public static void evaluateXor1(long[] x, int q, int ca, long heldLo, long heldHi, long[] label, int out) {
        label[2 * out] = ((x[q] & CLEAR_COLOUR) | ca) ^ heldLo;
        label[2 * out + 1] = x[q + 1] ^ heldHi;
    }

    /**
     * GLNP15 Fig. 9 (4-2 GRR by XORs) once its eight PRF outputs are at {@code prf[q ..]}: row r at {@code q + 4r},
     * F of the left label of colour {@code r >> 1} then of the right label of colour {@code r & 1}. {@code form} is the gate's
     * {@code GateOp.andForm}, pa and pb the colours of the inputs' labels of 0, pc the colour chosen for the output's
     * label of value 1 ⊕ γ. Writes two table blocks from block t and the output's pair; returns the gate's four bits.
     */
    public static int garbleAnd2(long[] prf, int q, int form, int pa, int pb, int pc, long[] tables, int t, long[] pair, int out) {
        int alpha = form & 1;
        int beta = (form >> 1) & 1;
        int gamma = (form >> 2) & 1;
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
        long rsl = (k1l ^ k2l ^ k3l) & CLEAR_COLOUR;
        long rsh = k1h ^ k2h ^ k3h;
        int zOdd = 4 * out + 2 * odd;
        int zEvn = 4 * out + 2 * gamma;
        pair[zOdd] = (s == 0 ? r0l : rsl) | (odd ^ pc);
        pair[zOdd + 1] = s == 0 ? k0h : rsh;
        pair[zEvn] = (s == 0 ? rsl : r0l) | (gamma ^ pc);
        pair[zEvn + 1] = s == 0 ? rsh : k0h;
        boolean s23 = s >= 2;
        boolean s13 = (s & 1) == 1;
        tables[2 * t] = (s23 ? k0l ^ k1l : k2l ^ k3l) & CLEAR_COLOUR;
        tables[2 * t + 1] = s23 ? k0h ^ k1h : k2h ^ k3h;
        tables[2 * t + 2] = (s13 ? k0l ^ k2l : k1l ^ k3l) & CLEAR_COLOUR;
        tables[2 * t + 3] = s13 ? k0h ^ k2h : k1h ^ k3h;
        // t_r = m_r ^ p_C ^ v_r, with m_r the colour bit of K_r and v_r the output value of row r.
        int m = (int) ((k0l & 1) | (k1l & 1) << 1 | (k2l & 1) << 2 | (k3l & 1) << 3);
        int v = (gamma == 1 ? 15 : 0) ^ ((odd ^ gamma) << s);
        return m ^ (pc == 1 ? 15 : 0) ^ v;
    }

    /**
     * GLNP15 Fig. 9, Eval: the output label from the two PRF outputs at {@code prf[q ..]} (F of the left and of the right
     * label, row r their colours), the tables at block t and the gate's four bits. Returns false, writing nothing, when a
     * table has its colour bit set (garbled material altered).
     */
    public static boolean evaluateAnd2(long[] prf, int q, int r, long[] tables, int t, int bits, long[] label, int out) {
        long t1l = tables[2 * t];
        long t1h = tables[2 * t + 1];
        long t2l = tables[2 * t + 2];
        long t2h = tables[2 * t + 3];
        if (((t1l | t2l) & 1) != 0) {
            return false;
        }
        long lo = prf[q] ^ prf[q + 2];
        long hi = prf[q + 1] ^ prf[q + 3];
        // Rows 1, 2, 3 add T1, T2, T1 ^ T2 (GLNP15 Fig. 9, Eval 2(b)).
        if ((r & 1) != 0) {
            lo ^= t1l;
            hi ^= t1h;
        }
        if ((r & 2) != 0) {
            lo ^= t2l;
            hi ^= t2h;
        }
        label[2 * out] = lo ^ ((bits >> r) & 1);
        label[2 * out + 1] = hi;
        return true;
    }
}
