package io.yaostream.core.protocol;

import io.yaostream.core.net.Channel;

/**
 * A channel that passes every call on and tells how long its owner has been waiting in a read, so a fuzz test can
 * see two parties that wait for each other (a deadlock a mutation made) and end it at once instead of after the
 * timeout.
 */
class WatchedChannel implements Channel {
    final Channel inner;
    /** System.nanoTime() when the current read started, 0 when not reading. */
    private volatile long readingSince;

    WatchedChannel(Channel inner) {
        this.inner = inner;
    }

    /** Milliseconds the owner has been waiting in its current read, 0 when it is not reading. */
    final long readingMillis() {
        long since = readingSince;
        return since == 0 ? 0 : (System.nanoTime() - since) / 1_000_000;
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
    public final void readFully(byte[] dst, int offset, int length) {
        readingSince = System.nanoTime();
        try {
            inner.readFully(dst, offset, length);
        } finally {
            readingSince = 0;
        }
    }

    @Override
    public final void readLongs(long[] dst, int offset, int count) {
        readingSince = System.nanoTime();
        try {
            inner.readLongs(dst, offset, count);
        } finally {
            readingSince = 0;
        }
    }

    @Override
    public final long bytesWritten() {
        return inner.bytesWritten();
    }

    @Override
    public final long bytesRead() {
        return inner.bytesRead();
    }

    @Override
    public final void close() {
        inner.close();
    }
}
