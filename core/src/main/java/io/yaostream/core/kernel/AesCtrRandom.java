package io.yaostream.core.kernel;

import java.security.SecureRandom;

/**
 * A fast generator of random blocks: AES-128 in counter mode under a secret key from {@link SecureRandom},
 * with its own key schedule (the kernels' fixed key is public), refilled in batches. A fixed seed exists only
 * for tests ({@link #forTesting}).
 */
public final class AesCtrRandom {
    private static final int BATCH = 256;
    private final int[] roundKeys = new int[Aes128.ROUND_KEY_INTS];
    private final long[] counter = new long[2];
    private final long[] buffer = new long[2 * BATCH];
    private int next = BATCH;
    private long blockIndex;

    private AesCtrRandom(long keyLo, long keyHi) {
        Aes128.expandKey(keyLo, keyHi, roundKeys, 0);
    }

    /** A generator keyed from the platform's {@link SecureRandom}. */
    public static AesCtrRandom create() {
        return create(new SecureRandom());
    }

    public static AesCtrRandom create(SecureRandom seedSource) {
        byte[] key = new byte[16];
        seedSource.nextBytes(key);
        return new AesCtrRandom(Blocks.getLong(key, 0), Blocks.getLong(key, 8));
    }

    /** Deterministic output for tests and known-answer comparisons only: never for a real session. */
    public static AesCtrRandom forTesting(long seed) {
        return new AesCtrRandom(seed, ~seed ^ 0x5bd1e9955bd1e995L);
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
        for (int i = 0; i < BATCH; i++) {
            counter[0] = blockIndex++;
            counter[1] = 0;
            Aes128.encrypt(roundKeys, 0, counter, 0, buffer, i);
        }
        next = 0;
    }
}
