package io.yaostream.cli.bench;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;

import java.util.concurrent.CompletableFuture;

/** Times 128 base OTs, sender and receiver on two threads of this process over an in-memory channel. */
public final class BaseOtTiming {
    private static final int K = 128;

    private BaseOtTiming() {
    }

    /** {@code runs} timed runs after {@code warmups}, in milliseconds per 128 base OTs. */
    public static Samples measure(int threads, int warmups, int runs) {
        MemoryChannel[] ends = MemoryChannel.pair(60_000);
        EcBaseOt sender = new EcBaseOt(threads);
        EcBaseOt receiver = new EcBaseOt(threads);
        AesCtrRandom random = AesCtrRandom.create();
        long[] m0 = new long[2 * K];
        long[] m1 = new long[2 * K];
        long[] out = new long[2 * K];
        boolean[] choices = new boolean[K];
        for (int i = 0; i < 2 * K; i++) {
            m0[i] = random.nextLong();
            m1[i] = random.nextLong();
        }
        for (int i = 0; i < K; i++) {
            choices[i] = (random.nextLong() & 1) == 1;
        }
        double[] ms = new double[runs];
        try {
            for (int r = -warmups; r < runs; r++) {
                long start = System.nanoTime();
                CompletableFuture<Void> send = CompletableFuture.runAsync(() -> sender.send(ends[0], m0, m1, K));
                receiver.receive(ends[1], choices, out, K);
                send.join();
                if (r >= 0) {
                    ms[r] = (System.nanoTime() - start) / 1e6;
                }
            }
        } finally {
            ends[0].close();
            ends[1].close();
        }
        return new Samples(ms);
    }
}
