package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.EvaluatorCore;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.onehot.EvaluatorOneHot;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.ChannelGarbledStream;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.EvaluatingContext;
import io.yaostream.core.protocol.OneHotScope;

import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The evaluator's back end: one active label per bit, the garbler's inputs read from the channel, its own
 * obtained by OT extension ({@link EvaluatorInputs}); circuits evaluated from the garbled tables as they arrive;
 * outputs decoded here, or sent back as active labels for the garbler to decode.
 */
final class EvaluatorContext extends EvaluatingContext {
    private final EvaluatorInputs inputs;
    private final byte[] peerDigest = new byte[DIGEST_BYTES];

    /** OTs extended before this program, on a kept link: its costs count its own. */
    private final long otsBefore;
    private final long demandBefore;

    EvaluatorContext(Channel channel, GarblingScheme scheme, Kernel kernel, AesCtrRandom random, BaseOt baseOt, InputFeed feed,
                     CostTally tally) {
        super(channel, new ChannelGarbledStream(channel), scheme, kernel, tally, scheme.newEvaluator(kernel));
        this.inputs = new EvaluatorInputs(channel, baseOt, kernel, random, feed, freeXor);
        this.otsBefore = 0;
        this.demandBefore = 0;
    }

    /** A program's back end on a kept link: the link's core (its gate and output counters run on) and OTs. */
    EvaluatorContext(Channel channel, GarblingScheme scheme, Kernel kernel, EvaluatorCore core, EvaluatorInputs inputs, CostTally tally) {
        super(channel, new ChannelGarbledStream(channel), scheme, kernel, tally, core);
        this.inputs = inputs;
        this.otsBefore = inputs.ots();
        this.demandBefore = inputs.demandChunks;
    }

    /**
     * The base OTs, before the program, and the opening chunk of corrections ({@link InputChunks}) with their last
     * message; {@code beforeFirstRead} runs before this party first reads from the garbler, where the session takes the
     * garbler's hello.
     */
    void setup(Runnable beforeFirstRead) {
        inputs.setup(beforeFirstRead);
        inputs.opening(); // with the base OTs' last message, before this party reads anything of the program
    }

    @Override
    public Party party() {
        return Party.EVALUATOR;
    }

    @Override
    public void garblerInputs(int width, int count, Secret s) {
        stream.readBlocks(s.state, 0, s.width());
    }

    @Override
    public void evaluatorInput(int width, Secret s) {
        inputs.labels(width, s);
    }

    @Override
    public void reserveEvaluatorInputs(int width, int count) {
        inputs.reserve(width, count);
    }

    @Override
    public void announce(CompiledCircuit c, byte[] digest) {
        channel.readFully(peerDigest, 0, DIGEST_BYTES);
        if (!MessageDigest.isEqual(peerDigest, digest)) {
            HexFormat hex = HexFormat.of();
            throw new ProtocolException("the garbler's program called a different sub-circuit at call " + (calls())
                    + " (digest " + hex.formatHex(peerDigest, 0, 8) + "…, this party's " + hex.formatHex(digest, 0, 8)
                    + "… with " + c.counts().and() + " AND gates): the programs differ");
        }
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        Optional<BitString> mine = Optional.empty();
        if (to != Receiver.GARBLER) {
            mine = Optional.of(BitString.fromBits(core.decode(loadIntoFirstSlots(value), stream)));
        }
        if (to != Receiver.EVALUATOR) {
            stream.writeBlocks(value.state, 0, value.width());
            channel.flush();
            garblerReveals++;
        }
        return mine;
    }

    /**
     * The evaluator's share: the colour bits of the labels it holds, each checked against the garbler's check values
     * first, so garbled material altered on the way fails here rather than becoming a wrong share.
     */
    @Override
    public BitString share(Secret value) {
        return BitString.fromBits(core.checkShare(loadIntoFirstSlots(value), stream));
    }

    @Override
    public OneHotScope oneHotScope(String module) {
        return new EvaluatorOneHot(this, module);
    }

    @Override
    public long ots() {
        return inputs.ots() - otsBefore;
    }

    @Override
    public long demandChunks() {
        return inputs.demandChunks - demandBefore;
    }

}
