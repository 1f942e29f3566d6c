package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.yaostream.core.text.Printable;

import java.util.List;

/**
 * Splits the inbound bytes into frames: a 4-byte big-endian length word, then the frame's bytes. A length outside 1 to
 * the maximum is a {@link BadFrameException} (garbage and oversized frames are refused before their bytes are
 * buffered); a connection that ends inside a frame is a {@link CutFrameException}, the peer's end rather than a
 * violation (a peer killed while sending leaves one).
 *
 * <p>The length word, the one place its layout is described:
 * <ul>
 * <li>bits 0..23: the frame's length, so no frame exceeds {@link #MAX_FRAME_BYTES} (2^24-1);</li>
 * <li>bits 24..29: the frame's flights stamp (see {@link Channel#flights}): one more than the flights behind what its
 *     sender had read when it sent the frame, saturating at {@link #MAX_FLIGHTS};</li>
 * <li>bit 30: the parity of the sender's epoch (see {@link Channel#markFlights}): a frame raises its reader's count
 *     only where that parity is the reader's own;</li>
 * <li>bit 31: never a frame's; it opens a {@link Goodbye}: the low 16 bits are the length of a UTF-8 reason that
 *     follows, which a party that ends the session sends before it closes, so the peer learns why instead of only
 *     that the connection ended.</li>
 * </ul>
 * A word whose bits 24..30 are zero is a frame stamped 0 in epoch 0 (the greeting, a test's raw peer).
 *
 * <p>A frame is passed on as a slice that starts at its length word, with its reader index past it: its bytes are
 * the readable ones, and {@code getInt(0)} gives its stamp to the protocol thread without an object per frame.
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
    /** The length bits of a frame's length word, and so the largest frame. */
    static final int MAX_FRAME_BYTES = 0x00ff_ffff;
    static final int FLIGHTS_SHIFT = 24;
    static final int MAX_FLIGHTS = 0x3f;
    /** The epoch parity bit of a frame's length word. */
    static final int EPOCH = 0x4000_0000;
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
        if ((length & GOODBYE) != 0) {
            throw new BadFrameException(String.format("length word 0x%08x is neither a frame's nor a goodbye's", length));
        }
        int frameLength = (int) length & MAX_FRAME_BYTES;
        if (frameLength == 0 || frameLength > maxFrameBytes) {
            throw new BadFrameException(frameLength == 0 ? "empty frame"
                    : "frame of " + frameLength + " bytes exceeds the maximum of " + maxFrameBytes);
        }
        if (in.readableBytes() < 4 + frameLength) {
            return;
        }
        ByteBuf frame = in.readRetainedSlice(4 + frameLength); // the length word comes along, for its stamp
        out.add(frame.skipBytes(4));
    }

    /** The flights stamp of a length word. */
    static int flights(int word) {
        return (word >>> FLIGHTS_SHIFT) & MAX_FLIGHTS;
    }

    /**
     * The stamp bits of the next frame an end sends, where {@code read} holds, as stamp bits, its epoch's parity and the
     * most flights of a frame of that epoch it has read: one flight more, in its own epoch.
     */
    static int nextStamp(int read) {
        return Math.min(flights(read) + 1, MAX_FLIGHTS) << FLIGHTS_SHIFT | (read & EPOCH);
    }

    @Override
    protected void decodeLast(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        decode(ctx, in, out);
        if (in.isReadable()) {
            int have = in.readableBytes();
            int word = have >= 4 ? in.getInt(in.readerIndex()) : 0;
            long expected = have >= 4 ? 4 + ((word & GOODBYE) != 0 ? word & ~GOODBYE : word & MAX_FRAME_BYTES) : 0;
            in.skipBytes(have);
            // Reported here rather than thrown, so it reaches the handler before the end of the connection does.
            ctx.fireExceptionCaught(new CutFrameException(have, expected));
        }
    }
}
