package io.yaostream.onehot;

import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.Secret;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The integer sum of an outer product's entries, Σ x_i·y_j·2^(i+j) mod 2^width: what turns the partial products
 * of a one-hot outer product into a product (HK21 §7.4 and Appendix B.3: the summands still have to be added
 * "by traditional GC means"). A standard circuit of one-AND full adders (free XOR) compressing column by column:
 * a column of H bits (its entries and the carries from below) leaves one sum bit after ⌊H/2⌋ adders, each of
 * which carries one bit into the next column, and the top column is only XORed, its carries falling off. For the
 * low half of an n x n product, column c holds c + 1 entries, so H_c = 2c and the circuit has Σ_{c<n−1} c =
 * (n − 1)(n − 2)/2 ANDs (465 for n = 32): the count of schoolbook's rows of decreasing width, in a tree whose
 * depth grows with log H per column instead of with the rows. One more addend of the same width adds a bit to
 * each column: H_c = 2(c + 1), w(w − 1)/2 ANDs for width w, where adding it separately would cost w − 1 more.
 */
final class ColumnSum {
    private ColumnSum() {
    }

    /**
     * Σ over entries (i, j) of the n x m matrix {@code products} (bit i·m + j; those with i + j ≥ width are not read)
     * of entry·2^(i+j), mod 2^width.
     */
    static Secret of(OneHotGates g, Secret products, int n, int m, int width) {
        return of(g, products, n, m, width, null);
    }

    /**
     * The same sum plus {@code addend} (width bits, or null for none), whose bits join the columns: one more bit in
     * each, where a separate addition would cost width − 1 ANDs of its own.
     */
    static Secret of(OneHotGates g, Secret products, int n, int m, int width, Secret addend) {
        boolean plus = addend != null;
        int[] heights = heights(n, m, width, plus);
        int[] pick = new int[Arrays.stream(heights).sum()];
        int at = 0;
        Secret source = plus ? Secret.concat(products, addend) : products;
        for (int c = 0; c < width; c++) {
            for (int i = Math.max(0, c - m + 1); i <= Math.min(n - 1, c); i++) {
                pick[at++] = i * m + (c - i);
            }
            if (plus) {
                pick[at++] = products.width() + c;
            }
        }
        int[] withBits = withBits(heights);
        int outputs = (int) Arrays.stream(withBits).filter(c -> c >= 0).count();
        Secret entries = Secret.pick(source, pick, null);
        Secret sums = Circuits.call1(g, List.of("onehot column sum", n, m, width, plus),
                (b, in) -> new Bits[] {build(b, in[0], heights(n, m, width, plus))}, entries);
        if (outputs == width) {
            return sums;
        }
        return Secret.pick(sums, withBits, Circuits.publicValue(g, BigInteger.ZERO, 1));
    }

    /** Bits of column c: the entries (i, c − i) inside the matrix, for c below width, and the addend's bit c. */
    private static int[] heights(int n, int m, int width, boolean plus) {
        int[] h = new int[width];
        for (int c = 0; c < width; c++) {
            h[c] = Math.max(0, Math.min(n - 1, c) - Math.max(0, c - m + 1) + 1) + (plus ? 1 : 0);
        }
        return h;
    }

    /**
     * For each column, its place among the columns that hold any bit (entries or carries), or −1 for one that holds
     * none and so is 0: the circuit outputs only the others (a constant output would cost a label).
     */
    private static int[] withBits(int[] heights) {
        int[] place = new int[heights.length];
        int next = 0;
        long carries = 0;
        for (int c = 0; c < heights.length; c++) {
            long bits = heights[c] + carries;
            place[c] = bits > 0 ? next++ : -1;
            carries = bits / 2;
        }
        return place;
    }

    /** The circuit: {@code entries} column by column (as {@link #of} picks them), the sums of the columns that hold bits. */
    private static Bits build(CircuitBuilder b, Bits entries, int[] heights) {
        int width = heights.length;
        List<Bit> out = new ArrayList<>();
        List<Bit> carries = List.of();
        int at = 0;
        for (int c = 0; c < width; c++) {
            // A queue: sums join at the back, behind the bits still waiting, which keeps each column's tree shallow.
            ArrayDeque<Bit> column = new ArrayDeque<>();
            for (int i = 0; i < heights[c]; i++) {
                column.add(entries.bit(at++));
            }
            column.addAll(carries);
            List<Bit> up = new ArrayList<>();
            if (c == width - 1) {
                while (column.size() > 1) { // the top column: its carries would fall off, so XOR is all it needs
                    column.add(b.xor(column.poll(), column.poll()));
                }
            } else {
                while (column.size() > 1) {
                    Bit x = column.poll();
                    Bit y = column.poll();
                    if (column.isEmpty()) { // two bits: a half adder
                        up.add(b.and(x, y));
                        column.add(b.xor(x, y));
                    } else { // three: a full adder, carry = z ⊕ ((x ⊕ z) ∧ (y ⊕ z)), one AND
                        Bit z = column.poll();
                        Bit xz = b.xor(x, z);
                        up.add(b.xor(z, b.and(xz, b.xor(y, z))));
                        column.add(b.xor(xz, y));
                    }
                }
            }
            if (!column.isEmpty()) {
                out.add(column.poll());
            }
            carries = up;
        }
        return Bits.of(out.toArray(new Bit[0]));
    }
}
