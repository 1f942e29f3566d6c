package io.yaostream.core.protocol;

import io.yaostream.core.net.Channel;
import io.yaostream.core.testing.ForwardingChannel;

/**
 * A channel that passes every call on and tells how long its owner has been waiting in a read, so a fuzz test can
 * see two parties that wait for each other (a deadlock a mutation made) and end it at once instead of after the
 * timeout.
 */
public class WatchedChannel extends ForwardingChannel {
    /** System.nanoTime() when the current read started, 0 when not reading. */
    private volatile long readingSince;

    public WatchedChannel(Channel inner) {
        super(inner);
    }

    /** Milliseconds the owner has been waiting in its current read, 0 when it is not reading. */
    public final long readingMillis() {
        long since = readingSince;
        return since == 0 ? 0 : (System.nanoTime() - since) / 1_000_000;
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
}
