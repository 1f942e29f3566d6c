package io.yaostream.onehot;

import io.yaostream.SecretValue;
import io.yaostream.UInt;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.internal.CoreBridge;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * a mod l for a secret n-bit a and a public l (HK21 §7.7, Appendix B.5, Figure 11): the result in
 * ⌈log2 l⌉ bits. The garbler masks a with a uniform α, the evaluator sees the masked value and reduces it chunk
 * by chunk with one-hot lookups, and standard circuits add the chunks' residues and take the mask off mod l.
 *
 * <p>Figure 11 reveals (a + α) mod M·l for α uniform in Z_{M·l} and M·l ≥ 2^n. This module takes the modulus of
 * the reveal to be 2^n instead, which no multiple of an l that is not a power of two is, and keeps the wrap:
 * u = (a + α) mod 2^n and w = the carry of a + α, so a + α = u + w·2^n and
 * <pre>  a ≡ u + w·(2^n mod l) − α  (mod l).</pre>
 * The carry costs one AND more than the addition (n in all), where reducing mod M·l would cost a comparison
 * and a selection of ⌈log2 M·l⌉ bits more (about 2n ANDs) and, with M·l above 2^n, one bit more to chunk; the
 * wrap's term instead joins the garbler's, as below. Cheaper than any M.
 *
 * <p>Steps, for L = ⌈log2 l⌉ and chunks of at most k bits:
 * <ol>
 * <li>⟦a + α⟧ in n + 1 bits, α uniform in Z_{2^n} (a standard adder, n ANDs); Reveal u, its low n bits (n bits of
 * colours); Color w, its carry (free): the evaluator sees w ⊕ ρ.</li>
 * <li>u's low L bits are a term as they are (below 2^L &lt; 2l). The other n − L bits are cut into ⌈(n − L)/k⌉
 * chunks c_i at offsets o_i, of sizes as equal as can be, each reduced by a one-hot lookup with the public table
 * c ↦ (c·2^o_i) mod l: 2(size − 1) + 1 ciphertexts each.</li>
 * <li>The garbler's term (w·(2^n mod l) − α) mod l is γ_0 or γ_1 (garbler constants) as w is 0 or 1:
 * γ_ρ ⊕ (w ⊕ ρ)·(γ_0 ⊕ γ_1), the product from a one-hot gate on the seen w ⊕ ρ with the garbler constant
 * γ_0 ⊕ γ_1 as its b: L ciphertexts (AND gates would cost twice that).</li>
 * <li>A standard circuit adds the terms in the bits their bounds need (the tables' largest entries, not l − 1),
 * then reduces the sum, below (terms)·l, by conditional subtractions of l·2^j: lazily, once, rather than mod l
 * after every addition.</li>
 * </ol>
 *
 * <p>At n = 32, l = 65521, k = 8 (HK21's benchmark): 32 ANDs and 4 bytes to reveal, two 8-bit lookups (30
 * ciphertexts), the wrap's gate (16), and a sum of 4 terms below 200,161 (49 ANDs) reduced in two steps, by 2l and
 * by l (62 ANDs): 143 ANDs, 46 ciphertexts and 4 bytes, 5,316 bytes with half-gates, where HK21 reports 10.5 KB.
 * The standard circuit ({@link #standard}) is 17 conditional subtractions, 526 ANDs, 16,832 bytes (HK21's took
 * 35.1 KB, its subtractions over all 32 bits).
 *
 * <p>Requirement 2: the evaluator sees u and w ⊕ ρ. For any a, u = (a + α) mod 2^n is uniform over Z_{2^n} since
 * α is (a + · is a bijection of Z_{2^n}), so u is independent of a; ρ is the colour of w's label, uniform and
 * independent of everything else the evaluator sees (HK21's Color gate), so w ⊕ ρ is a uniform bit independent
 * of a and of u. The lookups and the gate reveal nothing. The reduction is exact for every α, so the output is
 * a mod l whatever the masks (Requirement 1).
 *
 * <p>When l is a power of two the result is a's low bits, and when l ≥ 2^n it is a itself: both free.
 */
public final class ModReduce {
    private ModReduce() {
    }

    /**
     * a mod l in ⌈log2 l⌉ bits, one-hot.
     *
     * @param a the value, n bits
     * @param l the public modulus, 2 to 2^62 − 1
     * @param k bits of a chunk of the masked value, 1 to 16
     * @return a mod l, ⌈log2 l⌉ bits
     * @throws IllegalArgumentException if {@code l} or {@code k} is out of range
     */
    public static UInt of(SecretValue a, long l, int k) {
        return CoreBridge.module(a.computation(), new Module(l, k), a)[0].asUInt();
    }

    /**
     * The standard circuit: a mod l by conditional subtractions of l·2^j from the largest that fits in n bits
     * down to l (HK21 §7.7's), each in the bits its bound needs.
     *
     * @param a the value, n bits
     * @param l the public modulus, at least 2
     * @return a mod l, ⌈log2 l⌉ bits
     * @throws IllegalArgumentException if {@code l} is below 2
     */
    public static UInt standard(SecretValue a, long l) {
        if (l < 2) {
            throw new IllegalArgumentException("modulus l = " + l + ": at least 2");
        }
        int bits = 64 - Long.numberOfLeadingZeros(l - 1);
        BigInteger ll = BigInteger.valueOf(l);
        return a.computation().apply(List.of("mod standard", l), (b, x) -> {
            BoundedArithmetic.Value v = new BoundedArithmetic.Value(x, BigInteger.ONE.shiftLeft(x.width()).subtract(BigInteger.ONE));
            return Circuits.resize(BoundedArithmetic.reduce(b, v, ll).bits(), bits);
        }, a).asUInt();
    }

    /**
     * HK21 §7.7's standard circuit as the paper states it: for j from 15 down to 0 (on 32 bits), subtract l·2^j
     * where it does not go below zero, each step a full-width subtraction whose borrow selects (about 2n AND gates
     * a step). {@link #standard} is cheaper, narrowing each step to the bits its bound needs.
     *
     * @param a the value, n bits
     * @param l the public modulus, at least 2
     * @return a mod l, ⌈log2 l⌉ bits
     * @throws IllegalArgumentException if {@code l} is below 2
     */
    public static UInt paperStandard(SecretValue a, long l) {
        if (l < 2) {
            throw new IllegalArgumentException("modulus l = " + l + ": at least 2");
        }
        int bits = 64 - Long.numberOfLeadingZeros(l - 1);
        return a.computation().apply(List.of("mod as HK21's standard", l), (b, x) -> {
            int n = x.width();
            Bits v = x;
            for (int j = n - bits; j >= 0; j--) {
                BigInteger c = BigInteger.valueOf(l).shiftLeft(j);
                if (c.bitLength() > n) {
                    continue;
                }
                Bits d = b.subtract(v.zeroExtend(n + 1), Circuits.constant(b, c, n + 1));
                v = b.mux(d.bit(n), v, d.slice(0, n)); // a borrow: l·2^j did not fit
            }
            return Circuits.resize(v, bits);
        }, a).asUInt();
    }

    /** The module itself, for the engine's one-hot SPI: a mod l, chunks of at most k bits. */
    static final class Module implements OneHotModule {
        private final long l;
        private final int k;
        private final int outBits;
        /** The chunks' tables, per l, k and input width: computed once, both parties compute them alike. */
        private static final Map<List<Object>, Plan> PLANS = new ConcurrentHashMap<>();

        /**
         * a mod {@code l} (2 ≤ l &lt; 2^62), chunks of at most {@code k} bits.
         *
         * @param l the public modulus, 2 to 2^62 − 1
         * @param k bits of a chunk of the masked value, 1 to 16
         * @throws IllegalArgumentException if {@code l} or {@code k} is out of range
         */
        Module(long l, int k) {
            if (l < 2 || l >= 1L << 62) {
                throw new IllegalArgumentException("modulus l = " + l + ": 2 to 2^62 - 1");
            }
            if (k < 1 || k > OneHotGates.MAX_ONE_HOT_BITS) {
                throw new IllegalArgumentException("chunk size k = " + k + ": 1 to " + OneHotGates.MAX_ONE_HOT_BITS);
            }
            this.l = l;
            this.k = k;
            this.outBits = 64 - Long.numberOfLeadingZeros(l - 1);
        }

        @Override
        public String name() {
            return "mod " + l + " (k = " + k + ")";
        }

        @Override
        public int[] outputWidths(int... in) {
            return new int[] {outBits};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Secret a = in[0];
            int n = a.width();
            if (Long.bitCount(l) == 1 && outBits <= n) {
                return new Secret[] {a.slice(0, outBits)};
            }
            if (n < 63 && l >= 1L << n) {
                return new Secret[] {Secret.concat(a, Circuits.publicValue(g, BigInteger.ZERO, outBits - n))};
            }
            Plan plan = PLANS.computeIfAbsent(List.of(l, k, n), key -> plan(n));
            BigInteger ll = BigInteger.valueOf(l);
            GarblerKnown alpha = g.uniform(n);
            Secret sum = Circuits.call1(g, "onehot mod add", (b, x) -> new Bits[] {b.addWithCarry(x[0], x[1])}, a, g.constant(alpha));
            Masked u = g.reveal(sum.slice(0, n));
            Masked w = g.color(sum.slice(n, n + 1));

            List<Secret> terms = new ArrayList<>();
            terms.add(u.secret().slice(0, plan.low));
            for (int i = 0; i < plan.tables.length; i++) {
                int from = plan.offsets[i];
                terms.add(g.lookup(u.slice(from, from + plan.tables[i].inBits()), plan.tables[i]));
            }
            // γ_0 = −α mod l and γ_1 = (2^n − α) mod l: the garbler's term is γ_w = γ_ρ ⊕ (w ⊕ ρ)·(γ_0 ⊕ γ_1).
            BigInteger wrap = BigInteger.ONE.shiftLeft(n).mod(ll);
            GarblerKnown both = alpha.combine(w.mask(), 2 * outBits, (av, rho) -> {
                BigInteger g0 = av.toBigInteger().negate().mod(ll);
                BigInteger g1 = g0.add(wrap).mod(ll);
                BigInteger seen = rho.get(0) ? g1 : g0;
                return BitString.of(seen.or(g0.xor(g1).shiftLeft(outBits)), 2 * outBits);
            });
            ProgramContext ctx = g.context();
            Secret flip = g.oneHot(w, g.constant(both.slice(outBits, 2 * outBits)), TruthTable.identity(1));
            terms.add(ctx.xor(g.constant(both.slice(0, outBits)), flip));
            return new Secret[] {Circuits.call1(g, List.of("onehot mod sum", l, k, n), (b, t) -> new Bits[] {sum(b, t, plan)},
                    terms.toArray(new Secret[0]))};
        }

        /** The terms' sum mod l: added smallest bounds first, then reduced once. */
        private Bits sum(CircuitBuilder b, Bits[] terms, Plan plan) {
            BigInteger ll = BigInteger.valueOf(l);
            List<BoundedArithmetic.Value> values = new ArrayList<>();
            for (int i = 0; i < terms.length; i++) {
                values.add(BoundedArithmetic.Value.of(terms[i], plan.maxima[i]));
            }
            while (values.size() > 1) {
                values.sort((x, y) -> x.max().compareTo(y.max()));
                values.add(BoundedArithmetic.add(b, values.remove(0), values.remove(0)));
            }
            return Circuits.resize(BoundedArithmetic.reduce(b, values.get(0), ll).bits(), outBits);
        }

        /**
         * How an n-bit value is cut: its low {@code low} bits as they are, then chunks at {@code offsets} with their
         * tables; {@code maxima} bound the terms (the low bits, each table's largest entry, the garbler's term).
         */
        private record Plan(int low, int[] offsets, TruthTable[] tables, BigInteger[] maxima) {
        }

        private Plan plan(int n) {
            int low = Math.min(n, outBits);
            int rest = n - low;
            int chunks = (rest + k - 1) / k;
            int[] offsets = new int[chunks];
            TruthTable[] tables = new TruthTable[chunks];
            BigInteger[] maxima = new BigInteger[chunks + 2];
            maxima[0] = BigInteger.ONE.shiftLeft(low).subtract(BigInteger.ONE);
            BigInteger ll = BigInteger.valueOf(l);
            int at = low;
            for (int i = 0; i < chunks; i++) {
                int size = rest / chunks + (i < rest % chunks ? 1 : 0);
                long weight = BigInteger.ONE.shiftLeft(at).mod(ll).longValue();
                offsets[i] = at;
                tables[i] = TruthTable.of(size, outBits, c -> BigInteger.valueOf(c).multiply(BigInteger.valueOf(weight)).mod(ll).longValue());
                long max = 0;
                for (int c = 0; c < 1 << size; c++) {
                    max = Math.max(max, tables[i].row(c));
                }
                maxima[i + 1] = BigInteger.valueOf(max);
                at += size;
            }
            maxima[chunks + 1] = ll.subtract(BigInteger.ONE);
            return new Plan(low, offsets, tables, maxima);
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {BitString.of(in[0].toBigInteger().mod(BigInteger.valueOf(l)), outBits)};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module m && m.l == l && m.k == k;
        }

        @Override
        public int hashCode() {
            return Long.hashCode(l) * 31 + k;
        }
    }
}
