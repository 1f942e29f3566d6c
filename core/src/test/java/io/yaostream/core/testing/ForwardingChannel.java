package io.yaostream.core.testing;

import io.yaostream.core.net.Channel;

/** A channel that passes every call to another; test channels override the reads they watch. */
public abstract class ForwardingChannel implements Channel {
    protected final Channel inner;

    protected ForwardingChannel(Channel inner) {
        this.inner = inner;
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
    public void readLongs(long[] dst, int offset, int count) {
        inner.readLongs(dst, offset, count);
    }

    @Override
    public long bytesWritten() {
        return inner.bytesWritten();
    }

    @Override
    public int flights() {
        return inner.flights();
    }

    @Override
    public void markFlights() {
        inner.markFlights();
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
