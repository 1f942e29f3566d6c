package io.yaostream.core.twoparty;

import io.yaostream.core.program.InputFeed;

/**
 * How the evaluator's input bits travel, a rule both parties and the cost back end follow to the bit.
 *
 * <p>Every evaluator input bit, in the order the program takes them, uses the next oblivious transfer of the
 * session. OTs are made by IKNP extension with random choice bits c, before the inputs are known; for a real
 * bit b the evaluator sends the correction {@code d = b ⊕ c} (Beaver's derandomisation). With a free-XOR scheme
 * the OTs are Δ-correlated with the garbler's own Δ, so the evaluator's OT output already is a label, and the
 * garbler takes {@code q ⊕ d·Δ} as the wire's label of 0: nothing goes back. Without free XOR the OTs are
 * random and the garbler answers with its two labels masked ({@code x0 ⊕ r_d, x1 ⊕ r_{1⊕d}}).
 *
 * <p>The evaluator sends its corrections in <em>chunks</em>: a header (one long: {@code n << 32 | m}), the u
 * columns of m newly extended OTs when the chunk needs more than have been made, then n correction bits packed
 * in longs. It sends one
 * <ul>
 *   <li>on <em>demand</em>, when the program takes an input whose bits have no correction sent yet (the
 *       garbler waits for it: a round); and</li>
 *   <li><em>ahead</em>: an <em>opening</em> one before the program reads anything (below), and one each time the bits
 *       taken cross a multiple of {@link #REFILL_BITS}: the evaluator pulls values from its feed ahead of the program
 *       (where the feed can tell them, {@link InputFeed#ahead()}) up to {@link #AHEAD_BITS} beyond the bits taken,
 *       and sends their corrections (n may be 0).</li>
 * </ul>
 * The garbler knows when an ahead chunk was sent (the same rule, on public widths) but reads it only when it
 * needs the corrections or before it reads anything else from the evaluator, by which time the chunk has long
 * arrived. So a program that takes half a million evaluator inputs one at a time sends about one chunk per
 * {@link #REFILL_BITS} bits, and the garbler never waits a round trip per input.
 *
 * <p>Every program begins with an <em>opening</em> ahead chunk, which the evaluator sends before it reads anything of
 * the program (in a fresh session with the base OTs' last message, on a kept link with the program's hello): the
 * corrections of every value its feed can tell ahead, so the garbler never waits a round trip for them however the
 * program orders its inputs. On a kept link ({@link KeptLink}) programs run one after another on one set of OTs, and a
 * <em>refill</em> chunk (n = 0) follows each program, which extends OTs while the link is idle. There the OTs are
 * extended ahead in batches of {@link #POOL_BATCH}, so that at least {@link #POOL_LOW} stay unused after every chunk:
 * the opening chunk of a small program then carries only correction bits. Corrections a program sent for values it
 * did not take are dropped with their OTs (a correction is a one-time pad of a value by a random choice bit that is then
 * never used, so it tells nothing).
 */
public final class InputChunks {
    /** How far ahead of the program the evaluator sends corrections, in bits. */
    static final int AHEAD_BITS = 1 << 15;
    /** An ahead chunk follows each crossing of a multiple of this many bits taken. */
    static final int REFILL_BITS = 1 << 13;
    /** Most correction bits in one chunk: bounds the garbler's memory for a peer's chunk. */
    static final int MAX_CHUNK_BITS = 1 << 16;
    /** Fewest OTs extended at once: a one-bit input still pays for a whole 128 x 128 block of u. */
    static final int MIN_EXTENSION = 1 << 10;
    /** OTs extended are a multiple of this (the width of the transpose's squares). */
    static final int EXTENSION_STEP = 128;
    /** On a kept link: the fewest OTs left unused after each chunk. */
    static final int POOL_LOW = 1 << 12;
    /** On a kept link: the fewest OTs extended at once. */
    static final int POOL_BATCH = 1 << 14;
    /** The chunk header: one long. */
    static final int HEADER_BYTES = 8;

    private InputChunks() {
    }

    /** Whether an ahead chunk follows the program taking {@code width} bits after {@code before} bits (the OTs' positions). */
    static boolean aheadChunkAfter(long before, int width) {
        return before / REFILL_BITS != (before + width) / REFILL_BITS;
    }

    /** OTs to extend so that corrections up to {@code sentAfter} have OTs, when {@code extended} exist. */
    static int extension(long sentAfter, long extended) {
        return extension(sentAfter, extended, false);
    }

    /** As {@link #extension(long, long)}; on a kept link ({@code pooled}) with {@link #POOL_LOW} OTs to spare after. */
    static int extension(long sentAfter, long extended, boolean pooled) {
        long shortfall = sentAfter + (pooled ? POOL_LOW : 0) - extended;
        if (shortfall <= 0) {
            return 0;
        }
        long m = Math.max(shortfall, pooled ? POOL_BATCH : MIN_EXTENSION);
        return (int) ((m + EXTENSION_STEP - 1) / EXTENSION_STEP * EXTENSION_STEP);
    }

    /** Bytes of one chunk on the wire: the header, 16 bytes of u per extended OT, the packed corrections. */
    public static long chunkBytes(int n, int m) {
        return HEADER_BYTES + 16L * m + 8L * ((n + 63) / 64);
    }

    static long header(int n, int m) {
        return (long) n << 32 | (m & 0xffffffffL);
    }
}
