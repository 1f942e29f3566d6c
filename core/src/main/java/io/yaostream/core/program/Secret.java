package io.yaostream.core.program;

import io.yaostream.core.text.English;

import java.util.Arrays;

/**
 * A value inside a computation, as one back end holds it: the garbler's labels, the evaluator's active labels,
 * or plain bits. Programs pass secrets between {@link ProgramContext#call} and {@link ProgramContext#reveal};
 * the bits stay hidden until revealed. Rearranging bits ({@link #slice}, {@link #concat}) is free: it copies
 * what this party holds for each bit and sends nothing, on every back end alike.
 *
 * <p>Immutable: no back end writes a secret after making it.
 */
public final class Secret {
    private final int width;
    /** Longs each bit takes in {@link #state}: the back end's choice (two for a label, one for a plain bit). */
    public final int wordsPerBit;
    /**
     * What this party holds, {@link #wordsPerBit} longs a bit: filled by the back end that makes the secret, then
     * never written. Public for the back ends, which live in several packages; a program has no use for it.
     */
    public final long[] state;

    /** A secret of {@code width} bits for a back end to fill. */
    public Secret(int width, int wordsPerBit) {
        this.width = width;
        this.wordsPerBit = wordsPerBit;
        this.state = new long[width * wordsPerBit];
    }

    /** Bits in the value. */
    public int width() {
        return width;
    }

    /** Longs of state of bit {@code i} start here. */
    public int offset(int i) {
        return i * wordsPerBit;
    }

    /** Bits {@code from} (inclusive) to {@code to} (exclusive), bit {@code from} becoming bit 0. Free. */
    public Secret slice(int from, int to) {
        if (from < 0 || to > width || from > to) {
            throw new IndexOutOfBoundsException("slice " + from + ".." + to + " of " + English.article(width) + " " + width + "-bit secret");
        }
        Secret s = new Secret(to - from, wordsPerBit);
        System.arraycopy(state, from * wordsPerBit, s.state, 0, s.state.length);
        return s;
    }

    /** Bit {@code i} as a one-bit secret. Free. */
    public Secret bit(int i) {
        return slice(i, i + 1);
    }

    /** The parts side by side, {@code parts[0]} in the low bits. Free. */
    public static Secret concat(Secret... parts) {
        if (parts.length == 0) {
            throw new IllegalArgumentException("concat needs at least one part");
        }
        int words = parts[0].wordsPerBit;
        int width = 0;
        for (Secret p : parts) {
            if (p.wordsPerBit != words) {
                throw new IllegalArgumentException("concat of secrets from different back ends");
            }
            width += p.width;
        }
        Secret s = new Secret(width, words);
        int at = 0;
        for (Secret p : parts) {
            System.arraycopy(p.state, 0, s.state, at, p.state.length);
            at += p.state.length;
        }
        return s;
    }

    /**
     * Bits taken from {@code source} by position: bit i is bit {@code from[i]} of the source, or {@code fill} (a
     * one-bit secret, a public constant say) where {@code from[i]} is negative. Free: any wiring of bits.
     */
    public static Secret pick(Secret source, int[] from, Secret fill) {
        if (fill != null && (fill.width != 1 || fill.wordsPerBit != source.wordsPerBit)) {
            throw new IllegalArgumentException("the fill is one bit of the same back end");
        }
        for (int i = 0; i < from.length; i++) {
            if (from[i] >= source.width || (from[i] < 0 && fill == null)) {
                throw new IndexOutOfBoundsException("bit " + i + " takes bit " + from[i] + " of " + English.article(source.width) + " " + source.width + "-bit secret"
                        + (fill == null ? " with no fill" : ""));
            }
        }
        int w = source.wordsPerBit;
        Secret s = new Secret(from.length, w);
        long[] dst = s.state;
        long[] src = source.state;
        if (w == 2) {
            // Labels, the common case: two longs a bit, and the fill's loaded once. A copy call for each fill bit
            // made AES's MixColumns wiring, half of it public zeros, twice as slow (SecretOpsBenchmark).
            long fillLo = fill == null ? 0 : fill.state[0];
            long fillHi = fill == null ? 0 : fill.state[1];
            for (int i = 0; i < from.length; i++) {
                int f = from[i];
                dst[2 * i] = f < 0 ? fillLo : src[2 * f];
                dst[2 * i + 1] = f < 0 ? fillHi : src[2 * f + 1];
            }
            return s;
        }
        for (int i = 0, d = 0; i < from.length; i++, d += w) {
            int f = from[i];
            System.arraycopy(f < 0 ? fill.state : src, f < 0 ? 0 : f * w, dst, d, w);
        }
        return s;
    }

    /** This value repeated {@code times} times side by side (a bit broadcast to a vector, say). Free. */
    public Secret repeat(int times) {
        Secret[] parts = new Secret[times];
        Arrays.fill(parts, this);
        return times == 0 ? new Secret(0, wordsPerBit) : concat(parts);
    }
}
