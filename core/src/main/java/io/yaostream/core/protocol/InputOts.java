package io.yaostream.core.protocol;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.OtExtensionReceiver;
import io.yaostream.core.ot.OtExtensionSender;
import io.yaostream.core.ot.RandomOtDerandomizer;

/**
 * The evaluator's input labels by OT: random OTs made a block at a time by IKNP extension (set up on the
 * first evaluator input, so a program without any pays nothing), then derandomised per input (one round
 * trip). Memory is one block of random OTs, whatever the number of inputs; an input wider than a block
 * goes a block at a time. The two ends consume the pool identically, so they never disagree on which
 * random OT serves which bit.
 */
final class InputOts {
    static final int POOL = OtExtensionSender.DEFAULT_BLOCK_SIZE;

    private InputOts() {
    }

    /** The garbler's end: offers both labels of each evaluator input bit. */
    static final class Sender {
        private final OtExtensionSender extension;
        private final RandomOtDerandomizer derandomizer;
        private final long[] r0 = new long[2 * POOL];
        private final long[] r1 = new long[2 * POOL];
        private final long[] piece0 = new long[2 * POOL];
        private final long[] piece1 = new long[2 * POOL];
        private int used = POOL;

        Sender(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random) {
            extension = new OtExtensionSender(channel, baseOt, kernel, random);
            derandomizer = new RandomOtDerandomizer(channel);
            extension.setup();
        }

        void send(long[] x0, long[] x1, int n) {
            for (int off = 0; off < n; off += POOL) {
                int len = Math.min(POOL, n - off);
                if (POOL - used < len) {
                    extension.random(r0, r1, POOL);
                    used = 0;
                }
                System.arraycopy(x0, 2 * off, piece0, 0, 2 * len);
                System.arraycopy(x1, 2 * off, piece1, 0, 2 * len);
                derandomizer.send(piece0, piece1, r0, r1, used, len);
                used += len;
            }
        }
    }

    /** The evaluator's end: receives the label of each of its input bits. */
    static final class Receiver {
        private final OtExtensionReceiver extension;
        private final RandomOtDerandomizer derandomizer;
        private final long[] poolChoices = new long[POOL / 64];
        private final long[] poolMessages = new long[2 * POOL];
        private final long[] pieceChoices = new long[POOL / 64];
        private final long[] pieceOut = new long[2 * POOL];
        private int used = POOL;

        Receiver(Channel channel, BaseOt baseOt, Kernel kernel, AesCtrRandom random) {
            extension = new OtExtensionReceiver(channel, baseOt, kernel, random);
            derandomizer = new RandomOtDerandomizer(channel);
            extension.setup();
        }

        /** Block i of {@code out} gets the label of bit i of the packed {@code choices}. */
        void receive(long[] choices, int n, long[] out) {
            for (int off = 0; off < n; off += POOL) {
                int len = Math.min(POOL, n - off);
                if (POOL - used < len) {
                    extension.random(poolChoices, poolMessages, POOL);
                    used = 0;
                }
                java.util.Arrays.fill(pieceChoices, 0L);
                for (int i = 0; i < len; i++) {
                    pieceChoices[i >>> 6] |= ((choices[(off + i) >>> 6] >>> ((off + i) & 63)) & 1L) << i;
                }
                derandomizer.receive(pieceChoices, poolChoices, poolMessages, used, len, pieceOut);
                System.arraycopy(pieceOut, 0, out, 2 * off, 2 * len);
                used += len;
            }
        }
    }
}
