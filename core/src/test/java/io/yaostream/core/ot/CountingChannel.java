package io.yaostream.core.ot;

import io.yaostream.core.net.Channel;
import io.yaostream.core.testing.ForwardingChannel;

/** A channel that passes everything through and counts the set bits of the longs this end reads. */
final class CountingChannel extends ForwardingChannel {
    private long ones;
    private long bits;

    CountingChannel(Channel inner) {
        super(inner);
    }

    void reset() {
        ones = 0;
        bits = 0;
    }

    long bitsRead() {
        return bits;
    }

    double onesFraction() {
        return (double) ones / bits;
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
        inner.readLongs(dst, offset, count);
        for (int i = 0; i < count; i++) {
            ones += Long.bitCount(dst[offset + i]);
        }
        bits += 64L * count;
    }
}
