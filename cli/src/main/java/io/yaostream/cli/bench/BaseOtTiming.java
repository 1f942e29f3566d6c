package io.yaostream.cli.bench;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.ReceiverFirstBaseOt;

import java.util.concurrent.CompletableFuture;

/** Times 128 base OTs, sender and receiver on two threads of this process over an in-memory channel. */
public final class BaseOtTiming {
    private static final int K = 128;

    private final MemoryChannel[] ends = MemoryChannel.pair(60_000);
    private final long[] m0 = new long[2 * K];
    private final long[] m1 = new long[2 * K];
    private final long[] out = new long[2 * K];
    private final boolean[] choices = new boolean[K];

    private BaseOtTiming() {
        AesCtrRandom random = AesCtrRandom.create();
        for (int i = 0; i < 2 * K; i++) {
            m0[i] = random.nextLong();
            m1[i] = random.nextLong();
        }
        for (int i = 0; i < K; i++) {
            choices[i] = (random.nextLong() & 1) == 1;
        }
    }

    /**
     * Runs batches with each of {@code threads} in turn for at least {@code millis}: the scalar multiplications
     * reach their final compiled form only after several seconds of this (the JIT's compiler threads share the
     * cores with both parties), and the batches before that are not what a long-running process sees.
     */
    public static void warmUp(int[] threads, long millis, Kernel kernel) {
        BaseOtTiming timing = new BaseOtTiming();
        try {
            long end = System.nanoTime() + millis * 1_000_000L;
            for (int i = 0; System.nanoTime() - end < 0; i++) {
                int t = threads[i % threads.length];
                timing.batch(new ReceiverFirstBaseOt(t, kernel), new ReceiverFirstBaseOt(t, kernel));
            }
        } finally {
            timing.close();
        }
    }

    /**
     * {@code runs} timed runs after {@code warmups} untimed ones, in milliseconds per 128 base OTs; both parties use
     * {@code kernel}'s {@link Kernel#edwards25519()}, which is safe to share between threads.
     */
    public static Samples measure(int threads, int warmups, int runs, Kernel kernel) {
        BaseOtTiming timing = new BaseOtTiming();
        BaseOt sender = new ReceiverFirstBaseOt(threads, kernel);
        BaseOt receiver = new ReceiverFirstBaseOt(threads, kernel);
        double[] ms = new double[runs];
        try {
            for (int r = -warmups; r < runs; r++) {
                double t = timing.batch(sender, receiver);
                if (r >= 0) {
                    ms[r] = t;
                }
            }
        } finally {
            timing.close();
        }
        return new Samples(ms);
    }

    /** One batch of 128 base OTs, the sender on another thread; returns its wall time in milliseconds. */
    private double batch(BaseOt sender, BaseOt receiver) {
        long start = System.nanoTime();
        CompletableFuture<Void> send = CompletableFuture.runAsync(() -> sender.send(ends[0], m0, m1, K));
        receiver.receive(ends[1], choices, out, K);
        send.join();
        return (System.nanoTime() - start) / 1e6;
    }

    private void close() {
        ends[0].close();
        ends[1].close();
    }
}
