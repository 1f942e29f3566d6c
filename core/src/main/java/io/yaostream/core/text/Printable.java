package io.yaostream.core.text;

/**
 * Text from outside (a file, a peer) quoted in a one-line message: line breaks and other control
 * characters are shown escaped, so whatever the text holds, the message stays one line.
 */
public final class Printable {
    private Printable() {
    }

    /** A piece of input short enough to quote in a one-line message: at most 40 characters, then "...". */
    public static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /**
     * {@code text} with {@code \n}, {@code \r}, every other control character and the Unicode line and paragraph
     * separators (U+2028, U+2029, which some terminals and log viewers break lines at) escaped.
     */
    public static String escaped(String text) {
        if (text == null || text.chars().noneMatch(Printable::breaks)) {
            return text;
        }
        StringBuilder sb = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            if (ch == '\n') {
                sb.append("\\n");
            } else if (ch == '\r') {
                sb.append("\\r");
            } else if (Character.isISOControl(ch)) {
                sb.append(String.format("\\x%02x", (int) ch));
            } else if (breaks(ch)) {
                sb.append(String.format("\\u%04x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }

    private static boolean breaks(int ch) {
        return Character.isISOControl(ch) || ch == 0x2028 || ch == 0x2029;
    }

    /** At most {@code max} characters of {@code text}, then "...", escaped: a peer's or a file's text, quoted. */
    public static String quoted(String text, int max) {
        return escaped(text.length() > max ? text.substring(0, max) + "..." : text);
    }
}
