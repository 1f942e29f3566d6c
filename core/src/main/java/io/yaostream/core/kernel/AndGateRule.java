package io.yaostream.core.kernel;

/**
 * How a free-XOR scheme that the kernel walks ({@link Kernel#garbleFreeXor}) garbles an AND gate: its hash and
 * the table blocks it sends. The formulas are in {@code io.yaostream.core.garble.HalfGates} and
 * {@code io.yaostream.core.garble.Grr3}. The C kernel knows the rules by their ordinals (YS_RULE_ in
 * yaostream_kernel.h): add new ones at the end.
 */
public enum AndGateRule {
    /** Half-gates over the one-call fixed-key hash π(σ(x) ⊕ t) ⊕ σ(x) ({@code half-gates-sigma}): two blocks per AND gate. */
    HALF_GATES_SIGMA(LabelHash.FIXED_KEY, 2),
    /** Half-gates over AES keyed by each label (GLNP15 Table 6, scheme 6): two blocks per AND gate. */
    HALF_GATES_KEYED(LabelHash.KEYED, 2),
    /** JustGarble's GaXR with garbled row reduction over fixed-key AES: three blocks per AND gate. */
    GRR3(LabelHash.FIXED_KEY, 3),
    /**
     * The same 4-3 row reduction with each row's pad from AES keyed by its two input labels (GLNP15 Table 6 rows
     * 4-5, Table 7 rows 7-8): three blocks per AND gate.
     */
    GRR3_KEYED(LabelHash.KEYED, 3),
    /** Half-gates over GKWY20's TMMO π(π(x) ⊕ t) ⊕ π(x) ({@code half-gates}, the default): two blocks per AND gate. */
    HALF_GATES(LabelHash.TMMO, 2);

    private final LabelHash hash;
    private final int tableBlocks;

    AndGateRule(LabelHash hash, int tableBlocks) {
        this.hash = hash;
        this.tableBlocks = tableBlocks;
    }

    /** The hash of labels the rule's AND gates use, and that output decoding uses with it. */
    public LabelHash hash() {
        return hash;
    }

    /** Table blocks per AND gate. */
    public int tableBlocks() {
        return tableBlocks;
    }
}
