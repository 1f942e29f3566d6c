package io.yaostream.core.protocol;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.testing.ForwardingChannel;
import io.yaostream.core.threeparty.ThreeFrames;
import io.yaostream.core.threeparty.ThreeHashes;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One direction of a three-party link as its sender writes it, cut into the protocol's frames: the sender's honest
 * code writes through it, every frame is recorded, and a {@link Tamper} may replace or drop a frame on its way to the
 * other party, or the sender may stop after a number of bytes. The frames are told apart by the writes that make
 * them: the first write is the hello; a 1-byte write of 'S', 'R', 'O', 'I' or 'L' is a type byte whose body is the
 * next write; a 5-byte write starting 'C' is a chunk header whose bytes are the next write; a 17-byte write starting
 * 'H' is a digest; a 1-byte 'E' is the end mark. Any other write fails the sender, so a change in how the protocol
 * writes shows up as a failing test rather than a misread frame.
 */
public final class FrameTap extends ForwardingChannel {
    /** The pseudo-type of the first frame, the hello. */
    public static final int HELLO = 0;

    /**
     * One frame as the sender wrote it.
     *
     * @param type    its type byte (or {@link #HELLO})
     * @param ordinal its number among the frames of its type on this link, from 0
     * @param offset  where it starts in the bytes the sender wrote on this link
     * @param bytes   the whole frame, type byte (and chunk header) included
     */
    public record Frame(int type, int ordinal, long offset, byte[] bytes) {
        /** Where the body starts in {@link #bytes}: after the type byte, or the chunk's 5-byte header. */
        int bodyStart() {
            return type == HELLO ? 0 : type == ThreeFrames.CHUNK ? 5 : 1;
        }

        public int bodyLength() {
            return bytes.length - bodyStart();
        }

        /** A copy with bit {@code bit} (0 = least significant) of body byte {@code at} flipped. */
        public byte[] flipBodyBit(int at, int bit) {
            if (at < 0 || at >= bodyLength()) {
                throw new IllegalArgumentException("body byte " + at + " of a " + bodyLength() + "-byte body");
            }
            byte[] b = bytes.clone();
            b[bodyStart() + at] ^= (byte) (1 << bit);
            return b;
        }
    }

    /** What to send for a frame: its bytes (the same or changed), or null to drop it; it may also throw. */
    public interface Tamper {
        byte[] apply(Frame frame);
    }

    private final List<Frame> frames = new ArrayList<>();
    private final int[] ordinals = new int[256];
    private Tamper tamper;
    private long stopAt = Long.MAX_VALUE;
    private Runnable stop;
    private byte[] head;
    private boolean helloSeen;
    private long offset;
    private long passed;

    public FrameTap(Channel inner) {
        super(inner);
    }

    /** Changes frames with {@code t} from now on. */
    public FrameTap tamper(Tamper t) {
        this.tamper = t;
        return this;
    }

    /**
     * The sender stops once {@code bytes} bytes have passed: they go out, then {@code action} runs (it closes the
     * sender's links) and the sender's write fails.
     */
    public FrameTap stopAfter(long bytes, Runnable action) {
        this.stopAt = bytes;
        this.stop = action;
        return this;
    }

    /** Every frame the sender wrote, as it wrote it (read after the session). */
    public List<Frame> frames() {
        return frames;
    }

    /** The frames of one type. */
    public List<Frame> frames(int type) {
        return frames.stream().filter(f -> f.type() == type).toList();
    }

    /** Bytes the sender wrote (what passed on may differ where a frame was changed). */
    public long written() {
        return offset;
    }

    @Override
    public void write(byte[] src, int off, int length) {
        byte[] b = Arrays.copyOfRange(src, off, off + length);
        if (head != null) {
            byte[] whole = Arrays.copyOf(head, head.length + b.length);
            System.arraycopy(b, 0, whole, head.length, b.length);
            head = null;
            complete(whole[0] & 0xff, whole);
            return;
        }
        if (!helloSeen) {
            helloSeen = true;
            complete(HELLO, b);
            return;
        }
        int t = length == 0 ? -1 : b[0] & 0xff;
        if (length == 1 && (t == ThreeFrames.CRS || t == ThreeFrames.SEED || t == ThreeFrames.OPENINGS || t == ThreeFrames.SHARE
                || t == ThreeFrames.LABELS)) {
            head = b;
        } else if (length == 1 && t == ThreeFrames.END) {
            complete(t, b);
        } else if (length == 5 && t == ThreeFrames.CHUNK) {
            head = b;
        } else if (length == 1 + ThreeHashes.DIGEST_BYTES && t == ThreeFrames.DIGEST) {
            complete(t, b);
        } else {
            throw new IllegalStateException("FrameTap: a write of " + length + " bytes starting with byte " + t + " at byte " + offset
                    + " is no three-party frame");
        }
    }

    @Override
    public void writeLongs(long[] src, int off, int count) {
        byte[] b = new byte[8 * count];
        for (int i = 0; i < count; i++) {
            Blocks.putLong(b, 8 * i, src[off + i]);
        }
        write(b, 0, b.length);
    }

    private void complete(int type, byte[] whole) {
        Frame f = new Frame(type, ordinals[type]++, offset, whole);
        frames.add(f);
        offset += whole.length;
        byte[] out = tamper == null ? whole : tamper.apply(f);
        if (out != null) {
            pass(out);
        }
    }

    private void pass(byte[] out) {
        if (passed + out.length <= stopAt) {
            inner.write(out, 0, out.length);
            passed += out.length;
            return;
        }
        int n = (int) (stopAt - passed);
        inner.write(out, 0, n);
        inner.flush();
        passed += n;
        stop.run();
        throw new ChannelException("the party stops after " + stopAt + " bytes on this link");
    }
}
