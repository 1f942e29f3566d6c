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

    /**
     * One value of {@code width} bits: a non-negative one as an unsigned number, a negative one in two's complement.
     *
     * @param value the private value
     * @param width bits of the input the program takes
     * @return a feed of this one value
     * @throws IllegalArgumentException if {@code width} is negative or the value does not fit in it
     */
    public static InputFeed of(long value, int width) {
        return InputFeed.of(BitString.of(value, width));
    }

    /**
     * One value of {@code width} bits; a negative one is taken in two's complement.
     *
     * @param value the private value
     * @param width bits of the input the program takes
     * @return a feed of this one value
     * @throws IllegalArgumentException if {@code width} is negative or the value does not fit in it
     */
    public static InputFeed of(BigInteger value, int width) {
        return InputFeed.of(BitString.of(value, width));
    }

    /**
     * These values, each of {@code width} bits (a negative one in two's complement), in order.
     *
     * @param values the private values, in the order the program takes them
     * @param width bits of each input
     * @return a feed of these values
     * @throws IllegalArgumentException if {@code width} is negative or a value does not fit in it
     */
    public static InputFeed of(long[] values, int width) {
        List<BitString> bits = new ArrayList<>(values.length);
        for (long v : values) {
            bits.add(BitString.of(v, width));
        }
        return InputFeed.of(bits);
    }

    /**
     * This party's shares of values an earlier session shared, in order, for a program that takes them with
     * {@link Computation#shared()}.
     *
     * @param shares this party's shares
     * @return a feed of the shares' bits
     */
    public static InputFeed of(Shared... shares) {
        return of(List.of(shares));
    }

    /**
     * This party's shares, in order, as {@link #of(Shared...)}.
     *
     * @param shares this party's shares
     * @return a feed of the shares' bits
     */
    public static InputFeed of(List<Shared> shares) {
        List<BitString> bits = new ArrayList<>(shares.size());
        for (Shared s : shares) {
            bits.add(s.bits());
        }
        return InputFeed.of(bits);
    }

    /**
     * No inputs: for a party whose program takes none.
     *
     * @return an empty feed, which fails the run if the program takes an input
     */
    public static InputFeed none() {
        return InputFeed.of(List.of());
    }
}
