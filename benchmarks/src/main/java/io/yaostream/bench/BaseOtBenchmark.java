package io.yaostream.bench;

import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * 128 base OTs (the count IKNP needs) with both parties in this process: the sender in its own thread, the
 * receiver in the benchmark thread, over an in-memory channel, each party splitting its public-key work over
 * {@code threads} threads. Sample mode, so JMH reports the median (p0.50) beside the mean. Run with
 * {@code java -jar benchmarks/target/benchmarks.jar BaseOt}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class BaseOtBenchmark {
    private static final int K = 128;

    @Param({"1", "2"})
    public int threads;

    private BaseOt ot;
    private ExecutorService senderThread;
    private final long[] m0 = new long[2 * K];
    private final long[] m1 = new long[2 * K];
    private final boolean[] choices = new boolean[K];
    private final long[] out = new long[2 * K];

    @Setup
    public void setup() {
        ot = new ReceiverFirstBaseOt(threads, Kernels.create());
        senderThread = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "base-ot-benchmark-sender");
            thread.setDaemon(true);
            return thread;
        });
        Random r = new Random(1);
        for (int i = 0; i < 2 * K; i++) {
            m0[i] = r.nextLong();
            m1[i] = r.nextLong();
        }
        for (int i = 0; i < K; i++) {
            choices[i] = r.nextBoolean();
        }
    }

    @TearDown
    public void tearDown() {
        senderThread.shutdownNow();
    }

    @Benchmark
    public long baseOts128() {
        MemoryChannel[] ends = MemoryChannel.pair(60_000);
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(ends[0], m0, m1, K), senderThread);
        ot.receive(ends[1], choices, out, K);
        sender.join();
        return out[0];
    }
}
