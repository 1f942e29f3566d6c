package io.yaostream.core.protocol;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;

import java.nio.ByteBuffer;

/** A link of a three-party session whose failures name the party at its other end ("link to P2: ..."). */
public final class PartyLink implements Channel {
    private final Channel channel;
    private final String name;

    public PartyLink(Channel channel, int party) {
        this.channel = channel;
        this.name = "link to P" + party + ": ";
    }

    private ChannelException named(ChannelException e) {
        return new ChannelException(name + e.getMessage(), e);
    }

    @Override
    public void write(byte[] src, int offset, int length) {
        try {
            channel.write(src, offset, length);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public void writeLongs(long[] src, int offset, int count) {
        try {
            channel.writeLongs(src, offset, count);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public ByteBuffer writeSpace(int minBytes) {
        return channel.writeSpace(minBytes);
    }

    @Override
    public void commitWrite(int bytes) {
        channel.commitWrite(bytes);
    }

    @Override
    public ByteBuffer readSpace(int bytes) {
        try {
            return channel.readSpace(bytes);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public ByteBuffer readSpaceUpTo(int maxBytes, int unitBytes) {
        try {
            return channel.readSpaceUpTo(maxBytes, unitBytes);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public void flush() {
        try {
            channel.flush();
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        try {
            channel.readFully(dst, offset, length);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public void readLongs(long[] dst, int offset, int count) {
        try {
            channel.readLongs(dst, offset, count);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public String peerGone() {
        return channel.peerGone();
    }

    @Override
    public long peerGoneNanos() {
        return channel.peerGoneNanos();
    }

    @Override
    public void abort(String reason) {
        try {
            channel.abort(reason);
        } catch (ChannelException e) {
            throw named(e);
        }
    }

    @Override
    public io.yaostream.core.net.PeerCertificate peerIdentity() {
        return channel.peerIdentity();
    }

    @Override
    public String peerAddress() {
        return channel.peerAddress();
    }

    @Override
    public long bytesWritten() {
        return channel.bytesWritten();
    }

    @Override
    public int flights() {
        return channel.flights();
    }

    @Override
    public void markFlights() {
        channel.markFlights();
    }

    @Override
    public long bytesRead() {
        return channel.bytesRead();
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (ChannelException e) {
            throw named(e);
        }
    }
}
