package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;

import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * The gates of one-hot garbling (Heath–Kolesnikov, CCS 2021, §5.3), available inside a {@link OneHotModule} only.
 * Values are garbled sharings over the free-XOR offset Δ: the garbler holds A, the evaluator A ⊕ aΔ (a
 * {@link Secret}); XOR and calls of standard circuits go through {@link #context()}.
 *
 * <p>Costs, in 16-byte ciphertexts from garbler to evaluator: {@link #oneHot} 2(n − 1) + m; {@link #reveal} one
 * bit per revealed bit; everything else nothing.
 */
public interface OneHotGates {
    /** The widest argument of a one-hot gate: its tree has 2^n leaves, which both parties compute. */
    int MAX_ONE_HOT_BITS = 16;

    /** The back end the module runs on: {@link ProgramContext#xor}, {@link ProgramContext#call}, public constants. */
    ProgramContext context();

    /**
     * A mask of {@code width} bits the garbler draws from a distribution ({@code draw}, given a generator seeded from
     * {@code SecureRandom}); the evaluator gets no value. Fresh at every call.
     */
    GarblerKnown sample(int width, Function<RandomGenerator, BitString> draw);

    /** A uniform mask of {@code width} bits ({@link #sample} of the uniform distribution). */
    default GarblerKnown uniform(int width) {
        return sample(width, r -> {
            boolean[] bits = new boolean[width];
            for (int i = 0; i < width; i += 64) {
                long word = r.nextLong();
                for (int j = i; j < Math.min(width, i + 64); j++) {
                    bits[j] = (word >>> (j - i) & 1) != 0;
                }
            }
            return BitString.fromBits(bits);
        });
    }

    /** A garbler-secret constant ⟦c⟧ (the garbler's share cΔ, the evaluator's 0): free. */
    Secret constant(GarblerKnown c);

    /**
     * The Color gate: reveals a ⊕ α to the evaluator, where α are the colours of the garbler's shares, and gives
     * ⟦a ⊕ α⟧ and ⟦α⟧. Free: the evaluator reads the colours of her own shares.
     */
    Masked color(Secret a);

    /**
     * The Reveal gate's last step: shows {@code y} to the evaluator, who must learn nothing from it: the module
     * masks y with a mask it sampled (Requirement 2 of {@link OneHotModule}). The garbler sends the colours of
     * its shares, one bit per bit of y.
     */
    Masked reveal(Secret y);

    /**
     * The one-hot outer-product gate with a truth table folded in: ⟦T(f)ᵀ · (H(a) ⊗ b)⟧ = ⟦f(a) ⊗ b⟧, for an
     * n-bit a the evaluator has seen and an m-bit b (HK21 Fig. 3). The result has r·m bits for f of r output
     * bits: bit {@code o·m + j} is bit o of f(a) AND bit j of b. Costs 2(n − 1) + m ciphertexts and 2^n·m hashes at
     * each party.
     */
    Secret oneHot(Masked a, Secret b, TruthTable f);

    /**
     * ⟦f(a)⟧ from the one-hot vector of a alone: {@link #oneHot} with b the constant 1, 2(n − 1) + 1 ciphertexts
     * (HK21 §4.1).
     */
    Secret lookup(Masked a, TruthTable f);
}
