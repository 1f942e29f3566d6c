package io.yaostream;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.InputFeed;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * A party's private inputs, in the order its program takes them: {@code Inputs.of(wealth, 64)} for one value,
 * {@code Inputs.of(bids, 20)} for many of one width, {@code Inputs.of(bid, 32).and(bidder, 8)} for values of mixed
 * widths, {@link #generate} for more values than fit in memory. Each value given here is checked against its width
 * at once, so a value that does not fit fails before any peer is contacted; whether the widths match what the
 * program takes is checked as it takes them.
 *
 * <p>Inputs made of values can run any number of times; generated ones are read as the program takes them, once.
 */
public final class Inputs {
    private static final Inputs NONE = new Inputs(List.of(), null);

    /** The values, part by part: each part makes a fresh iterator over its values. */
    private final List<Supplier<Iterator<BitString>>> parts;
    /** A feed made elsewhere ({@link #from}), given as it is; null for inputs made of parts. */
    private final InputFeed given;

    private Inputs(List<Supplier<Iterator<BitString>>> parts, InputFeed given) {
        this.parts = parts;
        this.given = given;
    }

    private static Inputs values(List<BitString> values) {
        List<BitString> copy = List.copyOf(values);
        return new Inputs(List.of(copy::iterator), null);
    }

    /**
     * One value of {@code width} bits: a non-negative one as an unsigned number, a negative one in two's complement.
     *
     * @param value the private value
     * @param width bits of the input the program takes
     * @return inputs of this one value
     * @throws IllegalArgumentException if {@code width} is negative or the value does not fit in it
     */
    public static Inputs of(long value, int width) {
        return values(List.of(BitString.of(value, width)));
    }

    /**
     * One value of {@code width} bits; a negative one is taken in two's complement.
     *
     * @param value the private value
     * @param width bits of the input the program takes
     * @return inputs of this one value
     * @throws IllegalArgumentException if {@code width} is negative or the value does not fit in it
     */
    public static Inputs of(BigInteger value, int width) {
        return values(List.of(BitString.of(value, width)));
    }

    /**
     * These values, each of {@code width} bits (a negative one in two's complement), in order.
     *
     * @param values the private values, in the order the program takes them
     * @param width bits of each input
     * @return inputs of these values
     * @throws IllegalArgumentException if {@code width} is negative or a value does not fit in it
     */
    public static Inputs of(long[] values, int width) {
        List<BitString> bits = new ArrayList<>(values.length);
        for (long v : values) {
            bits.add(BitString.of(v, width));
        }
        return values(bits);
    }

    /**
     * This party's shares of values an earlier session shared, in order, for a program that takes them with
     * {@link Computation#shared()}.
     *
     * @param shares this party's shares
     * @return inputs of the shares' bits
     */
    public static Inputs of(Shared... shares) {
        return of(List.of(shares));
    }

    /**
     * This party's shares, in order, as {@link #of(Shared...)}.
     *
     * @param shares this party's shares
     * @return inputs of the shares' bits
     */
    public static Inputs of(List<Shared> shares) {
        List<BitString> bits = new ArrayList<>(shares.size());
        for (Shared s : shares) {
            bits.add(s.bits().core());
        }
        return values(bits);
    }

    /**
     * These bit strings, in order, each as wide as the program's input it is taken for.
     *
     * @param values the private values
     * @return inputs of these values
     */
    public static Inputs bits(PlainBits... values) {
        return bits(List.of(values));
    }

    /**
     * These bit strings, in order, as {@link #bits(PlainBits...)}.
     *
     * @param values the private values
     * @return inputs of these values
     */
    public static Inputs bits(List<PlainBits> values) {
        List<BitString> core = new ArrayList<>(values.size());
        for (PlainBits b : values) {
            core.add(b.core());
        }
        return values(core);
    }

    /**
     * {@code count} values of {@code width} bits, each asked of {@code value} as the program takes it (or a little
     * ahead, so the evaluator's oblivious transfers need not wait): for inputs read from a file or a generator, never
     * all in memory.
     *
     * @param count how many values
     * @param width bits of each
     * @param value gives the values in order; each must fit in {@code width} bits
     * @return inputs read as they are taken, once
     * @throws IllegalArgumentException if {@code count} or {@code width} is negative
     */
    public static Inputs generate(long count, int width, LongSupplier value) {
        if (count < 0 || width < 0) {
            throw new IllegalArgumentException("count and width must not be negative, got " + count + " and " + width);
        }
        Iterator<BitString> once = new Iterator<>() {
            private long given;

            @Override
            public boolean hasNext() {
                return given < count;
            }

            @Override
            public BitString next() {
                if (given == count) {
                    throw new NoSuchElementException();
                }
                given++;
                return BitString.of(value.getAsLong(), width);
            }
        };
        return new Inputs(List.of(() -> once), null);
    }

    /**
     * Inputs from a feed made with the engine's own interface: for back ends and feeds that decide each value as the
     * program takes it. Nothing can follow them ({@link #and}).
     *
     * @param feed the feed
     * @return the feed as inputs
     */
    static Inputs from(InputFeed feed) {
        return new Inputs(List.of(), java.util.Objects.requireNonNull(feed, "feed"));
    }

    /**
     * No inputs: for a party whose program takes none.
     *
     * @return no inputs, which fail the run if the program takes one
     */
    public static Inputs none() {
        return NONE;
    }

    /**
     * These inputs, then one more value of {@code width} bits.
     *
     * @param value the value (a negative one in two's complement)
     * @param width its bits
     * @return the longer inputs; these are unchanged
     */
    public Inputs and(long value, int width) {
        return and(of(value, width));
    }

    /**
     * These inputs, then one more value of {@code width} bits.
     *
     * @param value the value (a negative one in two's complement)
     * @param width its bits
     * @return the longer inputs; these are unchanged
     */
    public Inputs and(BigInteger value, int width) {
        return and(of(value, width));
    }

    /**
     * These inputs, then {@code values}, each of {@code width} bits.
     *
     * @param values the values
     * @param width bits of each
     * @return the longer inputs; these are unchanged
     */
    public Inputs and(long[] values, int width) {
        return and(of(values, width));
    }

    /**
     * These inputs, then {@code more}.
     *
     * @param more the inputs that follow
     * @return the longer inputs; these are unchanged
     * @throws IllegalArgumentException if either was made {@link #from} a feed, which has no end to follow
     */
    public Inputs and(Inputs more) {
        if (given != null || more.given != null) {
            throw new IllegalArgumentException("inputs made from a feed cannot be joined to others: give one feed for all of them");
        }
        List<Supplier<Iterator<BitString>>> all = new ArrayList<>(parts);
        all.addAll(more.parts);
        return new Inputs(Collections.unmodifiableList(all), null);
    }

    /**
     * The engine's feed of these inputs for one run: for back ends that run a session themselves (the Spark
     * applications, tests of the protocols).
     *
     * @return a feed, fresh for inputs made of values
     */
    InputFeed feed() {
        if (given != null) {
            return given;
        }
        if (parts.isEmpty()) {
            return InputFeed.none();
        }
        if (parts.size() == 1) {
            return InputFeed.from(parts.get(0).get());
        }
        Iterator<Supplier<Iterator<BitString>>> rest = parts.iterator();
        return InputFeed.from(new Iterator<>() {
            private Iterator<BitString> current = Collections.emptyIterator();

            @Override
            public boolean hasNext() {
                while (!current.hasNext() && rest.hasNext()) {
                    current = rest.next().get();
                }
                return current.hasNext();
            }

            @Override
            public BitString next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return current.next();
            }
        });
    }
}
