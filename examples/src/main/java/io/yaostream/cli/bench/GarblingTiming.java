package io.yaostream.cli.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.MemoryGarbledStream;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

/** Times garbling and evaluation of one circuit, whole-circuit calls over a reused stream, as JMH does. */
public final class GarblingTiming {
    /** Medians and spreads in nanoseconds per circuit call. */
    public record Result(Samples garbleNs, Samples evaluateNs) {
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
        }
        return new Result(new Samples(g), new Samples(e));
    }

    /** Nanoseconds per fixed-key AES block in batches of 4096 blocks: the floor the kernel is compared with. */
    public static Samples aesFloor(Kernel kernel, int runs) {
        int blocks = 4096;
        long[] buf = new long[2 * blocks];
        double[] ns = new double[runs];
        for (int r = -4 * runs; r < runs; r++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < 256; i++) {
                kernel.fixedKeyEncrypt(buf, buf, blocks);
            }
            long t1 = System.nanoTime();
            if (r >= 0) {
                ns[r] = (t1 - t0) / (256.0 * blocks);
            }
        }
        return new Samples(ns);
    }
}
