package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.GarbledStream;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.BaseOt;

/**
 * What the garbler's and evaluator's contexts share: secrets are copies of slot labels, loaded into a
 * circuit's input slots before a call and saved from its output slots after it, so a cached circuit can be
 * called on any secrets. Between calls the low slots serve as scratch for inputs and reveals.
 */
abstract class PartyContext implements ProgramContext {
    final Channel channel;
    final GarbledStream stream;
    /** This party's own inputs. */
    final InputFeed feed;
    /** What the evaluator's input OTs are set up with, on its first input. */
    final Kernel kernel;
    final AesCtrRandom random;
    final BaseOt baseOt;
    private volatile long andGates;
    private long calls;

    PartyContext(Channel channel, Kernel kernel, AesCtrRandom random, BaseOt baseOt, InputFeed feed) {
        this.channel = channel;
        this.stream = new ChannelGarbledStream(channel);
        this.kernel = kernel;
        this.random = random;
        this.baseOt = baseOt;
        this.feed = feed;
    }

    abstract int slotWords();

    abstract void ensureSlots(int slots);

    abstract void loadSlot(int slot, long[] src, int pos);

    abstract void saveSlot(int slot, long[] dst, int pos);

    /** Garbles or evaluates every gate of {@code c} over the loaded slots. */
    abstract void run(CompiledCircuit c);

    @Override
    public final Secret[] call(CompiledCircuit circuit, Secret... args) {
        Calls.checkArguments(circuit, args);
        ensureSlots(circuit.slots());
        for (int g = 0; g < args.length; g++) {
            WireGroup<?> group = circuit.inputs().get(g);
            for (int i = 0; i < group.width(); i++) {
                loadSlot(group.slot(i), args[g].state, args[g].offset(i));
            }
        }
        run(circuit);
        Secret[] out = new Secret[circuit.outputs().size()];
        for (int g = 0; g < out.length; g++) {
            WireGroup<?> group = circuit.outputs().get(g);
            out[g] = newSecret(group.width());
            for (int i = 0; i < group.width(); i++) {
                saveSlot(group.slot(i), out[g].state, out[g].offset(i));
            }
        }
        andGates += circuit.counts().and();
        calls++;
        return out;
    }

    /** Loads the bits of {@code value} into slots 0 .. width-1 (between calls, so no live slot is overwritten). */
    final int[] loadIntoFirstSlots(Secret value) {
        ensureSlots(value.width());
        int[] slots = new int[value.width()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = i;
            loadSlot(i, value.state, value.offset(i));
        }
        return slots;
    }

    Secret newSecret(int width) {
        return new Secret(width, slotWords());
    }

    @Override
    public final long andGates() {
        return andGates;
    }

    final long calls() {
        return calls;
    }
}
