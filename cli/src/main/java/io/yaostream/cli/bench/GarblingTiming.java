package io.yaostream.cli.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.MemoryGarbledStream;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

/** Times garbling and evaluation of one circuit, whole-circuit calls over a reused stream, as JMH does. */
public final class GarblingTiming {
    /**
     * Medians and spreads in nanoseconds per circuit call, and the kernel's raw fixed-key AES cost per block
     * measured between the calls: on a shared machine the speed changes from minute to minute, and a ratio to a
     * floor measured in the same moments holds where a floor measured apart would not.
     */
    public record Result(Samples garbleNs, Samples evaluateNs, Samples floorNsPerBlock) {
    }

    private GarblingTiming() {
    }

    /**
     * {@code runs} timed calls after at least {@code warmupMillis} (and {@code warmups} calls) of warm-up; about a
     * second lets the JIT compile the garbling loops.
     */
    public static Result measure(GarblingScheme scheme, Kernel garblerKernel, Kernel evaluatorKernel, CompiledCircuit c,
                                 int warmups, long warmupMillis, int runs) {
        GarblerCore garbler = scheme.newGarbler(garblerKernel, AesCtrRandom.create(garblerKernel, new java.security.SecureRandom()));
        EvaluatorCore evaluator = scheme.newEvaluator(evaluatorKernel);
        garbler.ensureSlots(c.slots());
        evaluator.ensureSlots(c.slots());
        long[] label = new long[2];
        for (int slot : c.inputSlotsView()) {
            garbler.newInputLabels(slot);
            garbler.inputLabel(slot, false, label, 0);
            evaluator.setLabel(slot, label, 0);
        }
        MemoryGarbledStream garbleStream = new MemoryGarbledStream();
        MemoryGarbledStream evaluateStream = new MemoryGarbledStream();
        garbler.garble(c, evaluateStream);
        double[] g = new double[runs];
        double[] e = new double[runs];
        double[] f = new double[runs];
        long[] floorBlocks = new long[2 * FLOOR_BLOCKS];
        long warmupEnd = System.nanoTime() + warmupMillis * 1_000_000L;
        for (int w = 0; w < warmups || System.nanoTime() < warmupEnd; w++) {
            garbleStream.clear();
            garbler.garble(c, garbleStream);
            evaluateStream.replay();
            evaluator.evaluate(c, evaluateStream);
        }
        for (int r = 0; r < runs; r++) {
            garbleStream.clear();
            long t0 = System.nanoTime();
            garbler.garble(c, garbleStream);
            long t1 = System.nanoTime();
            evaluateStream.replay();
            evaluator.evaluate(c, evaluateStream);
            long t2 = System.nanoTime();
            g[r] = t1 - t0;
            e[r] = t2 - t1;
            f[r] = floorNsPerBlock(evaluatorKernel, floorBlocks, 16);
        }
        return new Result(new Samples(g), new Samples(e), new Samples(f));
    }

    /** Blocks per fixed-key AES call of the floor measurement: large enough that the call's overhead vanishes. */
    private static final int FLOOR_BLOCKS = 4096;

    /** Nanoseconds per block of {@code calls} fixed-key AES calls on {@code buf} ({@link #FLOOR_BLOCKS} blocks). */
    private static double floorNsPerBlock(Kernel kernel, long[] buf, int calls) {
        long t0 = System.nanoTime();
        for (int i = 0; i < calls; i++) {
            kernel.fixedKeyEncrypt(buf, buf, FLOOR_BLOCKS);
        }
        return (System.nanoTime() - t0) / ((double) calls * FLOOR_BLOCKS);
    }

    /** Nanoseconds per fixed-key AES block in batches of 4096 blocks: the floor the kernel is compared with. */
    public static Samples aesFloor(Kernel kernel, int runs) {
        long[] buf = new long[2 * FLOOR_BLOCKS];
        double[] ns = new double[runs];
        for (int r = -4 * runs; r < runs; r++) {
            double perBlock = floorNsPerBlock(kernel, buf, 256);
            if (r >= 0) {
                ns[r] = perBlock;
            }
        }
        return new Samples(ns);
    }

    /** Passes of the register floor's loop per timing: 2^15, about a million blocks on VAES-512 (about a millisecond). */
    private static final long REGISTER_PASSES = 1 << 15;

    /**
     * Nanoseconds per block of fixed-key AES on blocks kept in registers ({@link Kernel#fixedKeyRegisterLoop}): the
     * CPU's own AES throughput, below {@link #aesFloor}, which reads and writes its blocks in memory. Null where the
     * kernel has no such loop (the Java kernel).
     */
    public static Samples registerFloor(Kernel kernel, int runs) {
        if (kernel.fixedKeyRegisterLoop(1) == 0) {
            return null;
        }
        double[] ns = new double[runs];
        for (int r = -4 * runs; r < runs; r++) {
            long t0 = System.nanoTime();
            long blocks = kernel.fixedKeyRegisterLoop(REGISTER_PASSES);
            double perBlock = (System.nanoTime() - t0) / (double) blocks;
            if (r >= 0) {
                ns[r] = perBlock;
            }
        }
        return new Samples(ns);
    }
}
