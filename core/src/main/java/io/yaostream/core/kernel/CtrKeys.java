package io.yaostream.core.kernel;

/**
 * AES-CTR ({@link Kernel#ctr}) under a fixed set of secret keys, made by {@link Kernel#ctrKeys}: the PRGs of
 * IKNP OT extension, one per base-OT seed, which run again for every block of OTs. Holding the keys in this
 * form lets a kernel expand each key schedule once rather than at every call (for 64 blocks a call the
 * expansion cost about as much as the blocks), and produce the output of all keys in one call. Not
 * thread-safe, like the kernel that made it.
 */
public interface CtrKeys {
    /** The number of keys. */
    int count();

    /**
     * For every key j below {@link #count}: blocks {@code j * blocks .. (j + 1) * blocks - 1} of {@code out}
     * get {@code AES_key_j((counter + i, 0))} for i below {@code blocks}, as {@link Kernel#ctr} would.
     */
    void ctr(long counter, long[] out, int blocks);

    /** Throws unless {@code out} holds {@code count * blocks} blocks. */
    static void checkOut(int count, long[] out, int blocks) {
        if (blocks < 0) {
            throw new IllegalArgumentException("negative block count " + blocks);
        }
        if (out.length < 2L * count * blocks) {
            throw new IllegalArgumentException("array of " + out.length + " longs is too short for " + count
                    + " keys of " + blocks + " blocks");
        }
    }
}
