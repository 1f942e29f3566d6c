package io.yaostream.core.ot;
import io.yaostream.core.net.Channel;
/** k base OTs of 128-bit messages (k = 128 for IKNP). Semi-honest security. */
public interface BaseOt {
    /** Sender: the receiver learns block i of m1 if its choice i is set, else of m0; the sender learns nothing. */
    void send(Channel channel, long[] m0, long[] m1, int count);
    /** Receiver: block i of out := its chosen message. */
    void receive(Channel channel, boolean[] choices, long[] out, int count);
    /** Bytes the sender writes for {@code count} OTs (for cost estimates that run no cryptography). */
    long senderBytes(int count);
    /** Bytes the receiver writes for {@code count} OTs. */
    long receiverBytes(int count);
}
