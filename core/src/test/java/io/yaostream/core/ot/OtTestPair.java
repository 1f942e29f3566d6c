package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.MemoryChannel;

import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/** A set-up extension sender and receiver over an in-memory channel, with a way to run both ends at once. */
final class OtTestPair {
    final Channel senderChannel;
    final Channel receiverChannel;
    final OtExtensionSender sender;
    final OtExtensionReceiver receiver;
    final long deltaLo;
    final long deltaHi;

    /** Both ends with block size {@code blockSize}; the sender's Δ (low bit set) comes from {@code seed}. */
    OtTestPair(int blockSize, long seed) {
        this(blockSize, seed, MemoryChannel.pair(10_000));
    }

    OtTestPair(int blockSize, long seed, Channel[] ends) {
        senderChannel = ends[0];
        receiverChannel = ends[1];
        sender = new OtExtensionSender(senderChannel, new PlainBaseOtForTests(), new JavaKernel(),
                AesCtrRandom.forTesting(seed), blockSize);
        receiver = new OtExtensionReceiver(receiverChannel, new PlainBaseOtForTests(), new JavaKernel(),
                AesCtrRandom.forTesting(seed + 1), blockSize);
        Random rnd = new Random(seed);
        deltaLo = rnd.nextLong() | 1;
        deltaHi = rnd.nextLong();
        both(() -> sender.setup(deltaLo, deltaHi), receiver::setup);
    }

    /** Runs {@code senderSide} on another thread and {@code receiverSide} on this one; rethrows a failure of either. */
    static void both(Runnable senderSide, Runnable receiverSide) {
        CompletableFuture<Void> other = CompletableFuture.runAsync(senderSide);
        RuntimeException mine = null;
        try {
            receiverSide.run();
        } catch (RuntimeException e) {
            mine = e;
        }
        try {
            other.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (mine == null && e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            if (mine == null) {
                throw new AssertionError(e.getCause());
            }
        } catch (Exception e) {
            throw new AssertionError(e);
        }
        if (mine != null) {
            throw mine;
        }
    }

    static long[] randomBits(Random rnd, int n) {
        long[] bits = new long[(n + 63) / 64];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = rnd.nextLong();
        }
        return bits;
    }

    static long[] randomBlocks(Random rnd, int n) {
        long[] blocks = new long[2 * n];
        for (int i = 0; i < blocks.length; i++) {
            blocks[i] = rnd.nextLong();
        }
        return blocks;
    }
}
