package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Where a party's private inputs come from, in the order its program takes them. A feed can produce values
 * lazily (read a file block by block), so the inputs never need to be in memory at once.
 *
 * <p>A feed whose values do not depend on the run can also hand them out {@link #ahead()} of the program: the
 * evaluator then sends its OT corrections ahead, and a program taking its inputs one at a time does not wait a
 * round trip per input. The feeds made here all can; a feed written as a lambda cannot.
 */
@FunctionalInterface
public interface InputFeed {
    /** The next input, which the program expects to be {@code width} bits wide. */
    BitString next(int width);

    /**
     * {@link #next} checked: a value of {@code width} bits, or the one-line error that the program took an input of
     * {@code owner} (e.g. "a garbler", "a P3") which the feed does not have.
     */
    default BitString take(int width, String owner) {
        BitString v = next(width);
        if (v == null || v.width() != width) {
            throw new ProtocolException("the program takes " + owner + " input of " + width + " bits, the feed gave "
                    + (v == null ? "none" : v.width() + " bits"));
        }
        return v;
    }

    /**
     * The next input before the program asks for it (its width is checked when the program takes it), or null
     * when this feed cannot tell ahead or has no more. Values given here are not given again by {@link #next}.
     */
    default BitString ahead() {
        return null;
    }

    /** A feed of these values, once each, in order. */
    static InputFeed of(List<BitString> values) {
        return from(List.copyOf(values).iterator());
    }

    /** A feed of these values, once each, in order. */
    static InputFeed of(BitString... values) {
        return of(List.of(values));
    }

    /** A feed that takes its values from {@code values} as they are needed (for a value generator or a file). */
    static InputFeed from(Iterator<BitString> values) {
        return new InputFeed() {
            private int given;

            @Override
            public BitString next(int width) {
                if (!values.hasNext()) {
                    throw new ProtocolException("the program takes more inputs than the " + given + " given");
                }
                return checkWidth(take(), width, given);
            }

            @Override
            public BitString ahead() {
                return values.hasNext() ? take() : null;
            }

            private BitString take() {
                try {
                    BitString v = values.next();
                    given++;
                    return v;
                } catch (NoSuchElementException e) {
                    throw new ProtocolException("the program takes more inputs than the " + given + " given");
                }
            }
        };
    }

    /**
     * A feed that gives these values in order, then starts again (a program that repeats a computation). It has
     * no end, so it tells nothing ahead: the evaluator would otherwise make OTs for inputs never taken.
     */
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
