package io.yaostream.core.format;

import io.yaostream.core.text.Printable;
/** Strict parsing of the non-negative decimal numbers in circuit files. */
public final class Numbers {
    private Numbers() {
    }

    /**
     * Parses {@code token} as a decimal number in 0..max. Signs, spaces, hex and leading '+' are refused.
     *
     * @param field what the number is, for the message
     * @throws IllegalArgumentException naming the field and the offending token
     */
    public static int parse(String token, int max, String field) {
        if (token.isEmpty() || token.length() > 10) {
            throw bad(token, max, field);
        }
        long v = 0;
        for (int i = 0; i < token.length(); i++) {
            char ch = token.charAt(i);
            if (ch < '0' || ch > '9') {
                throw bad(token, max, field);
            }
            v = v * 10 + (ch - '0');
        }
        if (v > max) {
            throw bad(token, max, field);
        }
        return (int) v;
    }

    private static IllegalArgumentException bad(String token, int max, String field) {
        return new IllegalArgumentException(field + ": expected a number from 0 to " + max + ", got '"
                + Printable.clip(token) + "'");
    }

    /** Parses a comma-separated list of numbers (possibly empty) in 0..max. */
    public static int[] parseList(String text, int max, String field) {
        String t = text.strip();
        if (t.isEmpty()) {
            return new int[0];
        }
        String[] parts = t.split(",", -1);
        int[] values = new int[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = parse(parts[i].strip(), max, field);
        }
        return values;
    }
}
