package io.yaostream.compiler.dsl;

import io.yaostream.compiler.ir.Netlist;

import java.util.Arrays;

/**
 * Multipliers over netlist literals (bit 0 least significant), built from {@link Arithmetic}'s one-AND full
 * adders. Only AND gates cost, so the count is what these constructions minimise.
 */
final class Multiplication {
    /** Operands of at most this many bits are multiplied by schoolbook at the leaves of Karatsuba's recursion. */
    static final int KARATSUBA_LEAF = 12;

    private final Netlist net;
    private final Arithmetic arithmetic;

    Multiplication(Netlist net, Arithmetic arithmetic) {
        this.net = net;
        this.arithmetic = arithmetic;
    }

    /**
     * The low n bits of x·y (n = x.length = y.length), schoolbook: row i contributes only its n − i low bits, so
     * n(n+1)/2 ANDs for the partial products and (n−1)(n−2)/2 in adders (993 for n = 32).
     */
    int[] low(int[] x, int[] y) {
        int n = x.length;
        int[] acc = row(x, y[0], n);
        for (int i = 1; i < n; i++) {
            int[] partial = row(x, y[i], n - i);
            int[] upper = arithmetic.add(Arrays.copyOfRange(acc, i, n), partial, Netlist.FALSE, false);
            System.arraycopy(upper, 0, acc, i, n - i);
        }
        return acc;
    }

    /**
     * The full n+m-bit product of x (n bits) and y (m bits), schoolbook: n·m ANDs for the partial products and
     * n per row after the first in adders, 2nm − n in all (32,640 for 128 x 128).
     */
    int[] full(int[] x, int[] y) {
        int n = x.length;
        int m = y.length;
        int[] acc = new int[n + m]; // all FALSE
        System.arraycopy(row(x, y[0], n), 0, acc, 0, n);
        for (int i = 1; i < m; i++) {
            int[] sum = arithmetic.add(Arrays.copyOfRange(acc, i, i + n), row(x, y[i], n), Netlist.FALSE, true);
            System.arraycopy(sum, 0, acc, i, n + 1);
        }
        return acc;
    }

    /**
     * The full 2n-bit product by Karatsuba–Ofman: with x = x1·2^h + x0 and y likewise (h = ⌊n/2⌋),
     * x·y = z2·2^2h + z1·2^h + z0 where z0 = x0·y0, z2 = x1·y1 and z1 = (x0+x1)(y0+y1) − z0 − z2, three
     * half-size products instead of four. z0 and z2 do not overlap, so placing them is free; z1 = x0·y1 + x1·y0 is
     * below 2^(n+1), so it is computed mod 2^(n+1) (two n-AND subtractions) and added in once. Operands of at most
     * {@link #KARATSUBA_LEAF} bits go to {@link #full}. 16,492 ANDs for 128 x 128 (schoolbook: 32,640).
     */
    int[] karatsuba(int[] x, int[] y) {
        int n = x.length;
        if (n <= KARATSUBA_LEAF) {
            return full(x, y);
        }
        int h = n / 2;
        int[] x0 = Arrays.copyOfRange(x, 0, h);
        int[] x1 = Arrays.copyOfRange(x, h, n);
        int[] y0 = Arrays.copyOfRange(y, 0, h);
        int[] y1 = Arrays.copyOfRange(y, h, n);
        int[] z0 = karatsuba(x0, y0);
        int[] z2 = karatsuba(x1, y1);
        int hi = n - h; // >= h
        int[] sx = arithmetic.add(widen(x0, hi), x1, Netlist.FALSE, true);
        int[] sy = arithmetic.add(widen(y0, hi), y1, Netlist.FALSE, true);
        int[] zm = karatsuba(sx, sy);
        int w = n + 1;
        int[] z1 = arithmetic.subtract(arithmetic.subtract(widen(zm, w), widen(z0, w)), widen(z2, w));
        int[] out = new int[2 * n];
        System.arraycopy(z0, 0, out, 0, 2 * h);
        System.arraycopy(z2, 0, out, 2 * h, 2 * hi);
        int[] upper = arithmetic.add(Arrays.copyOfRange(out, h, 2 * n), widen(z1, 2 * n - h), Netlist.FALSE, false);
        System.arraycopy(upper, 0, out, h, 2 * n - h);
        return out;
    }

    /** x AND bit, for the low {@code width} bits of x. */
    private int[] row(int[] x, int bit, int width) {
        int[] r = new int[width];
        for (int j = 0; j < width; j++) {
            r[j] = net.and(x[j], bit);
        }
        return r;
    }

    /** The low {@code width} bits of {@code lits}, zero-extended where it is shorter. */
    private static int[] widen(int[] lits, int width) {
        int[] out = Arrays.copyOf(lits, width); // new entries are 0 = Netlist.FALSE
        return out;
    }
}
