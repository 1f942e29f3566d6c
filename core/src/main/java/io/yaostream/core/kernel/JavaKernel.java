package io.yaostream.core.kernel;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import java.security.GeneralSecurityException;

/**
 * The pure-Java kernel. Fixed-key AES goes through one {@code javax.crypto} cipher in large batches, where the
 * JDK's AES intrinsics are fast; AES under many keys uses {@link Aes128} with the round keys of a whole batch
 * expanded into one reused array. Buffers grow to the largest batch and are then reused: nothing is
 * allocated per block in steady state.
 */
public final class JavaKernel implements Kernel {
    private final Cipher fixed;
    private byte[] inBytes = new byte[0];
    private byte[] outBytes = new byte[0];
    private int[] roundKeys = new int[0];
    private final int[] ctrRoundKeys = new int[Aes128.ROUND_KEY_INTS];
    private final long[] ctrBlock = new long[2];
    private long ctrKeyLo;
    private long ctrKeyHi;
    private boolean ctrKeyed;

    public JavaKernel() {
        try {
            fixed = Cipher.getInstance("AES/ECB/NoPadding");
            byte[] key = new byte[16];
            Blocks.putLong(key, 0, FIXED_KEY_LO);
            Blocks.putLong(key, 8, FIXED_KEY_HI);
            fixed.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("the JDK has no AES/ECB/NoPadding cipher", e);
        }
    }

    @Override
    public String name() {
        return "java";
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
        int need = blocks * Aes128.ROUND_KEY_INTS;
        if (roundKeys.length < need) {
            roundKeys = new int[need];
        }
        // Expand every key first, then encrypt: the two loops are what a pipelined kernel interleaves.
        for (int i = 0; i < blocks; i++) {
            Aes128.expandKey(keys[2 * i], keys[2 * i + 1], roundKeys, i * Aes128.ROUND_KEY_INTS);
        }
        for (int i = 0; i < blocks; i++) {
            Aes128.encrypt(roundKeys, i * Aes128.ROUND_KEY_INTS, in, i, out, i);
        }
    }

    @Override
    public void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks) {
        if (!ctrKeyed || keyLo != ctrKeyLo || keyHi != ctrKeyHi) {
            Aes128.expandKey(keyLo, keyHi, ctrRoundKeys, 0);
            ctrKeyLo = keyLo;
            ctrKeyHi = keyHi;
            ctrKeyed = true;
        }
        for (int i = 0; i < blocks; i++) {
            ctrBlock[0] = counter + i;
            ctrBlock[1] = 0;
            Aes128.encrypt(ctrRoundKeys, 0, ctrBlock, 0, out, i);
        }
    }
}
