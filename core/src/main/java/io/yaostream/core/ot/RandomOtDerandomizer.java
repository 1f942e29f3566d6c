package io.yaostream.core.ot;

import io.yaostream.core.net.Channel;

/**
 * Turns random OTs, precomputed with {@link OtExtensionSender#random} / {@link OtExtensionReceiver#random},
 * into chosen-message OTs once the real choices are known (Beaver's derandomisation), so the evaluator's input
 * bits can arrive in pieces long after the extension ran.
 *
 * <p>For random OT k the sender holds {@code (r0, r1)}, the receiver {@code c} and {@code r_c}. To receive
 * {@code x_b} the receiver sends {@code d = b ⊕ c}; the sender answers {@code (x0 ⊕ r_d, x1 ⊕ r_{1⊕d})}; the
 * receiver unmasks {@code y_b ⊕ r_c} (when b = 0, d = c; when b = 1, 1 ⊕ d = c). The sender sees only d,
 * which c makes uniform; the receiver cannot unmask the other message, since {@code r_{1⊕c}} is hidden.
 *
 * <p>Each random OT must be used once: the caller keeps track of which ones ({@code from}) it has spent. The
 * work runs in rounds of at most {@value #CHUNK} OTs with buffers allocated once. Not thread-safe.
 */
public final class RandomOtDerandomizer {
    private static final int CHUNK = 1 << 12;

    private final Channel channel;
    private final long[] corrections = new long[CHUNK / 64];
    private final long[] masked = new long[4 * CHUNK];

    public RandomOtDerandomizer(Channel channel) {
        this.channel = channel;
    }

    /**
     * Receiver: block i of {@code out} (i below n) gets the sender's {@code x_{b_i}}, b the packed
     * {@code choices}, using random OTs {@code from .. from + n - 1} (their packed choice bits and messages).
     */
    public void receive(long[] choices, long[] randomChoices, long[] randomMessages, int from, int n, long[] out) {
        Iknp.checkBits(n, choices, "choices");
        Iknp.checkBits(from + n, randomChoices, "randomChoices");
        Iknp.checkCount(from + n, randomMessages, 2, "randomMessages");
        Iknp.checkCount(n, out, 2, "out");
        for (int off = 0; off < n; off += CHUNK) {
            int len = Math.min(CHUNK, n - off);
            int words = (len + 63) >>> 6;
            java.util.Arrays.fill(corrections, 0, words, 0L);
            for (int i = 0; i < len; i++) {
                long d = Iknp.bit(choices, off + i) ^ Iknp.bit(randomChoices, (long) from + off + i);
                corrections[i >>> 6] |= d << i;
            }
            channel.writeLongs(corrections, 0, words);
            channel.flush();
            channel.readLongs(masked, 0, 4 * len);
            for (int i = 0; i < len; i++) {
                int y = 4 * i + 2 * Iknp.bit(choices, off + i);
                int r = 2 * (from + off + i);
                out[2 * (off + i)] = masked[y] ^ randomMessages[r];
                out[2 * (off + i) + 1] = masked[y + 1] ^ randomMessages[r + 1];
            }
        }
    }

    /**
     * Sender: offers the pairs {@code (x0_i, x1_i)} for i below n, using random OTs {@code from .. from + n - 1}
     * with messages {@code r0, r1}.
     */
    public void send(long[] x0, long[] x1, long[] r0, long[] r1, int from, int n) {
        Iknp.checkCount(n, x0, 2, "x0");
        Iknp.checkCount(n, x1, 2, "x1");
        Iknp.checkCount(from + n, r0, 2, "r0");
        Iknp.checkCount(from + n, r1, 2, "r1");
        for (int off = 0; off < n; off += CHUNK) {
            int len = Math.min(CHUNK, n - off);
            channel.readLongs(corrections, 0, (len + 63) >>> 6);
            for (int i = 0; i < len; i++) {
                boolean swap = Iknp.bit(corrections, i) != 0;
                long[] first = swap ? r1 : r0;
                long[] second = swap ? r0 : r1;
                int x = 2 * (off + i);
                int r = 2 * (from + off + i);
                masked[4 * i] = x0[x] ^ first[r];
                masked[4 * i + 1] = x0[x + 1] ^ first[r + 1];
                masked[4 * i + 2] = x1[x] ^ second[r];
                masked[4 * i + 3] = x1[x + 1] ^ second[r + 1];
            }
            channel.writeLongs(masked, 0, 4 * len);
            channel.flush();
        }
    }
}
