package io.yaostream.core.twoparty;

import java.util.Arrays;

/**
 * The OTs of a session between the first not yet used and the last extended, {@code stride} longs each,
 * addressed by their position in the session. Storage grows to the largest window seen and is compacted as
 * OTs are used, so memory follows the chunks in flight, not the number of inputs.
 */
final class OtWindow {
    private final int stride;
    private long[] data;
    /** Session position of the first OT held. */
    private long base;
    /** Session position one past the last OT held. */
    private long end;
    /** Session position before which the OTs are used (given to {@link #dropBefore}): storage that may be reused. */
    private long dead;

    OtWindow(int stride) {
        this.stride = stride;
        this.data = new long[stride * 1024];
    }

    /** Appends {@code count} OTs, read from {@code src} from index 0. */
    void append(long[] src, int count) {
        long need = (end - base + count) * stride;
        if (need > data.length && dead > base) {
            compact(); // the OTs already used make room before the storage grows
            need = (end - base + count) * stride;
        }
        if (need > data.length) {
            data = Arrays.copyOf(data, (int) Math.max(need, 2L * data.length));
        }
        System.arraycopy(src, 0, data, (int) ((end - base) * stride), count * stride);
        end += count;
    }

    /** Index into {@link #data()} of OT {@code position}'s first long. */
    int offset(long position) {
        if (position < base || position >= end) {
            throw new IllegalStateException("OT " + position + " is outside the window " + base + ".." + end);
        }
        return (int) ((position - base) * stride);
    }

    long[] data() {
        return data;
    }

    /** Forgets the OTs before {@code position}, once they fill half the storage (or when room is needed). */
    void dropBefore(long position) {
        dead = Math.max(dead, Math.min(position, end));
        if ((dead - base) * stride > data.length / 2) {
            compact();
        }
    }

    private void compact() {
        int gone = (int) (dead - base);
        System.arraycopy(data, gone * stride, data, 0, (int) ((end - dead) * stride));
        base = dead;
    }
}
