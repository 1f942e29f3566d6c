package io.yaostream.onehot;

/**
 * The binary field GF(2^n) = GF(2)[x] / p(x) for an irreducible p of degree n (2 to 32), in plaintext: elements are
 * n-bit integers, bit i the coefficient of x^i. The one-hot modules take their definitions and their linear maps
 * (the reduction of a polynomial product, squaring) from here.
 */
public final class BinaryField {
    /** AES's field: x^8 + x^4 + x^3 + x + 1 (FIPS-197 §4.2). */
    public static final BinaryField AES = new BinaryField(0x11b);

    private static final int MAX_DEGREE = 32;

    private final long polynomial;
    private final int n;

    /**
     * The field modulo {@code polynomial} (bit i the coefficient of x^i), which must be irreducible of degree 2 to 32.
     *
     * @param polynomial p, bit i the coefficient of x^i (so bit n is set)
     * @throws IllegalArgumentException if p is not of degree 2 to 32, or is reducible
     */
    public BinaryField(long polynomial) {
        int degree = 63 - Long.numberOfLeadingZeros(polynomial);
        if (polynomial <= 0 || degree < 2 || degree > MAX_DEGREE) {
            throw new IllegalArgumentException("a field polynomial of degree 2 to " + MAX_DEGREE + ", not 0x" + Long.toHexString(polynomial));
        }
        if (!irreducible(polynomial, degree)) {
            throw new IllegalArgumentException("0x" + Long.toHexString(polynomial) + " is reducible: GF(2)[x] modulo it is not a field");
        }
        this.polynomial = polynomial;
        this.n = degree;
    }

    /**
     * n: bits of an element.
     *
     * @return n, 2 to 32
     */
    public int degree() {
        return n;
    }

    /**
     * The field's polynomial p.
     *
     * @return p, bit i the coefficient of x^i
     */
    public long polynomial() {
        return polynomial;
    }

    /**
     * a · b in the field.
     *
     * @param a an element, below 2^n
     * @param b an element, below 2^n
     * @return the product, below 2^n
     */
    public long multiply(long a, long b) {
        return reduce(carryless(a, b));
    }

    /**
     * a^-1, and 0 for 0 (the convention of AES and of HK21 Fig. 10): a^(2^n − 2).
     *
     * @param a an element, below 2^n
     * @return the inverse, below 2^n; 0 for 0
     */
    public long inverse(long a) {
        long result = 1;
        long square = a;
        for (long e = (1L << n) - 2; e != 0; e >>>= 1) {
            if ((e & 1) != 0) {
                result = multiply(result, square);
            }
            square = multiply(square, square);
        }
        return result;
    }

    /**
     * A polynomial of degree below 2n − 1 modulo p.
     *
     * @param product the polynomial, bit i the coefficient of x^i (a carry-less product of two elements, say)
     * @return the remainder modulo p, below 2^n
     */
    public long reduce(long product) {
        long r = product;
        for (int d = 62; d >= n; d--) {
            if ((r >>> d & 1) != 0) {
                r ^= polynomial << (d - n);
            }
        }
        return r;
    }

    /** The polynomial product of a and b, both of fewer than 32 bits. */
    static long carryless(long a, long b) {
        long r = 0;
        for (int i = 0; i < 64 && (a >>> i) != 0; i++) {
            if ((a >>> i & 1) != 0) {
                r ^= b << i;
            }
        }
        return r;
    }

    /**
     * The field product from the outer product a ⊗ b (bit i·n + j is a_i AND b_j), as a linear map (HK21 §7.5):
     * output bit r is the XOR of the outer product's bits i·n + j whose x^(i+j) mod p has bit r. For
     * {@link Gf2Linear}.
     */
    int[][] productFromOuter() {
        int[][] count = new int[n][n * n];
        int[] size = new int[n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                long power = reduce(1L << (i + j));
                for (int r = 0; r < n; r++) {
                    if ((power >>> r & 1) != 0) {
                        count[r][size[r]++] = i * n + j;
                    }
                }
            }
        }
        int[][] sources = new int[n][];
        for (int r = 0; r < n; r++) {
            sources[r] = java.util.Arrays.copyOf(count[r], size[r]);
        }
        return sources;
    }

    /** Trial division, quick at these degrees: no polynomial of degree 1 to n/2 divides p. */
    private static boolean irreducible(long p, int degree) {
        for (long d = 2; d < 1L << (degree / 2 + 1); d++) {
            if (remainder(p, d) == 0) {
                return false;
            }
        }
        return true;
    }

    private static long remainder(long p, long d) {
        int dd = 63 - Long.numberOfLeadingZeros(d);
        long r = p;
        for (int i = 63 - Long.numberOfLeadingZeros(r); i >= dd; i--) {
            if ((r >>> i & 1) != 0) {
                r ^= d << (i - dd);
            }
        }
        return r;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BinaryField f && f.polynomial == polynomial;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(polynomial);
    }

    @Override
    public String toString() {
        return "GF(2^" + n + ") mod 0x" + Long.toHexString(polynomial);
    }
}
