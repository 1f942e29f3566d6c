package io.yaostream.onehot;

import io.yaostream.BitVector;
import io.yaostream.SecretValue;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.internal.CoreBridge;

/**
 * The binary outer product a ⊗ b of an n-bit a and an m-bit b (bit i·m + j is a_i AND b_j), HK21 Fig. 5 and, for
 * long vectors, Fig. 8: with α and β the colours of the garbler's shares,
 * a ⊗ b = ((a ⊕ α) ⊗ b) ⊕ ((b ⊕ β) ⊗ α)ᵀ ⊕ (α ⊗ β). The evaluator sees a ⊕ α and b ⊕ β (uniform: Color gates),
 * the two masked products are one-hot gates over k-bit chunks of the seen vectors with the identity table, and
 * α ⊗ β is the garbler's constant. Cost: Σ over chunks of 2(k − 1) + (the other vector's width) ciphertexts, about
 * 2nm/k where AND gates cost 2nm.
 *
 * <p>Inside the library the product can be limited to the entries with i + j below a bound (the others are 0),
 * which is what the low half of an integer product needs ({@link Multiply#of}): a chunk's gate then takes only the
 * columns its rows use.
 */
public final class OuterProduct {
    private OuterProduct() {
    }

    /**
     * a ⊗ b (bit i·m + j is a_i AND b_j), one-hot gates over k-bit chunks.
     *
     * @param a the n-bit vector
     * @param b the m-bit vector
     * @param k bits of a chunk, 1 to 16
     * @return a ⊗ b, n·m bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16
     */
    public static BitVector of(SecretValue a, SecretValue b, int k) {
        return CoreBridge.module(a.computation(), new Module(k), a, b)[0];
    }

    /** The module itself, for the engine's one-hot SPI: whole or below a diagonal, k-bit chunks. */
    static final class Module implements OneHotModule {
        private final int k;
        private final int below;

        /**
         * The whole product, chunks of {@code k} bits.
         *
         * @param k bits of a chunk, 1 to 16
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        Module(int k) {
            this(k, Integer.MAX_VALUE);
        }

        /**
         * The entries with i + j below {@code below}, the others 0; chunks of {@code k} bits.
         *
         * @param k bits of a chunk, 1 to 16
         * @param below entries with i + j below it are computed, the others are 0
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        Module(int k, int below) {
            if (k < 1 || k > OneHotGates.MAX_ONE_HOT_BITS) {
                throw new IllegalArgumentException("chunk size k = " + k + ": 1 to " + OneHotGates.MAX_ONE_HOT_BITS);
            }
            this.k = k;
            this.below = below;
        }

        @Override
        public String name() {
            return "outer product (k = " + k + (below == Integer.MAX_VALUE ? "" : ", i + j < " + below) + ")";
        }

        @Override
        public int[] outputWidths(int... in) {
            return new int[] {Math.multiplyExact(in[0], in[1])};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Secret a = in[0];
            Secret b = in[1];
            int n = a.width();
            int m = b.width();
            Masked ma = g.color(a);
            Masked mb = g.color(b);
            Secret zero = g.constant(GarblerKnown.publicValue(BitString.zeros(1)));
            Secret left = Secret.pick(maskedProduct(g, ma, b, m), layouts(n, m, false), zero);
            Secret right = Secret.pick(maskedProduct(g, mb, ma.maskSecret(), n), layouts(n, m, true), zero);
            Secret masks = g.constant(ma.mask().combine(mb.mask(), n * m, this::product));
            ProgramContext ctx = g.context();
            return new Secret[] {ctx.xor(ctx.xor(left, right), masks)};
        }

        /**
         * (x ⊕ ξ) ⊗ y chunk by chunk of the seen x: chunk at offset r0 takes the first min(width(y), below − r0)
         * bits of y. The chunks' products side by side, each row-major.
         */
        private Secret maskedProduct(OneHotGates g, Masked x, Secret y, int yWidth) {
            int rows = x.width();
            Secret[] parts = new Secret[(rows + k - 1) / k];
            int used = 0;
            for (int r0 = 0; r0 < rows; r0 += k) {
                int cols = columns(r0, yWidth);
                if (cols <= 0) {
                    break;
                }
                int size = Math.min(k, rows - r0);
                parts[used++] = g.oneHot(x.slice(r0, r0 + size), y.slice(0, cols), TruthTable.identity(size));
            }
            return used == 0 ? g.constant(GarblerKnown.publicValue(BitString.zeros(1))) : Secret.concat(java.util.Arrays.copyOf(parts, used));
        }

        /** Columns a chunk starting at row r0 needs: the entries (i, j) with i ≥ r0 and i + j < below have j < below − r0. */
        private int columns(int r0, int width) {
            return (int) Math.min(width, (long) below - r0);
        }

        /** {@link #layout}s made so far, by k, limit, widths and side: a module is called many times on the same widths. */
        private static final java.util.Map<java.util.List<Integer>, int[]> LAYOUTS = new java.util.concurrent.ConcurrentHashMap<>();

        private int[] layouts(int n, int m, boolean transposed) {
            return LAYOUTS.computeIfAbsent(java.util.List.of(k, below, n, m, transposed ? 1 : 0), key -> layout(n, m, transposed));
        }

        /**
         * Where entry (i, j) of the n x m product is in {@link #maskedProduct}'s output: of x = a's chunks when not
         * {@code transposed}, of x = b's chunks (entry (j, i) of theirs) when it is; -1 (zero) outside the limit.
         */
        private int[] layout(int n, int m, boolean transposed) {
            int rows = transposed ? m : n;
            int width = transposed ? n : m;
            int[] chunkStart = new int[rows];
            int[] chunkCols = new int[rows];
            int at = 0;
            for (int r0 = 0; r0 < rows; r0 += k) {
                int cols = Math.max(0, columns(r0, width));
                for (int r = r0; r < Math.min(rows, r0 + k); r++) {
                    chunkStart[r] = at + (r - r0) * cols;
                    chunkCols[r] = cols;
                }
                at += Math.min(k, rows - r0) * cols;
            }
            int[] from = new int[n * m];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < m; j++) {
                    int r = transposed ? j : i;
                    int c = transposed ? i : j;
                    from[i * m + j] = (long) i + j < below && c < chunkCols[r] ? chunkStart[r] + c : -1;
                }
            }
            return from;
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {product(in[0], in[1])};
        }

        /** x ⊗ y within the limit, in plaintext. */
        private BitString product(BitString x, BitString y) {
            return outer(x, y, below);
        }

        /** x ⊗ y in plaintext: bit i·width(y) + j is x_i AND y_j. */
        static BitString outer(BitString x, BitString y) {
            return outer(x, y, Integer.MAX_VALUE);
        }

        /** x ⊗ y in plaintext, 0 where i + j is not below {@code below}. */
        private static BitString outer(BitString x, BitString y, int below) {
            boolean[] bits = new boolean[x.width() * y.width()];
            for (int i = 0; i < x.width(); i++) {
                for (int j = 0; j < y.width(); j++) {
                    bits[i * y.width() + j] = (long) i + j < below && x.get(i) && y.get(j);
                }
            }
            return BitString.fromBits(bits);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module p && p.k == k && p.below == below;
        }

        @Override
        public int hashCode() {
            return 31 * k + below;
        }
    }
}
