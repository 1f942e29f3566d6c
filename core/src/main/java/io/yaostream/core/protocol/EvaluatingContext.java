package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.program.Secret;

/**
 * What every evaluator's back end does alike, with two parties or three: a secret is one active label per bit,
 * circuits are evaluated from the material stream, a negation changes only the meaning of a label.
 */
public abstract class EvaluatingContext extends PartyContext {
    private static final int LABEL_WORDS = 2;

    public final EvaluatorCore core;

    public EvaluatingContext(Channel channel, GarbledStream stream, GarblingScheme scheme, Kernel kernel, CostTally tally, EvaluatorCore core) {
        super(channel, stream, scheme, kernel, tally);
        this.core = core;
    }

    /** The label of a constant's wire, from the garbler. */
    @Override
    final Secret newZero() {
        Secret s = newSecret(1);
        stream.readBlocks(s.state, 0, 1);
        return s;
    }

    /** The evaluator's label of a negated wire is the same label: only its meaning changes. */
    @Override
    final void negate(long[] state, int pos) {
    }

    @Override
    final int slotWords() {
        return LABEL_WORDS;
    }

    @Override
    final void ensureSlots(int slots) {
        core.ensureSlots(slots);
    }

    @Override
    final void loadSlots(int[] slots, int first, int count, Secret s, int bit) {
        core.setLabels(slots, first, count, s.state, s.offset(bit));
    }

    @Override
    final void saveSlots(int[] slots, int first, int count, Secret s, int bit) {
        core.activeLabels(slots, first, count, s.state, s.offset(bit));
    }

    @Override
    final void run(CompiledCircuit c) {
        core.evaluate(c, stream);
    }

    @Override
    final void runEach(CompiledCircuit c, Secret x, Secret out, int pieces) {
        core.evaluateEach(c, stream, x.state, 0, out.state, 0, pieces);
    }
}
