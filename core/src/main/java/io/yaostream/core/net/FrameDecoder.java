package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.yaostream.core.text.Printable;

import java.util.List;

/**
 * Splits the inbound bytes into frames: a 4-byte big-endian length from 1 to the maximum, then that many
 * bytes. A length outside that range is a {@link BadFrameException} (garbage and oversized frames are refused before
 * their bytes are buffered); a connection that ends inside a frame is a {@link CutFrameException}, the peer's end
 * rather than a violation (a peer killed while sending leaves one).
 *
 * <p>A length word with its top bit set (never a frame's: the maximum is below 2^31) opens a {@link Goodbye}: the
 * low 16 bits are the length of a UTF-8 reason that follows, which a party that ends the session sends before it
 * closes, so the peer learns why instead of only that the connection ended.
 */
final class FrameDecoder extends ByteToMessageDecoder {
    /** A frame that breaks the framing rules. */
    static final class BadFrameException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadFrameException(String message) {
            super(message);
        }
    }

    /** A connection that ended inside a frame: how many bytes of it had arrived, of how many (0 where unknown). */
    static final class CutFrameException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CutFrameException(int have, long expected) {
            super(have + (expected > 0 ? " of " + expected : "") + " bytes");
        }
    }

    /** The peer's last word: why it ends the session. */
    record Goodbye(String reason) {
        /** The most characters of a peer's reason that a message quotes. */
        static final int QUOTED = 400;

        /** The peer's words, untrusted: escaped to one line and cut to {@link #QUOTED} characters. */
        Goodbye {
            reason = Printable.escaped(reason.length() > QUOTED ? reason.substring(0, QUOTED) + "..." : reason);
        }
    }

    static final int GOODBYE = 0x8000_0000;
    /** The most bytes of a goodbye's reason. */
    static final int GOODBYE_MAX = 0xffff;

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
        if ((length & GOODBYE) != 0 && (length & ~GOODBYE) <= GOODBYE_MAX) {
            int n = (int) (length & GOODBYE_MAX);
            if (in.readableBytes() >= 4 + n) {
                in.skipBytes(4);
                out.add(new Goodbye(in.readCharSequence(n, java.nio.charset.StandardCharsets.UTF_8).toString()));
            }
            return;
        }
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
            long expected = have >= 4 ? 4 + (in.getUnsignedInt(in.readerIndex()) & ~(long) GOODBYE) : 0;
            in.skipBytes(have);
            // Reported here rather than thrown, so it reaches the handler before the end of the connection does.
            ctx.fireExceptionCaught(new CutFrameException(have, expected));
        }
    }
}
