package io.yaostream.cli.bench;

import io.yaostream.cli.bench.OneHotBench.Case;
import io.yaostream.cli.bench.OneHotBench.Paper;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.program.BitVector;
import io.yaostream.program.onehot.OuterProduct;

import java.util.ArrayList;
import java.util.List;

/** The modules and sizes of the one-hot garbling paper's §7 (HK21), each with its standard circuit and its figures. */
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
                default -> throw new IllegalArgumentException("unknown module '" + m + "' (known: " + String.join(", ", MODULES) + ")");
            }
        }
        return cases;
    }

    /** HK21 Fig. 7: the 128 x 128-bit outer product, 6.2x less communication and 4.1x less time at k = 6. */
    static Case outerProduct(int bits, int k) {
        return new Case("outer-product", bits, k, bits, bits, 20, 10, (a, b) -> OuterProduct.of(a, b, k), OneHotCases::andOuterProduct,
                (a, b) -> new OuterProduct(k).definition(a, b)[0], new Paper(0, 0, 0, 0));
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
