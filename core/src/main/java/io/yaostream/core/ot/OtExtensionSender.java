package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.CorrelationRobustHash;
import io.yaostream.core.kernel.CtrKeys;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;

/**
 * The sender of IKNP OT extension (Ishai–Kilian–Nissim–Petrank 2003), semi-honest, computed block by block as
 * in ME-SFE (Huang et al. 2013, §3.2 and Fig. 1) so that memory is O(M) for a block size of M OTs whatever the
 * number of OTs. In Yao's protocol this is the garbler.
 *
 * <p><b>Setup.</b> The roles of the base OTs are reversed: this end holds a secret {@code s} of 128 bits (for
 * correlated OT, the garbler's free-XOR offset Δ) and, as base-OT <em>receiver</em> with the bits of s as its
 * choices, learns one seed {@code k_j^{s_j}} of each of the receiver's 128 seed pairs.
 *
 * <p><b>Per block of w OTs.</b> The receiver sends the columns {@code u^j = G(k_j^0) ⊕ G(k_j^1) ⊕ r} (w bits
 * each, r its choice bits, G the AES-CTR PRG of {@link Kernel#ctr} whose counter continues across blocks). This
 * end computes {@code q^j = G(k_j^{s_j}) ⊕ s_j·u^j = G(k_j^0) ⊕ s_j·r} and transposes the 128 x w matrix:
 * its rows are {@code q_i = t_i ⊕ r_i·s}, where {@code t_i} is the receiver's row. From there:
 * <ul>
 *   <li>{@link #correlated}: {@code x_i = q_i}; the receiver holds {@code x_i ⊕ r_i·Δ}.</li>
 *   <li>{@link #chosen}: sends {@code m0_i ⊕ H(i, q_i)} and {@code m1_i ⊕ H(i, q_i ⊕ s)}.</li>
 *   <li>{@link #random}: outputs {@code H(i, q_i)} and {@code H(i, q_i ⊕ s)}.</li>
 * </ul>
 * H is the {@link CorrelationRobustHash} with tweak {@code (i, "IKNP-OT")}, i the OT's index in the session,
 * which never repeats. How calls are cut into blocks (and short blocks padded) is described in {@link Iknp};
 * the two ends must make the same sequence of calls with the same counts.
 *
 * <p>Nothing is allocated per OT or per block: all buffers are sized by M when the object is made. Every length
 * this end reads is fixed by its own calls (the count and M), never by the peer, and any bytes are valid u columns:
 * tampered ones only give OTs whose outputs the two ends do not share, which shows where they are used (in Yao's
 * protocol, as labels that do not decode). Not thread-safe.
 */
public final class OtExtensionSender {
    /** OTs per extension block when none is given (both ends must use the same). */
    public static final int DEFAULT_BLOCK_SIZE = Iknp.DEFAULT_BLOCK_SIZE;
    private final Channel channel;
    private final BaseOt baseOt;
    private final Kernel kernel;
    private final AesCtrRandom random;
    private final int blockSize;

    private final long[] seeds = new long[2 * Iknp.K];
    /** The PRGs G(k_j^{s_j}), set up with the seeds. */
    private CtrKeys prgs;
    /** {@code sMasks[j]} is all ones if bit j of s is set, else zero. */
    private final long[] sMasks = new long[Iknp.K];
    private long sLo;
    private long sHi;
    private boolean ready;
    /** The base OTs' second step, until it has run ({@link #finishSetup}). */
    private Runnable finishBaseOts;
    /** AES blocks of each column's PRG used so far. */
    private long prgCounter;
    /** Global index of the next OT (the hash tweak). */
    private long nextIndex;

    /** 128 x M bits: the received u columns, turned into the q columns in place. */
    private final long[] columns;
    /** The PRG output of all 128 columns of a block. */
    private final long[] prg;
    /** The rows q_i of the current block. */
    private final long[] rows;
    /**
     * Per OT of a block, four longs: {@code H(i, q_i)} and {@code H(i, q_i ⊕ s)}, turned in place into the
     * masked messages {@code (y0_i, y1_i)} of chosen OTs.
     */
    private final long[] pads;

    /** An extension sender with {@link Iknp#DEFAULT_BLOCK_SIZE} OTs per block. */
    public OtExtensionSender(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random) {
        this(channel, baseOt, kernel, random, Iknp.DEFAULT_BLOCK_SIZE);
    }

    /** @param blockSize M, OTs per block: a positive multiple of 128 (both ends must use the same M) */
    public OtExtensionSender(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random, int blockSize) {
        this.channel = channel;
        this.baseOt = baseOt;
        this.kernel = kernel;
        this.random = random;
        this.blockSize = Iknp.checkBlockSize(blockSize);
        columns = new long[Iknp.K * blockSize / 64];
        prg = new long[Iknp.K * blockSize / 64];
        rows = new long[2 * blockSize];
        pads = new long[4 * blockSize];
    }

    /**
     * Runs the 128 base OTs with a fresh random secret s whose low bit is set (so {@link #correlated} gives
     * free-XOR labels).
     */
    public void setup() {
        long[] s = new long[2];
        random.nextBlock(s, 0);
        setup(s[0] | 1, s[1]);
    }

    /**
     * Runs the 128 base OTs with {@code s = Δ = (deltaLo, deltaHi)} as this end's choices. For free-XOR garbling
     * Δ is the garbler's global offset with its low bit set; that bit is then known, leaving 127 secret bits
     * (as in every free-XOR implementation). Δ must be secret and random and must not be zero.
     */
    public void setup(long deltaLo, long deltaHi) {
        takeSecret(deltaLo, deltaHi);
        finishBaseOts = baseOt.receiveInTwo(channel, choices(deltaLo, deltaHi), seeds, Iknp.K);
    }

    /**
     * As {@link #setup(long, long)} where the base OTs' first message was made before the channel was known
     * ({@link #prepareBaseOts}) and sent already (a listening garbler sends it with its hello).
     */
    public void setup(long deltaLo, long deltaHi, BaseOt.Prepared sent) {
        takeSecret(deltaLo, deltaHi);
        finishBaseOts = sent.finish(channel, seeds);
    }

    /** The base OTs' first message for the secret {@code (deltaLo, deltaHi)}, before any channel (receiver-first base OTs). */
    public static BaseOt.Prepared prepareBaseOts(BaseOt baseOt, long deltaLo, long deltaHi) {
        return baseOt.prepareReceiver(choices(deltaLo, deltaHi), Iknp.K);
    }

    /** The base OTs' choices: the bits of s. */
    private static boolean[] choices(long lo, long hi) {
        boolean[] choices = new boolean[Iknp.K];
        for (int j = 0; j < Iknp.K; j++) {
            choices[j] = ((j < 64 ? lo >>> j : hi >>> (j - 64)) & 1) != 0;
        }
        return choices;
    }

    private void takeSecret(long deltaLo, long deltaHi) {
        if (ready) {
            throw new IllegalStateException("OT extension sender is already set up");
        }
        if (deltaLo == 0 && deltaHi == 0) {
            throw new IllegalArgumentException("the OT extension secret must not be zero");
        }
        sLo = deltaLo;
        sHi = deltaHi;
        for (int j = 0; j < Iknp.K; j++) {
            sMasks[j] = -((j < 64 ? deltaLo >>> j : deltaHi >>> (j - 64)) & 1);
        }
        ready = true;
    }

    /**
     * Reads the rest of the base OTs, if that is still to do: {@link #setup} answers the receiver's first message and
     * leaves the rest for here, so that what this end sends meanwhile (the garbler's own labels and tables) rides with
     * its answer. Runs by itself before the first extension; a caller that reads anything else from the receiver first
     * calls it before.
     */
    public void finishSetup() {
        if (!ready) {
            throw new IllegalStateException("OT extension sender used before setup()");
        }
        if (finishBaseOts != null) {
            Runnable rest = finishBaseOts;
            finishBaseOts = null;
            rest.run();
            prgs = kernel.ctrKeys(seeds, Iknp.K);
        }
    }

    /** The low word of s (Δ). */
    public long deltaLo() {
        return sLo;
    }

    /** The high word of s (Δ). */
    public long deltaHi() {
        return sHi;
    }

    /** OTs consumed so far, padding included: the global index of the next OT. */
    public long otsUsed() {
        return nextIndex;
    }

    /** M, the OTs per block: a run of OTs split at multiples of M crosses the wire as it would in one piece. */
    public int blockSize() {
        return blockSize;
    }

    /**
     * n Δ-correlated OTs: block i of {@code x} gets {@code x_i}; the receiver, with choice bit {@code b_i}, gets
     * {@code x_i ⊕ b_i·Δ}. Only the receiver's u columns cross the wire (128 bits per OT).
     *
     * <p>No hash is applied: {@code x_i = q_i} is the sender's PRG output {@code G(k_j^{s_j})} masked by
     * u, pseudo-random and independent of Δ in the receiver's view except through the correlation the
     * functionality itself gives. Used as garbler input labels {@code (x_i, x_i ⊕ Δ)} this is exactly the
     * free-XOR situation whose security the garbling hash (circular correlation robust) already covers, as in
     * emp-toolkit's IKNP COT. Code that needs independent random strings must use {@link #random}.
     */
    public void correlated(long[] x, int n) {
        Iknp.checkCount(n, x, 2, "x");
        for (int off = 0; off < n; off += blockSize) {
            int len = Math.min(blockSize, n - off);
            extend(Iknp.paddedWidth(len));
            System.arraycopy(rows, 0, x, 2 * off, 2 * len);
        }
    }

    /**
     * n chosen-message OTs of 128-bit strings: the receiver gets block i of {@code m1} if its choice bit i is
     * set, else of {@code m0}. Per block this end reads the u columns and then sends {@code (y0_i, y1_i)}.
     */
    public void chosen(long[] m0, long[] m1, int n) {
        Iknp.checkCount(n, m0, 2, "m0");
        Iknp.checkCount(n, m1, 2, "m1");
        for (int off = 0; off < n; off += blockSize) {
            int len = Math.min(blockSize, n - off);
            extendAndHash(len);
            for (int i = 0; i < len; i++) {
                pads[4 * i] ^= m0[2 * (off + i)];
                pads[4 * i + 1] ^= m0[2 * (off + i) + 1];
                pads[4 * i + 2] ^= m1[2 * (off + i)];
                pads[4 * i + 3] ^= m1[2 * (off + i) + 1];
            }
            channel.writeLongs(pads, 0, 4 * len);
            channel.flush();
        }
    }

    /**
     * n random OTs: blocks i of {@code r0} and {@code r1} get {@code H(i, q_i)} and {@code H(i, q_i ⊕ s)}; the
     * receiver gets a random choice bit c_i and {@code r_{c_i}}. Only the u columns cross the wire. Use them
     * later for real inputs with {@link RandomOtDerandomizer}.
     */
    public void random(long[] r0, long[] r1, int n) {
        Iknp.checkCount(n, r0, 2, "r0");
        Iknp.checkCount(n, r1, 2, "r1");
        for (int off = 0; off < n; off += blockSize) {
            int len = Math.min(blockSize, n - off);
            extendAndHash(len);
            for (int i = 0; i < len; i++) {
                r0[2 * (off + i)] = pads[4 * i];
                r0[2 * (off + i) + 1] = pads[4 * i + 1];
                r1[2 * (off + i)] = pads[4 * i + 2];
                r1[2 * (off + i) + 1] = pads[4 * i + 3];
            }
        }
    }

    /**
     * Extends one block of {@code len} OTs and hashes its rows both ways, with the OTs' global indices as tweaks,
     * into {@link #pads}: {@code H(i, q_i)} and {@code H(i, q_i ⊕ s)} side by side, from one kernel call.
     */
    private void extendAndHash(int len) {
        long first = nextIndex;
        extend(Iknp.paddedWidth(len));
        kernel.crHashRangeWithOffset(rows, sLo, sHi, first, Iknp.HASH_DOMAIN, pads, len);
    }

    /**
     * One block of w OTs (w a multiple of 128): reads the receiver's u columns, computes
     * {@code q^j = G(k_j^{s_j}) ⊕ (s_j ? u^j : 0)} in place and transposes them into the rows q_i.
     */
    private void extend(int width) {
        finishSetup();
        int words = width >>> 6;
        int aesBlocks = width >>> 7;
        channel.readLongs(columns, 0, Iknp.K * words);
        prgs.ctr(prgCounter, prg, aesBlocks);
        for (int j = 0; j < Iknp.K; j++) {
            long mask = sMasks[j];
            int base = j * words;
            for (int x = base; x < base + words; x++) {
                columns[x] = prg[x] ^ (columns[x] & mask);
            }
        }
        prgCounter += aesBlocks;
        nextIndex += width;
        kernel.transpose128(columns, width, rows);
    }
}
