package io.yaostream.onehot;

import io.yaostream.SecretValue;
import io.yaostream.UInt;
import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.internal.CoreBridge;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * l^a mod 2^n for a public l and a secret n-bit a (HK21 §7.8, Appendix B.6, Figure 12): the garbler masks a
 * additively, the evaluator sees the masked exponent, one-hot gates raise l to each chunk of it, and the chunks'
 * powers and the garbler's l^α are multiplied together.
 *
 * <p><b>Odd l.</b> The powers of l form a cyclic group of order 2^e dividing 2^(n−2) (n ≥ 3), so only a mod 2^e
 * matters and l^(x + y) = l^x·l^y holds for exponents taken mod 2^e; e is computed (l = 3 or 5: e = n − 2;
 * l ≡ 1 mod 2^n: e = 0 and the result is 1). With α uniform in Z_{2^e}:
 * <ol>
 * <li>u = (a − α) mod 2^e by a standard subtraction (e − 1 ANDs), revealed (e bits of colours).</li>
 * <li>u is cut into k-bit chunks c_i at offsets o_i = i·k (the last one shorter). With P_0 = ⟦l^α mod 2^n⟧ (a
 * garbler constant) and L_i(c) = l^(c·2^o_i) mod 2^n, P_{i+1} = (L_i(c_i)·P_i) mod 2^n, and the last P is
 * l^(u + α) = l^a as u + α ≡ a mod 2^e.</li>
 * <li>Each product is one one-hot gate and one sum. The gate on the seen chunk with a truth table and P_i as its b
 * gives ⟦f(c_i) ⊗ P_i⟧ (HK21 Lemma 1: T(f)ᵀ·(H(c) ⊗ b) = f(c) ⊗ b), the partial products of f(c_i)·P_i, which
 * {@link ColumnSum} adds as {@link Multiply} does. Figure 12 looks L_i(c_i) up and then multiplies two secrets,
 * which would cost 2(size − 1) + 1 ciphertexts and both sides of an outer product (308 ciphertexts at n = 32,
 * k = 6) before the same sum; folding the table into the product's gate is what the gate's table is for.</li>
 * <li>The sums are smaller than a general product's: every entry of L_i is odd and in fact 1 + 2^t_i·D_i(c), t_i
 * being the low bits all its entries share with 1 (for l = 3: 1, then o_i + 2), so P·L_i(c) = P + 2^t_i·((P mod
 * 2^w)·D_i(c)) mod 2^n with w = n − t_i: the gate takes D_i and P's low w bits (2(size − 1) + w ciphertexts) and
 * the sum is the w x w triangle plus P's top w bits as one more addend, w(w − 1)/2 ANDs. The higher a chunk,
 * the cheaper its product, which is also why the short chunk is the last.</li>
 * </ol>
 * At n = 32, k = 8 and l = 3 (HK21's benchmark size): e = 30, 29 ANDs and 4 bytes to reveal; chunks at 0, 8, 16
 * and 24 with t = 1, 10, 18, 26: gates of 45, 36, 28 and 16 ciphertexts (2,000 bytes) and sums of 465, 231, 91 and
 * 15 ANDs; 831 ANDs in all, 28,596 bytes with half-gates, where HK21 reports 87 KB. Square-and-multiply
 * ({@link #standard}) would be 31 multiplications, 30,783 ANDs (HK21: 1,024 KB), but its factors are public
 * constants or 1 selected by one bit, whose partial products fold: 3,533 ANDs, 113,056 bytes.
 *
 * <p><b>Even l.</b> With l = 2^s·o (mod 2^n, o odd), l^a = 2^(s·a)·o^a, and 2^(s·a) ≡ 0 mod 2^n once
 * s·a ≥ n: an additive mask would break this (the exponent (a − α) mod 2^n + α may exceed a by 2^n, and l^(2^n)
 * ≡ 0 while l^a need not be), so the odd part o^a is computed as above and a standard circuit shifts it left by
 * s·a: zero unless a &lt; t = ⌈n/s⌉, else a barrel shifter over a's low ⌈log2 t⌉ bits (n muxes for each), a
 * test that a's other bits are 0 and n ANDs to apply it: 160 + 26 + 32 = 218 ANDs at n = 32, s = 1. A power of
 * two gives 2^(s·a) from the shifter alone; l ≡ 0 mod 2^n gives [a = 0].
 *
 * <p>Requirement 2: the evaluator sees only u = (a − α) mod 2^e, uniform over Z_{2^e} for every a since α is
 * (x ↦ x − α is a bijection), so independent of a; the gates and the circuits reveal nothing. Requirement 1:
 * the identities above hold for every α, so the output is l^a mod 2^n whatever the mask.
 */
public final class Power {
    private Power() {
    }

    /**
     * l^a mod 2^n for n-bit a (n at most 64), one-hot.
     *
     * @param l the public base, taken mod 2^n
     * @param a the exponent, n bits (1 to 64)
     * @param k bits of a chunk of the masked exponent, 1 to 16
     * @return l^a mod 2^n, n bits
     * @throws IllegalArgumentException if {@code k} is outside 1 to 16, or {@code a} is not 1 to 64 bits wide
     */
    public static UInt of(long l, SecretValue a, int k) {
        return CoreBridge.module(a.computation(), new Module(l, k), a)[0].asUInt();
    }

    /**
     * HK21 §7.8's standard circuit as the paper states it: n − 1 multiplications of general n-bit secrets, each factor
     * (a_i ? l^(2^i) : 1) selected by a circuit of its own, so no multiplication sees that its factor is nearly
     * constant. {@link #standard} lets the compiler fold those constants, which costs far less.
     *
     * @param l the public base, taken mod 2^n
     * @param a the exponent, n bits
     * @return l^a mod 2^n, n bits
     */
    public static UInt paperStandard(long l, SecretValue a) {
        int n = a.width();
        UInt product = null;
        for (int i = 0; i < n; i++) {
            int bit = i;
            UInt factor = a.computation().apply(List.of("power factor as HK21's standard", l, bit), (b, x) -> {
                BigInteger square = BigInteger.valueOf(l).modPow(BigInteger.ONE.shiftLeft(bit), BigInteger.ONE.shiftLeft(x.width()));
                return b.mux(x.bit(bit), Circuits.constant(b, square, x.width()), b.constant(1, x.width()));
            }, a).asUInt();
            product = product == null ? factor : product.multiply(factor);
        }
        return product;
    }

    /**
     * The standard circuit: square-and-multiply with selects, l^a = Π_i (a_i ? l^(2^i) : 1) mod 2^n, n − 1
     * schoolbook multiplications of n bits (the selects are wiring; factors that are constant, e.g. l^(2^i) ≡ 1
     * for odd l once 2^i is a multiple of l's order, fold away).
     *
     * @param l the public base, taken mod 2^n
     * @param a the exponent, n bits
     * @return l^a mod 2^n, n bits
     */
    public static UInt standard(long l, SecretValue a) {
        return a.computation().apply(List.of("power standard", l), (b, x) -> {
            int n = x.width();
            BigInteger mod = BigInteger.ONE.shiftLeft(n);
            BigInteger square = BigInteger.valueOf(l).mod(mod);
            Bits product = null;
            for (int i = 0; i < n; i++) {
                Bit[] factor = new Bit[n];
                for (int j = 0; j < n; j++) {
                    boolean one = j == 0;
                    boolean power = square.testBit(j);
                    factor[j] = one == power ? b.constant(one) : power ? x.bit(i) : b.not(x.bit(i));
                }
                product = product == null ? Bits.of(factor) : b.multiply(product, Bits.of(factor));
                square = square.multiply(square).mod(mod);
            }
            return product;
        }, a).asUInt();
    }

    /** The module itself, for the engine's one-hot SPI: l^a mod 2^n, exponent chunks of at most k bits. */
    static final class Module implements OneHotModule {
        private final long l;
        private final int k;
        /** Per l, k and input width: the exponent's modulus and the chunks' tables, computed once alike by both parties. */
        private static final Map<List<Object>, Plan> PLANS = new ConcurrentHashMap<>();

        /**
         * l^a mod 2^n (any l, taken mod 2^n), exponent chunks of at most {@code k} bits.
         *
         * @param l the public base
         * @param k bits of a chunk of the masked exponent, 1 to 16
         * @throws IllegalArgumentException if {@code k} is outside 1 to 16
         */
        Module(long l, int k) {
            if (k < 1 || k > OneHotGates.MAX_ONE_HOT_BITS) {
                throw new IllegalArgumentException("chunk size k = " + k + ": 1 to " + OneHotGates.MAX_ONE_HOT_BITS);
            }
            this.l = l;
            this.k = k;
        }

        @Override
        public String name() {
            return l + "^a mod 2^n (k = " + k + ")";
        }

        @Override
        public int[] outputWidths(int... in) {
            if (in[0] < 1 || in[0] > 64) {
                throw new IllegalArgumentException(name() + ": exponents of 1 to 64 bits, not " + in[0]);
            }
            return new int[] {in[0]};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Secret a = in[0];
            int n = a.width();
            outputWidths(n);
            Plan plan = PLANS.computeIfAbsent(List.of(l, k, n), key -> plan(n));
            Secret odd = oddPower(g, a, plan);
            if (plan.shift == 0) {
                return new Secret[] {odd};
            }
            int s = plan.shift;
            if (!plan.odd.equals(BigInteger.ONE)) {
                return new Secret[] {Circuits.call1(g, List.of("onehot power shift", s),
                        (b, x) -> new Bits[] {shifted(b, x[1], x[0], s)}, a, odd)};
            }
            // l a power of two: 2^(s·a) has its bit at a multiple of s, so the circuit gives those bits only (the others,
            // constant 0, would cost a label each as outputs).
            int t = (n + s - 1) / s;
            Secret at = Circuits.call1(g, List.of("onehot power of two", s), (b, x) -> {
                Bits all = shifted(b, Circuits.constant(b, BigInteger.ONE, x[0].width()), x[0], s);
                Bit[] kept = new Bit[t];
                for (int i = 0; i < t; i++) {
                    kept[i] = all.bit(i * s);
                }
                return new Bits[] {Bits.of(kept)};
            }, a);
            int[] from = new int[n];
            for (int j = 0; j < n; j++) {
                from[j] = j % s == 0 ? j / s : -1;
            }
            return new Secret[] {Secret.pick(at, from, Circuits.publicValue(g, BigInteger.ZERO, 1))};
        }

        /** ⟦o^a mod 2^n⟧ for the odd part o of l, as the class comment says. */
        private static Secret oddPower(OneHotGates g, Secret a, Plan plan) {
            int n = a.width();
            int e = plan.exponentBits;
            BigInteger mod = BigInteger.ONE.shiftLeft(n);
            if (e == 0) {
                return Circuits.publicValue(g, BigInteger.ONE, n);
            }
            GarblerKnown alpha = g.uniform(e);
            Secret masked = Circuits.call1(g, "onehot power subtract", (b, x) -> new Bits[] {b.subtract(x[0], x[1])}, a.slice(0, e),
                    g.constant(alpha));
            Masked u = g.reveal(masked);
            Secret product = g.constant(alpha.map(n, v -> BitString.of(plan.odd.modPow(v.toBigInteger(), mod), n)));
            for (int i = 0; i < plan.tables.length; i++) {
                // P·(1 + 2^t·D) = P + 2^t·(P·D): the low t bits stay, the others gain the low w bits of (P mod 2^w)·D.
                int t = plan.ones[i];
                int w = n - t;
                int from = plan.offsets[i];
                Secret partials = g.oneHot(u.slice(from, from + plan.tables[i].inBits()), product.slice(0, w), plan.tables[i]);
                Secret high = ColumnSum.of(g, partials, w, w, w, product.slice(t, n));
                product = Secret.concat(product.slice(0, t), high);
            }
            return product;
        }

        /**
         * z·(v·2^(s·a)) mod 2^n, z = [a &lt; ⌈n/s⌉]: a barrel shifter over a's low bits (level i shifts by s·2^i where
         * a_i is set) and the zero test of a against the bound.
         */
        private static Bits shifted(CircuitBuilder b, Bits v, Bits a, int s) {
            int n = v.width();
            int t = (n + s - 1) / s;
            int bits = 32 - Integer.numberOfLeadingZeros(t - 1);
            Bits low = a.slice(0, Math.min(bits, a.width()));
            Bit zero = b.constant(false);
            for (int i = 0; i < low.width(); i++) {
                long by = (long) s << i;
                Bit[] next = new Bit[n];
                for (int j = 0; j < n; j++) {
                    Bit moved = j >= by ? v.bit((int) (j - by)) : zero;
                    next[j] = b.mux(low.bit(i), moved, v.bit(j));
                }
                v = Bits.of(next);
            }
            Bit small = b.constant(true);
            if (bits < a.width()) {
                Bits high = a.slice(bits, a.width());
                small = b.equal(high, Circuits.constant(b, BigInteger.ZERO, high.width()));
            }
            if (t < 1 << bits) {
                small = b.and(small, b.lessThan(low, Circuits.constant(b, BigInteger.valueOf(t), low.width())));
            }
            Bit[] out = new Bit[n];
            for (int j = 0; j < n; j++) {
                out[j] = b.and(small, v.bit(j));
            }
            return Bits.of(out);
        }

        /**
         * For n-bit exponents: l mod 2^n = 2^shift·odd with odd odd (or 1 when l ≡ 0, shift = n); the order of odd is
         * 2^exponentBits; chunks of the masked exponent at {@code offsets}, whose powers odd^(c·2^offset) are all
         * 1 + 2^ones·D(c): the tables give D in n − ones bits.
         */
        private record Plan(int shift, BigInteger odd, int exponentBits, int[] offsets, int[] ones, TruthTable[] tables) {
        }

        private Plan plan(int n) {
            BigInteger mod = BigInteger.ONE.shiftLeft(n);
            BigInteger ln = BigInteger.valueOf(l).mod(mod);
            int shift = ln.signum() == 0 ? n : ln.getLowestSetBit();
            BigInteger odd = ln.signum() == 0 ? BigInteger.ONE : ln.shiftRight(shift);
            int e = 0;
            for (BigInteger p = odd; !p.equals(BigInteger.ONE); p = p.multiply(p).mod(mod)) {
                e++;
            }
            // k-bit chunks from the bottom, the last one shorter: the higher a chunk, the more low bits its powers share
            // with 1, so the shorter chunk is where its product is cheapest anyway.
            int chunks = (e + k - 1) / k;
            int[] offsets = new int[chunks];
            int[] ones = new int[chunks];
            TruthTable[] tables = new TruthTable[chunks];
            for (int i = 0; i < chunks; i++) {
                int from = i * k;
                int size = Math.min(k, e - from);
                BigInteger[] powers = new BigInteger[1 << size];
                int t = n;
                for (int c = 0; c < powers.length; c++) {
                    powers[c] = odd.modPow(BigInteger.valueOf(c).shiftLeft(from), mod);
                    BigInteger less = powers[c].subtract(BigInteger.ONE);
                    if (less.signum() != 0) {
                        t = Math.min(t, less.getLowestSetBit());
                    }
                }
                // o^(c·2^from) ≠ 1 for c = 1 as from < e, so t < n.
                int low = t;
                offsets[i] = from;
                ones[i] = t;
                tables[i] = TruthTable.of(size, n - t, c -> powers[(int) c].subtract(BigInteger.ONE).shiftRight(low).longValue());
            }
            return new Plan(shift, odd, e, offsets, ones, tables);
        }

        @Override
        public BitString[] definition(BitString... in) {
            int n = in[0].width();
            BigInteger mod = BigInteger.ONE.shiftLeft(n);
            return new BitString[] {BitString.of(BigInteger.valueOf(l).mod(mod).modPow(in[0].toBigInteger(), mod), n)};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module p && p.l == l && p.k == k;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(l) * 31 + k;
        }
    }
}
