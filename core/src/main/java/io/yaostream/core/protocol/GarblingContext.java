package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.program.Secret;

/**
 * What every garbler's back end does alike, with two parties or three: a secret is the core's state of its slots,
 * circuits are garbled into the material stream, a constant's wire is a fresh label whose label of 0 goes into it.
 */
public abstract class GarblingContext extends PartyContext {
    public final GarblerCore core;

    public GarblingContext(Channel channel, GarbledStream stream, GarblingScheme scheme, Kernel kernel, CostTally tally, GarblerCore core) {
        super(channel, stream, scheme, kernel, tally);
        this.core = core;
    }

    /** A fresh wire whose active label, that of 0, the evaluator receives. */
    @Override
    final Secret newZero() {
        Secret s = newSecret(1);
        long[] label = new long[2];
        core.ensureSlots(1);
        core.newInputLabels(0);
        core.saveSlot(0, s.state, 0);
        core.inputLabel(0, false, label, 0);
        stream.writeBlocks(label, 0, 1);
        return s;
    }

    @Override
    final void negate(long[] state, int pos) {
        core.negateState(state, pos);
    }

    @Override
    final int slotWords() {
        return core.slotWords();
    }

    @Override
    final void ensureSlots(int slots) {
        core.ensureSlots(slots);
    }

    @Override
    final void loadSlots(int[] slots, int first, int count, Secret s, int bit) {
        core.loadSlots(slots, first, count, s.state, s.offset(bit));
    }

    @Override
    final void saveSlots(int[] slots, int first, int count, Secret s, int bit) {
        core.saveSlots(slots, first, count, s.state, s.offset(bit));
    }

    @Override
    final void run(CompiledCircuit c) {
        core.garble(c, stream);
    }

    @Override
    final void runEach(CompiledCircuit c, Secret x, Secret out, int pieces) {
        core.garbleEach(c, stream, x.state, 0, out.state, 0, pieces);
    }
}
