package io.yaostream.cli.bench;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.fixtures.WideAndCircuit;

import java.nio.file.Path;

/**
 * What each party's whole process spends per AND gate, against what the kernel alone spends: the flat circuit, the
 * minimum and AES through the program model, and the AES circuit flat, each as two processes over TCP loopback; the
 * kernel's garbling and evaluation of a wide AND layer timed in this process in the same minutes. The ratio is the
 * walk, the copies and the transport around the kernel.
 */
public final class CpuBench {
    private CpuBench() {
    }

    /**
     * One workload: its AND gates and session seconds (the larger party's), each party's CPU, and the kernel's own ns
     * per AND gate to garble (the garbler's floor) and to evaluate (the evaluator's).
     */
    public record Row(String workload, long and, double seconds, PartyCpu garbler, PartyCpu evaluator, double kernelGarbleNs,
                      double kernelEvaluateNs) {
        public double andPerSecond() {
            return seconds > 0 ? and / seconds : 0;
        }

        /** Each party's CPU per AND gate over the kernel's own: garbler, evaluator. */
        public double[] ratios() {
            return new double[] {garbler.nsPerAnd() / kernelGarbleNs, evaluator.nsPerAnd() / kernelEvaluateNs};
        }
    }

    /** The kernel's half-gates garbling and evaluation of a wide AND layer, ns per AND gate (medians of {@code runs}). */
    public static double[] kernelFloor(int runs) {
        return kernelOn(WideAndCircuit.build(), runs);
    }

    /**
     * The kernel's half-gates garbling and evaluation of {@code c} held in memory, ns per AND gate (medians of
     * {@code runs}): its XOR gates and slot copies included, which a wide AND layer has none of.
     */
    public static double[] kernelOn(CompiledCircuit c, int runs) {
        Kernel k = Kernels.create();
        GarblingTiming.Result r = GarblingTiming.measure(Schemes.byName("half-gates"), k, Kernels.create(k.name()), c, 3, 1000, runs);
        return new double[] {r.garbleNs().median() / c.counts().and(), r.evaluateNs().median() / c.counts().and()};
    }

    /** {@code run --repeat} of {@code circuit}, inputs all zero, rounded up to at least {@code and} AND gates. */
    public static Row flat(String workload, Path circuit, long and, String heap, int timeoutSeconds, double[] floor) {
        CompiledCircuit c = CircuitLoader.load(circuit);
        long repeat = Math.max(1, (and + c.counts().and() - 1) / c.counts().and());
        RampBench.Run r = RampBench.run(circuit, repeat, PartyCircuits.zeros(c, Party.GARBLER), PartyCircuits.zeros(c, Party.EVALUATOR), heap,
                timeoutSeconds);
        return new Row(workload, r.and(), r.seconds(), r.garbler(), r.evaluator(), floor[0], floor[1]);
    }

    /** The minimum of {@code values} values, one shard ({@code bench shards}' workload). */
    public static Row minimum(int values, String heap, int timeoutSeconds, double[] floor) {
        return of("minimum", ShardsBench.minimum(values, 1, "none", heap, timeoutSeconds), floor);
    }

    /** AES-128 of {@code blocks} blocks through the program model, one shard, every ciphertext checked. */
    public static Row aes(int blocks, String heap, int timeoutSeconds, double[] floor) {
        return of("aes", ShardsBench.aes(blocks, 1, "none", heap, timeoutSeconds), floor);
    }

    private static Row of(String workload, ShardsBench.Row r, double[] floor) {
        return new Row(workload, r.and(), r.seconds(), r.cpu()[0], r.cpu()[1], floor[0], floor[1]);
    }
}
