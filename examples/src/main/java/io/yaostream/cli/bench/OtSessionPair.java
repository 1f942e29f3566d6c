package io.yaostream.cli.bench;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.ot.OtExtensionReceiver;
import io.yaostream.core.ot.OtExtensionSender;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * An OT extension sender and receiver over an in-memory channel, the sender on its own thread, set up with the
 * real base OTs, for {@code bench ot} and the JMH suite. Draws are made in calls of {@value #CALL} OTs into
 * reused arrays, as a streaming caller would.
 */
public final class OtSessionPair implements AutoCloseable {
    public static final int CALL = 1 << 16;

    private final ExecutorService senderThread = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "ot-sender");
        t.setDaemon(true);
        return t;
    });
    private final MemoryChannel[] ends = MemoryChannel.pair(60_000);
    private final OtExtensionSender sender;
    private final OtExtensionReceiver receiver;
    private final long[] x = new long[2 * CALL];
    private final long[] m0 = new long[2 * CALL];
    private final long[] m1 = new long[2 * CALL];
    private final long[] choices = new long[CALL / 64];
    private final long[] out = new long[2 * CALL];

    /** With the library's default block size and kernel. */
    public OtSessionPair() {
        this(OtExtensionSender.DEFAULT_BLOCK_SIZE);
    }

    /** @param blockSize OTs per extension block (a multiple of 128) */
    public OtSessionPair(int blockSize) {
        this(blockSize, Kernels::create);
    }

    /**
     * @param blockSize OTs per extension block (a multiple of 128)
     * @param kernels   makes each side's kernel
     */
    public OtSessionPair(int blockSize, Supplier<Kernel> kernels) {
        Kernel senderKernel = kernels.get();
        Kernel receiverKernel = kernels.get();
        sender = new OtExtensionSender(ends[0], new EcBaseOt(senderKernel), senderKernel, AesCtrRandom.create(), blockSize);
        receiver = new OtExtensionReceiver(ends[1], new EcBaseOt(receiverKernel), receiverKernel, AesCtrRandom.create(),
                blockSize);
        java.util.Random rnd = new java.util.Random(3);
        for (int i = 0; i < choices.length; i++) {
            choices[i] = rnd.nextLong();
        }
        for (int i = 0; i < m0.length; i++) {
            m0[i] = rnd.nextLong();
            m1[i] = rnd.nextLong();
        }
        Future<?> s = senderThread.submit(() -> sender.setup());
        receiver.setup();
        join(s);
    }

    /** n correlated OTs; returns a word of the receiver's last output so the work cannot be dropped. */
    public long correlated(long n) {
        Future<?> s = senderThread.submit(() -> {
            for (long done = 0; done < n; done += CALL) {
                sender.correlated(x, (int) Math.min(CALL, n - done));
            }
        });
        for (long done = 0; done < n; done += CALL) {
            receiver.correlated(choices, out, (int) Math.min(CALL, n - done));
        }
        join(s);
        return out[0] ^ x[0];
    }

    /** n chosen-message OTs. */
    public long chosen(long n) {
        Future<?> s = senderThread.submit(() -> {
            for (long done = 0; done < n; done += CALL) {
                sender.chosen(m0, m1, (int) Math.min(CALL, n - done));
            }
        });
        for (long done = 0; done < n; done += CALL) {
            receiver.chosen(choices, out, (int) Math.min(CALL, n - done));
        }
        join(s);
        return out[0];
    }

    private static void join(Future<?> f) {
        try {
            f.get();
        } catch (Exception e) {
            throw new IllegalStateException("OT sender failed", e);
        }
    }

    @Override
    public void close() {
        senderThread.shutdownNow();
        ends[0].close();
        ends[1].close();
    }
}
