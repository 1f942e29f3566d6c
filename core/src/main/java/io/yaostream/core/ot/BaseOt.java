package io.yaostream.core.ot;
import io.yaostream.core.net.Channel;
/** k base OTs of 128-bit messages (k = 128 for IKNP). Semi-honest security. */
public interface BaseOt {
    /** Sender: the receiver learns block i of m1 if its choice i is set, else of m0; the sender learns nothing. */
    void send(Channel channel, long[] m0, long[] m1, int count);

    /**
     * As {@link #send(Channel, long[], long[], int)}, running {@code beforeFirstRead} after this sender's first message
     * is written and before it reads the receiver's: what the sender reads first on the channel (the peer's hello, say)
     * is taken there, and what it wrote before (its own hello) rides with that first message. By default the hook runs
     * first, as the sender's first message then follows it.
     */
    default void send(Channel channel, long[] m0, long[] m1, int count, Runnable beforeFirstRead) {
        beforeFirstRead.run();
        send(channel, m0, m1, count);
    }
    /** Receiver: block i of out := its chosen message. */
    void receive(Channel channel, boolean[] choices, long[] out, int count);

    /**
     * Receiver in two steps: answers the sender's first message now and returns the step that reads the rest and fills
     * {@code out}, which the caller runs before it reads anything else from the sender. Meanwhile it may send what does
     * not depend on the OTs, which then rides with its answer instead of waiting for the sender's last message. By
     * default both steps run now.
     */
    default Runnable receiveInTwo(Channel channel, boolean[] choices, long[] out, int count) {
        receive(channel, choices, out, count);
        return () -> { };
    }
    /**
     * Whether the receiver writes the first message ({@link ReceiverFirstBaseOt}): then {@link #receiveInTwo} writes
     * it without reading, and the sender reads before it writes. By default the sender speaks first.
     */
    default boolean receiverFirst() {
        return false;
    }

    /**
     * A receiver's first message made before its channel is known ({@link #prepareReceiver}): a listening party sends it
     * with its hello to the connections it has not yet chosen between, and finishes with the one it takes.
     */
    interface Prepared {
        /** The receiver's first message, to write as it is. */
        byte[] message();

        /** The step that reads the sender's answer from {@code channel} and fills {@code out}, as {@link #receiveInTwo} returns it. */
        Runnable finish(Channel channel, long[] out);
    }

    /**
     * The receiver's first message for {@code choices}, made without a channel (receiver-first OTs only: a sender-first
     * receiver's message depends on the sender's).
     */
    default Prepared prepareReceiver(boolean[] choices, int count) {
        throw new UnsupportedOperationException("the sender of these base OTs speaks first");
    }

    /** Bytes the sender writes for {@code count} OTs (for cost estimates that run no cryptography). */
    long senderBytes(int count);
    /** Bytes the receiver writes for {@code count} OTs. */
    long receiverBytes(int count);
}
