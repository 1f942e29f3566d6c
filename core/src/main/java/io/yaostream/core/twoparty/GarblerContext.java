package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.GarblerCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.onehot.GarblerOneHot;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.ChannelGarbledStream;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.GarblingContext;
import io.yaostream.core.protocol.OneHotScope;

import java.util.Optional;

/**
 * The garbler's back end: fresh labels for its own input bits, sent as the active labels; the evaluator's
 * from OT extension ({@link GarblerInputs}); circuits garbled straight into the channel; outputs decoded by
 * the evaluator with the garbler's decoding values, or by the garbler from the active labels the evaluator
 * sends back.
 */
final class GarblerContext extends GarblingContext {
    private final InputFeed feed;
    private final GarblerInputs evaluatorInputs;
    private final AesCtrRandom random;
    private long[] labels = new long[0];
    private long[] delta;

    /** OTs extended before this program, on a kept link: its costs count its own. */
    private final long otsBefore;
    private final long demandBefore;

    /** A session's back end around {@code core}: a fresh one, or the one a listening garbler's {@link GarblerOpening} made. */
    GarblerContext(Channel channel, GarblingScheme scheme, Kernel kernel, AesCtrRandom random, BaseOt baseOt, GarblerCore core, InputFeed feed,
                   CostTally tally) {
        this(channel, scheme, kernel, random, core, new GarblerInputs(channel, core, scheme.freeXor(), baseOt, kernel, random), feed, tally);
    }

    /**
     * A back end around {@code core} and {@code inputs}; on a kept link those of the link, so its Δ, its gate and output
     * counters and its OTs run on from program to program (the costs count this program's own).
     */
    GarblerContext(Channel channel, GarblingScheme scheme, Kernel kernel, AesCtrRandom random, GarblerCore core, GarblerInputs inputs,
                   InputFeed feed, CostTally tally) {
        super(channel, new ChannelGarbledStream(channel), scheme, kernel, tally, core);
        this.random = random;
        this.feed = feed;
        this.evaluatorInputs = inputs;
        this.otsBefore = inputs.ots();
        this.demandBefore = inputs.demandChunks();
    }

    /**
     * The base OTs, before the program, so the program's time is the online time; their first message went out with the
     * hello already where {@code opening} made it (null: it goes now).
     */
    void setup(GarblerOpening opening) {
        evaluatorInputs.setup(opening);
        evaluatorInputs.expectOpening();
    }

    @Override
    public Party party() {
        return Party.GARBLER;
    }

    /** Fresh labels for every bit; the active ones go out a piece at a time. */
    @Override
    public void garblerInputs(int width, int count, Secret s) {
        core.ensureSlots(1);
        if (labels.length < 2 * EvaluatorInputs.PIECE) {
            labels = new long[2 * EvaluatorInputs.PIECE];
        }
        int inPiece = 0;
        for (int v = 0; v < count; v++) {
            BitString value = feed.take(width, "a garbler");
            for (int i = 0; i < width; i++) {
                int bit = v * width + i;
                core.newInputLabels(0);
                core.saveSlot(0, s.state, s.offset(bit));
                core.inputLabel(0, value.get(i), labels, inPiece++);
                if (inPiece == EvaluatorInputs.PIECE) {
                    stream.writeBlocks(labels, 0, inPiece);
                    inPiece = 0;
                }
            }
        }
        stream.writeBlocks(labels, 0, inPiece);
    }

    @Override
    public void evaluatorInput(int width, Secret s) {
        evaluatorInputs.labels(width, s);
    }

    @Override
    public void announce(CompiledCircuit c, byte[] digest) {
        channel.write(digest, 0, digest.length);
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
        channel.flush();
        evaluatorInputs.drain();
        garblerReveals++;
        long[] active = new long[2 * value.width()];
        stream.readBlocks(active, 0, value.width());
        boolean[] bits = new boolean[value.width()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = core.decodeLabel(slots[i], active, i);
        }
        return Optional.of(BitString.fromBits(bits));
    }

    /**
     * The garbler's share: the colour bits of the labels of 0 (the permute bits), which it keeps. What it sends is the
     * evaluator's check that its labels are the circuit's, in colour order, so it tells nothing of the bits.
     */
    @Override
    public BitString share(Secret value) {
        core.writeShareCheck(loadIntoFirstSlots(value), stream);
        boolean[] bits = new boolean[value.width()];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = (value.state[value.offset(i)] & 1) != 0; // bit 0 of the label of 0, first in the state of every scheme
        }
        return BitString.fromBits(bits);
    }

    @Override
    public OneHotScope oneHotScope(String module) {
        return new GarblerOneHot(this, module, delta(), masks());
    }

    /** Δ, whose low bit is 1 (free-XOR schemes only). */
    long[] delta() {
        if (delta == null) {
            delta = new long[2];
            if (!core.freeXorOffset(delta)) {
                throw new IllegalStateException("scheme " + scheme.name() + " has no free-XOR offset");
            }
        }
        return delta;
    }

    /** The masks a module samples: the session's generator, seeded from SecureRandom. */
    java.util.random.RandomGenerator masks() {
        return random::nextLong;
    }

    @Override
    public void beforeClosing() {
        evaluatorInputs.drain();
    }

    @Override
    public long ots() {
        return evaluatorInputs.ots() - otsBefore;
    }

    @Override
    public long demandChunks() {
        return evaluatorInputs.demandChunks() - demandBefore;
    }

}
