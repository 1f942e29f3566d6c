package io.yaostream.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernels;
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

import java.util.Random;
import java.util.concurrent.TimeUnit;

/**
 * Garble and evaluate cost per AND gate for each scheme and kernel, on a circuit of {@value #ANDS} AND gates over 2x1024
 * input bits in batches of {@value #BATCH} independent gates (the shape the compiler produces for wide
 * circuits). Scores are ns per AND gate. Run:
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
    static final int ANDS = 1 << 16;
    static final int BATCH = 1024;
    private static final int INPUT_BITS = 1024;

    @Param({"half-gates", "half-gates-keyed", "grr3", "prf-only"})
    public String scheme;

    @Param({"java", "native"})
    public String kernel;

    private CompiledCircuit circuit;
    private GarblerCore garbler;
    private EvaluatorCore evaluator;
    private final GarbledStream garbleStream = new GarbledStream();
    private final GarbledStream evaluateStream = new GarbledStream();

    /** {@value #ANDS} AND-type gates (every AND-type table) reading random input pairs. */
    static CompiledCircuit wideAndCircuit() {
        Random rnd = new Random(1);
        int scratch = 4096;
        int[] a = new int[INPUT_BITS];
        int[] b = new int[INPUT_BITS];
        for (int i = 0; i < INPUT_BITS; i++) {
            a[i] = i;
            b[i] = INPUT_BITS + i;
        }
        CompiledCircuit.Builder builder = new CompiledCircuit.Builder(2 * INPUT_BITS + scratch)
                .input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        int[] andTables = {1, 2, 4, 7, 8, 11, 13, 14};
        for (int g = 0; g < ANDS; g++) {
            int tt = g % 16 == 0 ? andTables[rnd.nextInt(andTables.length)] : GateOp.AND;
            builder.gate(tt, rnd.nextInt(INPUT_BITS), INPUT_BITS + rnd.nextInt(INPUT_BITS), 2 * INPUT_BITS + g % scratch);
        }
        for (int start = 0; start < ANDS; start += BATCH) {
            builder.andBatch(start, BATCH);
        }
        int[] out = new int[64];
        for (int i = 0; i < out.length; i++) {
            out[i] = 2 * INPUT_BITS + i;
        }
        return builder.output("o", Receiver.BOTH, out).build();
    }

    @Setup
    public void setup() {
        circuit = wideAndCircuit();
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
