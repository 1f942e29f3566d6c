package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;

import java.security.SecureRandom;

/**
 * A fast generator of random blocks: AES-128 in counter mode ({@link Kernel#ctr}) under a secret key from
 * {@link SecureRandom} (never the kernels' public fixed key), refilled in batches. A fixed seed exists only
 * for tests ({@link #forTesting}). Not thread-safe.
 */
public final class AesCtrRandom {
    private static final int BATCH = 256;
    private final Kernel kernel;
    private final long keyLo;
    private final long keyHi;
    private final long[] buffer = new long[2 * BATCH];
    private int next = BATCH;
    private long blockIndex;

    private AesCtrRandom(Kernel kernel, long keyLo, long keyHi) {
        this.kernel = kernel;
        this.keyLo = keyLo;
        this.keyHi = keyHi;
    }

    /** A generator keyed from the platform's {@link SecureRandom}, on the Java kernel. */
    public static AesCtrRandom create() {
        return create(new JavaKernel(), new SecureRandom());
    }

    /** A generator keyed from {@code seedSource}, producing its blocks with {@code kernel}. */
    public static AesCtrRandom create(Kernel kernel, SecureRandom seedSource) {
        byte[] key = new byte[16];
        seedSource.nextBytes(key);
        return new AesCtrRandom(kernel, Blocks.getLong(key, 0), Blocks.getLong(key, 8));
    }

    /**
     * A generator under {@code key} (16 bytes), which the caller derived from a secret seed it shares with another party
     * that must draw the same blocks (the garblers of a three-party session); the seed itself comes from SecureRandom.
     */
    public static AesCtrRandom fromKey(Kernel kernel, byte[] key) {
        if (key.length != 16) {
            throw new IllegalArgumentException("an AES-128 key is 16 bytes, got " + key.length);
        }
        return new AesCtrRandom(kernel, Blocks.getLong(key, 0), Blocks.getLong(key, 8));
    }

    /** Deterministic output for tests and known-answer comparisons only: never for a real session. */
    public static AesCtrRandom forTesting(long seed) {
        return new AesCtrRandom(new JavaKernel(), seed, ~seed ^ 0x5bd1e9955bd1e995L);
    }

    /**
     * {@code R(domain, index) = AES_S(blk(index, domain, 0))} of docs/garbling-schemes.md §1.5, S this generator's key:
     * values by name rather than in sequence (the counter blocks have byte 8 zero, so a domain from 1 on never meets
     * them). The garbler's Kπ is {@code R(0x01, 0)}.
     */
    public long[] derive(int domain, long index) {
        long[] block = {index, domain & 0xff};
        kernel.multiKeyEncrypt(new long[] {keyLo, keyHi}, block, block, 1);
        return block;
    }

    /** Writes the next random block into block {@code index} of {@code out}. */
    public void nextBlock(long[] out, int index) {
        if (next == BATCH) {
            refill();
        }
        out[2 * index] = buffer[2 * next];
        out[2 * index + 1] = buffer[2 * next + 1];
        next++;
    }

    public long nextLong() {
        if (next == BATCH) {
            refill();
        }
        return buffer[2 * next++];
    }

    private void refill() {
        kernel.ctr(keyLo, keyHi, blockIndex, buffer, BATCH);
        blockIndex += BATCH;
        next = 0;
    }
}
