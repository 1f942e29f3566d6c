package io.yaostream.onehot;

import io.yaostream.SecretValue;
import io.yaostream.UInt;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Secret;
import io.yaostream.internal.CoreBridge;

import java.math.BigInteger;
import java.util.List;

/**
 * Integer multiplication with one-hot garbling (HK21 §7.4, Appendix B.3): the partial products x_i·y_j are the
 * entries of the outer product x ⊗ y, which {@link OuterProduct} computes with about 2/k of the ciphertexts of
 * AND gates; they are then added by a standard circuit ({@link ColumnSum}: one AND per full adder with free XOR).
 *
 * <ul>
 * <li>{@link #of}: the low n bits of the product of two n-bit numbers. Only the entries with i + j &lt; n
 * count, so the outer product is limited to them, and the sum costs
 * (n − 1)(n − 2)/2 ANDs. At n = 32, k = 6: 308 ciphertexts (per side, chunks at 0, 6, ..., 30 take 32, 26, 20,
 * 14, 8, 2 columns, plus 2(size − 1) each) and 465 ANDs, 4,928 + 14,880 = 19,808 bytes with half-gates; HK21
 * reports 21.3 KB, and schoolbook multiplication ({@link #standard}) is 993 ANDs, 31,776 bytes (HK21: 32.0 KB).</li>
 * <li>{@link #full}: all n + m bits of an n-bit times an m-bit number, from the whole outer product.</li>
 * <li>{@link #karatsuba}: the 2n-bit product by Karatsuba–Ofman recursion (three half-size products for
 * four, HK21 §7.4's last paragraph) whose leaves of at most {@code leafBits} bits are one-hot full products.</li>
 * </ul>
 *
 * <p>Nothing is revealed but the colours the outer product shows (uniform: Requirement 2 holds as for
 * {@link OuterProduct}); the sums are exact, so the module computes its definition whatever the masks.
 */
public final class Multiply {
    private Multiply() {
    }

    /**
     * (a·b) mod 2^n for n-bit a and b, one-hot: the outer product below the anti-diagonal, summed.
     *
     * @param a an n-bit number
     * @param b an n-bit number
     * @param k bits of the outer product's chunks, 1 to 16
     * @return a·b mod 2^n, n bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16, or the widths differ
     */
    public static UInt of(SecretValue a, SecretValue b, int k) {
        return CoreBridge.module(a.computation(), Module.lowHalf(k), a, b)[0].asUInt();
    }

    /**
     * a·b in n + m bits, one-hot: the whole outer product, summed.
     *
     * @param a an n-bit number
     * @param b an m-bit number
     * @param k bits of the outer product's chunks, 1 to 16
     * @return a·b, n + m bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16
     */
    public static UInt full(SecretValue a, SecretValue b, int k) {
        return CoreBridge.module(a.computation(), Module.fullProduct(k), a, b)[0].asUInt();
    }

    /**
     * a·b in 2n bits, Karatsuba over one-hot leaves: operands of at most {@code leafBits} bits are multiplied as
     * {@link #full} does.
     *
     * @param a an n-bit number
     * @param b an n-bit number
     * @param k bits of the outer product's chunks, 1 to 16
     * @param leafBits the widest operands multiplied without recursion, at least 3
     * @return a·b, 2n bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16, {@code leafBits} is below 3, or the widths
     *     differ
     */
    public static UInt karatsuba(SecretValue a, SecretValue b, int k, int leafBits) {
        return CoreBridge.module(a.computation(), Module.karatsubaProduct(k, leafBits), a, b)[0].asUInt();
    }

    /**
     * The standard circuit for {@link #of}: schoolbook, n(n+1)/2 + (n−1)(n−2)/2 ANDs ({@link UInt#multiply}).
     *
     * @param a an n-bit number
     * @param b an n-bit number
     * @return a·b mod 2^n, n bits
     * @throws IllegalArgumentException if the widths differ
     */
    public static UInt standard(SecretValue a, SecretValue b) {
        return a.asUInt().multiply(b.asUInt());
    }

    /**
     * The standard circuit for {@link #full}: schoolbook, 2nm − n ANDs (as {@link UInt#multiplyFull}, any widths).
     *
     * @param a an n-bit number
     * @param b an m-bit number
     * @return a·b, n + m bits
     */
    public static UInt standardFull(SecretValue a, SecretValue b) {
        return a.computation().apply("schoolbook full product", (c, x, y) -> c.multiplyFull(x, y), a, b).asUInt();
    }

    /** The module itself, for the engine's one-hot SPI: one of the three products, k-bit chunks. */
    static final class Module implements OneHotModule {
        private enum Form { LOW, FULL, KARATSUBA }

        private final int k;
        private final Form form;
        private final int leafBits;

        private Module(int k, Form form, int leafBits) {
            if (k < 1 || k > OneHotGates.MAX_ONE_HOT_BITS) {
                throw new IllegalArgumentException("chunk size k = " + k + ": 1 to " + OneHotGates.MAX_ONE_HOT_BITS);
            }
            if (leafBits < 3) { // below 4 bits the middle product (n − ⌊n/2⌋ + 1 bits) is no smaller
                throw new IllegalArgumentException("Karatsuba leaves of " + leafBits + " bits: at least 3");
            }
            this.k = k;
            this.form = form;
            this.leafBits = leafBits;
        }

        /**
         * The low n bits of the product of two n-bit numbers, outer-product chunks of {@code k} bits.
         *
         * @param k bits of the outer product's chunks, 1 to 16
         * @return the module
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        static Module lowHalf(int k) {
            return new Module(k, Form.LOW, 3);
        }

        /**
         * The (n + m)-bit product of an n-bit and an m-bit number, outer-product chunks of {@code k} bits.
         *
         * @param k bits of the outer product's chunks, 1 to 16
         * @return the module
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        static Module fullProduct(int k) {
            return new Module(k, Form.FULL, 3);
        }

        /**
         * The 2n-bit product of two n-bit numbers by Karatsuba–Ofman, operands of at most {@code leafBits} bits
         * multiplied by {@link #fullProduct}.
         *
         * @param k bits of the outer product's chunks, 1 to 16
         * @param leafBits the widest operands multiplied without recursion, at least 3
         * @return the module
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16 or {@code leafBits} is below 3
         */
        static Module karatsubaProduct(int k, int leafBits) {
            return new Module(k, Form.KARATSUBA, leafBits);
        }

        @Override
        public String name() {
            return switch (form) {
                case LOW -> "integer product mod 2^n (k = " + k + ")";
                case FULL -> "full integer product (k = " + k + ")";
                case KARATSUBA -> "Karatsuba integer product (k = " + k + ", leaves of " + leafBits + " bits)";
            };
        }

        @Override
        public int[] outputWidths(int... in) {
            if (form != Form.FULL && in[0] != in[1]) {
                throw new IllegalArgumentException(name() + ": operand widths differ: " + in[0] + " and " + in[1] + " bits");
            }
            return new int[] {form == Form.LOW ? in[0] : in[0] + in[1]};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            outputWidths(in[0].width(), in[1].width());
            return new Secret[] {switch (form) {
                case LOW -> low(g, in[0], in[1], k);
                case FULL -> full(g, in[0], in[1], k);
                case KARATSUBA -> karatsuba(g, in[0], in[1]);
            }};
        }

        /** ⟦(x·y) mod 2^n⟧ for n-bit x and y: the outer product below the anti-diagonal, summed. */
        static Secret low(OneHotGates g, Secret x, Secret y, int k) {
            int n = x.width();
            Secret products = new OuterProduct.Module(k, n).body(g, x, y)[0];
            return ColumnSum.of(g, products, n, n, n);
        }

        /** ⟦x·y⟧ in n + m bits: the whole outer product, summed. */
        static Secret full(OneHotGates g, Secret x, Secret y, int k) {
            int n = x.width();
            int m = y.width();
            Secret products = new OuterProduct.Module(k).body(g, x, y)[0];
            return ColumnSum.of(g, products, n, m, n + m);
        }

        /**
         * Karatsuba–Ofman on n-bit x and y, h = ⌊n/2⌋: with x = x1·2^h + x0 and y likewise, z0 = x0·y0, z2 = x1·y1,
         * zm = (x0 + x1)(y0 + y1) and x·y = z2·2^2h + (zm − z0 − z2)·2^h + z0. The sums, the differences and the
         * recombination are standard circuits; the three products recurse down to one-hot full products.
         */
        private Secret karatsuba(OneHotGates g, Secret x, Secret y) {
            int n = x.width();
            if (n <= leafBits) {
                return full(g, x, y, k);
            }
            int h = n / 2;
            Secret z0 = karatsuba(g, x.slice(0, h), y.slice(0, h));
            Secret z2 = karatsuba(g, x.slice(h, n), y.slice(h, n));
            Secret zm = karatsuba(g, halvesSum(g, x, h), halvesSum(g, y, h));
            return Circuits.call1(g, List.of("onehot karatsuba combine", h), (b, z) -> new Bits[] {combine(b, z[0], z[1], z[2], n, h)},
                    z0, z2, zm);
        }

        /** x0 + x1 in n − h + 1 bits, for x = x1·2^h + x0: n − h ANDs. */
        private static Secret halvesSum(OneHotGates g, Secret x, int h) {
            return Circuits.call1(g, List.of("onehot karatsuba halves", h), (b, in) -> {
                Bits v = in[0];
                int hi = v.width() - h;
                return new Bits[] {b.addWithCarry(v.slice(0, h).zeroExtend(hi), v.slice(h, v.width()))};
            }, x);
        }

        /**
         * z2·2^2h + z1·2^h + z0 with z1 = zm − z0 − z2: z1 = x0·y1 + x1·y0 is below 2^(n+1), so it is computed mod
         * 2^(n+1) (two subtractions of n ANDs) and added in once above z0 (2n − h − 1 ANDs): z0 and z2 do not overlap.
         */
        private static Bits combine(CircuitBuilder b, Bits z0, Bits z2, Bits zm, int n, int h) {
            int w = n + 1;
            Bits z1 = b.subtract(b.subtract(Circuits.resize(zm, w), z0.zeroExtend(w)), Circuits.resize(z2, w));
            Bits placed = z0.concat(z2);
            Bits upper = b.add(placed.slice(h, 2 * n), z1.zeroExtend(2 * n - h));
            return placed.slice(0, h).concat(upper);
        }

        @Override
        public BitString[] definition(BitString... in) {
            int width = outputWidths(in[0].width(), in[1].width())[0];
            BigInteger p = in[0].toBigInteger().multiply(in[1].toBigInteger());
            return new BitString[] {BitString.of(p.mod(BigInteger.ONE.shiftLeft(width)), width)};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module m && m.k == k && m.form == form && m.leafBits == leafBits;
        }

        @Override
        public int hashCode() {
            return (31 * k + form.hashCode()) * 31 + leafBits;
        }
    }
}
