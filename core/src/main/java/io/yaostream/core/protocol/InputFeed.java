package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;

import java.util.List;

/**
 * Where a party's private inputs come from, in the order its program takes them. A feed can produce values
 * lazily (read a file block by block), so the inputs never need to be in memory at once.
 */
@FunctionalInterface
public interface InputFeed {
    /** The next input, which the program expects to be {@code width} bits wide. */
    BitString next(int width);

    /** A feed of these values, once each, in order. */
    static InputFeed of(List<BitString> values) {
        List<BitString> copy = List.copyOf(values);
        int[] next = {0};
        return width -> {
            if (next[0] == copy.size()) {
                throw new ProtocolException("the program takes more inputs than the " + copy.size() + " given");
            }
            return checkWidth(copy.get(next[0]++), width, next[0]);
        };
    }

    /** A feed that gives these values in order, then starts again (a program that repeats a computation). */
    static InputFeed cycling(List<BitString> values) {
        if (values.isEmpty()) {
            return none();
        }
        List<BitString> copy = List.copyOf(values);
        int[] next = {0};
        return width -> {
            int i = next[0];
            next[0] = (i + 1) % copy.size();
            return checkWidth(copy.get(i), width, i + 1);
        };
    }

    /** A party with no inputs. */
    static InputFeed none() {
        return width -> {
            throw new ProtocolException("the program takes an input of " + width + " bits, but none was given");
        };
    }

    private static BitString checkWidth(BitString value, int width, int position) {
        if (value.width() != width) {
            throw new ProtocolException("input " + position + " is " + value.width() + " bits, the program expects " + width);
        }
        return value;
    }
}
