package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.BaseOt;

import java.util.Optional;

/**
 * The evaluator's back end: one active label per bit, the garbler's inputs read from the channel, its own
 * obtained by OT; circuits evaluated from the garbled tables as they arrive; outputs decoded here, or sent
 * back as active labels for the garbler to decode.
 */
final class EvaluatorContext extends PartyContext {
    private static final int LABEL_WORDS = 2;

    private final EvaluatorCore core;
    private InputOts.Receiver ots;

    EvaluatorContext(Channel channel, GarblingScheme scheme, Kernel kernel, AesCtrRandom random, BaseOt baseOt, InputFeed feed) {
        super(channel, kernel, random, baseOt, feed);
        this.core = scheme.newEvaluator(kernel);
    }

    @Override
    public Secret input(Party owner, int width) {
        Secret s = newSecret(width);
        if (owner == Party.GARBLER) {
            stream.readBlocks(s.state, 0, width);
            return s;
        }
        BitString value = feed.next(width);
        long[] choices = new long[(width + 63) / 64];
        for (int i = 0; i < width; i++) {
            if (value.get(i)) {
                choices[i >>> 6] |= 1L << i;
            }
        }
        if (ots == null) {
            ots = new InputOts.Receiver(channel, baseOt, kernel, random);
        }
        ots.receive(choices, width, s.state);
        return s;
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        Optional<BitString> mine = Optional.empty();
        if (to != Receiver.GARBLER) {
            mine = Optional.of(BitString.fromBits(core.decode(loadIntoFirstSlots(value), stream)));
        }
        if (to != Receiver.EVALUATOR) {
            stream.writeBlocks(value.state, 0, value.width());
        }
        return mine;
    }

    @Override
    int slotWords() {
        return LABEL_WORDS;
    }

    @Override
    void ensureSlots(int slots) {
        core.ensureSlots(slots);
    }

    @Override
    void loadSlot(int slot, long[] src, int pos) {
        core.setLabel(slot, src, pos / LABEL_WORDS);
    }

    @Override
    void saveSlot(int slot, long[] dst, int pos) {
        core.activeLabel(slot, dst, pos / LABEL_WORDS);
    }

    @Override
    void run(CompiledCircuit c) {
        core.evaluate(c, stream);
    }
}
