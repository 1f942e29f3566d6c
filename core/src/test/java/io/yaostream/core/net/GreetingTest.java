package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The greeting on a channel of its own: what comes after a peer's greeting reaches the handlers added when it
 * greeted, whether it comes in the same read as the greeting (a loaded peer's greeting and first frame often do)
 * or later.
 */
class GreetingTest {
    /** Collects every byte that reaches it. */
    private static final class Collect extends ChannelInboundHandlerAdapter {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            ByteBuf b = (ByteBuf) msg;
            byte[] a = new byte[b.readableBytes()];
            b.readBytes(a);
            b.release();
            bytes.writeBytes(a);
        }
    }

    private static EmbeddedChannel greeting(Collect after, AtomicReference<String> failure) {
        return new EmbeddedChannel(new Greeting(false, 5000, new Greeting.Outcome() {
            @Override
            public void greeted(ChannelHandlerContext ctx) {
                ctx.pipeline().addLast(after);
            }

            @Override
            public void failed(String reason) {
                failure.set(reason);
            }
        }));
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] c = new byte[a.length + b.length];
        System.arraycopy(a, 0, c, 0, a.length);
        System.arraycopy(b, 0, c, a.length, b.length);
        return c;
    }

    @Test
    void bytesInTheSameReadAsTheGreetingReachTheNextHandler() {
        byte[] hello = {0, 0, 0, 3, 7, 8, 9};
        for (int split = 0; split <= Greeting.FRAME.length + hello.length; split++) {
            Collect after = new Collect();
            AtomicReference<String> failure = new AtomicReference<>();
            EmbeddedChannel ch = greeting(after, failure);
            byte[] all = concat(Greeting.FRAME, hello);
            ch.writeInbound(Unpooled.wrappedBuffer(all, 0, split));
            ch.writeInbound(Unpooled.wrappedBuffer(all, split, all.length - split));
            ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {1, 2}));
            assertNull(failure.get());
            assertArrayEquals(concat(hello, new byte[] {1, 2}), after.bytes.toByteArray(), "split at " + split);
            assertEquals(Greeting.FRAME.length, ((ByteBuf) ch.readOutbound()).readableBytes(), "this end's greeting");
            ch.finishAndReleaseAll();
        }
    }

    @Test
    void anOwnerThatFailsToTakeTheConnectionFailsItInsteadOfLeavingItSilent() {
        AtomicReference<String> failure = new AtomicReference<>();
        EmbeddedChannel ch = new EmbeddedChannel(new Greeting(false, 5000, new Greeting.Outcome() {
            @Override
            public void greeted(ChannelHandlerContext ctx) {
                throw new IllegalStateException("the listener was not ready");
            }

            @Override
            public void failed(String reason) {
                failure.set(reason);
            }
        }));
        ch.writeInbound(Unpooled.wrappedBuffer(Greeting.FRAME));
        assertEquals("connection failed: the listener was not ready", failure.get());
        ch.finishAndReleaseAll();
    }
}
