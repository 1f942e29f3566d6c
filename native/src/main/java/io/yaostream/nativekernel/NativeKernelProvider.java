package io.yaostream.nativekernel;

import io.yaostream.core.curve.EdwardsArithmetic;
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
        int n = 257; // 16 blocks at a time on the VAES path, then one more
        long[] keys = random(rnd, 2 * n);
        long[] in = random(rnd, 2 * n);
        int cols = 256;
        long[] matrix = random(rnd, 2 * cols);
        c.setFixedKey(keys[4], keys[5]); // a session's Kπ is random: so is the self-test's
        java.setFixedKey(keys[4], keys[5]);
        String failure = differs("fixed-key AES", c, java, 2 * n, (k, out) -> k.fixedKeyEncrypt(in, out, n));
        failure = failure != null ? failure : differs("multi-key AES", c, java, 2 * n, (k, out) -> k.multiKeyEncrypt(keys, in, out, n));
        failure = failure != null ? failure : differs("AES-CTR", c, java, 2 * n, (k, out) -> k.ctr(keys[0], keys[1], Long.MAX_VALUE - 3, out, n));
        failure = failure != null ? failure : differs("AES-CTR under expanded keys", c, java, 2 * 3 * n,
                (k, out) -> k.ctrKeys(keys, 3).ctr(-5, out, n));
        failure = failure != null ? failure : differs("hash range", c, java, 4 * n,
                (k, out) -> k.crHashRangeWithOffset(in, keys[0], keys[1], Long.MAX_VALUE - 3, 42, out, n));
        failure = failure != null ? failure : differs("hash expansion", c, java, 2 * 3 * n,
                (k, out) -> k.crHashExpand(in, 1, n - 1, 3, Long.MAX_VALUE - 3, 42, out));
        long[] rows = new long[n];
        Arrays.setAll(rows, i -> rnd.nextLong() & 31);
        // one-hot leaves, 5 output rows of m = 3 and the columns after them, leaf 100 skipped
        failure = failure != null ? failure : differs("one-hot leaves", c, java, 2 * 6 * 3, (k, out) -> {
            long[] columns = new long[2 * 3];
            k.oneHotLeaves(in, n, 3, Long.MAX_VALUE - 3, 42, rows, 5, 100, out, columns, new long[2 * 3 * 16]);
            System.arraycopy(columns, 0, out, 2 * 5 * 3, columns.length);
        });
        failure = failure != null ? failure : differs("transpose", c, java, 2 * cols, (k, out) -> k.transpose128(matrix, cols, out));
        int[] starts = new int[n + 1];
        int[] terms = new int[3 * n];
        for (int j = 0; j < n; j++) {
            starts[j + 1] = starts[j] + j % 4; // 0 to 3 terms
        }
        Arrays.setAll(terms, t -> rnd.nextInt(n));
        failure = failure != null ? failure : differs("xor terms", c, java, 2 * n, (k, out) -> k.xorTerms(starts, terms, n, in, out));
        byte[] data = new byte[16 * n + 5];
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) in[i % in.length];
        }
        io.yaostream.core.kernel.PolynomialHash key = new io.yaostream.core.kernel.PolynomialHash(keys[2], keys[3]);
        failure = failure != null ? failure : differs("polynomial hash", c, java, 2, (k, out) -> k.polynomialHash(key, data, data.length, -7, out));
        return failure != null ? failure : edwardsDiffers(c.edwards25519(), java.edwards25519(), rnd);
    }

    /**
     * Null when both give the same bytes for k_0 B and k_1 B from the base point's table, and k_0 P + j S for
     * j < 2 with P = k_0 B and S = k_1 B; the random digits stand for scalars just as well as recoded ones.
     */
    private static String edwardsDiffers(EdwardsArithmetic c, EdwardsArithmetic java, SplittableRandom rnd) {
        byte[] digits = new byte[2 * EdwardsArithmetic.DIGITS];
        for (int i = 0; i < digits.length; i++) {
            digits[i] = (byte) rnd.nextInt(-8, 9);
        }
        int point = EdwardsArithmetic.POINT_BYTES;
        byte[] a = new byte[4 * point];
        byte[] b = new byte[4 * point];
        c.base().multiply(digits, 0, 2, a, 0);
        java.base().multiply(digits, 0, 2, b, 0);
        c.multiplyPoints(b, 0, 1, digits, Arrays.copyOfRange(b, point, 2 * point), 2, a, 2 * point);
        java.multiplyPoints(b, 0, 1, digits, Arrays.copyOfRange(b, point, 2 * point), 2, b, 2 * point);
        return Arrays.equals(a, b) ? null : "self-test: edwards25519 multiplication differs from the Java kernel";
    }

    /** One kernel operation writing its result into {@code out}. */
    private interface Operation {
        void run(Kernel kernel, long[] out);
    }

    /** Null when both kernels give the same {@code longs} longs, else the self-test failure for {@code what}. */
    private static String differs(String what, Kernel c, Kernel java, int longs, Operation op) {
        long[] a = new long[longs];
        long[] b = new long[longs];
        op.run(c, a);
        op.run(java, b);
        return Arrays.equals(a, b) ? null : "self-test: " + what + " differs from the Java kernel";
    }

    private static long[] random(SplittableRandom rnd, int longs) {
        long[] a = new long[longs];
        for (int i = 0; i < longs; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }

    @Override
    public void limitPath(String path) {
        NativePath.limit(NativePath.fromKey(path));
    }
}
