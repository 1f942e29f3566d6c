package io.yaostream.core.ot;

import io.yaostream.core.net.Channel;

/** A channel that passes every call to another; test channels override the reads they watch. */
abstract class ForwardingChannel implements Channel {
    final Channel inner;

    ForwardingChannel(Channel inner) {
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
    public long bytesRead() {
        return inner.bytesRead();
    }

    @Override
    public void close() {
        inner.close();
    }
}
