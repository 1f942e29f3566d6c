package io.yaostream.core.net;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.EventLoopGroup;
import io.netty.handler.codec.DecoderException;
import io.netty.handler.ssl.SslHandler;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A {@link Channel} over one Netty TCP connection, used by one protocol thread.
 *
 * <p><b>Writing.</b> Bytes go into a direct buffer of {@code maxFrameBytes} (reused once the socket has taken
 * it), or are written there in place by a producer ({@link #writeSpace}); a full buffer, or a flush, becomes one
 * frame (a 4-byte big-endian length word, then the bytes), handed to Netty. Bytes handed over and not
 * yet taken by the socket are counted: beyond {@code maxInFlightBytes} the writer waits, so a garbler faster
 * than its evaluator stops instead of buffering without limit.
 *
 * <p><b>Reading.</b> {@link FrameDecoder} checks each frame's length; whole frames wait in a queue for the
 * protocol thread. When more than {@code maxInFlightBytes} wait unread, the connection stops reading from the
 * socket until the protocol catches up (TCP then slows the peer down).
 *
 * <p><b>Flights</b> ({@link #flights}) are counted in the frames' length words (see {@link FrameDecoder}): a frame is
 * stamped as it is handed to Netty, and read from as the protocol thread takes it from the queue.
 *
 * <p><b>A simulated network</b> ({@link TransportOptions#network}) delays what this end receives: each frame is
 * stamped, on the event loop as it arrives, with when the simulated line delivers it, and the protocol thread
 * sleeps until then before reading it. The sleep comes after the wait for the frame to arrive, which alone the
 * idle timeout limits, so a frozen peer is still found out in time; frames waiting for their moment are on the
 * simulated wire, and the unread budget grows by the line's bandwidth-delay product to hold them.
 *
 * <p><b>Failures</b> (peer closed, reset, bad frame, TLS, timeout) are remembered once and raised as a
 * {@link ChannelException} by the next read or write, with the bytes that had passed; a timed-out read or write is
 * such a failure too, so closing afterwards does not wait for the frozen peer a second time. Before a read blocks,
 * pending writes are flushed, so two parties can never both wait on data the other has buffered.
 * {@link #close} releases every buffer and the connection's event-loop thread.
 */
final class NettyChannel extends LongStagingChannel {
    /** Queue entry that marks the end of the inbound data; the reason is in {@link #failure}. */
    private static final Object END = new Object();
    /** The flights and epoch bits of a length word. */
    private static final int STAMP_BITS = FrameDecoder.MAX_FLIGHTS << FrameDecoder.FLIGHTS_SHIFT | FrameDecoder.EPOCH;

    /** A received frame and when the simulated network delivers it (System.nanoTime); queued instead of the bare frame. */
    private record DueFrame(ByteBuf frame, long due) {
    }

    private final io.netty.channel.Channel ch;
    private final EventLoopGroup ownedGroup;
    private final TransportOptions options;
    private final String peer;
    private final long idleNanos;
    /** The simulated incoming line, or null; used on the event loop only. */
    private final SimulatedLink link;
    /** Received bytes not yet read beyond which reading from the socket pauses, and at or below which it resumes. */
    private final long unreadLimit;
    private final long resumeLimit;

    private ByteBuf out;
    /** A little-endian view of all of {@link #out}, made when it opens: {@link #writeSpace} repositions it, per call. */
    private ByteBuffer outView;
    private final Object flow = new Object();
    private long inFlight;
    /** Frame buffers the socket has taken, kept for the next frames (guarded by flow). */
    private final ArrayDeque<ByteBuf> spareFrames = new ArrayDeque<>();

    /**
     * What this end has read, as the stamp bits of a length word (see {@link FrameDecoder}): the most flights of a frame
     * of its epoch it has taken, and its epoch's parity. Only the protocol's threads use it (the event loop never does),
     * but a protocol may read on one thread and write on another, so it is atomic: a raise cannot undo a mark.
     */
    private final AtomicInteger readStamp = new AtomicInteger();

    private final LinkedBlockingQueue<Object> inbox = new LinkedBlockingQueue<>();
    private final AtomicLong queuedBytes = new AtomicLong();
    private ByteBuf current;

    private volatile String failure;
    private volatile boolean closed;
    /** Whether {@link #cancel} ended the session (its goodbye is sent): {@link #abort} then drains before it closes. */
    private volatile boolean cancelled;
    /** How the peer's end went, from the network's events (not a timeout of ours), and when. */
    private volatile String gone;
    private volatile long goneNanos;

    /** The connection's own set-up: from its connect call (TCP, TLS, greeting) or its accept (TLS, greeting) to here. */
    private final double setupSeconds;

    /** {@code ownedGroup}: the event loop this channel stops when it closes, or null where its listener owns it. */
    NettyChannel(io.netty.channel.Channel ch, EventLoopGroup ownedGroup, TransportOptions options, String peer) {
        Long began = ch.attr(NettyTransport.BEGAN).get();
        this.setupSeconds = began == null ? 0 : (System.nanoTime() - began) / 1e9;
        this.ch = ch;
        this.ownedGroup = ownedGroup;
        this.options = options;
        this.peer = peer;
        this.idleNanos = options.idleTimeout().toNanos();
        this.link = options.network().simulates() ? new SimulatedLink(options.network()) : null;
        long window = link == null ? 0 : link.windowBytes();
        this.unreadLimit = options.maxInFlightBytes() + window;
        this.resumeLimit = options.maxInFlightBytes() / 2 + window;
    }

    String peer() {
        return peer;
    }

    /** Reads from the socket again: a many-peer listener stops a greeted connection's reading until it is taken. */
    void resumeReading() {
        ch.config().setAutoRead(true);
    }

    /** The certificate the peer presented, where the transport checked it against a {@link PeerIdentity}. */
    private volatile PeerCertificate identity;

    void identified(PeerCertificate presented) {
        this.identity = presented;
    }

    @Override
    public PeerCertificate peerIdentity() {
        return identity;
    }

    @Override
    public String peerAddress() {
        return peer;
    }

    /** The handler at the end of the pipeline: queues frames and records how the connection ended. */
    ChannelInboundHandlerAdapter inboundHandler() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext ctx, Object msg) {
                if (msg instanceof FrameDecoder.Goodbye bye) {
                    peerWent("peer " + peer + " ended the session: " + bye.reason());
                    return;
                }
                ByteBuf frame = (ByteBuf) msg;
                if (closed) {
                    frame.release();
                    return;
                }
                // Pause before queueing, so the reader that takes this frame sees the pause and asks to resume.
                if (queuedBytes.addAndGet(frame.readableBytes()) > unreadLimit) {
                    ctx.channel().config().setAutoRead(false);
                }
                inbox.add(link == null ? frame : new DueFrame(frame, link.due(System.nanoTime(), frame.readableBytes())));
            }

            @Override
            public void channelInactive(ChannelHandlerContext ctx) {
                peerWent("peer " + peer + " closed the connection");
            }

            @Override
            public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
                Throwable c = cause instanceof DecoderException && cause.getCause() != null ? cause.getCause() : cause;
                if (c instanceof FrameDecoder.CutFrameException cut) {
                    // A peer that died while sending leaves part of a frame: its end, not a violation of the framing.
                    peerWent("peer " + peer + " closed the connection partway through a frame (" + cut.getMessage() + " had arrived)");
                } else if (c instanceof FrameDecoder.BadFrameException) {
                    peerWent("peer " + peer + " sent a bad frame: " + c.getMessage());
                } else if (TlsErrors.isTls(c)) {
                    peerWent("TLS error with peer " + peer + ": " + TlsErrors.describe(c));
                } else {
                    peerWent("connection to peer " + peer + " failed: " + TlsErrors.innermostMessage(c));
                }
                ctx.close();
            }
        };
    }

    /** A failure the network reported, not this party: remembered as how the peer went, unless this party closed first. */
    private void peerWent(String reason) {
        if (!closed && gone == null) {
            goneNanos = System.nanoTime();
            gone = reason;
        }
        fail(reason);
    }

    @Override
    public String peerGone() {
        return gone;
    }

    @Override
    public long peerGoneNanos() {
        return goneNanos;
    }

    /** Records the first failure and wakes a waiting reader or writer. */
    void fail(String reason) {
        if (failure == null) {
            synchronized (flow) {
                if (failure == null) {
                    failure = reason;
                }
                flow.notifyAll();
            }
        }
        inbox.add(END);
    }

    @Override
    public void write(byte[] src, int offset, int length) {
        checkOpen();
        while (length > 0) {
            openFrame();
            int n = Math.min(length, out.writableBytes());
            out.writeBytes(src, offset, n);
            offset += n;
            length -= n;
            written += n;
            if (!out.isWritable()) {
                sendFrame();
            }
        }
    }

    /**
     * Longs go straight into the frame buffer through {@link #writeSpace}, one bulk copy rather than a pass through
     * the staging array. A frame with fewer than 8 bytes left is sent a few bytes short instead of splitting a long.
     */
    @Override
    public void writeLongs(long[] src, int offset, int count) {
        for (int done = 0; done < count; ) {
            ByteBuffer space = writeSpace(8);
            int n = Math.min(count - done, space.remaining() / 8);
            space.asLongBuffer().put(src, offset + done, n);
            commitWrite(8 * n);
            done += n;
        }
    }

    /**
     * A little-endian view of the rest of the frame buffer, after sending the frame first when fewer than
     * {@code minBytes} are left; null when {@code minBytes} exceeds a frame.
     */
    @Override
    public ByteBuffer writeSpace(int minBytes) {
        checkOpen();
        if (minBytes > options.maxFrameBytes()) {
            return null;
        }
        if (out != null && out.writableBytes() < minBytes) {
            sendFrame();
        }
        openFrame();
        return outView.limit(out.writerIndex() + out.writableBytes()).position(out.writerIndex());
    }

    @Override
    public void commitWrite(int bytes) {
        if (out == null || bytes < 0 || bytes > out.writableBytes()) {
            throw new IllegalArgumentException("commitWrite of " + bytes + " bytes without that much write space");
        }
        out.writerIndex(out.writerIndex() + bytes);
        written += bytes;
        if (!out.isWritable()) {
            sendFrame();
        }
    }

    @Override
    public void flush() {
        checkOpen();
        if (out != null && out.readableBytes() > 4) {
            sendFrame();
        }
    }

    /** Makes sure a frame is being filled: a frame buffer with room reserved for the length, set when it is sent. */
    private void openFrame() {
        if (out == null) {
            out = frameBuffer();
            outView = out.nioBuffer(0, out.capacity()).order(ByteOrder.LITTLE_ENDIAN);
            out.writeInt(0);
        }
    }

    /**
     * A spare frame buffer, or a new one. Frames are reused rather than allocated per frame: a pooled arena
     * gives a frame's memory back to the system once its chunk is empty, and allocating and zeroing a new chunk
     * for every frame cost the garbler almost a tenth of its time. At most the in-flight budget's worth of
     * buffers (plus the one being filled) is ever allocated.
     */
    private ByteBuf frameBuffer() {
        ByteBuf b;
        synchronized (flow) {
            b = spareFrames.poll();
        }
        if (b == null) {
            b = options.allocator().directBuffer(4 + options.maxFrameBytes(), 4 + options.maxFrameBytes());
        }
        return b.clear();
    }

    /** Hands the current buffer to Netty as one frame, after waiting for room in the in-flight budget. */
    private void sendFrame() {
        ByteBuf frame = out;
        out = null;
        int size = frame.readableBytes();
        frame.setInt(0, size - 4 | FrameDecoder.nextStamp(readStamp.get()));
        try {
            awaitRoom(size);
        } catch (ChannelException e) {
            frame.release();
            throw e;
        }
        frame.retain(); // Netty releases it once written; this reference keeps it for reuse
        ch.writeAndFlush(frame).addListener(f -> {
            synchronized (flow) {
                inFlight -= size;
                if (f.isSuccess() && !closed) {
                    spareFrames.push(frame);
                } else {
                    frame.release();
                }
                flow.notifyAll();
            }
            if (!f.isSuccess()) {
                peerWent("cannot send to peer " + peer + ": " + TlsErrors.innermostMessage(f.cause()));
            }
        });
    }

    private void awaitRoom(int size) {
        long deadline = System.nanoTime() + idleNanos;
        synchronized (flow) {
            while (inFlight > 0 && inFlight + size > options.maxInFlightBytes() && failure == null) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    // Remembered as the channel's failure, so that closing does not wait for the frozen peer again.
                    String reason = "peer " + peer + " took no data for " + seconds(idleNanos) + ": this party waited that long"
                            + " to send and the peer read nothing";
                    fail(reason);
                    throw new ChannelException(reason + " (" + written + " bytes sent, " + inFlight + " of them not taken)");
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(flow, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ChannelException("interrupted while sending to peer " + peer, e);
                }
            }
            checkOpen();
            inFlight += size;
        }
    }

    @Override
    public void readFully(byte[] dst, int offset, int length) {
        flushBeforeWaiting(length);
        while (length > 0) {
            if (current == null || !current.isReadable()) {
                nextFrame();
            }
            int n = Math.min(length, current.readableBytes());
            current.readBytes(dst, offset, n);
            offset += n;
            length -= n;
            read += n;
        }
    }

    /**
     * A view of the current frame where the bytes lie in one of its read buffers (a frame is a slice of several): an
     * evaluator's kernel then reads a call's tables where the socket put them, with no copy and no list of views.
     */
    @Override
    public ByteBuffer readSpace(int bytes) {
        return readSpaceUpTo(bytes, bytes);
    }

    /** What lies in the first read buffer of the current frame's next bytes, in whole units. */
    @Override
    public ByteBuffer readSpaceUpTo(int maxBytes, int unitBytes) {
        flushBeforeWaiting(maxBytes);
        if (current == null || !current.isReadable()) {
            nextFrame();
        }
        int available = Math.min(maxBytes, current.readableBytes());
        if (unitBytes <= 0 || available < unitBytes) {
            return null;
        }
        // The pieces, not nioBuffer(): where the bytes straddle two read buffers, a composite's nioBuffer() would
        // allocate a heap buffer and copy them into it.
        ByteBuffer first = current.nioBuffers(current.readerIndex(), available)[0];
        int bytes = first.remaining() / unitBytes * unitBytes;
        if (bytes == 0 || !first.isDirect()) {
            return null;
        }
        first.limit(first.position() + bytes);
        current.skipBytes(bytes);
        read += bytes;
        return first.order(ByteOrder.LITTLE_ENDIAN);
    }

    /**
     * Longs come straight out of the received frames in bulk copies, through little-endian views of the socket's
     * read buffers, rather than through the staging array. A frame is a slice of several read buffers, and a
     * long may straddle two of them (or two frames): its bytes are gathered one at a time.
     */
    @Override
    public void readLongs(long[] dst, int offset, int count) {
        flushBeforeWaiting(count);
        int end = offset + count;
        long partial = 0;
        int partialBytes = 0;
        while (offset < end) {
            if (current == null || !current.isReadable()) {
                nextFrame();
            }
            int bytes = (int) Math.min(8L * (end - offset) - partialBytes, current.readableBytes());
            for (ByteBuffer part : current.nioBuffers(current.readerIndex(), bytes)) {
                part.order(ByteOrder.LITTLE_ENDIAN);
                while (part.hasRemaining()) {
                    if (partialBytes == 0 && part.remaining() >= 8) {
                        int n = part.remaining() / 8;
                        part.asLongBuffer().get(dst, offset, n);
                        part.position(part.position() + 8 * n);
                        offset += n;
                    } else {
                        partial |= (part.get() & 0xffL) << 8 * partialBytes;
                        if (++partialBytes == 8) {
                            dst[offset++] = partial;
                            partial = 0;
                            partialBytes = 0;
                        }
                    }
                }
            }
            current.skipBytes(bytes);
            read += bytes;
        }
    }

    /** Before a read that may wait for the peer, sends what is buffered, so two parties never wait on each other. */
    private void flushBeforeWaiting(int wanted) {
        if (wanted > 0 && (current == null || !current.isReadable()) && out != null && out.readableBytes() > 4) {
            flush();
        }
    }

    private void nextFrame() {
        if (current != null) {
            current.release();
            current = null;
        }
        if (closed) {
            throw new ChannelException("channel to peer " + peer + " is closed");
        }
        Object next;
        try {
            next = inbox.poll(idleNanos, TimeUnit.NANOSECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ChannelException("interrupted while waiting for peer " + peer, e);
        }
        if (next == null) {
            // Remembered as the channel's failure, so that closing does not wait for the frozen peer again.
            String reason = "no data from peer " + peer + " for " + seconds(idleNanos) + ": this party waited that long to read"
                    + " and the peer sent nothing";
            fail(reason);
            throw new ChannelException(reason + " (" + read + " bytes received, " + written + " sent)");
        }
        if (next == END) {
            inbox.add(END); // later reads fail the same way
            throw new ChannelException(failure + " (" + read + " bytes received, " + written + " sent)");
        }
        if (next instanceof DueFrame d) {
            current = d.frame();
            SimulatedLink.sleepUntil(d.due());
        } else {
            current = (ByteBuf) next;
        }
        raiseFlights(current.getInt(0)); // the frame's length word, before its reader index
        long queued = queuedBytes.addAndGet(-current.readableBytes());
        if (!ch.config().isAutoRead() && queued <= resumeLimit) {
            // Decided on the event loop, where channelRead pauses reading: a decision here could race with it
            // (see that autoRead is still on, then the loop turns it off) and leave reading paused for good. Asked
            // only when reading could resume: a task for every frame taken from a full queue woke the event loop
            // (an eventfd write) as often as the evaluator's kernel ran. While more than the limit is queued, a
            // later frame asks again.
            ch.eventLoop().execute(this::resumeReadingIfDrained);
        }
    }

    /** Counts the flights of a frame of this end's epoch, as its bytes begin to be read. */
    private void raiseFlights(int word) {
        int s = readStamp.get();
        // A raise is rare (at most 63 per epoch): the common frame costs one read and no write. Only the reading thread
        // raises, so a failed swap means a mark came between: the frame is then of the old epoch, and counts for nothing.
        if (((word ^ s) & FrameDecoder.EPOCH) == 0 && FrameDecoder.flights(word) > FrameDecoder.flights(s)) {
            readStamp.compareAndSet(s, word & STAMP_BITS);
        }
    }

    @Override
    public double setupSeconds() {
        return setupSeconds;
    }

    /** See {@link Channel#flights}; a count at {@link FrameDecoder#MAX_FLIGHTS} may be more. */
    @Override
    public int flights() {
        return FrameDecoder.flights(readStamp.get());
    }

    /**
     * Flips the epoch's parity and counts from 0 again: frames the peer sent before its own mark carry the other parity.
     * Called by the protocol thread; the event loop does not take part.
     */
    @Override
    public void markFlights() {
        readStamp.updateAndGet(s -> (s ^ FrameDecoder.EPOCH) & FrameDecoder.EPOCH);
    }

    /**
     * On the event loop: reading resumes once half the in-flight budget is free again. With a simulated line its
     * window is added to both limits, so that when reading resumes the line still has half a budget to carry, and
     * is kept busy while the socket refills the queue.
     */
    private void resumeReadingIfDrained() {
        if (!ch.config().isAutoRead() && queuedBytes.get() <= resumeLimit) {
            ch.config().setAutoRead(true);
        }
    }

    private void checkOpen() {
        if (closed) {
            throw new ChannelException("channel to peer " + peer + " is closed");
        }
        String f = failure;
        if (f != null) {
            throw new ChannelException(f + " (" + written + " bytes sent, " + read + " received)");
        }
    }

    /**
     * Ends the connection with a {@linkplain FrameDecoder.Goodbye goodbye} that says why, dropping what is buffered: the
     * goodbye, then the end of this side's stream; then reads and drops what the peer still sends until it closes too (at
     * most a few seconds), so that the connection ends without a reset, which could overtake the goodbye. A channel that
     * has failed already just closes.
     */
    @Override
    public void abort(String reason) {
        if (cancelled && !closed) {
            // Its goodbye went out when it was cancelled: drain until the peer closes, as below, so that no reset from
            // closing with unread data (a peer still streaming tables) overtakes that goodbye.
            closed = true;
            ch.eventLoop().execute(() -> ch.config().setAutoRead(true));
            ch.closeFuture().awaitUninterruptibly(Math.min(idleNanos, TimeUnit.SECONDS.toNanos(5)), TimeUnit.NANOSECONDS);
            skipTlsGoodbye();
            ch.close().awaitUninterruptibly(idleNanos, TimeUnit.NANOSECONDS);
            releaseGroup();
            releaseBuffers();
            return;
        }
        if (closed || failure != null) {
            close();
            return;
        }
        closed = true; // from here on, what arrives is dropped
        if (out != null) {
            out.release();
            out = null;
        }
        ch.eventLoop().execute(() -> ch.config().setAutoRead(true));
        sayGoodbye(reason);
        ch.closeFuture().awaitUninterruptibly(Math.min(idleNanos, TimeUnit.SECONDS.toNanos(5)), TimeUnit.NANOSECONDS);
        fail("this party ended the session: " + reason);
        skipTlsGoodbye();
        ch.close().awaitUninterruptibly(idleNanos, TimeUnit.NANOSECONDS);
        releaseGroup();
        releaseBuffers();
    }

    /**
     * Sends what is buffered, waits (up to the idle timeout) until the socket has taken it, closes the
     * connection and releases every buffer and the event loop.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            if (failure == null) {
                flush();
                awaitDrained();
            }
        } catch (ChannelException e) {
            // Closing anyway: the failure has been or will be reported by the read or write that met it.
        } finally {
            closed = true;
            if (failure != null) {
                skipTlsGoodbye();
            }
            ch.close().awaitUninterruptibly(idleNanos, TimeUnit.NANOSECONDS);
            releaseGroup();
            releaseBuffers();
        }
    }

    /**
     * Ends the connection from any thread: the goodbye goes out after the frames handed to Netty so far, and the
     * owner's next read or write fails ("this party ended the session: REASON"). The owner still closes the channel,
     * on its own thread, which releases the buffers.
     */
    @Override
    public void cancel(String reason) {
        if (closed || failure != null) {
            return;
        }
        cancelled = true;
        sayGoodbye(reason);
        fail("this party ended the session: " + reason);
    }

    /** The goodbye frame with {@code reason} (cut to fit, as valid UTF-8), then the end of this side's stream. */
    private void sayGoodbye(String reason) {
        byte[] text = reason.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        int n = Math.min(text.length, FrameDecoder.GOODBYE_MAX);
        // Cut at a character's first byte, so the reason stays valid UTF-8.
        while (n < text.length && n > 0 && (text[n] & 0xc0) == 0x80) {
            n--;
        }
        ByteBuf bye = ch.alloc().buffer(4 + n);
        bye.writeInt(FrameDecoder.GOODBYE | n).writeBytes(text, 0, n);
        ch.writeAndFlush(bye).addListener(f -> {
            if (f.isSuccess() && ch instanceof io.netty.channel.socket.DuplexChannel duplex) {
                duplex.shutdownOutput();
            } else {
                ch.close();
            }
        });
    }

    /** Stops the connection's own event loop; one a listener shares among its peers is the listener's to stop. */
    private void releaseGroup() {
        if (ownedGroup != null) {
            ownedGroup.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        }
    }

    /**
     * A failed connection closes without TLS's close_notify: a peer that stopped reading has no room for it, and
     * the TLS handler would wait for it, then log a warning of its own on standard error.
     */
    private void skipTlsGoodbye() {
        SslHandler tls = ch.pipeline().get(SslHandler.class);
        if (tls != null) {
            try {
                ch.pipeline().remove(tls);
            } catch (java.util.NoSuchElementException e) {
                // removed already, by the channel's own closing
            }
        }
    }

    private void awaitDrained() {
        long deadline = System.nanoTime() + idleNanos;
        synchronized (flow) {
            while (inFlight > 0 && failure == null && System.nanoTime() < deadline) {
                try {
                    TimeUnit.NANOSECONDS.timedWait(flow, Math.max(1, deadline - System.nanoTime()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    /** Runs after the event loop has stopped, so no frame can arrive while the queue is emptied. */
    private void releaseBuffers() {
        synchronized (flow) {
            for (ByteBuf b; (b = spareFrames.poll()) != null; ) {
                b.release();
            }
        }
        if (out != null) {
            out.release();
            out = null;
        }
        if (current != null) {
            current.release();
            current = null;
        }
        for (Object o; (o = inbox.poll()) != null; ) {
            if (o instanceof ByteBuf b) {
                b.release();
            } else if (o instanceof DueFrame d) {
                d.frame().release();
            }
        }
    }

    private static String seconds(long nanos) {
        return TimeUnit.NANOSECONDS.toSeconds(nanos) >= 1 ? TimeUnit.NANOSECONDS.toSeconds(nanos) + " s"
                : TimeUnit.NANOSECONDS.toMillis(nanos) + " ms";
    }
}
