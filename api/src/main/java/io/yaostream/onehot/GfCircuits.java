package io.yaostream.onehot;

import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;

/**
 * Standard circuits (AND and XOR gates) of binary-field arithmetic, the baselines the one-hot modules are measured
 * against and the zero test of the field inverse. Bit i of a vector is the coefficient of x^i.
 */
final class GfCircuits {
    private GfCircuits() {
    }

    /**
     * x · y in the field: the polynomial product, then the reduction (linear, XORs only). For an even n the product
     * is one Karatsuba level over schoolbook halves, 3(n/2)^2 AND gates (48 for GF(2^8), the "best available
     * standard circuit" HK21 §7.5 compares with: 1,536 bytes with half-gates); for an odd n schoolbook, n^2. Full
     * recursive Karatsuba would do GF(2^8) with 27 AND gates (864 bytes), which the paper's baseline did not use.
     */
    static Bits multiply(CircuitBuilder b, Bits x, Bits y, BinaryField f) {
        int n = f.degree();
        return reduce(b, n % 2 == 0 ? karatsubaLevel(b, x, y) : schoolbook(b, x, y), f);
    }

    /** The polynomial product of two n-bit polynomials, 2n − 1 bits: n^2 AND gates. */
    static Bits schoolbook(CircuitBuilder b, Bits x, Bits y) {
        int n = x.width();
        Bit[] c = new Bit[2 * n - 1];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Bit p = b.and(x.bit(i), y.bit(j));
                c[i + j] = c[i + j] == null ? p : b.xor(c[i + j], p);
            }
        }
        return Bits.of(c);
    }

    /**
     * One Karatsuba level, n even, h = n/2: x0·y0, x1·y1 and (x0 + x1)(y0 + y1) by schoolbook, the middle term the
     * third minus the other two. Additions are XORs: free.
     */
    static Bits karatsubaLevel(CircuitBuilder b, Bits x, Bits y) {
        int h = x.width() / 2;
        Bits low = schoolbook(b, x.slice(0, h), y.slice(0, h));
        Bits high = schoolbook(b, x.slice(h, 2 * h), y.slice(h, 2 * h));
        Bits mid = schoolbook(b, b.xor(x.slice(0, h), x.slice(h, 2 * h)), b.xor(y.slice(0, h), y.slice(h, 2 * h)));
        mid = b.xor(b.xor(mid, low), high);
        Bit[] c = new Bit[4 * h - 1];
        Bit zero = b.constant(false);
        java.util.Arrays.fill(c, zero);
        for (int d = 0; d < 2 * h - 1; d++) {
            c[d] = b.xor(c[d], low.bit(d));
            c[d + h] = b.xor(c[d + h], mid.bit(d));
            c[d + 2 * h] = b.xor(c[d + 2 * h], high.bit(d));
        }
        return Bits.of(c);
    }

    /** A polynomial of up to 2n − 1 coefficients modulo the field's polynomial: XORs only. */
    static Bits reduce(CircuitBuilder b, Bits c, BinaryField f) {
        int n = f.degree();
        Bit[] r = new Bit[n];
        java.util.Arrays.fill(r, b.constant(false));
        for (int d = 0; d < c.width(); d++) {
            long power = f.reduce(1L << d);
            for (int i = 0; i < n; i++) {
                if ((power >>> i & 1) != 0) {
                    r[i] = b.xor(r[i], c.bit(d));
                }
            }
        }
        return Bits.of(r);
    }

    /** x^2: linear in GF(2^n) (coefficient i moves to 2i, then the reduction), free. */
    static Bits square(CircuitBuilder b, Bits x, BinaryField f) {
        int n = f.degree();
        Bit[] c = new Bit[2 * n - 1];
        java.util.Arrays.fill(c, b.constant(false));
        for (int i = 0; i < n; i++) {
            c[2 * i] = x.bit(i);
        }
        return reduce(b, Bits.of(c), f);
    }

    /**
     * x^-1 (0 for 0) = x^(2^n − 2) = (x^(2^(n−1) − 1))^2 by Itoh–Tsujii: x^(2^j − 1) doubles j with j squarings and
     * one multiplication, or adds one with a squaring and a multiplication, along the bits of n − 1; squarings are
     * free, so the cost is about log2(n) + popcount(n − 1) multiplications (4 for GF(2^8)).
     */
    static Bits inverse(CircuitBuilder b, Bits x, BinaryField f) {
        int e = f.degree() - 1;
        Bits t = x; // x^(2^j - 1), j = 1
        int j = 1;
        for (int bit = 30 - Integer.numberOfLeadingZeros(e); bit >= 0; bit--) {
            Bits s = t;
            for (int i = 0; i < j; i++) {
                s = square(b, s, f);
            }
            t = multiply(b, s, t, f);
            j *= 2;
            if ((e >>> bit & 1) != 0) {
                t = multiply(b, square(b, t, f), x, f);
                j++;
            }
        }
        return square(b, t, f);
    }

    /** [x == 0]: NOR of the bits, n − 1 AND gates (an OR is an AND with its inputs and output negated). */
    static Bits isZero(CircuitBuilder b, Bits x) {
        Bit any = x.bit(0);
        for (int i = 1; i < x.width(); i++) {
            any = b.or(any, x.bit(i));
        }
        return Bits.of(b.not(any));
    }
}
