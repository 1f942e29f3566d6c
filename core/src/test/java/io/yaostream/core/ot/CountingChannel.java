package io.yaostream.core.ot;

import io.yaostream.core.net.Channel;

/** A channel that passes everything through and counts the set bits of the longs this end reads. */
final class CountingChannel implements Channel {
    private final Channel inner;
    private long ones;
    private long bits;

    CountingChannel(Channel inner) {
        this.inner = inner;
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

    @Override
    public void write(byte[] src, int offset, int length) {
        inner.write(src, offset, length);
    }

    @Override
    public void writeLongs(long[] src, int offset, int count) {
        inner.writeLongs(src, offset, count);
    }

    @Override
    public void flush() {
        inner.flush();
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        inner.readFully(dst, offset, length);
    }

    @Override
    public long bytesWritten() {
        return inner.bytesWritten();
    }

    @Override
    public long bytesRead() {
        return inner.bytesRead();
    }

    @Override
    public void close() {
        inner.close();
    }
}
