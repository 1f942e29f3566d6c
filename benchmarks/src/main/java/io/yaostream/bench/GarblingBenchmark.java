package io.yaostream.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.MemoryGarbledStream;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.fixtures.WideAndCircuit;
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
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Garble and evaluate cost per AND gate for each scheme and kernel, on {@link WideAndCircuit} (65,536 AND gates
 * in batches of 1,024 independent gates, the shape the compiler produces for wide circuits). Scores are ns per AND gate. Run:
 * {@code java -jar benchmarks/target/benchmarks.jar Garbling -prof gc}; {@code gc.alloc.rate.norm} is bytes
 * per AND gate, which must be 0 in steady state.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class GarblingBenchmark {
    static final int ANDS = WideAndCircuit.ANDS;

    @Param({"half-gates", "half-gates-keyed", "grr3", "grr3-keyed", "prf-only", "prf-only-naive", "prf-only-and3", "flexor-monotone",
            "flexor-safemon1", "flexor-safemon2"})
    public String scheme;

    @Param({"java", "native"})
    public String kernel;

    private CompiledCircuit circuit;
    private GarblerCore garbler;
    private EvaluatorCore evaluator;
    private final MemoryGarbledStream garbleStream = new MemoryGarbledStream();
    private final MemoryGarbledStream evaluateStream = new MemoryGarbledStream();

    @Setup
    public void setup() {
        circuit = WideAndCircuit.build();
        GarblingScheme s = Schemes.byName(scheme);
        garbler = s.newGarbler(Kernels.create(kernel), AesCtrRandom.forTesting(1));
        evaluator = s.newEvaluator(Kernels.create(kernel));
        garbler.ensureSlots(circuit.slots());
        evaluator.ensureSlots(circuit.slots());
        long[] label = new long[2];
        for (int slot : circuit.inputSlotsView()) {
            garbler.newInputLabels(slot);
            garbler.inputLabel(slot, false, label, 0);
            evaluator.setLabel(slot, label, 0);
        }
        garbler.garble(circuit, evaluateStream);
    }

    @Benchmark
    @OperationsPerInvocation(ANDS)
    public long garble() {
        garbleStream.clear();
        garbler.garble(circuit, garbleStream);
        return garbleStream.available();
    }

    /** Evaluates the same tables again and again: the work per gate is what a real evaluation does. */
    @Benchmark
    @OperationsPerInvocation(ANDS)
    public long evaluate() {
        evaluateStream.replay();
        evaluator.evaluate(circuit, evaluateStream);
        return evaluateStream.available();
    }
}
