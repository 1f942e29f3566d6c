package io.yaostream.compiler.dsl;

import io.yaostream.compiler.ir.Netlist;

import java.util.Arrays;

/**
 * The arithmetic constructions behind {@link CircuitBuilder}, over netlist literals (bit 0 least significant).
 *
 * <p>Adders, comparisons and counting all rest on {@link #fullAdder}, which needs a single AND thanks to
 * free XOR (the construction of Kolesnikov, Sadeghi and Schneider). Operand widths are checked by the caller.
 */
final class Arithmetic {
    private final Netlist net;

    Arithmetic(Netlist net) {
        this.net = net;
    }

    /** Sum and carry bit of one full adder. */
    record Adder(int sum, int carry) {
    }

    /**
     * {@code a + b + c} with one AND and four XORs: {@code carry = c ^ ((a ^ c) & (b ^ c))} (the majority:
     * when {@code a ^ c} and {@code b ^ c} are both set, a and b agree and differ from c) and
     * {@code sum = (a ^ c) ^ b}, sharing {@code a ^ c}. With {@code c} constant false the netlist folds it
     * into the half adder {@code a & b}, {@code a ^ b}.
     */
    Adder fullAdder(int a, int b, int c) {
        int ac = net.xor(a, c);
        int carry = net.xor(c, net.and(ac, net.xor(b, c)));
        return new Adder(net.xor(ac, b), carry);
    }

    /**
     * {@code a + b + carryIn} as {@code a.length} sum bits, followed by the carry out when {@code withCarryOut}:
     * one full adder per bit, so n ANDs with the carry out and n-1 without (the unused last carry is a dead
     * gate, which compilation removes).
     */
    int[] add(int[] a, int[] b, int carryIn, boolean withCarryOut) {
        int n = a.length;
        int[] out = new int[withCarryOut ? n + 1 : n];
        int c = carryIn;
        for (int i = 0; i < n; i++) {
            Adder adder = fullAdder(a[i], b[i], c);
            out[i] = adder.sum();
            c = adder.carry();
        }
        if (withCarryOut) {
            out[n] = c;
        }
        return out;
    }

    /** Carry out of {@code a + b + carryIn} without the sum bits: n ANDs. */
    int carryOut(int[] a, int[] b, int carryIn) {
        int c = carryIn;
        for (int i = 0; i < a.length; i++) {
            c = fullAdder(a[i], b[i], c).carry(); // the sum bits are dead gates
        }
        return c;
    }

    /** {@code a - b} mod 2^n, as {@code a + ~b + 1}: n-1 ANDs. */
    int[] subtract(int[] a, int[] b) {
        return add(a, not(b), Netlist.TRUE, false);
    }

    /**
     * Unsigned {@code a < b}. The carry out of {@code b + ~a} is set exactly when {@code b - a - 1 >= 0},
     * that is when {@code b > a}: n ANDs and no sum bits.
     */
    int lessThan(int[] a, int[] b) {
        return carryOut(b, not(a), Netlist.FALSE);
    }

    /**
     * The smaller ({@code max} false) or larger of two unsigned values: 2n ANDs, and only two temporaries
     * besides the operands. With {@code d = x ⊕ y} the comparison's carry chain simplifies: the carry of
     * {@code x + ¬y} (set at the end exactly when y < x) is {@code c' = maj(x, ¬y, c)}, which is c where x and y
     * agree and x where they differ, so {@code c' = c ⊕ (d ∧ (x ⊕ c))}: one AND per bit. Then
     * {@code min = x ⊕ (lt ∧ d)}. The d bits replace y's (y is not read again), which is what keeps a fold of many
     * values at the working set of its inputs plus two (ME-SFE's 10,002 for 500 values of 20 bits).
     */
    int[] minOrMax(int[] x, int[] y, boolean max) {
        return minOrMaxEach(new int[][] {x}, new int[][] {y}, max)[0];
    }

    /**
     * {@link #minOrMax} of pairs {@code (x[j], y[j])}, bit by bit across the pairs: the carry chains advance together,
     * so bit i's ANDs of all the pairs are independent of one another and consecutive, and the compiler batches them
     * (one chain alone leaves an AND batch per bit). Two temporaries per pair.
     */
    int[][] minOrMaxEach(int[][] x, int[][] y, boolean max) {
        int m = x.length;
        int n = m == 0 ? 0 : x[0].length;
        int[][] d = new int[m][n];
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < n; i++) {
                d[j][i] = net.xor(x[j][i], y[j][i]);
            }
        }
        int[] lt = new int[m]; // y[j] < x[j]
        Arrays.fill(lt, Netlist.FALSE);
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                lt[j] = net.xor(lt[j], net.and(d[j][i], net.xor(x[j][i], lt[j])));
            }
        }
        int[][] out = new int[m][n];
        for (int j = 0; j < m; j++) {
            for (int i = 0; i < n; i++) {
                out[j][i] = net.xor(max ? y[j][i] : x[j][i], net.and(lt[j], d[j][i]));
            }
        }
        return out;
    }

    /** {@code a == b}: bitwise XNOR (free) and a balanced AND tree, n-1 ANDs. */
    int equal(int[] a, int[] b) {
        int[] same = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            same[i] = Netlist.not(net.xor(a[i], b[i]));
        }
        return andAll(same);
    }

    /** AND of all literals as a balanced tree (depth log n): n-1 ANDs, true for none. */
    int andAll(int[] lits) {
        if (lits.length == 0) {
            return Netlist.TRUE;
        }
        int[] level = lits.clone();
        int n = level.length;
        while (n > 1) {
            int half = 0;
            for (int i = 0; i + 1 < n; i += 2) {
                level[half++] = net.and(level[i], level[i + 1]);
            }
            if ((n & 1) != 0) {
                level[half++] = level[n - 1];
            }
            n = half;
        }
        return level[0];
    }

    /**
     * The number of set bits, as {@code bitLength(n)} = ceil(log2(n+1)) bits.
     *
     * <p>Column compression, as in Boyar–Peralta's counting circuit: each column holds bits of one weight
     * 2^j. While it has three, a full adder replaces them by a sum in the same column and a carry into the
     * next; two left take a half adder; one left is bit j of the count. Column j receives floor(n/2^j) bits
     * and makes floor(n/2^(j+1)) carries, one AND each, so the total is sum_j floor(n/2^j) = n - popcount(n)
     * ANDs (896 for n = 900). Columns are worked as queues, so sums join at the back and the tree stays
     * shallow (log depth per column).
     */
    int[] hammingWeight(int[] bits) {
        int width = 32 - Integer.numberOfLeadingZeros(bits.length);
        int[] count = new int[width];
        int[] column = bits;
        for (int j = 0; j < width; j++) {
            int size = column.length;
            // A queue in a flat array: each full adder takes three from the head and puts one at the tail,
            // so at most size/2 sums are ever appended.
            int[] queue = Arrays.copyOf(column, size + size / 2);
            int head = 0;
            int tail = size;
            int[] carries = new int[size / 2];
            int carryCount = 0;
            while (tail - head >= 2) {
                int a = queue[head++];
                int b = queue[head++];
                int c = tail - head >= 1 ? queue[head++] : Netlist.FALSE; // two left: half adder
                Adder adder = fullAdder(a, b, c);
                carries[carryCount++] = adder.carry();
                queue[tail++] = adder.sum();
            }
            count[j] = queue[head];
            column = carries;
        }
        return count;
    }

    static int[] not(int[] lits) {
        int[] out = new int[lits.length];
        for (int i = 0; i < lits.length; i++) {
            out[i] = Netlist.not(lits[i]);
        }
        return out;
    }
}
