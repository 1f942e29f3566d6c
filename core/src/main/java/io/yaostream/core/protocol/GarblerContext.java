package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.BaseOt;

import java.util.Optional;

/**
 * The garbler's back end: fresh labels for every input bit, its own sent as the active labels, the evaluator's
 * offered by OT; circuits garbled straight into the channel; outputs decoded by the evaluator with the
 * garbler's decoding values, or by the garbler from the active labels the evaluator sends back.
 */
final class GarblerContext extends PartyContext {
    private final GarblerCore core;
    private InputOts.Sender ots;

    GarblerContext(Channel channel, GarblingScheme scheme, Kernel kernel, AesCtrRandom random, BaseOt baseOt, InputFeed feed) {
        super(channel, kernel, random, baseOt, feed);
        this.core = scheme.newGarbler(kernel, random);
    }

    @Override
    public Secret input(Party owner, int width) {
        Secret s = newSecret(width);
        core.ensureSlots(1);
        long[] label0 = new long[2 * width];
        long[] label1 = new long[2 * width];
        for (int i = 0; i < width; i++) {
            core.newInputLabels(0);
            core.saveSlot(0, s.state, s.offset(i));
            core.inputLabel(0, false, label0, i);
            core.inputLabel(0, true, label1, i);
        }
        if (owner == Party.GARBLER) {
            BitString value = feed.next(width);
            for (int i = 0; i < width; i++) {
                if (value.get(i)) {
                    label0[2 * i] = label1[2 * i];
                    label0[2 * i + 1] = label1[2 * i + 1];
                }
            }
            stream.writeBlocks(label0, 0, width); // now the active labels
        } else {
            if (ots == null) {
                ots = new InputOts.Sender(channel, baseOt, kernel, random);
            }
            ots.send(label0, label1, width);
        }
        return s;
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        int[] slots = loadIntoFirstSlots(value);
        if (to != Receiver.GARBLER) {
            core.writeDecoding(slots, stream);
        }
        if (to == Receiver.EVALUATOR) {
            return Optional.empty();
        }
        long[] labels = new long[2 * value.width()];
        stream.readBlocks(labels, 0, value.width());
        boolean[] bits = new boolean[value.width()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = core.decodeLabel(slots[i], labels, i);
        }
        return Optional.of(BitString.fromBits(bits));
    }

    @Override
    int slotWords() {
        return core.slotWords();
    }

    @Override
    void ensureSlots(int slots) {
        core.ensureSlots(slots);
    }

    @Override
    void loadSlot(int slot, long[] src, int pos) {
        core.loadSlot(slot, src, pos);
    }

    @Override
    void saveSlot(int slot, long[] dst, int pos) {
        core.saveSlot(slot, dst, pos);
    }

    @Override
    void run(CompiledCircuit c) {
        core.garble(c, stream);
    }
}
