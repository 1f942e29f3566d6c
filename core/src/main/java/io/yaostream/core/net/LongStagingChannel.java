package io.yaostream.core.net;

import io.yaostream.core.bits.Blocks;

/**
 * The part every byte channel shares: longs go through a reused staging array, little-endian, so the bulk
 * byte copies of {@link #write} and {@link #readFully} carry them and nothing is allocated per call; and the
 * byte counts, which implementations advance as bytes pass. A channel that can place longs straight into its
 * own buffer overrides {@link #writeLongs} and {@link #readLongs}; the staging array is made on first use.
 */
abstract class LongStagingChannel implements Channel {
    private byte[] staging;
    /** Bytes written since the channel opened. */
    long written;
    /** Bytes read since the channel opened. */
    long read;

    @Override
    public final long bytesWritten() {
        return written;
    }

    @Override
    public final long bytesRead() {
        return read;
    }

    @Override
    public void writeLongs(long[] src, int offset, int count) {
        byte[] staging = staging();
        int done = 0;
        while (done < count) {
            int n = Math.min(count - done, staging.length / 8);
            for (int i = 0; i < n; i++) {
                Blocks.putLong(staging, 8 * i, src[offset + done + i]);
            }
            write(staging, 0, 8 * n);
            done += n;
        }
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
        byte[] staging = staging();
        int done = 0;
        while (done < count) {
            int n = Math.min(count - done, staging.length / 8);
            readFully(staging, 0, 8 * n);
            for (int i = 0; i < n; i++) {
                dst[offset + done + i] = Blocks.getLong(staging, 8 * i);
            }
            done += n;
        }
    }

    private byte[] staging() {
        if (staging == null) {
            staging = new byte[1 << 16];
        }
        return staging;
    }
}
