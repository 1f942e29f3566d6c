package io.yaostream.core.garble;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateBlocks;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;

import java.util.List;

/**
 * Garbles and evaluates in one process: the garbler's and evaluator's cores of a scheme joined by an in-memory
 * {@link GarbledStream}. Both cores live as long as this object, so calling a cached circuit many times keeps
 * the session's gate counter running and never reuses a tweak. Each call garbles the whole circuit and then
 * evaluates it, so the stream holds one call's tables at most.
 */
public final class LocalGarbling {
    /** What one call produced: outputs per group and the size of the garbled material. */
    public record Result(BitString[] outputs, long ciphertexts, long tableBytes, long decodingBytes) {
    }

    private final GarblingScheme scheme;
    private final GarblerCore garbler;
    private final EvaluatorCore evaluator;
    private final GarbledStream stream = new MemoryGarbledStream();

    /** Both kernels get the Kπ a session's garbler would derive from {@code random} (docs/garbling-schemes.md §1.5). */
    public LocalGarbling(GarblingScheme scheme, Kernel garblerKernel, Kernel evaluatorKernel, AesCtrRandom random) {
        long[] key = random.derive(0x01, 0);
        garblerKernel.setFixedKey(key[0], key[1]);
        evaluatorKernel.setFixedKey(key[0], key[1]);
        this.scheme = scheme;
        this.garbler = scheme.newGarbler(garblerKernel, random);
        this.evaluator = scheme.newEvaluator(evaluatorKernel);
    }

    public GarblingScheme scheme() {
        return scheme;
    }

    /** Garbles {@code c}, encodes {@code inputs} (one value per input group), evaluates and decodes. */
    public Result run(CompiledCircuit c, BitString... inputs) {
        List<WireGroup<Party>> groups = c.inputs();
        if (inputs.length != groups.size()) {
            throw new IllegalArgumentException("circuit has " + groups.size() + " input groups, got " + inputs.length + " values");
        }
        for (int gi = 0; gi < groups.size(); gi++) {
            if (inputs[gi].width() != groups.get(gi).width()) {
                throw new IllegalArgumentException("input " + (gi + 1) + " is " + groups.get(gi).width() + " bits, got " + inputs[gi].width());
            }
        }
        encode(c, inputs, garbler, evaluator);
        long tables = c.isStreamed() ? garbleAndEvaluateBlocks(c) : garbleThenEvaluate(c);
        long decodeStart = stream.bytesWritten();
        BitString[] outputs = decode(c, garbler, evaluator, stream);
        return new Result(outputs, scheme.ciphertexts(c), tables, stream.bytesWritten() - decodeStart);
    }

    /** The whole circuit garbled, then evaluated: the stream holds all its tables at once. Returns their bytes. */
    private long garbleThenEvaluate(CompiledCircuit c) {
        long before = stream.bytesWritten();
        garbler.garble(c, stream);
        long tables = stream.bytesWritten() - before;
        evaluator.evaluate(c, stream);
        return tables;
    }

    /**
     * A circuit read from its file: each block garbled, then evaluated, so the stream holds one block's tables and
     * the file is read once. The same material as {@link #garbleThenEvaluate}, only consumed sooner.
     */
    private long garbleAndEvaluateBlocks(CompiledCircuit c) {
        long before = stream.bytesWritten();
        try (GateBlocks blocks = c.openBlocks(garbler.wholeBatches())) {
            for (CompiledCircuit block = blocks.next(); block != null; block = blocks.next()) {
                garbler.walk(block, stream);
                evaluator.walk(block, stream);
            }
        }
        return stream.bytesWritten() - before;
    }

    /** Fresh labels for every input bit; the evaluator gets the labels of the given values. */
    static void encode(CompiledCircuit c, BitString[] inputs, GarblerCore garbler, EvaluatorCore evaluator) {
        garbler.ensureSlots(c.slots());
        evaluator.ensureSlots(c.slots());
        long[] label = new long[2];
        for (int gi = 0; gi < inputs.length; gi++) {
            WireGroup<Party> g = c.inputs().get(gi);
            for (int i = 0; i < g.width(); i++) {
                garbler.newInputLabels(g.slot(i));
                garbler.inputLabel(g.slot(i), inputs[gi].get(i), label, 0);
                evaluator.setLabel(g.slot(i), label, 0);
            }
        }
    }

    /** Decodes every output bit through the stream: the garbler's decoding values, then the evaluator's check. */
    static BitString[] decode(CompiledCircuit c, GarblerCore garbler, EvaluatorCore evaluator, GarbledStream stream) {
        BitString[] outputs = new BitString[c.outputs().size()];
        for (int oi = 0; oi < outputs.length; oi++) {
            int[] slots = c.outputs().get(oi).slots();
            garbler.writeDecoding(slots, stream);
            outputs[oi] = BitString.fromBits(evaluator.decode(slots, stream));
        }
        return outputs;
    }

    /** The garbler's core, for tests that inspect labels. */
    GarblerCore garbler() {
        return garbler;
    }

    /** The evaluator's core, for tests. */
    EvaluatorCore evaluator() {
        return evaluator;
    }
}
