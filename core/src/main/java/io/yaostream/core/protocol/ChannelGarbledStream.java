package io.yaostream.core.protocol;

import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.net.Channel;

/** Garbled material carried by a channel: the garbler's writes are the evaluator's reads. */
public final class ChannelGarbledStream implements GarbledStream {
    private final Channel channel;
    private final byte[] one = new byte[1];

    public ChannelGarbledStream(Channel channel) {
        this.channel = channel;
    }

    @Override
    public void writeBlocks(long[] src, int from, int blocks) {
        channel.writeLongs(src, 2 * from, 2 * blocks);
    }

    @Override
    public java.nio.ByteBuffer blockSpace(int minBlocks) {
        return channel.writeSpace(16 * minBlocks);
    }

    @Override
    public void commitBlocks(int blocks) {
        channel.commitWrite(16 * blocks);
    }

    @Override
    public void writeByte(int b) {
        one[0] = (byte) b;
        channel.write(one, 0, 1);
    }

    @Override
    public void readBlocks(long[] dst, int from, int blocks) {
        channel.readLongs(dst, 2 * from, 2 * blocks);
    }

    @Override
    public java.nio.ByteBuffer blocksInPlace(int blocks) {
        return channel.readSpace(16 * blocks);
    }

    @Override
    public java.nio.ByteBuffer blocksInPlaceUpTo(int maxBlocks, int unitBlocks) {
        return channel.readSpaceUpTo(16 * maxBlocks, 16 * unitBlocks);
    }

    @Override
    public int readByte() {
        channel.readFully(one, 0, 1);
        return one[0] & 0xff;
    }

    @Override
    public long bytesWritten() {
        return channel.bytesWritten();
    }
}
