package io.yaostream.core.garble;

import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.LabelHash;

/**
 * The one-hot outer-product gate of Heath–Kolesnikov (CCS 2021, Fig. 3), with a truth table folded in:
 * from sharings of an n-bit a (whose value the evaluator knows) and an m-bit b, sharings of T(f)ᵀ · (H(a) ⊗ b).
 * One instance per party and session, reused for every gate (its scratch grows to the widest gate, then stays).
 *
 * <p>The garbler expands a tree of seeds whose level 0 is its share A of a's top bit (node x is A ⊕ (1 − x)Δ);
 * node j of a level has children 2j and 2j + 1, so leaf i is where a = i. At each further level it sends the XOR
 * of the even and of the odd nodes, encrypted under its share of that level's bit with Δ and without: the
 * evaluator, who holds every node but the one on the path to a, decrypts the sum that gives her the path node's
 * sibling. At the leaves both hash each leaf once per bit of b; the garbler sends, per bit j of b, the XOR of all
 * its hashes with its share of b_j, from which the evaluator, missing only leaf a, gets its hash XOR b_jΔ. Each
 * party's shares of H(a) ⊗ b are its hashes, row a of the evaluator's replaced so; folding T(f) XORs row i into
 * the outputs where f(i) has a one. Sent: 2(n − 1) + m blocks.
 *
 * <p>Every hash has a tweak of its own in {@link LabelHash#ONE_HOT_DOMAIN}: per gate, from a session counter both
 * parties advance alike, first the tree nodes of levels 1 to n − 1 (level l from 2^(l+1) − 4), then the two level
 * ciphertexts of each level, then leaf i's hash for bit j at i·m + j.
 */
public final class OneHotGate {
    /** Leaf hashes per kernel call (blocks), so scratch stays small whatever the gate. */
    private static final int LEAF_BATCH = 2048;

    private final Kernel kernel;
    private long nextTweak;
    private long[] level = new long[0];
    private long[] next = new long[0];
    private long[] hashes = new long[2 * LEAF_BATCH];
    private long[] columns = new long[0];
    private final long[] pair = new long[4];
    private final long[] pairHash = new long[4];

    public OneHotGate(Kernel kernel) {
        this.kernel = kernel;
    }

    /** Ciphertext blocks a gate sends: 2(n − 1) + m. */
    public static int ciphertexts(int n, int m) {
        return 2 * (n - 1) + m;
    }

    /** Hash tweaks a gate uses. */
    static long tweaks(int n, int m) {
        return (1L << (n + 1)) - 4 + 2L * (n - 1) + ((long) m << n);
    }

    /**
     * The garbler's side. {@code a}: its shares of a's n bits (bit i at block i); {@code b}: of b's m bits;
     * {@code rows}: f(i) for each i below 2^n, of {@code r} bits; writes its shares of the r·m outputs (bit o of f
     * times bit j of b at block o·m + j) to {@code out} and the gate's ciphertexts to {@code cts}.
     */
    public void garble(long deltaLo, long deltaHi, long[] a, int n, long[] b, int m, long[] rows, int r, long[] out, long[] cts) {
        long base = start(n, m);
        long lo = a[2 * (n - 1)];
        long hi = a[2 * (n - 1) + 1];
        level[0] = lo ^ deltaLo;
        level[1] = hi ^ deltaHi;
        level[2] = lo;
        level[3] = hi;
        long levelTweaks = base + (1L << (n + 1)) - 4;
        for (int l = 1; l < n; l++) {
            int parents = 1 << l;
            kernel.crHashExpand(level, 0, parents, 2, base + (1L << (l + 1)) - 4, LabelHash.ONE_HOT_DOMAIN, next);
            long evenLo = 0;
            long evenHi = 0;
            long oddLo = 0;
            long oddHi = 0;
            for (int j = 0; j < 2 * parents; j += 2) {
                evenLo ^= next[2 * j];
                evenHi ^= next[2 * j + 1];
                oddLo ^= next[2 * j + 2];
                oddHi ^= next[2 * j + 3];
            }
            int bit = n - 1 - l;
            pair[0] = a[2 * bit] ^ deltaLo;
            pair[1] = a[2 * bit + 1] ^ deltaHi;
            pair[2] = a[2 * bit];
            pair[3] = a[2 * bit + 1];
            kernel.crHashRange(pair, levelTweaks + 2L * (l - 1), LabelHash.ONE_HOT_DOMAIN, pairHash, 2);
            int c = 2 * (l - 1);
            cts[2 * c] = pairHash[0] ^ evenLo;
            cts[2 * c + 1] = pairHash[1] ^ evenHi;
            cts[2 * c + 2] = pairHash[2] ^ oddLo;
            cts[2 * c + 3] = pairHash[3] ^ oddHi;
            swapLevels();
        }
        leaves(n, m, rows, r, out, levelTweaks + 2L * (n - 1), -1);
        int c = 2 * (n - 1);
        for (int j = 0; j < m; j++) {
            cts[2 * (c + j)] = columns[2 * j] ^ b[2 * j];
            cts[2 * (c + j) + 1] = columns[2 * j + 1] ^ b[2 * j + 1];
        }
    }

    /**
     * The evaluator's side: {@code a} and {@code b} her shares, {@code seen} the value of a she knows, {@code cts}
     * the garbler's ciphertexts; writes her shares of the outputs to {@code out}.
     */
    public void evaluate(long[] a, int n, int seen, long[] b, int m, long[] rows, int r, long[] out, long[] cts) {
        long base = start(n, m);
        // Her share of the top bit is node 1 - a_top; node a_top, on the path, she lacks (zero stands in for it).
        int path = (seen >>> (n - 1)) & 1;
        level[2 * (1 - path)] = a[2 * (n - 1)];
        level[2 * (1 - path) + 1] = a[2 * (n - 1) + 1];
        level[2 * path] = 0;
        level[2 * path + 1] = 0;
        long levelTweaks = base + (1L << (n + 1)) - 4;
        for (int l = 1; l < n; l++) {
            int parents = 1 << l;
            kernel.crHashExpand(level, 0, parents, 2, base + (1L << (l + 1)) - 4, LabelHash.ONE_HOT_DOMAIN, next);
            int bit = (seen >>> (n - 1 - l)) & 1;
            int onPath = 2 * path + bit;
            int sibling = 2 * path + 1 - bit;
            next[2 * onPath] = 0;
            next[2 * onPath + 1] = 0;
            next[2 * sibling] = 0;
            next[2 * sibling + 1] = 0;
            // Her share is A ⊕ Δ when the bit is 1 (she decrypts the even sum, the sibling being even), A when 0.
            int which = 1 - bit;
            pair[0] = a[2 * (n - 1 - l)];
            pair[1] = a[2 * (n - 1 - l) + 1];
            kernel.crHashRange(pair, levelTweaks + 2L * (l - 1) + which, LabelHash.ONE_HOT_DOMAIN, pairHash, 1);
            int c = 2 * (l - 1) + which;
            long lo = pairHash[0] ^ cts[2 * c];
            long hi = pairHash[1] ^ cts[2 * c + 1];
            for (int j = which; j < 2 * parents; j += 2) {
                lo ^= next[2 * j];
                hi ^= next[2 * j + 1];
            }
            next[2 * sibling] = lo;
            next[2 * sibling + 1] = hi;
            path = onPath;
            swapLevels();
        }
        leaves(n, m, rows, r, out, levelTweaks + 2L * (n - 1), seen);
        // Row a: the XOR of all the garbler's hashes and his share of b, less the hashes she has, plus her share of b.
        int c = 2 * (n - 1);
        long row = rows[seen];
        for (int j = 0; j < m; j++) {
            long lo = columns[2 * j] ^ cts[2 * (c + j)] ^ b[2 * j];
            long hi = columns[2 * j + 1] ^ cts[2 * (c + j) + 1] ^ b[2 * j + 1];
            for (long bits = row; bits != 0; bits &= bits - 1) {
                int o = Long.numberOfTrailingZeros(bits);
                out[2 * (o * m + j)] ^= lo;
                out[2 * (o * m + j) + 1] ^= hi;
            }
        }
    }

    /** Tweaks claimed so far. */
    public long tweaksUsed() {
        return nextTweak;
    }

    /** Claims the gate's tweaks and makes room for it. */
    private long start(int n, int m) {
        long base = nextTweak;
        nextTweak += tweaks(n, m);
        int leaves = 1 << n;
        if (level.length < 2 * leaves) {
            level = new long[2 * leaves];
            next = new long[2 * leaves];
        }
        if (columns.length < 2 * m) {
            columns = new long[2 * m];
        }
        if (hashes.length < 2 * m) {
            hashes = new long[2 * m];
        }
        return base;
    }

    /** The leaf stage ({@link Kernel#oneHotLeaves}): every leaf but {@code skip} (-1: none) hashed and folded. */
    private void leaves(int n, int m, long[] rows, int r, long[] out, long first, int skip) {
        kernel.oneHotLeaves(level, 1 << n, m, first, LabelHash.ONE_HOT_DOMAIN, rows, r, skip, out, columns, hashes);
    }

    private void swapLevels() {
        long[] t = level;
        level = next;
        next = t;
    }
}
