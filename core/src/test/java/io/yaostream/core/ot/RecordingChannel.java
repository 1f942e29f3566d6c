package io.yaostream.core.ot;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.net.Channel;
import io.yaostream.core.testing.ForwardingChannel;

import java.io.ByteArrayOutputStream;

/** A channel that keeps a copy of every byte its owner reads: what that party saw of the other. */
final class RecordingChannel extends ForwardingChannel {
    private final ByteArrayOutputStream seen = new ByteArrayOutputStream();

    RecordingChannel(Channel inner) {
        super(inner);
    }

    byte[] seen() {
        return seen.toByteArray();
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        inner.readFully(dst, offset, length);
        seen.write(dst, offset, length);
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
        byte[] bytes = new byte[8 * count];
        readFully(bytes, 0, bytes.length);
        for (int i = 0; i < count; i++) {
            dst[offset + i] = Blocks.getLong(bytes, 8 * i);
        }
    }
}
