package io.yaostream.core.protocol;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.twoparty.MessageKind;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The fake peer's end of a fuzzed session: an honest party's code writes through it, each write is told apart by
 * {@link MessageKind}, and at most one {@link Mutation} is applied to the bytes of one kind on their way to the
 * honest party. Offsets and frame numbers of a mutation count within its kind only, so they mean the same thing in
 * every session of one configuration. It also records what went out (for replays and for sizing mutations).
 */
public final class MutatingChannel extends WatchedChannel {
    /** What to do to the bytes of one kind. */
    public enum Op {
        /** Bytes at {@code at} (within the kind) XORed with {@code patch}, or replaced by it. */
        PATCH,
        /** The peer's stream ends at {@code at}: it closes the channel there. */
        TRUNCATE,
        /** The peer's stream stops at {@code at} but stays open: a frozen peer. */
        FREEZE,
        /** Frame (write call) number {@code at} of the kind is not sent. */
        DROP,
        /** Frame number {@code at} of the kind is sent twice. */
        DUPLICATE
    }

    /** One change to the peer's outgoing stream. */
    public record Mutation(MessageKind kind, Op op, long at, byte[] patch, boolean xor) {
        public static Mutation of(MessageKind kind, Op op, long at) {
            return new Mutation(kind, op, at, new byte[0], false);
        }

        @Override
        public String toString() {
            String p = op == Op.PATCH ? (xor ? " xor " : " := ") + java.util.HexFormat.of().formatHex(patch) : "";
            return op + " " + kind + " at " + at + p;
        }
    }

    /** One write of the peer: its kind, where it starts within the bytes of that kind, and its bytes. */
    public record Frame(MessageKind kind, long start, byte[] bytes) {
    }

    private static final StackWalker STACK = StackWalker.getInstance();

    private final Mutation mutation;
    private final MessageKind.Classifier classifier = new MessageKind.Classifier();
    private final Map<MessageKind, Long> bytesOfKind = new EnumMap<>(MessageKind.class);
    private final Map<MessageKind, Integer> framesOfKind = new EnumMap<>(MessageKind.class);
    private final List<Frame> frames;
    private boolean frozen;
    private volatile boolean applied;

    /**
     * @param mutation the change to make, or null for none
     * @param record   whether to keep a copy of every frame ({@link #frames()})
     */
    public MutatingChannel(Channel inner, Mutation mutation, boolean record) {
        super(inner);
        this.mutation = mutation;
        this.frames = record ? new ArrayList<>() : null;
    }

    /** Every frame sent so far, with its kind; only when recording. */
    public List<Frame> frames() {
        return frames;
    }

    /** Whether the mutation has been made (its kind reached the position it names). */
    public boolean applied() {
        return applied;
    }

    @Override
    public void write(byte[] src, int offset, int length) {
        send(classify(false), Arrays.copyOfRange(src, offset, offset + length));
    }

    @Override
    public void writeLongs(long[] src, int offset, int count) {
        byte[] b = new byte[8 * count];
        for (int i = 0; i < count; i++) {
            Blocks.putLong(b, 8 * i, src[offset + i]);
        }
        send(classify(true), b);
    }

    private MessageKind classify(boolean longs) {
        List<String> stack = STACK.walk(s -> s.map(f -> {
            String c = f.getClassName();
            return c.substring(c.lastIndexOf('.') + 1) + "." + f.getMethodName();
        }).toList());
        return classifier.classify(longs, stack);
    }

    /** Sends one frame of a known kind (a replay sends what a recording kept), with the mutation where it applies. */
    public void send(MessageKind kind, byte[] b) {
        long start = bytesOfKind.merge(kind, (long) b.length, Long::sum) - b.length;
        int frame = framesOfKind.merge(kind, 1, Integer::sum) - 1;
        if (frames != null) {
            frames.add(new Frame(kind, start, b.clone()));
        }
        if (frozen) {
            return;
        }
        if (mutation == null || mutation.kind() != kind) {
            inner.write(b, 0, b.length);
            return;
        }
        long at = mutation.at();
        switch (mutation.op()) {
            case PATCH -> {
                byte[] p = mutation.patch();
                for (int j = 0; j < p.length; j++) {
                    long pos = at + j;
                    if (pos >= start && pos < start + b.length) {
                        int i = (int) (pos - start);
                        b[i] = mutation.xor() ? (byte) (b[i] ^ p[j]) : p[j];
                        applied = true;
                    }
                }
                inner.write(b, 0, b.length);
            }
            case TRUNCATE, FREEZE -> {
                if (at >= start + b.length) {
                    inner.write(b, 0, b.length);
                    return;
                }
                inner.write(b, 0, (int) Math.max(0, at - start));
                inner.flush();
                applied = true;
                if (mutation.op() == Op.FREEZE) {
                    frozen = true;
                    return;
                }
                inner.close();
                throw new ChannelException("fuzz: the fake peer's stream ends here");
            }
            case DROP -> {
                if (frame == at) {
                    applied = true;
                } else {
                    inner.write(b, 0, b.length);
                }
            }
            case DUPLICATE -> {
                inner.write(b, 0, b.length);
                if (frame == at) {
                    inner.write(b, 0, b.length);
                    applied = true;
                }
            }
            default -> throw new AssertionError(mutation.op());
        }
    }

    @Override
    public void flush() {
        if (!frozen) {
            inner.flush();
        }
    }

    /** Total bytes of each kind in {@code frames}, and frame counts, for sizing mutations. */
    public static Map<MessageKind, long[]> sizes(List<Frame> frames) {
        Map<MessageKind, long[]> sizes = new EnumMap<>(MessageKind.class);
        for (Frame f : frames) {
            long[] s = sizes.computeIfAbsent(f.kind(), k -> new long[2]);
            s[0] += f.bytes().length;
            s[1]++;
        }
        return sizes;
    }
}
