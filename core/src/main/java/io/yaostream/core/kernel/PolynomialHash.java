package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;

/**
 * A polynomial hash over GF(2^128) under a secret key h, the three-party protocol's stream hash (the Java definition;
 * a kernel may compute it faster, bit for bit alike):
 * <pre>
 *   acc = 0;  for each 16-byte block b of the data (the last padded with zero bytes): acc = (acc ⊕ b) · h
 *   hash = (acc ⊕ (length, index)) · h
 * </pre>
 * Blocks are the {@link Blocks} layout: two little-endian longs (lo, hi), bit i of lo the coefficient of x^i and bit i
 * of hi that of x^(64+i), in GF(2)[x] modulo x^128 + x^7 + x^2 + x + 1. {@code length} is the data's length in bytes,
 * {@code index} a number the caller binds in (the chunk's).
 *
 * <p>The hash is a polynomial in h with no constant term whose coefficients are the blocks and the length: for two
 * different (data, length) pairs of at most n blocks, the difference is a nonzero polynomial of degree at most n + 1,
 * so they collide for at most n + 1 keys of 2^128. That is all the protocol needs, from a key the adversary never sees
 * (see docs/three-party.md); it is not a collision-resistant hash for anyone who knows h.
 *
 * <p>This definition multiplies with sixteen tables of h·(byte · x^(8j)), 128 KiB built once per key. Not thread-safe
 * in the sense that {@code out} is used as the running sum; instances are otherwise immutable.
 */
public final class PolynomialHash {
    private final long keyLo;
    private final long keyHi;
    /** tables[j][b] = h · (b · x^(8j)), lo at 2b, hi at 2b + 1; built on the first hash here (a native kernel needs none). */
    private long[][] tables;

    public PolynomialHash(long keyLo, long keyHi) {
        this.keyLo = keyLo;
        this.keyHi = keyHi;
    }

    /** The key h as 16 bytes, the {@link Blocks} layout (as it travels). */
    public static PolynomialHash fromBytes(byte[] key) {
        if (key.length != 16) {
            throw new IllegalArgumentException("a polynomial hash key is 16 bytes, got " + key.length);
        }
        return new PolynomialHash(Blocks.getLong(key, 0), Blocks.getLong(key, 8));
    }

    private long[][] tables() {
        if (tables == null) {
            tables = buildTables(keyLo, keyHi);
        }
        return tables;
    }

    private static long[][] buildTables(long keyLo, long keyHi) {
        long[][] tables = new long[16][512];
        long lo = keyLo;
        long hi = keyHi;
        for (int bit = 0; bit < 128; bit++) { // lo, hi = h · x^bit
            long[] t = tables[bit / 8];
            int k = 1 << (bit % 8);
            for (int b = k; b < 2 * k; b++) {
                t[2 * b] = t[2 * (b - k)] ^ lo;
                t[2 * b + 1] = t[2 * (b - k) + 1] ^ hi;
            }
            long carry = hi >>> 63;
            hi = (hi << 1) | (lo >>> 63);
            lo = (lo << 1) ^ (carry * 0x87L);
        }
        return tables;
    }

    public long keyLo() {
        return keyLo;
    }

    public long keyHi() {
        return keyHi;
    }

    /** The hash of the first {@code length} bytes of {@code data} with {@code index}, into {@code out[0..1]}. */
    public void hash(byte[] data, int length, long index, long[] out) {
        long[] acc = out;
        acc[0] = 0;
        acc[1] = 0;
        int full = length & ~15;
        for (int i = 0; i < full; i += 16) {
            multiply(acc[0] ^ Blocks.getLong(data, i), acc[1] ^ Blocks.getLong(data, i + 8), acc);
        }
        if (full < length) {
            byte[] last = new byte[16];
            System.arraycopy(data, full, last, 0, length - full);
            multiply(acc[0] ^ Blocks.getLong(last, 0), acc[1] ^ Blocks.getLong(last, 8), acc);
        }
        multiply(acc[0] ^ length, acc[1] ^ index, acc);
    }

    /** {@code out[0..1] = (lo, hi) · h}. */
    void multiply(long lo, long hi, long[] out) {
        long[][] tables = tables();
        long rLo = 0;
        long rHi = 0;
        for (int j = 0; j < 8; j++) {
            int b = (int) (lo >>> (8 * j)) & 0xff;
            rLo ^= tables[j][2 * b];
            rHi ^= tables[j][2 * b + 1];
            b = (int) (hi >>> (8 * j)) & 0xff;
            rLo ^= tables[8 + j][2 * b];
            rHi ^= tables[8 + j][2 * b + 1];
        }
        out[0] = rLo;
        out[1] = rHi;
    }
}
