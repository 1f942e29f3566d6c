package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The length word's layout (see {@link FrameDecoder}): length, flights stamp, epoch parity, goodbye. */
class FrameDecoderTest {
    private static final int MAX = 1 << 16;

    private static EmbeddedChannel decoder() {
        return new EmbeddedChannel(new FrameDecoder(MAX));
    }

    private static ByteBuf word(int word, byte... payload) {
        return Unpooled.buffer().writeInt(word).writeBytes(payload);
    }

    /** The bad-frame message {@code word} is refused with, at once. */
    private static String refused(int word) {
        EmbeddedChannel ch = decoder();
        DecoderException e = assertThrows(DecoderException.class, () -> ch.writeInbound(word(word)));
        ch.close(); // as the channel does after a bad frame
        return assertInstanceOf(FrameDecoder.BadFrameException.class, e.getCause()).getMessage();
    }

    @Test
    void aFrameKeepsItsLengthWordBeforeItsBytes() {
        EmbeddedChannel ch = decoder();
        int word = 5 << 24 | FrameDecoder.EPOCH | 3;
        ch.writeInbound(word(word, (byte) 7, (byte) 8, (byte) 9));
        ByteBuf frame = ch.readInbound();
        assertEquals(3, frame.readableBytes(), "the bytes are the frame's alone");
        assertEquals(word, frame.getInt(0), "the length word sits before the reader index");
        assertEquals(5, FrameDecoder.flights(frame.getInt(0)));
        assertEquals(FrameDecoder.EPOCH, frame.getInt(0) & FrameDecoder.EPOCH);
        byte[] bytes = new byte[3];
        frame.readBytes(bytes);
        assertArrayEquals(new byte[] {7, 8, 9}, bytes);
        frame.release();
        ch.finishAndReleaseAll();
    }

    @Test
    void theFullStampAndParityLeaveTheLengthAlone() {
        EmbeddedChannel ch = decoder();
        ch.writeInbound(word(0x7f00_0000 | MAX, new byte[MAX]));
        ByteBuf frame = ch.readInbound();
        assertEquals(MAX, frame.readableBytes());
        assertEquals(63, FrameDecoder.flights(frame.getInt(0)));
        frame.release();
        ch.finishAndReleaseAll();
    }

    @Test
    void aLengthWordWithLengthBitsZeroIsAnEmptyFrame() {
        assertEquals("empty frame", refused(0));
        assertEquals("empty frame", refused(0x7f00_0000));
    }

    @Test
    void aLengthAboveTheMaximumIsRefusedBeforeItsBytes() {
        assertEquals("frame of 65537 bytes exceeds the maximum of 65536", refused(MAX + 1));
        assertEquals("frame of 65537 bytes exceeds the maximum of 65536", refused(3 << 24 | MAX + 1));
        assertEquals("frame of 16777215 bytes exceeds the maximum of 65536", refused(FrameDecoder.MAX_FRAME_BYTES));
    }

    @Test
    void theGoodbyeIsUnchanged() {
        EmbeddedChannel ch = decoder();
        byte[] reason = "bye now".getBytes(StandardCharsets.UTF_8);
        ch.writeInbound(word(FrameDecoder.GOODBYE | reason.length, reason));
        assertEquals(new FrameDecoder.Goodbye("bye now"), ch.readInbound());
        assertNull(ch.readInbound());
        ch.finishAndReleaseAll();
        // The top bit opens nothing else: a reason cannot be longer than 16 bits say.
        assertEquals("length word 0x80010000 is neither a frame's nor a goodbye's", refused(FrameDecoder.GOODBYE | 0x1_0000));
    }

    @Test
    void aCutFrameCountsOnlyItsLengthBits() {
        EmbeddedChannel ch = decoder();
        ch.writeInbound(word(9 << 24 | FrameDecoder.EPOCH | 100, new byte[10]));
        // Reported when the connection ends, without the stamp's bits in the length it names.
        assertEquals("14 of 104 bytes", assertThrows(FrameDecoder.CutFrameException.class, ch::finishAndReleaseAll).getMessage());
    }

    @Test
    void theNextStampIsOneFlightMoreInTheSameEpochUpTo63() {
        assertEquals(1 << 24, FrameDecoder.nextStamp(0));
        assertEquals(3 << 24 | FrameDecoder.EPOCH, FrameDecoder.nextStamp(2 << 24 | FrameDecoder.EPOCH));
        assertEquals(63 << 24, FrameDecoder.nextStamp(62 << 24));
        assertEquals(63 << 24 | FrameDecoder.EPOCH, FrameDecoder.nextStamp(63 << 24 | FrameDecoder.EPOCH));
    }

    @Test
    void noFrameMayBeLongerThanItsLengthBits() {
        TransportOptions options = TransportOptions.defaults();
        assertEquals(FrameDecoder.MAX_FRAME_BYTES, options.withFrames(FrameDecoder.MAX_FRAME_BYTES, 1 << 25).maxFrameBytes());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> options.withFrames(1 << 24, 1 << 25));
        assertEquals("maxFrameBytes must be at most 16777215 (a frame's length has 24 bits), got 16777216", e.getMessage());
    }
}
