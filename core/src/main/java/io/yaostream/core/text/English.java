package io.yaostream.core.text;

/** English for messages that put a number into a sentence. */
public final class English {
    private English() {
    }

    /**
     * The indefinite article before {@code n} read aloud: "an" where it starts with a vowel sound (8, 11, 18, 80-89,
     * 800-899, 11,000, 18,000, 8,000,000 ...), else "a".
     */
    public static String article(long n) {
        String digits = Long.toString(Math.abs(n));
        if (digits.startsWith("8")) {
            return "an";
        }
        int lead = digits.length() % 3 == 0 ? 3 : digits.length() % 3; // the digits before the first thousands separator
        String group = digits.substring(0, lead);
        return group.equals("11") || group.equals("18") ? "an" : "a";
    }
}
