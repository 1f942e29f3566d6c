package io.yaostream.core.kernel;

import java.util.Arrays;

/**
 * The leaf stage of a one-hot gate (HK21 Fig. 3), the part that costs 2^n·m hashes: every leaf seed hashed once per
 * bit of b, each hash XORed into its column's sum and into the outputs the leaf's row of the truth table selects.
 * This is the definition {@link Kernel#oneHotLeaves} gives by default; a kernel may do it all in its own language.
 */
public final class OneHotLeaves {
    private OneHotLeaves() {
    }

    /**
     * For every leaf i below {@code leaves} but {@code skip} (-1: none), with X_ij = H(seeds[i], (first + i·m + j,
     * domain)): {@code columns[j] = ⊕ X_ij} and {@code out[o·m + j] = ⊕ X_ij} over the leaves whose {@code rows[i]}
     * has bit o (o below r). Both are overwritten. {@code scratch} holds at least 2m longs; more lets the hashes of
     * several leaves go through one kernel call. The arguments must pass {@link #check}.
     */
    public static void hashAndFold(Kernel kernel, long[] seeds, int leaves, int m, long first, long domain, long[] rows, int r,
                                   int skip, long[] out, long[] columns, long[] scratch) {
        check(seeds, leaves, m, rows, r, out, columns, scratch);
        Arrays.fill(columns, 0, 2 * m, 0L);
        Arrays.fill(out, 0, 2 * r * m, 0L);
        int perCall = Math.max(1, Math.min(leaves, scratch.length / (2 * m)));
        for (int from = 0; from < leaves; from += perCall) {
            int count = Math.min(perCall, leaves - from);
            kernel.crHashExpand(seeds, from, count, m, first + (long) from * m, domain, scratch);
            for (int k = 0; k < count; k++) {
                int i = from + k;
                if (i == skip) {
                    continue;
                }
                int h = 2 * k * m;
                for (int j = 0; j < 2 * m; j++) {
                    columns[j] ^= scratch[h + j];
                }
                for (long bits = rows[i]; bits != 0; bits &= bits - 1) {
                    int o = 2 * Long.numberOfTrailingZeros(bits) * m;
                    for (int j = 0; j < 2 * m; j++) {
                        out[o + j] ^= scratch[h + j];
                    }
                }
            }
        }
    }

    /**
     * What every kernel requires of {@link #hashAndFold}'s arguments, so that all refuse the same calls (a kernel in
     * another language trusts them): {@code leaves} ≥ 0, m ≥ 1, 0 ≤ r ≤ 64; {@code seeds} holding the leaves' blocks,
     * {@code rows} a row for each, every row below 2^r; {@code out} r·m blocks, {@code columns} and {@code scratch}
     * m each; and the three arrays written distinct from each other and from the two read.
     *
     * @throws IllegalArgumentException otherwise
     */
    public static void check(long[] seeds, int leaves, int m, long[] rows, int r, long[] out, long[] columns,
                             long[] scratch) {
        if (leaves < 0 || m < 1 || r < 0 || r > 64) {
            throw new IllegalArgumentException("one-hot leaves: " + leaves + " leaves, m " + m + ", r " + r);
        }
        if (seeds.length < 2L * leaves || rows.length < leaves) {
            throw new IllegalArgumentException("one-hot leaves: " + seeds.length + " seed longs and " + rows.length
                    + " rows for " + leaves + " leaves");
        }
        if (out.length < 2L * r * m || columns.length < 2L * m || scratch.length < 2L * m) {
            throw new IllegalArgumentException("one-hot leaves: out (" + out.length + " longs), columns (" + columns.length
                    + ") or scratch (" + scratch.length + ") too short for r " + r + ", m " + m);
        }
        if (out == columns || out == scratch || columns == scratch || isEither(out, seeds, rows)
                || isEither(columns, seeds, rows) || isEither(scratch, seeds, rows)) {
            throw new IllegalArgumentException("one-hot leaves: out, columns and scratch must be distinct arrays, none of them the seeds or rows");
        }
        if (r < 64) {
            for (int i = 0; i < leaves; i++) {
                if (rows[i] >>> r != 0) {
                    throw new IllegalArgumentException("one-hot leaves: row " + i + " has bits past r = " + r);
                }
            }
        }
    }

    private static boolean isEither(long[] a, long[] b, long[] c) {
        return a == b || a == c;
    }
}
