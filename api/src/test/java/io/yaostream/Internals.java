package io.yaostream;

import io.yaostream.Party;
import io.yaostream.core.net.Channel;
import io.yaostream.core.program.Program;
import io.yaostream.core.threeparty.ThreeLinks;

import java.util.List;

/** For tests of the protocols under the API: runs over channels and links a test made itself (memory, taps, faults). */
public final class Internals {
    private Internals() {
    }

    public static <R> Result<R> run(TwoParty config, Party role, Channel channel, Program<R> program, Inputs inputs) {
        return config.run(role, channel, new EngineProgram<>(program), inputs);
    }

    public static <R> ThreeParty.Result<R> run(ThreeParty config, ThreeLinks links, Program<R> program, Inputs inputs) {
        return config.run(links, new EngineProgram<>(program), inputs);
    }

    public static <R> List<ThreeParty.Outcome<R>> runAll(ThreeParty config, ThreeLinks[] links, Program<R> program, List<Inputs> inputs) {
        return config.runAll(links, new EngineProgram<>(program), inputs);
    }
}
