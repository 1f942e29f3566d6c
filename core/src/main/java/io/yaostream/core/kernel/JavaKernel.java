package io.yaostream.core.kernel;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.curve.EdwardsArithmetic;
import io.yaostream.core.curve.JavaEdwardsArithmetic;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The pure-Java kernel. Fixed-key AES goes through one {@code javax.crypto} cipher in large batches, where the
 * JDK's AES intrinsics are fast; AES under many keys uses {@link Aes128}, bitsliced and constant-time (the keys
 * are labels), sixteen blocks and their key schedules at a time in one reused scratch array. Buffers grow to the
 * largest batch and are then reused: nothing is allocated per block in steady state.
 */
public final class JavaKernel implements Kernel {
    private Cipher fixed;
    private long fixedLo = FIXED_KEY_LO;
    private long fixedHi = FIXED_KEY_HI;
    private byte[] inBytes = new byte[0];
    private byte[] outBytes = new byte[0];
    private final long[] aesScratch = new long[Aes128.SCRATCH_LONGS];
    private final long[] square = new long[64];
    private static final int MAX_CTR_KEYS = 512;
    private final java.util.Map<KeyBlock, Cipher> ctrCiphers = new java.util.HashMap<>();
    private final JavaFreeXorWalk walk = new JavaFreeXorWalk(this);
    private final JavaPrfOnly prfOnly = new JavaPrfOnly(this);
    private long[] directTables = new long[0];

    public JavaKernel() {
        fixed = ecb(FIXED_KEY_LO, FIXED_KEY_HI);
    }

    @Override
    public String name() {
        return "java";
    }

    @Override
    public EdwardsArithmetic edwards25519() {
        return JavaEdwardsArithmetic.INSTANCE;
    }

    @Override
    public void setFixedKey(long keyLo, long keyHi) {
        if (keyLo != fixedLo || keyHi != fixedHi) {
            fixed = ecb(keyLo, keyHi);
            fixedLo = keyLo;
            fixedHi = keyHi;
        }
    }

    @Override
    public long fixedKeyLo() {
        return fixedLo;
    }

    @Override
    public long fixedKeyHi() {
        return fixedHi;
    }

    @Override
    public void fixedKeyEncrypt(long[] in, long[] out, int blocks) {
        int bytes = 16 * blocks;
        if (inBytes.length < bytes) {
            inBytes = new byte[bytes];
            outBytes = new byte[bytes];
        }
        Blocks.toBytes(in, 0, inBytes, 0, blocks);
        try {
            int n = fixed.update(inBytes, 0, bytes, outBytes, 0);
            if (n != bytes) {
                throw new IllegalStateException("AES/ECB returned " + n + " of " + bytes + " bytes");
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("fixed-key AES failed", e);
        }
        Blocks.fromBytes(outBytes, 0, out, 0, blocks);
    }

    @Override
    public void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks) {
        // Bitsliced, sixteen blocks and their key schedules at a time: the keys are labels, so no table lookups.
        Aes128.multiKeyEncrypt(keys, in, out, blocks, aesScratch);
    }

    @Override
    public void multiKeyEncryptTwice(long[] keys, long[] in, long[] out, int pairs) {
        // Four pairs at a time: each key schedule serves two blocks.
        Aes128.multiKeyEncryptTwice(keys, in, out, pairs, aesScratch);
    }

    @Override
    public void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks) {
        // OT extension expands the same 128 seeds again and again: keep a cipher per key (the JDK's AES
        // intrinsics need a Cipher, and making one allocates), and encrypt the counter blocks in one call.
        Cipher cipher = ctrCiphers.get(new KeyBlock(keyLo, keyHi));
        if (cipher == null) {
            cipher = ecb(keyLo, keyHi);
            if (ctrCiphers.size() >= MAX_CTR_KEYS) {
                ctrCiphers.clear();
            }
            ctrCiphers.put(new KeyBlock(keyLo, keyHi), cipher);
        }
        int bytes = 16 * blocks;
        if (inBytes.length < bytes) {
            inBytes = new byte[bytes];
            outBytes = new byte[bytes];
        }
        for (int i = 0; i < blocks; i++) {
            Blocks.putLong(inBytes, 16 * i, counter + i);
            Blocks.putLong(inBytes, 16 * i + 8, 0);
        }
        try {
            cipher.update(inBytes, 0, bytes, outBytes, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-CTR failed", e);
        }
        Blocks.fromBytes(outBytes, 0, out, 0, blocks);
    }

    @Override
    public int garbleFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
                               long[] tables, int capacity) {
        return walk.garble(rule, c, at, zero, deltaLo, deltaHi, tables, capacity);
    }

    /** Garbles into a reused array, then copies it into the buffer: the Java kernel cannot write there itself. */
    @Override
    public int garbleFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] zero, long deltaLo, long deltaHi,
                               ByteBuffer tables, int capacity) {
        checkBufferHolds(tables, capacity);
        long[] staging = directTables(capacity);
        int blocks = walk.garble(rule, c, at, zero, deltaLo, deltaHi, staging, capacity);
        Blocks.toBuffer(staging, 0, tables, tables.position(), blocks);
        return blocks;
    }

    @Override
    public int evaluateFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        return walk.evaluate(rule, c, at, label, tables, blocks);
    }

    @Override
    public int evaluateFreeXor(AndGateRule rule, CompiledCircuit c, GateCursor at, long[] label, ByteBuffer tables,
                                 int blocks) {
        checkBufferHolds(tables, blocks);
        long[] copy = directTables(blocks);
        Blocks.fromBuffer(tables, tables.position(), copy, 0, blocks);
        return walk.evaluate(rule, c, at, label, copy, blocks);
    }

    @Override
    public int garblePrfOnlyFree(CompiledCircuit c, GateCursor at, long[] pair, long[] tables, int capacity) {
        return prfOnly.garbleFree(c, at, pair, tables, capacity);
    }

    @Override
    public void garblePrfOnlyAnds(CompiledCircuit c, GateCursor at, long[] pair, byte[] colours, long[] tables,
                                  byte[] nibbles) {
        prfOnly.garbleAnds(c, at, pair, colours, tables, nibbles);
    }

    @Override
    public int evaluatePrfOnlyFree(CompiledCircuit c, GateCursor at, long[] label, long[] tables, int blocks) {
        return prfOnly.evaluateFree(c, at, label, tables, blocks);
    }

    @Override
    public int evaluatePrfOnlyAnds(CompiledCircuit c, GateCursor at, long[] label, long[] tables, byte[] nibbles) {
        return prfOnly.evaluateAnds(c, at, label, tables, nibbles);
    }

    /** The array that stands in for a direct buffer's tables, at least {@code blocks} long. */
    private long[] directTables(int blocks) {
        if (directTables.length < 2 * blocks) {
            directTables = new long[2 * blocks];
        }
        return directTables;
    }

    private static void checkBufferHolds(ByteBuffer tables, int blocks) {
        if (blocks < 0 || tables.remaining() < 16L * blocks) {
            throw new IllegalArgumentException("buffer of " + tables.remaining() + " bytes is too short for " + blocks + " blocks");
        }
    }

    /** A key as a map key (records compare by value; lookups of a cached key allocate nothing once inlined). */
    private record KeyBlock(long lo, long hi) {
    }

    private static Cipher ecb(long keyLo, long keyHi) {
        try {
            Cipher c = Cipher.getInstance("AES/ECB/NoPadding");
            byte[] key = new byte[16];
            Blocks.putLong(key, 0, keyLo);
            Blocks.putLong(key, 8, keyHi);
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
            return c;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no AES/ECB/NoPadding cipher", e);
        }
    }

    @Override
    public void transpose128(long[] in, int n, long[] out) {
        if (n % 64 != 0) {
            throw new IllegalArgumentException("transpose128: " + n + " columns is not a multiple of 64");
        }
        int words = n / 64;
        for (int w = 0; w < words; w++) {
            for (int half = 0; half < 2; half++) {
                for (int r = 0; r < 64; r++) {
                    square[r] = in[(64 * half + r) * words + w];
                }
                transpose64(square);
                for (int c = 0; c < 64; c++) {
                    out[2 * (64 * w + c) + half] = square[c];
                }
            }
        }
    }

    /**
     * In-place transpose of a 64 x 64 bit matrix (a[r] bit c becomes a[c] bit r) by swapping ever smaller
     * blocks: six stages of 32 swaps, written with fixed strides so the JIT can unroll them.
     */
    static void transpose64(long[] a) {
        swapStage(a, 32, 0x00000000FFFFFFFFL);
        swapStage(a, 16, 0x0000FFFF0000FFFFL);
        swapStage(a, 8, 0x00FF00FF00FF00FFL);
        swapStage(a, 4, 0x0F0F0F0F0F0F0F0FL);
        swapStage(a, 2, 0x3333333333333333L);
        swapStage(a, 1, 0x5555555555555555L);
    }

    /** Swaps the off-diagonal j x j blocks of every 2j x 2j block: rows k and k + j for k in the lower half. */
    private static void swapStage(long[] a, int j, long mask) {
        for (int base = 0; base < 64; base += 2 * j) {
            for (int k = base; k < base + j; k++) {
                long t = ((a[k] >>> j) ^ a[k + j]) & mask;
                a[k] ^= t << j;
                a[k + j] ^= t;
            }
        }
    }
}
