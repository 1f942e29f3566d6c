package io.yaostream.core.kernel;

/**
 * The batch operations the garbling schemes and OT need, over blocks in the {@link Blocks} layout. Each call
 * handles many blocks so an implementation can pipeline AES; implementations must give bit-identical results.
 * Implementations are not thread-safe: use one per thread.
 */
public interface Kernel {
    /** The fixed public AES key of {@link #fixedKeyEncrypt}: the bytes 00 01 .. 0f. */
    long FIXED_KEY_LO = 0x0706050403020100L;
    long FIXED_KEY_HI = 0x0f0e0d0c0b0a0908L;

    /** A short name for reports ({@code java}, {@code native}). */
    String name();

    /** {@code out[i] = π(in[i])} for {@code blocks} blocks: AES-128 under the fixed key. {@code in} may equal {@code out}. */
    void fixedKeyEncrypt(long[] in, long[] out, int blocks);

    /**
     * {@code out[i] = AES_{keys[i]}(in[i])} for {@code blocks} blocks, each under its own key, with the key
     * schedules computed together (GLNP15 §2.2). {@code in} may equal {@code out}.
     */
    void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks);

    /**
     * The pseudo-random generator: AES-128 in counter mode, {@code out[i] = AES_key((counter + i, 0))} for
     * {@code blocks} blocks, with {@code key} a secret block {@code (keyLo, keyHi)}.
     */
    void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks);

    /**
     * Transposes a 128 x n bit matrix (IKNP's): row r, for r below 128, is n bits stored as n/64 longs at
     * {@code in[r * n/64 ...]}, column c in bit c % 64 of long c / 64. Block c of {@code out} gets column c:
     * its bit r is bit c of row r. {@code n} must be a multiple of 64.
     */
    void transpose128(long[] in, int n, long[] out);
}
