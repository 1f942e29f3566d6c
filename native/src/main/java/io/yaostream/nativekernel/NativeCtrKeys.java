package io.yaostream.nativekernel;

import io.yaostream.core.kernel.CtrKeys;

/**
 * {@link CtrKeys} of the C kernel: the AES round keys are expanded once, into a Java array (so no native memory
 * needs freeing), and every call produces the blocks of all keys in one JNI call, on the VAES-512 path where
 * the CPU has it.
 */
final class NativeCtrKeys implements CtrKeys {
    /** Longs of one expanded key: 11 round keys of 16 bytes (YS_SCHEDULE_BYTES). */
    static final int SCHEDULE_LONGS = 22;

    private final long[] schedules;
    private final int count;

    NativeCtrKeys(long[] keys, int count) {
        if (count < 0 || keys.length < 2L * count) {
            throw new IllegalArgumentException("keys holds " + keys.length / 2 + " blocks, fewer than count " + count);
        }
        this.count = count;
        schedules = new long[SCHEDULE_LONGS * count];
        NativeBindings.expandKeys(keys, count, schedules);
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public void ctr(long counter, long[] out, int blocks) {
        CtrKeys.checkOut(count, out, blocks);
        NativeBindings.ctrKeys(schedules, count, counter, out, blocks);
    }
}
