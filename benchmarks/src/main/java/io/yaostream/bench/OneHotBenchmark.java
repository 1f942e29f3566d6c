package io.yaostream.bench;

import io.yaostream.core.garble.OneHotGate;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.kernel.LabelHash;
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
import org.openjdk.jmh.annotations.Warmup;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * One one-hot outer-product gate ({@link OneHotGate}, HK21 Fig. 3) per operation, per kernel, with the identity
 * table (r = n output rows, as the outer product uses it): n = 6, m = 128 is a chunk of the 128-bit outer product
 * at k = 6; n = 8, m = 8 a chunk of GF(2^8) multiplication at k = 8; n = 8, m = 1 a lookup such as the AES S-box.
 * Scores are ns per gate. A gate hashes 2^n·m leaves, 2^(n+1) − 4 tree nodes and n − 1 (evaluator) or 2(n − 1)
 * (garbler) level keys; {@link #leafHashes} runs only the leaves' {@link Kernel#crHashExpand} calls as the gate
 * makes them, so its score divided by 2^n·m is ns per leaf hash, and {@link #fixedKeyFloor} as many blocks of
 * fixed-key AES alone (the hash is one such block plus σ and the tweak). Run:
 * {@code java -jar benchmarks/target/benchmarks.jar OneHot -prof gc}; {@code gc.alloc.rate.norm} is bytes per gate,
 * which must be 0 in steady state.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class OneHotBenchmark {
    /** Leaf hashes per kernel call, as {@link OneHotGate} batches them. */
    private static final int LEAF_BATCH = 2048;

    /** n:m, the bits of the one-hot input a and of b. */
    @Param({"6:128", "8:8", "8:1"})
    public String shape;

    @Param({"java", "native"})
    public String kernel;

    private int n;
    private int m;
    private Kernel k;
    private long deltaLo;
    private long deltaHi;
    private int a;
    private long[] garblerA;
    private long[] garblerB;
    private long[] evaluatorA;
    private long[] evaluatorB;
    private long[] rows;
    private long[] garblerOut;
    private long[] evaluatorOut;
    private long[] cts;
    private long[] evaluateCts;
    private OneHotGate garbler;
    private OneHotGate evaluator;
    private long[] leaves;
    private long[] hashes;
    private long leafTweak;

    @Setup
    public void setup() {
        String[] nm = shape.split(":");
        n = Integer.parseInt(nm[0]);
        m = Integer.parseInt(nm[1]);
        k = Kernels.create(kernel);
        SplittableRandom rnd = new SplittableRandom(7);
        deltaLo = rnd.nextLong() | 1;
        deltaHi = rnd.nextLong();
        a = rnd.nextInt(1 << n);
        long[] b = new long[m];
        for (int j = 0; j < m; j++) {
            b[j] = rnd.nextInt(2);
        }
        garblerA = random(rnd, 2 * n);
        garblerB = random(rnd, 2 * m);
        evaluatorA = active(garblerA, n, j -> (a >>> j) & 1);
        evaluatorB = active(garblerB, m, j -> b[j]);
        rows = new long[1 << n];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        garblerOut = new long[2 * n * m];
        evaluatorOut = new long[2 * n * m];
        cts = new long[2 * OneHotGate.ciphertexts(n, m)];
        garbler = new OneHotGate(k);
        evaluator = new OneHotGate(k);
        // One real gate first, checked: the evaluator's shares XOR the garbler's are (a ⊗ b)Δ.
        garbler.garble(deltaLo, deltaHi, garblerA, n, garblerB, m, rows, n, garblerOut, cts);
        evaluator.evaluate(evaluatorA, n, a, evaluatorB, m, rows, n, evaluatorOut, cts);
        for (int o = 0; o < n; o++) {
            for (int j = 0; j < m; j++) {
                long bit = (a >>> o) & b[j];
                int x = 2 * (o * m + j);
                if ((garblerOut[x] ^ evaluatorOut[x]) != (deltaLo & -bit) || (garblerOut[x + 1] ^ evaluatorOut[x + 1]) != (deltaHi & -bit)) {
                    throw new IllegalStateException("the one-hot gate's shares are wrong at output " + o + ", bit " + j);
                }
            }
        }
        // Later evaluations replay these ciphertexts: the work per gate is a real evaluation's (the tweaks move on).
        evaluateCts = cts.clone();
        leaves = random(rnd, 2 << n);
        hashes = new long[2 * LEAF_BATCH];
    }

    @Benchmark
    public long[] garble() {
        garbler.garble(deltaLo, deltaHi, garblerA, n, garblerB, m, rows, n, garblerOut, cts);
        return cts;
    }

    @Benchmark
    public long[] evaluate() {
        evaluator.evaluate(evaluatorA, n, a, evaluatorB, m, rows, n, evaluatorOut, evaluateCts);
        return evaluatorOut;
    }

    /** The leaf hashes of one gate alone, in the gate's batches: 2^n·m hashes. */
    @Benchmark
    public long leafHashes() {
        int count = 1 << n;
        int perCall = Math.max(1, Math.min(count, LEAF_BATCH / m));
        long sum = 0;
        for (int from = 0; from < count; from += perCall) {
            int c = Math.min(perCall, count - from);
            k.crHashExpand(leaves, from, c, m, leafTweak, LabelHash.ONE_HOT_DOMAIN, hashes);
            leafTweak += (long) c * m;
            sum += hashes[0];
        }
        return sum;
    }

    /** The floor of {@link #leafHashes}: as many blocks of fixed-key AES alone, in the same batches. */
    @Benchmark
    public long fixedKeyFloor() {
        int count = 1 << n;
        int perCall = Math.max(1, Math.min(count, LEAF_BATCH / m));
        long sum = 0;
        for (int from = 0; from < count; from += perCall) {
            int c = Math.min(perCall, count - from);
            k.fixedKeyEncrypt(hashes, hashes, c * m);
            sum += hashes[0];
        }
        return sum;
    }

    private interface Bits {
        long bit(int j);
    }

    /** The shares of a party holding {@code zero ⊕ bit_j Δ} for each of {@code width} bits. */
    private long[] active(long[] zero, int width, Bits bits) {
        long[] s = zero.clone();
        for (int j = 0; j < width; j++) {
            long mask = -bits.bit(j);
            s[2 * j] ^= deltaLo & mask;
            s[2 * j + 1] ^= deltaHi & mask;
        }
        return s;
    }

    private static long[] random(SplittableRandom rnd, int longs) {
        long[] x = new long[longs];
        for (int i = 0; i < x.length; i++) {
            x[i] = rnd.nextLong();
        }
        return x;
    }
}
