package io.yaostream.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.fixtures.BundledCircuits;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * The plaintext streaming engine on the AES-128 circuit: 64 evaluations per call (one per bit lane).
 * Run with {@code java -jar benchmarks/target/benchmarks.jar PlainEvaluator -prof gc}: the allocation
 * rate per operation shows that streaming the gates creates no object.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlainEvaluatorBenchmark {
    private CompiledCircuit aes;
    private final PlainEvaluator evaluator = new PlainEvaluator();
    private long[] in;
    private long[] out;

    @Setup
    public void setup() {
        aes = BundledCircuits.aes128();
        Random r = new Random(1);
        in = new long[aes.totalInputBits()];
        for (int i = 0; i < in.length; i++) {
            in[i] = r.nextLong();
        }
        out = new long[aes.totalOutputBits()];
    }

    /** One call runs all gates of AES-128 for 64 inputs at once. */
    @Benchmark
    public long aes128x64() {
        evaluator.run(aes, in, out);
        return out[0];
    }
}
