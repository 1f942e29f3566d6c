package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.util.concurrent.ScheduledFuture;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The first frame each end of a connection sends, after TLS when it is on: a 4-byte length word of 10 (stamp 0, see
 * {@link FrameDecoder}), then {@code YAOSTREAM} and the transport version (14 bytes in all). A connection is a yaostream peer once the other
 * end's greeting has arrived intact; until then nothing else is decoded, so a connection that sends garbage, an
 * HTTP request or a huge length prefix is refused at its first wrong byte, having cost a 14-byte array.
 *
 * <p>One per connection, first after the TLS handler. It sends this end's greeting (when the connection is
 * active, or once TLS is done), compares the peer's byte by byte, and reports once to its {@link Outcome}: greeted
 * (the owner then adds the frame handlers after this one, which removes itself and passes on the bytes that
 * followed the greeting), or failed with a one-line reason (the owner closes the connection). A peer that has
 * not greeted within the deadline fails too.
 */
final class Greeting extends ByteToMessageDecoder {
    /** 2: a frame's length word carries its flights stamp (see {@link FrameDecoder}). */
    static final int VERSION = 2;
    private static final byte[] MAGIC = "YAOSTREAM".getBytes(StandardCharsets.US_ASCII);
    /** The whole greeting as it goes on the wire: a frame of the magic and the version byte. */
    static final byte[] FRAME = frame(VERSION);
    /** Where the version byte sits in {@link #FRAME}. */
    private static final int VERSION_AT = FRAME.length - 1;
    /** What a party without TLS tells its user about a peer with TLS on. */
    static final String PEER_SPEAKS_TLS = "the peer speaks TLS; start both parties with the same --tls-* options";
    /** What a party with TLS tells its user about a peer with TLS off (the peer's greeting where a TLS record was due). */
    static final String PEER_SPEAKS_PLAIN = "the peer speaks yaostream without TLS; start both parties with the same --tls-* options";
    static final String CLOSED_BEFORE_GREETING = "closed the connection before its greeting";
    static final String CLOSED_IN_TLS_HANDSHAKE = "closed the connection during the TLS handshake";
    /** How many received bytes a refusal describes at most. */
    private static final int SHOWN = 32;

    /** What the owner of a connection does with the greeting's result; called once, on the event loop. */
    interface Outcome {
        /** The peer greeted: add the frame handlers at the end of {@code ctx}'s pipeline. */
        void greeted(ChannelHandlerContext ctx);

        /** The connection is not a usable peer ({@code reason} is one line); close it. */
        void failed(String reason);
    }

    private final boolean tls;
    private final long deadlineMillis;
    private final Outcome outcome;
    private final byte[] got = new byte[FRAME.length];
    private int have;
    private boolean tlsDone;
    private boolean over;
    private ScheduledFuture<?> timer;

    /**
     * @param tls            whether a TLS handler comes before this one (the greeting then waits for its handshake)
     * @param deadlineMillis how long the peer has, from the moment the connection is up, to greet (TLS included)
     */
    Greeting(boolean tls, long deadlineMillis, Outcome outcome) {
        this.tls = tls;
        this.deadlineMillis = deadlineMillis;
        this.outcome = outcome;
    }

    static byte[] frame(int version) {
        byte[] f = new byte[4 + MAGIC.length + 1];
        f[3] = (byte) (MAGIC.length + 1);
        System.arraycopy(MAGIC, 0, f, 4, MAGIC.length);
        f[f.length - 1] = (byte) version;
        return f;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) throws Exception {
        timer = ctx.executor().schedule(() -> fail(tls && !tlsDone
                ? "did not finish the TLS handshake within " + seconds(deadlineMillis)
                : "sent no greeting within " + seconds(deadlineMillis) + (have > 0 ? " (" + have + " of " + FRAME.length + " bytes)" : "")),
                deadlineMillis, TimeUnit.MILLISECONDS);
        if (!tls) {
            send(ctx);
        }
        super.channelActive(ctx);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) throws Exception {
        if (evt instanceof SslHandshakeCompletionEvent done) {
            if (done.isSuccess()) {
                tlsDone = true;
                send(ctx);
            } else {
                fail("TLS handshake failed: " + TlsErrors.describe(done.cause()));
            }
            return;
        }
        super.userEventTriggered(ctx, evt);
    }

    private static void send(ChannelHandlerContext ctx) {
        ctx.writeAndFlush(Unpooled.wrappedBuffer(FRAME));
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (over) {
            in.skipBytes(in.readableBytes());
            return;
        }
        while (have < FRAME.length && in.isReadable()) {
            byte b = in.getByte(in.readerIndex());
            if (have < VERSION_AT && b != FRAME[have]) {
                fail(notAPeer(in));
                in.skipBytes(in.readableBytes());
                return;
            }
            got[have++] = in.readByte();
        }
        if (have < FRAME.length) {
            return;
        }
        int version = got[VERSION_AT] & 0xff;
        if (version != VERSION) {
            fail("a yaostream peer of transport version " + version + " (this party speaks version " + VERSION + ")");
            in.skipBytes(in.readableBytes());
            return;
        }
        cancelTimer();
        // Over only once the owner has taken the connection: should it throw, exceptionCaught fails the connection
        // (closing it) rather than this handler dropping every byte after the greeting.
        outcome.greeted(ctx);
        over = true;
        ctx.pipeline().remove(this); // the bytes after the greeting go on to the frame decoder
    }

    /** What the first bytes look like, from those already matched and those still unread in {@code in}. */
    private String notAPeer(ByteBuf in) {
        byte[] head = new byte[Math.min(SHOWN, have + in.readableBytes())];
        System.arraycopy(got, 0, head, 0, have);
        in.getBytes(in.readerIndex(), head, have, head.length - have);
        return "not a yaostream peer: " + describe(head);
    }

    /** One line about bytes that are not a greeting: HTTP, TLS and SSH are named, anything else shown in hex. */
    static String describe(byte[] head) {
        String text = new String(head, StandardCharsets.ISO_8859_1);
        for (String start : new String[] {"GET ", "POST ", "HEAD ", "PUT ", "DELETE ", "OPTIONS ", "CONNECT ", "PATCH ", "TRACE ", "HTTP/"}) {
            if (text.startsWith(start)) {
                int end = text.indexOf('\r');
                String line = text.substring(0, end < 0 ? text.length() : end).replaceAll("[^\\x20-\\x7e]", "?");
                return "first bytes look like HTTP (\"" + line + "\")";
            }
        }
        if (head.length >= 2 && head[0] == 0x16 && head[1] == 0x03) {
            return "first bytes look like a TLS handshake: " + PEER_SPEAKS_TLS;
        }
        if (text.startsWith("SSH-")) {
            return "first bytes look like SSH";
        }
        int n = Math.min(head.length, 8);
        return "first bytes are " + HexFormat.ofDelimiter(" ").formatHex(head, 0, n) + (head.length > n ? " …" : "");
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        fail(tls && !tlsDone ? CLOSED_IN_TLS_HANDSHAKE
                : CLOSED_BEFORE_GREETING + (have > 0 ? " (" + have + " of " + FRAME.length + " bytes)" : ""));
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (TlsErrors.isTls(cause)) {
            fail("TLS handshake failed: " + TlsErrors.describe(cause));
        } else {
            fail("connection failed: " + TlsErrors.innermostMessage(cause));
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        cancelTimer();
    }

    private void fail(String reason) {
        if (over) {
            return;
        }
        over = true;
        cancelTimer();
        outcome.failed(reason);
    }

    private void cancelTimer() {
        if (timer != null) {
            timer.cancel(false);
        }
    }

    static String seconds(long millis) {
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }
}
