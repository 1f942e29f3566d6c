package io.yaostream.core.curve;


/**
 * Multiplication of one fixed point P by many scalars: row i holds 16^i P .. 8 16^i P, so k P is the sum of
 * one entry a row for the 64 signed radix-16 digits of k — 64 additions and no doubling, about a third of
 * {@link Edwards25519#multiply}. Building the table costs about three variable-base multiplications, so it
 * pays from a handful of scalars on. Entries are picked in constant time. Immutable once built, so threads
 * may share it.
 */
public final class FixedBaseTable {
    private static final int ENTRIES = 8;
    private final Edwards25519.Multiples[] rows = new Edwards25519.Multiples[Edwards25519.DIGITS];

    FixedBaseTable(Edwards25519.Point p) {
        Edwards25519.Point base = new Edwards25519.Point();
        base.set(p);
        for (int i = 0; i < rows.length; i++) {
            rows[i] = new Edwards25519.Multiples(base, ENTRIES);
            base.times2Power(4);
        }
    }

    /** The table of the base point, built on first use. */
    public static FixedBaseTable base() {
        return BaseHolder.TABLE;
    }

    /** r = k P for k given as {@link Scalar25519#digits}. */
    public void multiply(byte[] digits, Edwards25519.Point r) {
        multiply(digits, 0, r);
    }

    /** r = k P for k given as {@link Scalar25519#digits} at {@code digits[offset ..]}. */
    public void multiply(byte[] digits, int offset, Edwards25519.Point r) {
        Edwards25519.Cached q = new Edwards25519.Cached();
        Edwards25519.Multiples.Scratch scratch = Edwards25519.Multiples.scratch();
        r.setIdentity();
        for (int i = 0; i < rows.length; i++) {
            rows[i].selectSigned(digits[offset + i], q, scratch);
            r.add(q);
        }
    }

    private static final class BaseHolder {
        static final FixedBaseTable TABLE = new FixedBaseTable(Edwards25519.BASE);
    }
}
