package io.yaostream.core.format;

/**
 * A circuit file or value that cannot be read. The message is one line that starts with where the
 * problem is ({@code file:line}, {@code file: byte N} or the argument) and says what is wrong.
 */
public class CircuitFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CircuitFormatException(String message) {
        super(oneLine(message));
    }

    /** A piece of input short enough to quote in a one-line message: at most 40 characters, then "...". */
    public static String clip(String s) {
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }

    /**
     * Messages quote pieces of the file, which may hold line breaks or other control characters (a group
     * name in a binary file, a text line with a lone CR): show those escaped so the message stays one line.
     */
    private static String oneLine(String message) {
        if (message == null || message.chars().noneMatch(Character::isISOControl)) {
            return message;
        }
        StringBuilder sb = new StringBuilder(message.length() + 16);
        for (int i = 0; i < message.length(); i++) {
            char ch = message.charAt(i);
            if (ch == '\n') {
                sb.append("\\n");
            } else if (ch == '\r') {
                sb.append("\\r");
            } else if (Character.isISOControl(ch)) {
                sb.append(String.format("\\x%02x", (int) ch));
            } else {
                sb.append(ch);
            }
        }
        return sb.toString();
    }
}
