package io.yaostream.cli;

import io.yaostream.PlainBits;

import java.util.ArrayList;
import java.util.List;

/**
 * Hex values as {@code --in} takes them: {@code ceil(bits/4)} hex digits, optionally after {@code 0x} (the help of
 * every {@code --in} says so), big-endian unless a command reads MSB-first bit strings; {@link PlainBits#fromHex} reads
 * them and says what is wrong with one.
 */
final class HexValues {
    private HexValues() {
    }

    /** Parses each value as a {@code width}-bit number; {@code names} say whose value each is, for errors. */
    static List<PlainBits> parse(List<String> values, int width, List<String> names) {
        List<PlainBits> out = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            try {
                out.add(PlainBits.fromHex(values.get(i), width));
            } catch (IllegalArgumentException e) {
                throw new UserError("--in (" + names.get(i) + "): " + e.getMessage());
            }
        }
        return out;
    }

    /**
     * As {@link #parse}, where a value of fewer digits than its width takes is a smaller number: zeros go on its left
     * ({@code 1234} as a 128-bit number is 0x000...1234). For commands whose values are numbers, not byte strings.
     */
    static List<PlainBits> parseNumbers(List<String> values, int width, List<String> names) {
        int digits = (width + 3) / 4;
        List<String> padded = new ArrayList<>();
        for (String v : values) {
            boolean prefixed = v.startsWith("0x") || v.startsWith("0X");
            String body = prefixed ? v.substring(2) : v;
            padded.add(body.length() < digits && body.matches("[0-9a-fA-F]+") ? "0".repeat(digits - body.length()) + body : v);
        }
        return parse(padded, width, names);
    }

    static int checkBits(int bits, int max) {
        if (bits < 1 || bits > max) {
            throw new UsageError("--bits: must be 1 to " + max + ", got " + bits);
        }
        return bits;
    }
}
