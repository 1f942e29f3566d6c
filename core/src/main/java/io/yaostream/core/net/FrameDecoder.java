package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;

import java.util.List;

/**
 * Splits the inbound bytes into frames: a 4-byte big-endian length from 1 to the maximum, then that many
 * bytes. A length outside that range, or a connection that ends inside a frame, is a {@link BadFrameException}
 * (garbage and oversized frames are refused before their bytes are buffered).
 */
final class FrameDecoder extends ByteToMessageDecoder {
    /** A frame that breaks the framing rules. */
    static final class BadFrameException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadFrameException(String message) {
            super(message);
        }
    }

    private final int maxFrameBytes;

    FrameDecoder(int maxFrameBytes) {
        this.maxFrameBytes = maxFrameBytes;
        // Frames are slices of the cumulated reads and wait in the channel's queue. The default cumulator copies
        // whenever a queued slice still holds its buffer, which cost copies and, with a slow reader, direct
        // memory beyond the in-flight bound; a composite just keeps the socket's read buffers.
        setCumulator(COMPOSITE_CUMULATOR);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (in.readableBytes() < 4) {
            return;
        }
        long length = in.getUnsignedInt(in.readerIndex());
        if (length == 0 || length > maxFrameBytes) {
            throw new BadFrameException(length == 0 ? "empty frame"
                    : "frame of " + length + " bytes exceeds the maximum of " + maxFrameBytes);
        }
        if (in.readableBytes() < 4 + length) {
            return;
        }
        in.skipBytes(4);
        out.add(in.readRetainedSlice((int) length));
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        decode(ctx, in, out);
        if (in.isReadable()) {
            int have = in.readableBytes();
            String expected = have >= 4 ? " of " + (4 + in.getUnsignedInt(in.readerIndex())) : "";
            in.skipBytes(have);
            // Reported here rather than thrown, so it reaches the handler before the end of the connection does.
            ctx.fireExceptionCaught(new BadFrameException("connection ended inside a frame (" + have + expected + " bytes)"));
        }
    }
}
