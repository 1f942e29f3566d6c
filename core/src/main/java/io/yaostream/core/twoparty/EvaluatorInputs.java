package io.yaostream.core.twoparty;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.OtExtensionReceiver;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.Secret;

/**
 * The evaluator's input labels, by {@link InputChunks}: OTs extended with random choices, corrections sent in
 * chunks, ahead of the program where the feed allows. Per OT it keeps its output and its choice bit (three
 * longs) until the OT is used.
 */
final class EvaluatorInputs extends EvaluatorInputSchedule {
    private final Channel channel;
    private final OtExtensionReceiver extension;
    private final AesCtrRandom random;
    /** Δ-correlated OTs (free-XOR schemes: the output is the label); otherwise random OTs and masked labels. */
    private final boolean correlated;
    /** Per OT: its output (two longs) and its random choice bit. */
    private final OtWindow ots = new OtWindow(3);
    private long[] choices = new long[0];
    private long[] outputs = new long[0];
    private long[] staged = new long[0];
    private long[] corrections = new long[0];
    private final long[] header = new long[1];
    private final long[] masked = new long[4 * PIECE];
    /** Sees each chunk's packed corrections and their count as they go out (tests of what the garbler sees), or null. */
    java.util.function.ObjIntConsumer<long[]> correctionsSent;
    /** Masked label pairs are read this many at a time. */
    static final int PIECE = 1 << 10;

    EvaluatorInputs(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random, InputFeed feed, boolean correlated) {
        super(feed);
        this.channel = channel;
        this.random = random;
        this.correlated = correlated;
        this.extension = new OtExtensionReceiver(channel, baseOt, kernel, random);
    }

    /** The base OTs; {@code beforeFirstRead} runs before they first read from the garbler (see {@link OtExtensionReceiver#setup(Runnable)}). */
    void setup(Runnable beforeFirstRead) {
        extension.setup(beforeFirstRead);
    }

    @Override
    public void sendChunk(int n, int m) {
        header[0] = InputChunks.header(n, m);
        channel.writeLongs(header, 0, 1);
        if (m > 0) {
            extend(m);
        }
        int words = (n + 63) >>> 6;
        if (corrections.length < words) {
            corrections = new long[words];
        }
        java.util.Arrays.fill(corrections, 0, words, 0L);
        long[] data = ots.data();
        for (int i = 0; i < n; i++) {
            long p = sent + i;
            long d = bit(p) ^ data[ots.offset(p) + 2];
            corrections[i >>> 6] |= d << i;
        }
        channel.writeLongs(corrections, 0, words);
        channel.flush();
        if (correctionsSent != null) {
            correctionsSent.accept(corrections, n);
        }
    }

    /**
     * Extends {@code m} OTs into the window a block of the extension at a time, so the staging buffers hold one
     * block (M OTs), not a whole chunk (up to {@link InputChunks#MAX_CHUNK_BITS}). The wire and the choice bits
     * drawn are those of one call for all m: the extension works block by block either way.
     */
    private void extend(int m) {
        int piece = extension.blockSize();
        int cap = Math.min(m, piece);
        if (outputs.length < 2 * cap) {
            choices = new long[(cap + 63) >>> 6];
            outputs = new long[2 * cap];
            staged = new long[3 * cap];
        }
        for (int off = 0; off < m; off += piece) {
            int n = Math.min(piece, m - off);
            if (correlated) {
                for (int w = 0; w < (n + 63) >>> 6; w++) {
                    choices[w] = random.nextLong();
                }
                extension.correlated(choices, outputs, n);
            } else {
                extension.random(choices, outputs, n);
            }
            for (int i = 0; i < n; i++) {
                staged[3 * i] = outputs[2 * i];
                staged[3 * i + 1] = outputs[2 * i + 1];
                staged[3 * i + 2] = choices[i >>> 6] >>> (i & 63) & 1;
            }
            ots.append(staged, n);
        }
    }

    /**
     * The labels of the program's next input of {@code width} bits, into {@code s}: the OT outputs themselves
     * (correlated), or the garbler's masked labels unmasked with them.
     */
    void labels(int width, Secret s) {
        take(width);
        long[] data = ots.data();
        for (int from = 0; from < width; from += PIECE) {
            int len = Math.min(PIECE, width - from);
            if (!correlated) {
                channel.readLongs(masked, 0, 4 * len);
            }
            for (int i = from; i < from + len; i++) {
                long p = used + i;
                int o = ots.offset(p);
                long lo = data[o];
                long hi = data[o + 1];
                if (!correlated) {
                    int m = 4 * (i - from) + 2 * bit(p);
                    lo ^= masked[m];
                    hi ^= masked[m + 1];
                }
                s.state[2 * i] = lo;
                s.state[2 * i + 1] = hi;
            }
        }
        taken(width);
        ots.dropBefore(used);
    }

    long ots() {
        return extended;
    }
}
