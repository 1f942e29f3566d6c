package io.yaostream;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.InputFeed;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * A party's private inputs, in the order its program takes them: {@code Inputs.of(wealth, 64)} for one value,
 * {@code Inputs.of(bids, 20)} for many of one width. Each value is checked against its width here, so a value that
 * does not fit fails before any peer is contacted. For inputs too many to hold in memory, give
 * {@link InputFeed#from} an iterator that reads them as the program takes them.
 */
public final class Inputs {
    private Inputs() {
    }

    /** One unsigned value of {@code width} bits (at most 64). */
    public static InputFeed of(long value, int width) {
        return InputFeed.of(BitString.of(value, width));
    }

    /** One value of {@code width} bits; a negative one is taken in two's complement. */
    public static InputFeed of(BigInteger value, int width) {
        return InputFeed.of(BitString.of(value, width));
    }

    /** These values, each of {@code width} bits (at most 64), in order. */
    public static InputFeed of(long[] values, int width) {
        List<BitString> bits = new ArrayList<>(values.length);
        for (long v : values) {
            bits.add(BitString.of(v, width));
        }
        return InputFeed.of(bits);
    }

    /** No inputs: for a party whose program takes none. */
    public static InputFeed none() {
        return InputFeed.of(List.of());
    }
}
