package io.yaostream.nativekernel;

import io.yaostream.core.kernel.Kernel;

/**
 * The C kernel (AES-NI) behind core's kernel SPI: one JNI call per batch, arrays used in place. Results are
 * bit-identical to {@link io.yaostream.core.kernel.JavaKernel}; the provider checks that before handing one out.
 */
public final class NativeKernel implements Kernel {
    NativeKernel() {
    }

    @Override
    public String name() {
        return "native";
    }

    @Override
    public void fixedKeyEncrypt(long[] in, long[] out, int blocks) {
        checkBlocks(blocks, in, out);
        NativeBindings.fixedKeyEncrypt(in, out, blocks);
    }

    @Override
    public void multiKeyEncrypt(long[] keys, long[] in, long[] out, int blocks) {
        checkBlocks(blocks, keys, in, out);
        NativeBindings.multiKeyEncrypt(keys, in, out, blocks);
    }

    @Override
    public void ctr(long keyLo, long keyHi, long counter, long[] out, int blocks) {
        checkBlocks(blocks, out);
        NativeBindings.ctr(keyLo, keyHi, counter, out, blocks);
    }

    @Override
    public void transpose128(long[] in, int n, long[] out) {
        if (n < 0 || n % 64 != 0) {
            throw new IllegalArgumentException("transpose128: " + n + " columns is not a multiple of 64");
        }
        if (in.length < 2L * n || out.length < 2L * n) {
            throw new IllegalArgumentException("transpose128: arrays too short for " + n + " columns");
        }
        NativeBindings.transpose128(in, n, out);
    }

    /** The C code trusts its lengths: every array must hold the blocks asked for. */
    private static void checkBlocks(int blocks, long[]... arrays) {
        if (blocks < 0) {
            throw new IllegalArgumentException("negative block count " + blocks);
        }
        for (long[] a : arrays) {
            if (a.length < 2L * blocks) {
                throw new IllegalArgumentException("array of " + a.length + " longs is too short for " + blocks + " blocks");
            }
        }
    }
}
