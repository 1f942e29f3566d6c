package io.yaostream.core.kernel;

/**
 * {@link CtrKeys} as one {@link Kernel#ctr} call per key, through a buffer that grows to the largest call:
 * the default for kernels with no cheaper form (the Java kernel keeps a cipher per key itself).
 */
final class CtrPerKey implements CtrKeys {
    private final Kernel kernel;
    private final long[] keys;
    private long[] buffer = new long[0];

    CtrPerKey(Kernel kernel, long[] keys, int count) {
        if (count < 0 || keys.length < 2L * count) {
            throw new IllegalArgumentException("keys holds " + keys.length / 2 + " blocks, fewer than count " + count);
        }
        this.kernel = kernel;
        this.keys = java.util.Arrays.copyOf(keys, 2 * count);
    }

    @Override
    public int count() {
        return keys.length / 2;
    }

    @Override
    public void ctr(long counter, long[] out, int blocks) {
        CtrKeys.checkOut(count(), out, blocks);
        if (buffer.length < 2 * blocks) {
            buffer = new long[2 * blocks];
        }
        for (int j = 0; j < count(); j++) {
            kernel.ctr(keys[2 * j], keys[2 * j + 1], counter, buffer, blocks);
            System.arraycopy(buffer, 0, out, 2 * j * blocks, 2 * blocks);
        }
    }
}
