package io.yaostream.cli.bench;

import io.yaostream.BitVector;
import io.yaostream.cli.bench.OneHotBench.Case;
import io.yaostream.cli.bench.OneHotBench.Paper;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.bits.BitString;
import io.yaostream.onehot.AesSBox;
import io.yaostream.onehot.BinaryField;
import io.yaostream.onehot.GfMultiply;
import io.yaostream.onehot.MatrixProduct;
import io.yaostream.onehot.ModReduce;
import io.yaostream.onehot.Multiply;
import io.yaostream.onehot.OuterProduct;
import io.yaostream.onehot.Power;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * The modules and sizes of the one-hot garbling paper's §7 (HK21), each with its standard circuit, its figures and
 * the function's plaintext definition, written here from the mathematics (not the modules' code) so that a run checks
 * the library against an independent reference.
 */
public final class OneHotCases {
    /** The module names {@code bench onehot} knows, in the paper's order. */
    public static final List<String> MODULES = List.of("outer-product", "matrix", "mul", "gf-mul", "sbox", "mod", "exp");

    private OneHotCases() {
    }

    /** The paper's cases of the named modules. */
    public static List<Case> of(List<String> modules) {
        List<Case> cases = new ArrayList<>();
        for (String m : modules) {
            switch (m) {
                case "outer-product" -> cases.add(outerProduct(128, 6));
                case "matrix" -> cases.add(matrix(128, 6));
                case "mul" -> cases.add(multiply(32, 6));
                case "mod" -> cases.add(mod(32, 65521, 8));
                case "exp" -> cases.add(exp(32, POWER_BASE, 8));
                case "gf-mul" -> {
                    cases.add(gfMultiply(4, Paper.figures(896, 1536, 0.080, 0.146)));
                    cases.add(gfMultiply(8, Paper.figures(704, 1536, 0.111, 0.146)));
                }
                case "sbox" -> cases.add(new Case("sbox", 8, 8, 8, 0, 4000, 1000, (a, b) -> AesSBox.of(a), (a, b) -> AesSBox.standard(a),
                        (a, b) -> BitString.of(sBox((int) a.toLong()), 8), Paper.figures(929, 1024, 0.1058, 0.1036)));
                default -> throw new IllegalArgumentException("unknown module '" + m + "' (known: " + String.join(", ", MODULES) + ")");
            }
        }
        return cases;
    }

    /** HK21 Fig. 7: the 128 x 128-bit outer product, 6.2x less communication and 4.1x less time at k = 6. */
    static Case outerProduct(int bits, int k) {
        return new Case("outer-product", bits, k, bits, bits, 20, 10, (a, b) -> OuterProduct.of(a, b, k), OneHotCases::andOuterProduct,
                (a, b) -> matrixProduct(a, b, bits, 1, bits), Paper.ratios(6.2, 4.1));
    }

    /** HK21 §7.3 and Fig. 9: the product of two 128 x 128 bit matrices, 6.2x less communication and 5x less time at k = 6. */
    static Case matrix(int n, int k) {
        return new Case("matrix", n, k, n * n, n * n, 1, 1, (a, b) -> MatrixProduct.of(a, b, n, n, n, k),
                (a, b) -> MatrixProduct.standard(a, b, n, n, n), (a, b) -> matrixProduct(a, b, n, n, n),
                Paper.ratios(6.2, 5.0));
    }

    /** HK21 §7.4: the low 32 bits of a 32 x 32-bit product at k = 6: 21.3 KB against 32.0 KB, 2.32 ms against 3.20. */
    static Case multiply(int bits, int k) {
        return new Case("mul", bits, k, bits, bits, 400, 200, (a, b) -> Multiply.of(a, b, k).asBits(),
                (a, b) -> Multiply.standard(a, b).asBits(), (a, b) -> lowBits(a.toBigInteger().multiply(b.toBigInteger()), bits),
                Paper.figures(21.3 * 1024, 32.0 * 1024, 2.32, 3.20));
    }

    /**
     * HK21 §7.7: 32-bit a mod 65521 at k = 8: 10.5 KB against 35.1 KB, 1.08 ms against 3.75. The standard is the
     * paper's 16 conditional subtractions; ours, narrower, is counted beside it.
     */
    static Case mod(int bits, long l, int k) {
        int outBits = 64 - Long.numberOfLeadingZeros(l - 1); // ⌈log2 l⌉
        return new Case("mod", bits, k, bits, 0, 400, 200, (a, b) -> ModReduce.of(a, l, k).asBits(),
                (a, b) -> ModReduce.paperStandard(a, l).asBits(), (a, b) -> ModReduce.standard(a, l).asBits(),
                (a, b) -> BitString.of(a.toBigInteger().mod(BigInteger.valueOf(l)), outBits), Paper.figures(10.5 * 1024, 35.1 * 1024, 1.08, 3.75));
    }

    /**
     * HK21 §7.8: l^a mod 2^32 at k = 8 (the paper does not say which l; 3 here): 87 KB against 1,024 KB, 10.6 ms
     * against 101. The standard is the paper's 31 multiplications of general secrets; ours folds constants.
     */
    static Case exp(int bits, long l, int k) {
        BigInteger mod = BigInteger.ONE.shiftLeft(bits);
        return new Case("exp", bits, k, bits, 0, 40, 10, (a, b) -> Power.of(l, a, k).asBits(), (a, b) -> Power.paperStandard(l, a).asBits(),
                (a, b) -> Power.standard(l, a).asBits(), (a, b) -> BitString.of(BigInteger.valueOf(l).mod(mod).modPow(a.toBigInteger(), mod), bits),
                Paper.figures(87 * 1024, 1024 * 1024, 10.6, 101));
    }

    /** The base of the exponentiation case. */
    static final long POWER_BASE = 3;

    /** HK21 §7.5: multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x + 1. */
    static Case gfMultiply(int k, Paper paper) {
        return new Case("gf-mul", 8, k, 8, 8, 4000, 1000, (a, b) -> GfMultiply.of(a, b, k), GfMultiply::standard,
                (a, b) -> BitString.of(BinaryField.AES.multiply(a.toLong(), b.toLong()), 8), paper);
    }

    /**
     * A·B over GF(2) for an n x l matrix a and an l x m matrix b, row-major: bit i·m + j is the XOR over t of
     * a_(i·l + t) AND b_(t·m + j). With l = 1, the outer product of an n-bit a and an m-bit b.
     */
    static BitString matrixProduct(BitString a, BitString b, int n, int l, int m) {
        boolean[] c = new boolean[n * m];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                boolean v = false;
                for (int t = 0; t < l; t++) {
                    v ^= a.get(i * l + t) && b.get(t * m + j);
                }
                c[i * m + j] = v;
            }
        }
        return BitString.fromBits(c);
    }

    /** The low {@code bits} bits of a non-negative {@code v}. */
    static BitString lowBits(BigInteger v, int bits) {
        return BitString.of(v.mod(BigInteger.ONE.shiftLeft(bits)), bits);
    }

    /**
     * The AES S-box (FIPS-197 §5.1.1): b = x^-1 in GF(2^8) (0 for 0), then b ⊕ rot(b, 1) ⊕ rot(b, 2) ⊕ rot(b, 3) ⊕
     * rot(b, 4) ⊕ 0x63, rot a left rotation of the byte.
     */
    static int sBox(int x) {
        int b = (int) BinaryField.AES.inverse(x);
        int s = b ^ 0x63;
        for (int r = 1; r <= 4; r++) {
            s ^= (b << r | b >>> (8 - r)) & 0xff;
        }
        return s;
    }

    /** The outer product by AND gates: n·m of them. */
    static BitVector andOuterProduct(BitVector a, BitVector b) {
        return a.computation().apply(OneHotCases::andOuterProduct, a, b);
    }

    private static Bits andOuterProduct(CircuitBuilder c, Bits a, Bits b) {
        Bits out = null;
        for (int i = 0; i < a.width(); i++) {
            Bits row = c.and(repeat(a.slice(i, i + 1), b.width()), b);
            out = out == null ? row : out.concat(row);
        }
        return out;
    }

    private static Bits repeat(Bits bit, int times) {
        Bits out = bit;
        for (int i = 1; i < times; i++) {
            out = out.concat(bit);
        }
        return out;
    }
}
