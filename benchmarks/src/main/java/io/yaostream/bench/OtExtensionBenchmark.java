package io.yaostream.bench;

import io.yaostream.fixtures.OtSessionPair;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * IKNP OT extension throughput between two threads over the in-memory channel: {@value #OTS} OTs per
 * invocation, drawn in calls of 2^16; scores are OTs per second (both parties' work, the base OTs excluded).
 * Run: {@code java -jar benchmarks/target/benchmarks.jar OtExtension}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgsAppend = "-Xmx256m")
public class OtExtensionBenchmark {
    static final int OTS = 10_000_000;

    /** M, OTs per block. */
    @Param({"8192", "16384"})
    public int blockSize;

    private OtSessionPair pair;

    @Setup
    public void setup() {
        pair = new OtSessionPair(blockSize);
    }

    @TearDown
    public void tearDown() {
        pair.close();
    }

    @Benchmark
    @OperationsPerInvocation(OTS)
    public long correlated() {
        return pair.correlated(OTS);
    }

    @Benchmark
    @OperationsPerInvocation(OTS)
    public long chosen() {
        return pair.chosen(OTS);
    }
}
