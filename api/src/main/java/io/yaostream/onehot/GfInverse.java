package io.yaostream.onehot;

import io.yaostream.BitVector;
import io.yaostream.SecretValue;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.internal.CoreBridge;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * The inverse in GF(2^n), n up to 16, with 0 for 0 (HK21 §7.6, Appendix B.4, Figure 10), after Bar-Ilan and Beaver:
 * <ol>
 * <li>z = [a == 0], a standard circuit of n − 1 AND gates, and a' = a ⊕ z (z into bit 0): a' is never 0.</li>
 * <li>The garbler samples a uniform non-zero α, and a'·α is computed by the cheap one-sided product Fig. 10 gives
 * the Reveal gate: Color shows a' ⊕ γ (γ the colours), one one-hot gate gives (a' ⊕ γ) ⊗ α with α a garbler
 * constant, XORing the garbler's constant γ ⊗ α leaves a' ⊗ α, and the field's reduction (linear) gives a'·α.</li>
 * <li>a'·α is revealed: a non-zero a' times a uniform non-zero α is a uniform non-zero element whatever a is
 * (Requirement 2).</li>
 * <li>One one-hot gate on the revealed value with the inverse folded into its table gives
 * T(inv)ᵀ · (H(a'·α) ⊗ α) = (a'·α)^-1 ⊗ α, reduced linearly to (a'·α)^-1·α = a'^-1; z XORed into bit 0 turns
 * 1^-1 = 1 back into 0 when a was 0.</li>
 * </ol>
 * Cost: the zero test's n − 1 AND gates (2(n − 1) ciphertexts with half-gates, 3(n − 1) with grr3), two one-hot
 * gates of 2(n − 1) + n ciphertexts, and the n revealed bits: for GF(2^8) with half-gates 14 + 22 + 22 = 58
 * ciphertexts and one byte, 929 bytes, as HK21 §7.6 reports; for GF(2^16) 30 + 46 + 46 = 122 ciphertexts and two
 * bytes, HK21 B.4.1's 122.
 */
public final class GfInverse {
    private GfInverse() {
    }

    /**
     * a^-1 in AES's field, 0 for 0.
     *
     * @param a the element, 8 bits
     * @return a^-1, 8 bits
     * @throws IllegalArgumentException if {@code a} is not 8 bits wide
     */
    public static BitVector of(SecretValue a) {
        return of(a, BinaryField.AES);
    }

    /**
     * a^-1 in {@code field}, 0 for 0.
     *
     * @param a the element, n bits
     * @param field the field, of degree n at most 16
     * @return a^-1, n bits
     * @throws IllegalArgumentException if the degree is above 16 or {@code a} is not n bits wide
     */
    public static BitVector of(SecretValue a, BinaryField field) {
        return CoreBridge.module(a.computation(), new Module(field), a)[0];
    }

    /**
     * The standard circuit of a^-1 (0 for 0) in AES's field: Boyar–Peralta's S-box (32 AND gates) followed by the
     * inverse of the S-box's affine map, which is linear.
     *
     * @param a the element, 8 bits
     * @return a^-1, 8 bits
     * @throws IllegalArgumentException if {@code a} is not 8 bits wide
     */
    public static BitVector standard(SecretValue a) {
        return standard(a, BinaryField.AES);
    }

    /**
     * The standard circuit of a^-1 (0 for 0) in {@code field}: for AES's field as {@link #standard(SecretValue)},
     * otherwise a^(2^n − 2) by Itoh–Tsujii (free squarings, about log2(n) + popcount(n − 1) multiplications of
     * {@link GfMultiply#standard}).
     *
     * @param a the element, n bits wide
     * @param field the field
     * @return a^-1, n bits
     */
    public static BitVector standard(SecretValue a, BinaryField field) {
        if (field.equals(BinaryField.AES)) {
            return a.computation().apply(List.of("gf(2^8) inverse, Boyar-Peralta"), AesSBox::inverseFromSBox, a);
        }
        return a.computation().apply(List.of("gf inverse, Itoh-Tsujii", field), (b, x) -> GfCircuits.inverse(b, x, field), a);
    }

    /** The module itself, for the engine's one-hot SPI: the inverse in one field. */
    static final class Module implements OneHotModule {
        private final BinaryField field;
        private final int n;
        private final int[][] reduction;
        private final TruthTable identity;
        private final TruthTable inverse;

        /** The inverse in AES's field GF(2^8). */
        Module() {
            this(BinaryField.AES);
        }

        /**
         * The inverse in {@code field}, 0 for 0.
         *
         * @param field the field, of degree n at most 16 (the one-hot gate's table has 2^n rows)
         * @throws IllegalArgumentException for a field of degree above 16
         */
        Module(BinaryField field) {
            if (field.degree() > OneHotGates.MAX_ONE_HOT_BITS) {
                throw new IllegalArgumentException("a one-hot inverse in " + field + ": its gate's table has 2^n rows, n up to "
                        + OneHotGates.MAX_ONE_HOT_BITS);
            }
            this.field = field;
            this.n = field.degree();
            this.reduction = field.productFromOuter();
            this.identity = TruthTable.identity(n);
            this.inverse = TruthTable.of(n, n, field::inverse);
        }

        @Override
        public String name() {
            return "gf(2^" + n + ") inverse mod 0x" + Long.toHexString(field.polynomial());
        }

        @Override
        public int[] outputWidths(int... in) {
            if (in.length != 1 || in[0] != n) {
                throw new IllegalArgumentException(name() + " takes one " + n + "-bit operand");
            }
            return new int[] {n};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            ProgramContext ctx = g.context();
            Secret a = in[0];
            Secret z = ctx.call(isZero(n), a)[0];
            Secret nonZero = Gf2Linear.xorIntoBit0(g, a, z);
            GarblerKnown alpha = g.sample(n, rnd -> uniformNonZero(rnd, n));
            Secret alphaShared = g.constant(alpha);
            // a'·α, the garbler knowing α: (a' ⊕ γ) ⊗ α by one gate on the colour-masked a', then ⊕ γ ⊗ α.
            Masked coloured = g.color(nonZero);
            Secret maskedOuter = g.oneHot(coloured, alphaShared, identity);
            Secret outer = ctx.xor(maskedOuter, g.constant(coloured.mask().combine(alpha, n * n, OuterProduct.Module::outer)));
            Masked shown = g.reveal(Gf2Linear.apply(g, outer, reduction));
            // (a'·α)^-1 ⊗ α from the revealed a'·α, then its field product: a'^-1.
            Secret inverseOuter = g.oneHot(shown, alphaShared, inverse);
            Secret result = Gf2Linear.apply(g, inverseOuter, reduction);
            return new Secret[] {Gf2Linear.xorIntoBit0(g, result, z)};
        }

        /** [a == 0] on n bits: the cached standard circuit of n − 1 AND gates. */
        static CompiledCircuit isZero(int n) {
            return CoreBridge.circuit(List.of("gf is zero"), new int[] {n}, (b, x) -> new Bits[] {GfCircuits.isZero(b, x[0])});
        }

        /** Uniform over the 2^n − 1 non-zero elements: rejection of 0. */
        static BitString uniformNonZero(RandomGenerator rnd, int n) {
            long v;
            do {
                v = rnd.nextLong() & ((1L << n) - 1);
            } while (v == 0);
            return BitString.of(v, n);
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {BitString.of(field.inverse(in[0].toLong()), n)};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module i && i.field.equals(field);
        }

        @Override
        public int hashCode() {
            return field.hashCode();
        }
    }
}
