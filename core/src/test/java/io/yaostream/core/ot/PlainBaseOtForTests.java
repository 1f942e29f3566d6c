package io.yaostream.core.ot;

import io.yaostream.core.net.Channel;

/**
 * TEST ONLY, NOT AN OBLIVIOUS TRANSFER: the sender sends both messages in the clear and the receiver keeps the
 * chosen one, so the receiver learns everything. It stands in for a real {@link BaseOt} so the extension can
 * be tested on its own, and in the protocol's fuzz runs aimed at later messages, which then run several times faster.
 */
public final class PlainBaseOtForTests implements BaseOt {
    @Override
    public void send(Channel channel, long[] m0, long[] m1, int count) {
        channel.writeLongs(m0, 0, 2 * count);
        channel.writeLongs(m1, 0, 2 * count);
        channel.flush();
    }

    @Override
    public void receive(Channel channel, boolean[] choices, long[] out, int count) {
        long[] both = new long[4 * count];
        channel.readLongs(both, 0, 4 * count);
        for (int i = 0; i < count; i++) {
            int from = 2 * i + (choices[i] ? 2 * count : 0);
            out[2 * i] = both[from];
            out[2 * i + 1] = both[from + 1];
        }
    }

    @Override
    public long senderBytes(int count) {
        return 32L * count;
    }

    @Override
    public long receiverBytes(int count) {
        return 0;
    }
}
