package io.yaostream.bench;

import io.yaostream.core.program.Secret;
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

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A program's free operations on a 128-bit value as a two-party back end holds it (two longs a bit): the wiring of
 * AES's MixColumns ({@link Secret#pick} with a public-zero fill), a slice, and a copy of the kind a free XOR makes.
 * Profiles of the AES program put these, with the call path, above the native kernel's own time; each allocates a
 * fresh state. Run with {@code java -jar benchmarks/target/benchmarks.jar SecretOps -prof gc}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SecretOpsBenchmark {
    private static final int BITS = 128;
    private Secret value;
    private Secret other;
    private Secret zero;
    /** Each byte's top bit where x^8 = x^4 + x^3 + x + 1 puts it, the rest from the public zero (AES's xtime). */
    private final int[] reduced = new int[BITS];
    /** Byte (row, column) takes byte (row + 1 mod 4, column). */
    private final int[] rotated = new int[BITS];

    @Setup
    public void setup() {
        value = new Secret(BITS, 2);
        other = new Secret(BITS, 2);
        zero = new Secret(1, 2);
        SplittableRandom r = new SplittableRandom(1);
        for (int i = 0; i < value.state.length; i++) {
            value.state[i] = r.nextLong();
            other.state[i] = r.nextLong();
        }
        for (int i = 0; i < 16; i++) {
            for (int j = 0; j < 8; j++) {
                reduced[8 * i + j] = j == 0 || j == 1 || j == 3 || j == 4 ? 8 * i + 7 : -1;
                rotated[8 * i + j] = 8 * ((i % 4 + 1) % 4 + 4 * (i / 4)) + j;
            }
        }
    }

    /** A wiring with public zeros in it. */
    @Benchmark
    public Secret pickWithZeros() {
        return Secret.pick(value, reduced, zero);
    }

    /** A permutation of the bits. */
    @Benchmark
    public Secret pickPermutation() {
        return Secret.pick(value, rotated, zero);
    }

    /** A byte of the value (an S-box's argument). */
    @Benchmark
    public Secret sliceByte() {
        return value.slice(40, 48);
    }

    /** What a free XOR does with the labels: a new state of the two XORed. */
    @Benchmark
    public Secret xorCopy() {
        Secret s = new Secret(BITS, 2);
        for (int i = 0; i < s.state.length; i++) {
            s.state[i] = value.state[i] ^ other.state[i];
        }
        return s;
    }
}
