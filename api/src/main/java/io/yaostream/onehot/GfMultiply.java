package io.yaostream.onehot;

import io.yaostream.BitVector;
import io.yaostream.SecretValue;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Secret;
import io.yaostream.internal.CoreBridge;

import java.util.List;

/**
 * Multiplication in GF(2^n) (HK21 §7.5): the outer product a ⊗ b of the two n-bit operands ({@link OuterProduct},
 * k-bit chunks), then the polynomial product (the XOR of each anti-diagonal i + j = d) and its reduction modulo
 * p(x), both linear, so one free map from a ⊗ b to the n bits of a · b. Cost: the outer product's, 2·⌈n/k⌉ chunks of
 * 2(size − 1) + n ciphertexts: for GF(2^8), 56 ciphertexts (896 bytes) at k = 4 and 44 (704 bytes) at k = 8, as
 * HK21 reports, against 48 AND gates (1,536 bytes) for {@link #standard}, the paper's "best available standard
 * circuit"; full recursive Karatsuba would need only 27 AND gates (864 bytes), which that baseline did not use.
 */
public final class GfMultiply {
    private GfMultiply() {
    }

    /**
     * a · b in AES's field, chunks of {@code k} bits.
     *
     * @param a an element, 8 bits
     * @param b an element, 8 bits
     * @param k bits of the outer product's chunks, 1 to 16
     * @return a · b, 8 bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16, or an operand is not 8 bits wide
     */
    public static BitVector of(SecretValue a, SecretValue b, int k) {
        return of(a, b, BinaryField.AES, k);
    }

    /**
     * a · b in {@code field}, chunks of {@code k} bits.
     *
     * @param a an element, n bits
     * @param b an element, n bits
     * @param field the field, of degree n
     * @param k bits of the outer product's chunks, 1 to 16
     * @return a · b, n bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16, or an operand is not n bits wide
     */
    public static BitVector of(SecretValue a, SecretValue b, BinaryField field, int k) {
        Module module = Module.INSTANCES.computeIfAbsent(List.of(field, k), key -> new Module(field, k));
        return CoreBridge.module(a.computation(), module, a, b)[0];
    }

    /**
     * The standard circuit of a · b in AES's field: 48 AND gates (one Karatsuba level over 4-bit schoolbook halves).
     *
     * @param a an element, 8 bits wide
     * @param b an element, 8 bits wide
     * @return a · b, 8 bits
     */
    public static BitVector standard(SecretValue a, SecretValue b) {
        return standard(a, b, BinaryField.AES);
    }

    /**
     * The standard circuit of a · b in {@code field}: 3(n/2)^2 AND gates for an even n, n^2 for an odd one.
     *
     * @param a an element, n bits wide
     * @param b an element, n bits wide
     * @param field the field, of degree n
     * @return a · b, n bits
     */
    public static BitVector standard(SecretValue a, SecretValue b, BinaryField field) {
        return a.computation().apply(List.of("gf multiply, standard", field), (bld, x, y) -> GfCircuits.multiply(bld, x, y, field), a, b);
    }

    /** The module itself, for the engine's one-hot SPI: multiplication in one field, k-bit chunks. */
    static final class Module implements OneHotModule {
        private final BinaryField field;
        private final int k;
        private final OuterProduct.Module outer;
        private final int[][] reduction;

        /** One instance per field and k, so the reduction map is computed once. */
        private static final java.util.Map<Object, Module> INSTANCES = new java.util.concurrent.ConcurrentHashMap<>();

        /**
         * Multiplication in AES's field, GF(2^8) modulo x^8 + x^4 + x^3 + x + 1, chunks of {@code k} bits.
         *
         * @param k bits of the outer product's chunks, 1 to 16
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        Module(int k) {
            this(BinaryField.AES, k);
        }

        /**
         * Multiplication in {@code field}, chunks of {@code k} bits.
         *
         * @param field the field
         * @param k bits of the outer product's chunks, 1 to 16
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        Module(BinaryField field, int k) {
            this.outer = new OuterProduct.Module(k); // checks k
            this.field = field;
            this.k = k;
            this.reduction = field.productFromOuter();
        }

        @Override
        public String name() {
            return "gf(2^" + field.degree() + ") multiply mod 0x" + Long.toHexString(field.polynomial()) + " (k = " + k + ")";
        }

        @Override
        public int[] outputWidths(int... in) {
            if (in.length != 2 || in[0] != field.degree() || in[1] != field.degree()) {
                throw new IllegalArgumentException(name() + " takes two " + field.degree() + "-bit operands");
            }
            return new int[] {field.degree()};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Secret product = g.context().module(outer, in[0], in[1])[0];
            return new Secret[] {Gf2Linear.apply(g, product, reduction)};
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {BitString.of(field.multiply(in[0].toLong(), in[1].toLong()), field.degree())};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module m && m.field.equals(field) && m.k == k;
        }

        @Override
        public int hashCode() {
            return 31 * field.hashCode() + k;
        }
    }
}
