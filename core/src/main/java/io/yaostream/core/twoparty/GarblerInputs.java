package io.yaostream.core.twoparty;

import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.OtExtensionSender;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.Secret;

/**
 * The garbler's half of {@link InputChunks}: reads the evaluator's chunks (checking each header against the rule
 * before anything is allocated for it, so a peer that strays from it is caught at once, as a {@link PeerFault}), and gives each evaluator input bit its labels: {@code q ⊕ d·Δ}
 * as the label of 0 with correlated OTs, or fresh labels sent masked with random ones.
 */
final class GarblerInputs {
    private final Channel channel;
    private final GarblerCore core;
    private final OtExtensionSender extension;
    private final boolean correlated;
    private final long deltaLo;
    private final long deltaHi;
    /** Per OT: q (correlated), or r0 and r1 (random). */
    private final OtWindow ots;
    /** Per bit from {@link #used}: its correction, 0 or 1. */
    private final OtWindow corrections = new OtWindow(1);
    private long used;
    /** Whether the OTs are pooled, on a kept link (see {@link InputChunks}). */
    private boolean pooled;
    /**
     * On a kept link, what to read before anything else of the current program: the last program's chunks not read yet,
     * then this program's hello. Null once done.
     */
    private Runnable catchUp;
    private long knownSent;
    private long extended;
    /** Ahead chunks the evaluator has sent that this end has not read yet. */
    private int pending;
    private long demandChunks;
    /** Chunks read so far, for messages. */
    private long chunks;
    private final long[] header = new long[1];
    private long[] received = new long[0];
    /** The corrections of a chunk, one long (0 or 1) each, as {@link #corrections} keeps them. */
    private long[] bits = new long[0];
    private long[] staged = new long[0];
    private long[] r0 = new long[0];
    private long[] r1 = new long[0];
    private final long[] masked = new long[4 * EvaluatorInputs.PIECE];
    private final long[] label = new long[4];

    /** {@code correlated}: the scheme has free XOR, so the OTs take the garbler's Δ (the evaluator decides alike). */
    GarblerInputs(Channel channel, GarblerCore core, boolean correlated, BaseOt baseOt, Kernel kernel, AesCtrRandom random) {
        this.channel = channel;
        this.core = core;
        long[] delta = new long[2];
        if (correlated && !core.freeXorOffset(delta)) {
            throw new IllegalStateException("a free-XOR scheme whose garbler has no Δ");
        }
        this.correlated = correlated;
        this.deltaLo = delta[0];
        this.deltaHi = delta[1];
        this.ots = new OtWindow(correlated ? 2 : 4);
        this.extension = new OtExtensionSender(channel, baseOt, kernel, random);
    }

    /**
     * The OT extension's secret s: Δ where the OTs are Δ-correlated (a free-XOR scheme), else a random one with its low
     * bit set. The base OTs' choices are its bits.
     */
    static long[] secret(GarblerCore core, boolean correlated, AesCtrRandom random) {
        long[] s = new long[2];
        if (!correlated || !core.freeXorOffset(s)) {
            random.nextBlock(s, 0);
            s[0] |= 1;
        }
        return s;
    }

    /**
     * The base OTs, with {@link #secret} as the extension's; their first message already sent with the garbler's hello
     * where {@code opening} made it, else sent now.
     */
    void setup(GarblerOpening opening) {
        if (opening != null) {
            extension.setup(opening.secretLo, opening.secretHi, opening.baseOts);
        } else if (correlated) {
            extension.setup(deltaLo, deltaHi);
        } else {
            extension.setup(); // a random secret with its low bit set, as secret() draws it
        }
    }

    /** A fresh session's evaluator sends an opening chunk after its base OTs ({@link InputChunks}). */
    void expectOpening() {
        pending++;
    }

    /** From now on the OTs are pooled for programs on a kept link; the evaluator's first refill chunk follows. */
    void startPooling() {
        pooled = true;
        pending++;
    }

    /**
     * Starts the next program on a kept link. Its evaluator sends the program's hello and an opening chunk before it
     * reads anything; this end reads them (with whatever the last program left unread) only before its first read, by
     * {@code readHello}, so that a program with no evaluator input waits for nothing.
     */
    void startProgram(Runnable readHello) {
        Runnable earlier = catchUp;
        int leftover = pending;
        pending = 1; // the opening chunk
        catchUp = () -> {
            if (earlier != null) {
                earlier.run();
            }
            for (int i = 0; i < leftover; i++) {
                readChunk(false);
            }
            used = knownSent; // corrections the last program sent for values it did not take are dropped with their OTs
            ots.dropBefore(used);
            corrections.dropBefore(used);
            readHello.run();
        };
    }

    /** A kept link's program is done: the evaluator's refill chunk follows. */
    void endProgram() {
        pending++;
    }

    private void catchUp() {
        if (catchUp != null) {
            Runnable c = catchUp;
            catchUp = null;
            c.run();
        }
    }

    /**
     * Gives the program's next evaluator input of {@code width} bits its labels, into {@code s} (the garbler's
     * slot states), reading the chunks it needs first.
     */
    void labels(int width, Secret s) {
        catchUp();
        boolean waited = false;
        while (knownSent < used + width) {
            boolean demand = pending == 0;
            readChunk(demand);
            if (demand) {
                waited = true;
            } else {
                pending--;
            }
        }
        if (waited) {
            demandChunks++;
        }
        long[] data = ots.data();
        long[] d = corrections.data();
        for (int from = 0; from < width; from += EvaluatorInputs.PIECE) {
            int len = Math.min(EvaluatorInputs.PIECE, width - from);
            for (int i = from; i < from + len; i++) {
                long p = used + i;
                int o = ots.offset(p);
                long flip = -d[corrections.offset(p)];
                if (correlated) {
                    s.state[2 * i] = data[o] ^ (deltaLo & flip);
                    s.state[2 * i + 1] = data[o + 1] ^ (deltaHi & flip);
                } else {
                    core.newInputLabels(0);
                    core.saveSlot(0, s.state, s.offset(i));
                    core.inputLabel(0, false, label, 0);
                    core.inputLabel(0, true, label, 1);
                    int r = (int) (2 & flip); // with d = 1 the evaluator's r_c belongs to the other label
                    int k = 4 * (i - from);
                    masked[k] = label[0] ^ data[o + r];
                    masked[k + 1] = label[1] ^ data[o + r + 1];
                    masked[k + 2] = label[2] ^ data[o + (2 ^ r)];
                    masked[k + 3] = label[3] ^ data[o + (2 ^ r) + 1];
                }
            }
            if (!correlated) {
                channel.writeLongs(masked, 0, 4 * len);
            }
        }
        long before = used;
        used += width;
        ots.dropBefore(used);
        corrections.dropBefore(used);
        if (InputChunks.aheadChunkAfter(before, width)) {
            pending++;
        }
    }

    /**
     * Reads what the evaluator sent ahead and is not read yet, the rest of the base OTs and the ahead chunks: before
     * anything else is read from the evaluator.
     */
    void drain() {
        extension.finishSetup();
        catchUp();
        while (pending > 0) {
            readChunk(false);
            pending--;
        }
    }

    private void readChunk(boolean demand) {
        extension.finishSetup();
        catchUp();
        channel.readLongs(header, 0, 1);
        long n = header[0] >>> 32;
        long m = header[0] & 0xffffffffL;
        if (n > InputChunks.MAX_CHUNK_BITS || (demand && n == 0)) {
            throw new PeerFault("the peer sent an invalid input chunk header (" + (demand ? "demand" : "ahead") + " chunk "
                    + (chunks + 1) + "): " + n + " correction bits where " + (demand ? "1 to " : "0 to ")
                    + InputChunks.MAX_CHUNK_BITS + " are allowed");
        }
        int expected = InputChunks.extension(knownSent + n, extended, pooled);
        if (m != expected) {
            throw new PeerFault("the peer sent an invalid input chunk header (" + (demand ? "demand" : "ahead") + " chunk "
                    + (chunks + 1) + "): " + m + " new OTs for " + n + " correction bits where the protocol makes " + expected);
        }
        chunks++;
        if (m > 0) {
            extend((int) m);
        }
        int words = (int) ((n + 63) >>> 6);
        if (received.length < words) {
            received = new long[words];
            bits = new long[64 * words];
        }
        channel.readLongs(received, 0, words);
        for (int i = 0; i < n; i++) {
            bits[i] = received[i >>> 6] >>> (i & 63) & 1;
        }
        corrections.append(bits, (int) n);
        knownSent += n;
    }

    /**
     * Extends {@code m} OTs into the window a block of the extension at a time (see EvaluatorInputs), so the
     * staging buffers hold one block, not a whole chunk.
     */
    private void extend(int m) {
        int stride = correlated ? 2 : 4;
        int piece = extension.blockSize();
        int cap = Math.min(m, piece);
        if (staged.length < stride * cap) {
            staged = new long[stride * cap];
        }
        if (!correlated && r0.length < 2 * cap) {
            r0 = new long[2 * cap];
            r1 = new long[2 * cap];
        }
        for (int off = 0; off < m; off += piece) {
            int n = Math.min(piece, m - off);
            if (correlated) {
                extension.correlated(staged, n);
            } else {
                extension.random(r0, r1, n);
                for (int i = 0; i < n; i++) {
                    staged[4 * i] = r0[2 * i];
                    staged[4 * i + 1] = r0[2 * i + 1];
                    staged[4 * i + 2] = r1[2 * i];
                    staged[4 * i + 3] = r1[2 * i + 1];
                }
            }
            ots.append(staged, n);
        }
        extended += m;
    }

    /** OT indices (the extension's hash tweaks) used so far. */
    long otsIndexed() {
        return extension.otsUsed();
    }

    long demandChunks() {
        return demandChunks;
    }

    long ots() {
        return extended;
    }
}
