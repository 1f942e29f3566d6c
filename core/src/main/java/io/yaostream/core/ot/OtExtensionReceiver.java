package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.CtrKeys;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;

/**
 * The receiver (chooser) of IKNP OT extension, semi-honest, block by block with O(M) memory; in Yao's protocol
 * the evaluator. See {@link OtExtensionSender} for the protocol.
 *
 * <p><b>Setup.</b> This end draws 128 random seed pairs {@code (k_j^0, k_j^1)} and offers them as base-OT
 * <em>sender</em>; the other end picks one of each pair by the bits of its secret s.
 *
 * <p><b>Per block of w OTs</b> with choice bits r: {@code t^j = G(k_j^0)} and {@code u^j = t^j ⊕ G(k_j^1) ⊕ r}
 * for the 128 columns (G the AES-CTR PRG of {@link Kernel#ctr}, counter continuing across blocks, so no PRG
 * output is used twice); the u columns are sent in one write, and the t columns are transposed into the rows
 * {@code t_i = q_i ⊕ r_i·s}. Since u is the other seed's PRG output XOR the choices, the sender's view is
 * pseudo-random whatever the choices.
 *
 * <p>Choice bits are packed: OT i's bit is bit {@code i % 64} of {@code choices[i / 64]}. Nothing is
 * allocated per OT or per block. Not thread-safe.
 */
public final class OtExtensionReceiver {
    private final Channel channel;
    private final BaseOt baseOt;
    private final Kernel kernel;
    private final AesCtrRandom random;
    private final int blockSize;

    private final long[] seeds0 = new long[2 * Iknp.K];
    private final long[] seeds1 = new long[2 * Iknp.K];
    /** The PRGs G(k_j^0) and G(k_j^1), set up with the seeds. */
    private CtrKeys prgs0;
    private CtrKeys prgs1;
    private boolean ready;
    private long prgCounter;
    private long nextIndex;

    /** The current block's choice bits r. */
    private final long[] choiceWords;
    private final long[] tColumns;
    private final long[] uColumns;
    /** Rows t_i of two blocks: chosen OT prepares block b + 1 while the sender answers block b. */
    private final long[][] rows = new long[2][];
    private final long[] hashes;
    private final long[] masked;

    /** An extension receiver with {@link Iknp#DEFAULT_BLOCK_SIZE} OTs per block. */
    public OtExtensionReceiver(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random) {
        this(channel, baseOt, kernel, random, Iknp.DEFAULT_BLOCK_SIZE);
    }

    /** @param blockSize M, OTs per block: a positive multiple of 128 (both ends must use the same M) */
    public OtExtensionReceiver(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random, int blockSize) {
        this.channel = channel;
        this.baseOt = baseOt;
        this.kernel = kernel;
        this.random = random;
        this.blockSize = Iknp.checkBlockSize(blockSize);
        choiceWords = new long[blockSize / 64];
        tColumns = new long[Iknp.K * blockSize / 64];
        uColumns = new long[Iknp.K * blockSize / 64];
        rows[0] = new long[2 * blockSize];
        rows[1] = new long[2 * blockSize];
        hashes = new long[2 * blockSize];
        masked = new long[4 * blockSize];
    }

    /** Draws the 128 seed pairs and runs the base OTs as their sender. */
    public void setup() {
        setup(() -> { });
    }

    /**
     * As {@link #setup()}, running {@code beforeFirstRead} once the base OTs' first message is written and before the
     * peer's answer is read (see {@link BaseOt#send(io.yaostream.core.net.Channel, long[], long[], int, Runnable)}).
     */
    public void setup(Runnable beforeFirstRead) {
        if (ready) {
            throw new IllegalStateException("OT extension receiver is already set up");
        }
        for (int j = 0; j < Iknp.K; j++) {
            random.nextBlock(seeds0, j);
            random.nextBlock(seeds1, j);
        }
        baseOt.send(channel, seeds0, seeds1, Iknp.K, beforeFirstRead);
        prgs0 = kernel.ctrKeys(seeds0, Iknp.K);
        prgs1 = kernel.ctrKeys(seeds1, Iknp.K);
        ready = true;
    }

    /** M, the OTs per block: a run of OTs split at multiples of M crosses the wire as it would in one piece. */
    public int blockSize() {
        return blockSize;
    }

    /** OTs consumed so far, padding included: the global index of the next OT. */
    public long otsUsed() {
        return nextIndex;
    }

    /**
     * n Δ-correlated OTs with the packed choice bits {@code choices}: block i of {@code out} gets
     * {@code x_i ⊕ b_i·Δ}, where x_i is the sender's output and Δ its secret.
     */
    public void correlated(long[] choices, long[] out, int n) {
        Iknp.checkBits(n, choices, "choices");
        Iknp.checkCount(n, out, 2, "out");
        for (int off = 0; off < n; off += blockSize) {
            int len = Math.min(blockSize, n - off);
            int width = Iknp.paddedWidth(len);
            Iknp.copyBits(choices, off, len, choiceWords, width);
            prepare(width, rows[0]);
            send(width);
            System.arraycopy(rows[0], 0, out, 2 * off, 2 * len);
        }
    }

    /**
     * n chosen-message OTs: block i of {@code out} gets the sender's {@code m1_i} if choice bit i is set, else
     * {@code m0_i}, as {@code y_{b_i} ⊕ H(i, t_i)}. While the sender answers one block this end already computes
     * the next and, for blocks up to {@link Iknp#MAX_SEND_AHEAD_BLOCK} OTs, sends its u before reading the
     * answer, so both ends work at once. That needs the channel to buffer two blocks of u (32·M bytes) one way
     * and two answers (64·M bytes) the other; larger blocks send u only after the answer, so neither end can
     * wait on a full channel.
     */
    public void chosen(long[] choices, long[] out, int n) {
        Iknp.checkBits(n, choices, "choices");
        Iknp.checkCount(n, out, 2, "out");
        if (n == 0) {
            return;
        }
        int len = Math.min(blockSize, n);
        Iknp.copyBits(choices, 0, len, choiceWords, Iknp.paddedWidth(len));
        long first = nextIndex;
        prepare(Iknp.paddedWidth(len), rows[0]);
        send(Iknp.paddedWidth(len));
        for (int off = 0, b = 0; off < n; off += len, b ^= 1) {
            len = Math.min(blockSize, n - off);
            int nextOff = off + len;
            int nextLen = Math.min(blockSize, n - nextOff);
            long nextFirst = nextIndex;
            boolean sendAhead = nextLen > 0 && blockSize <= Iknp.MAX_SEND_AHEAD_BLOCK;
            if (nextLen > 0) {
                Iknp.copyBits(choices, nextOff, nextLen, choiceWords, Iknp.paddedWidth(nextLen));
                prepare(Iknp.paddedWidth(nextLen), rows[b ^ 1]);
                if (sendAhead) {
                    send(Iknp.paddedWidth(nextLen)); // the sender starts the next block while this end reads
                }
            }
            channel.readLongs(masked, 0, 4 * len);
            kernel.crHashRange(rows[b], first, Iknp.HASH_DOMAIN, hashes, len);
            for (int i = 0; i < len; i++) {
                int y = 4 * i + 2 * Iknp.bit(choices, off + i);
                out[2 * (off + i)] = masked[y] ^ hashes[2 * i];
                out[2 * (off + i) + 1] = masked[y + 1] ^ hashes[2 * i + 1];
            }
            if (nextLen > 0 && !sendAhead) {
                send(Iknp.paddedWidth(nextLen));
            }
            first = nextFirst;
        }
    }

    /**
     * n random OTs: this end draws the choice bits c (packed into {@code choicesOut}) and block i of
     * {@code out} gets {@code H(i, t_i)}, which is the sender's {@code r_{c_i}}. Only the u columns cross the
     * wire. Use them later for real choices with {@link RandomOtDerandomizer}.
     */
    public void random(long[] choicesOut, long[] out, int n) {
        Iknp.checkBits(n, choicesOut, "choicesOut");
        Iknp.checkCount(n, out, 2, "out");
        for (int off = 0; off < n; off += blockSize) {
            int len = Math.min(blockSize, n - off);
            int width = Iknp.paddedWidth(len);
            for (int w = 0; w < width >>> 6; w++) {
                choiceWords[w] = random.nextLong();
            }
            long first = nextIndex;
            prepare(width, rows[0]);
            send(width);
            kernel.crHashRange(rows[0], first, Iknp.HASH_DOMAIN, hashes, len);
            System.arraycopy(hashes, 0, out, 2 * off, 2 * len);
            int words = (len + 63) >>> 6;
            if ((len & 63) != 0) {
                choiceWords[words - 1] &= (1L << len) - 1;
            }
            System.arraycopy(choiceWords, 0, choicesOut, off >>> 6, words);
        }
    }

    /**
     * Computes one block of w OTs for the choice bits in {@code choiceWords}: the u columns (kept for
     * {@link #send}) and the rows t_i (into {@code rowsOut}).
     */
    private void prepare(int width, long[] rowsOut) {
        if (!ready) {
            throw new IllegalStateException("OT extension receiver used before setup()");
        }
        int words = width >>> 6;
        int aesBlocks = width >>> 7;
        prgs0.ctr(prgCounter, tColumns, aesBlocks);
        prgs1.ctr(prgCounter, uColumns, aesBlocks);
        for (int j = 0; j < Iknp.K; j++) {
            int base = j * words;
            for (int x = 0; x < words; x++) {
                uColumns[base + x] ^= tColumns[base + x] ^ choiceWords[x];
            }
        }
        prgCounter += aesBlocks;
        nextIndex += width;
        kernel.transpose128(tColumns, width, rowsOut);
    }

    /** Sends the u columns of the block last prepared, in one write. */
    private void send(int width) {
        channel.writeLongs(uColumns, 0, Iknp.K * (width >>> 6));
        channel.flush();
    }
}
