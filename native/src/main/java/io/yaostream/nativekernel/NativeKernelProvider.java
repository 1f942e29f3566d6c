package io.yaostream.nativekernel;

import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.KernelProvider;

import java.util.Arrays;
import java.util.SplittableRandom;

/** Offers the C kernel when its library loads and its results match the Java kernel's (checked once). */
public final class NativeKernelProvider implements KernelProvider {
    private static final String FAILURE = NativeLibrary.FAILURE != null ? NativeLibrary.FAILURE : selfTest();

    @Override
    public String name() {
        return "native";
    }

    @Override
    public String unavailableReason() {
        return FAILURE;
    }

    @Override
    public Kernel create() {
        if (FAILURE != null) {
            throw new IllegalStateException("the native kernel cannot run here: " + FAILURE);
        }
        return new NativeKernel();
    }

    /** Every operation on random data, against the Java kernel; null when all agree bit for bit. */
    static String selfTest() {
        Kernel c = new NativeKernel();
        Kernel java = new JavaKernel();
        SplittableRandom rnd = new SplittableRandom(20261122);
        int n = 257;
        long[] keys = random(rnd, 2 * n);
        long[] in = random(rnd, 2 * n);
        long[] a = new long[2 * n];
        long[] b = new long[2 * n];
        c.fixedKeyEncrypt(in, a, n);
        java.fixedKeyEncrypt(in, b, n);
        if (!Arrays.equals(a, b)) {
            return "self-test: fixed-key AES differs from the Java kernel";
        }
        c.multiKeyEncrypt(keys, in, a, n);
        java.multiKeyEncrypt(keys, in, b, n);
        if (!Arrays.equals(a, b)) {
            return "self-test: multi-key AES differs from the Java kernel";
        }
        c.ctr(keys[0], keys[1], Long.MAX_VALUE - 3, a, n);
        java.ctr(keys[0], keys[1], Long.MAX_VALUE - 3, b, n);
        if (!Arrays.equals(a, b)) {
            return "self-test: AES-CTR differs from the Java kernel";
        }
        int cols = 256;
        long[] matrix = random(rnd, 2 * cols);
        long[] ta = new long[2 * cols];
        long[] tb = new long[2 * cols];
        c.transpose128(matrix, cols, ta);
        java.transpose128(matrix, cols, tb);
        if (!Arrays.equals(ta, tb)) {
            return "self-test: transpose differs from the Java kernel";
        }
        return null;
    }

    private static long[] random(SplittableRandom rnd, int longs) {
        long[] a = new long[longs];
        for (int i = 0; i < longs; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }
}
