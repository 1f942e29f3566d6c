package io.yaostream.core.garble;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * A garbling scheme in the sense of Bellare–Hoang–Rogaway: Garble, Encode, Evaluate and Decode, split between
 * a {@link GarblerCore} and an {@link EvaluatorCore} that exchange tables through a {@link GarbledStream}.
 * Instances come from {@link Schemes}.
 */
public final class GarblingScheme {
    /** Makes the garbler's core of a scheme. */
    interface GarblerFactory {
        GarblerCore create(Kernel kernel, AesCtrRandom random);
    }

    /** Makes the evaluator's core of a scheme. */
    interface EvaluatorFactory {
        EvaluatorCore create(Kernel kernel);
    }

    /** The cost of a circuit under a scheme whose cost depends on more than its gate counts (the fleXOR orderings). */
    interface CostModel {
        GarblingCost cost(CompiledCircuit c);
    }

    private final String name;
    private final int ciphertextsPerAnd;
    private final int ciphertextsPerXor;
    private final int extraBitsPerAnd;
    /** The garbler's PRF calls per XOR gate where they are the same for every XOR gate. */
    private int prfCallsPerXor;
    /** Where set, the cost of a circuit, instead of the per-gate figures. */
    private CostModel costModel;
    /** What the scheme is and what its security rests on, one line ({@link Schemes} sets it). */
    private String summary = "";
    private final GarblerFactory garbler;
    private final EvaluatorFactory evaluator;
    /** The hash of labels, where a free-XOR scheme's AND gates use one the one-hot gates can share; else null. */
    private final LabelHash labelHash;

    GarblingScheme(String name, int ciphertextsPerAnd, int ciphertextsPerXor, int extraBitsPerAnd,
                   GarblerFactory garbler, EvaluatorFactory evaluator) {
        this(name, ciphertextsPerAnd, ciphertextsPerXor, extraBitsPerAnd, garbler, evaluator, null);
    }

    GarblingScheme(String name, int ciphertextsPerAnd, int ciphertextsPerXor, int extraBitsPerAnd,
                   GarblerFactory garbler, EvaluatorFactory evaluator, LabelHash labelHash) {
        this.labelHash = labelHash;
        this.name = name;
        this.ciphertextsPerAnd = ciphertextsPerAnd;
        this.ciphertextsPerXor = ciphertextsPerXor;
        this.extraBitsPerAnd = extraBitsPerAnd;
        this.garbler = garbler;
        this.evaluator = evaluator;
    }

    /** The name used on the command line and in the session handshake. */
    public String name() {
        return name;
    }

    /** Ciphertexts (16-byte blocks) in the table of one AND gate. */
    public int ciphertextsPerAnd() {
        return ciphertextsPerAnd;
    }

    /** Ciphertexts in the table of one XOR gate (0 with free XOR). */
    public int ciphertextsPerXor() {
        return ciphertextsPerXor;
    }

    /** Whether XOR gates are free: labels of 1 are labels of 0 XOR a global Δ. */
    public boolean freeXor() {
        return ciphertextsPerXor == 0;
    }

    /**
     * Whether this scheme's garbling calls π, AES under the session's public key Kπ (docs/garbling-schemes.md §1.2): its
     * gates and output decoding hash labels with {@link LabelHash#TMMO} or {@link LabelHash#FIXED_KEY} (half-gates,
     * half-gates-sigma, grr3), and its one-hot gates hash under π. A scheme keyed by labels does not. A three-party
     * session carries Kπ only for such a scheme; a two-party session always does, as OT extension hashes under π.
     */
    public boolean usesPermutation() {
        return labelHash == LabelHash.FIXED_KEY || labelHash == LabelHash.TMMO;
    }

    /**
     * Whether one-hot garbling (HK21) runs with this scheme: it needs free XOR with Δ's low bit as the colour, and
     * a scheme that uses π ({@link #usesPermutation}; the trees hash with {@link LabelHash#FIXED_KEY} under Kπ):
     * half-gates, half-gates-sigma and grr3.
     */
    public boolean oneHot() {
        return freeXor() && usesPermutation();
    }

    /**
     * Bits beyond the ciphertexts in one AND gate's table (prf-only's 4-2 GRR has 4). They are packed into
     * bytes per AND batch, after the batch's ciphertexts, so the evaluator has them when it needs them.
     */
    public int extraBitsPerAnd() {
        return extraBitsPerAnd;
    }

    /** Sets the garbler's PRF calls per XOR gate (0 unless set: free XOR). */
    GarblingScheme prfCallsPerXor(int calls) {
        this.prfCallsPerXor = calls;
        return this;
    }

    GarblingScheme summary(String line) {
        this.summary = line;
        return this;
    }

    /** Its GLNP15 Table 7 row and cost per gate, then after {@code "; "} the assumption its security rests on. */
    public String summary() {
        return summary;
    }

    /** Sets the cost of a circuit where the per-gate figures do not give it. */
    GarblingScheme costModel(CostModel model) {
        this.costModel = model;
        return this;
    }

    /** What one call of {@code c} costs: ciphertexts by where they go and PRF calls at XOR gates. */
    public GarblingCost cost(CompiledCircuit c) {
        if (costModel != null) {
            return costModel.cost(c);
        }
        GateCounts n = c.counts();
        return new GarblingCost(n.and(), n.xor(), (long) n.and() * ciphertextsPerAnd, (long) n.xor() * ciphertextsPerXor, 0,
                (long) n.xor() * prfCallsPerXor);
    }

    /** Ciphertexts the tables of {@code c} hold (constants' labels are not ciphertexts). */
    public long ciphertexts(CompiledCircuit c) {
        return cost(c).ciphertexts();
    }

    /**
     * Bytes of garbled tables for one call of {@code c}: the ciphertexts, the extra bits packed per batch,
     * and one 16-byte label per constant gate (the evaluator's label of a constant).
     */
    public long tableBytes(CompiledCircuit c) {
        return 16 * ciphertexts(c) + 16L * c.counts().constants() + c.packedBatchBytes(extraBitsPerAnd);
    }

    public GarblerCore newGarbler(Kernel kernel, AesCtrRandom random) {
        return garbler.create(kernel, random);
    }

    public EvaluatorCore newEvaluator(Kernel kernel) {
        return evaluator.create(kernel);
    }

    @Override
    public String toString() {
        return name;
    }
}
