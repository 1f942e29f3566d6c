package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProtocolException;

import java.util.ArrayDeque;

/**
 * The evaluator's half of {@link InputChunks}: which values it holds ahead of the program and when it sends
 * which chunk. The real evaluator sends the chunks ({@link EvaluatorInputs}); the cost back end only counts
 * them, and so reaches exactly the real run's figures.
 */
public abstract class EvaluatorInputSchedule {
    private InputFeed feed;
    /** Whether the OTs are pooled for programs that follow one another on a kept link (see {@link InputChunks}). */
    private boolean pooled;
    /** Values pulled from the feed ahead of the program, in order. */
    private final ArrayDeque<BitString> ahead = new ArrayDeque<>();
    /** The bits of the values not yet taken, from bit {@link #used} on. */
    private long[] bits = new long[64];
    /** Position of bit 0 of {@link #bits}: the bits before it have been dropped. */
    private long base;
    /** Bits taken by the program. */
    long used;
    /** Bits whose corrections have been sent. */
    long sent;
    /** OTs extended. */
    public long extended;
    /** End of the bits known (taken, or pulled ahead). */
    private long known;
    /** Values taken so far, for messages. */
    private long taken;
    /** Inputs whose corrections were sent on demand (each costs the garbler a wait). */
    public long demandChunks;

    public EvaluatorInputSchedule(InputFeed feed) {
        this.feed = feed;
    }

    /**
     * Starts the next program on a kept link, with its own feed: the bits of the last program's feed that it did not
     * take are dropped with their OTs (their corrections went out already), the OTs from here on are pooled.
     */
    public final void startProgram(InputFeed next) {
        feed = next;
        pooled = true;
        ahead.clear();
        java.util.Arrays.fill(bits, 0L);
        used = sent;
        known = sent;
        base = sent & ~63L; // whole words, as drop() keeps them
    }

    /** From now on the OTs are pooled for programs on a kept link: sends the first refill chunk, the link's first batch. */
    public final void startPooling() {
        pooled = true;
        refill();
    }

    /**
     * A program's opening chunk, before it reads anything: the corrections of every value the feed can tell ahead, up to
     * {@link InputChunks#AHEAD_BITS}.
     */
    public final void opening() {
        pullAhead();
        chunk((int) Math.min(InputChunks.MAX_CHUNK_BITS, known - sent));
    }

    /** A kept link's refill chunk once a program is done: no corrections, the OTs the next programs will need. */
    public final void refill() {
        chunk(0);
    }

    /** Sends (or counts) one chunk: n corrections for bits {@link #sent}.., m new OTs first. */
    public abstract void sendChunk(int n, int m);

    /**
     * The program's next evaluator input of {@code width} bits: its value, with the corrections of all its bits
     * sent. Call {@link #taken} once its labels are made.
     */
    public final BitString take(int width) {
        BitString v;
        if (ahead.isEmpty()) {
            v = checkWidth(feed.next(width), width);
            append(v);
        } else {
            v = checkWidth(ahead.poll(), width);
        }
        if (sent < used + width) {
            demandChunks++; // the garbler waits once, whatever the number of chunks
        }
        while (sent < used + width) {
            chunk((int) Math.min(InputChunks.MAX_CHUNK_BITS, known - sent));
        }
        return v;
    }

    /** Pulls the next {@code count} values of {@code width} bits from the feed now, for a bulk input. */
    public final void reserve(int width, int count) {
        long have = ahead.size();
        for (long i = have; i < count; i++) {
            BitString v = feed.next(width);
            ahead.add(v);
            append(v);
        }
    }

    /** Marks {@code width} bits taken; sends an ahead chunk where the rule says so. */
    public final void taken(int width) {
        long before = used;
        used += width;
        if (InputChunks.aheadChunkAfter(before, width)) {
            pullAhead();
            chunk((int) Math.min(InputChunks.MAX_CHUNK_BITS, known - sent));
        }
    }

    /** Pulls values from the feed ahead of the program, up to {@link InputChunks#AHEAD_BITS} beyond the bits taken. */
    private void pullAhead() {
        while (known < used + InputChunks.AHEAD_BITS) {
            BitString next = feed.ahead();
            if (next == null) {
                break;
            }
            ahead.add(next);
            append(next);
        }
    }

    /** The program's value bit at position {@code p} (taken or ahead, not yet dropped). */
    final int bit(long p) {
        long i = p - base;
        return (int) (bits[(int) (i >>> 6)] >>> (i & 63)) & 1;
    }

    private void chunk(int n) {
        int m = InputChunks.extension(sent + n, extended, pooled);
        sendChunk(n, m);
        extended += m;
        sent += n;
        drop();
    }

    private BitString checkWidth(BitString v, int width) {
        taken++;
        if (v == null) {
            throw new ProtocolException("the program takes evaluator input " + taken + " of " + width + " bits, but the feed has no more");
        }
        if (v.width() != width) {
            throw new ProtocolException("evaluator input " + taken + " is " + v.width() + " bits, the program expects " + width);
        }
        return v;
    }

    private void append(BitString v) {
        long need = known + v.width() - base;
        if (need > 64L * bits.length) {
            long[] grown = new long[(int) Math.max(2L * bits.length, (need + 63) >>> 6)];
            System.arraycopy(bits, 0, grown, 0, bits.length);
            bits = grown;
        }
        for (int i = 0; i < v.width(); i++) {
            if (v.get(i)) {
                long at = known - base + i;
                bits[(int) (at >>> 6)] |= 1L << (at & 63);
            }
        }
        known += v.width();
    }

    /** Forgets whole words of bits that were both taken and sent. */
    private void drop() {
        long keepFrom = Math.min(used, sent) & ~63L;
        int words = (int) ((keepFrom - base) >>> 6);
        if (words > bits.length / 2) {
            int live = (int) ((known - keepFrom + 63) >>> 6);
            System.arraycopy(bits, words, bits, 0, live);
            java.util.Arrays.fill(bits, live, bits.length, 0L);
            base = keepFrom;
        }
    }
}
