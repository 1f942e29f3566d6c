package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.text.English;

import java.util.ArrayList;
import java.util.List;

/**
 * Hex values as {@code --in} takes them: {@code ceil(bits/4)} hex digits, optionally after {@code 0x} (the help of
 * every {@code --in} says so), big-endian unless a command reads MSB-first bit strings.
 */
final class HexValues {
    private HexValues() {
    }

    /** The digits of {@code text}: without its {@code 0x} or {@code 0X} prefix, if it has one. */
    static String digits(String text) {
        return text.startsWith("0x") || text.startsWith("0X") ? text.substring(2) : text;
    }

    /** {@code text} (shortened if long) as an error message quotes it. */
    static String shown(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }

    /** One {@code width}-bit value; a problem is an {@link IllegalArgumentException} naming the value. */
    static BitString parse(String text, int width, boolean msbFirst) {
        String digits = digits(text);
        int expected = (width + 3) / 4;
        if (digits.length() != expected) {
            throw new IllegalArgumentException("'" + shown(text) + "' has " + digits.length() + " hex digits, but " + English.article(width)
                    + " " + width + "-bit value takes " + expected + " (after an optional 0x)");
        }
        for (int i = 0; i < digits.length(); i++) {
            if (Character.digit(digits.charAt(i), 16) < 0) {
                throw new IllegalArgumentException("'" + shown(text) + "' is not hexadecimal (character " + (text.length() - digits.length() + i + 1)
                        + ")");
            }
        }
        return BitString.fromHex(digits, width, msbFirst);
    }

    /** Parses each value as a {@code width}-bit number; {@code names} say whose value each is, for errors. */
    static List<BitString> parse(List<String> values, int width, List<String> names) {
        List<BitString> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            try {
                out.add(parse(values.get(i), width, false));
            } catch (IllegalArgumentException e) {
                throw new UserError("--in (" + names.get(i) + "): " + e.getMessage());
            }
        }
        return out;
    }

    static int checkBits(int bits, int max) {
        if (bits < 1 || bits > max) {
            throw new UsageError("--bits: must be 1 to " + max + ", got " + bits);
        }
        return bits;
    }
}
