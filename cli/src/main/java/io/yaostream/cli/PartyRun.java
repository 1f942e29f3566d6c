package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.twoparty.YaoSession;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** One party's side of a {@code run} or {@code demo}: the circuit repeated over a channel, then closed. */
final class PartyRun {
    /** The outputs this party received (empty where it receives none) and the session's figures. */
    record Outcome(Optional<BitString>[] results, YaoSession.Result<?> figures) {
    }

    private final YaoSession session;
    private final RepeatProgram program;
    private final InputFeed feed;
    private final Channel channel;

    PartyRun(Party role, Channel channel, CompiledCircuit circuit, List<BitString> ownInputs, long repeat,
             GarblingScheme scheme, Kernel kernel) {
        this.channel = channel;
        this.program = new RepeatProgram(circuit, repeat);
        this.feed = InputFeed.of(ownInputs);
        YaoSession.Config config = new YaoSession.Config(scheme, kernel, new EcBaseOt(kernel), program.name(), List.of(circuit));
        this.session = new YaoSession(role, channel, config, AesCtrRandom.create(kernel, new SecureRandom()));
    }

    /** Runs the session and closes the channel, whatever happens. */
    Outcome run() {
        try (channel) {
            YaoSession.Result<List<Optional<BitString>>> r = session.run(program, feed);
            @SuppressWarnings("unchecked")
            Optional<BitString>[] results = r.value().toArray(new Optional[0]);
            return new Outcome(results, r);
        }
    }

    long andGatesSoFar() {
        return session.andGatesSoFar();
    }

    /** The values of the input groups {@code role} owns, in order, from one value per group. */
    static List<BitString> owned(CompiledCircuit c, BitString[] all, Party role) {
        List<BitString> mine = new ArrayList<>();
        for (int g = 0; g < all.length; g++) {
            if (c.inputs().get(g).owner() == role) {
                mine.add(all[g]);
            }
        }
        return mine;
    }
}
