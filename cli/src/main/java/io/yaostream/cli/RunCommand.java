package io.yaostream.cli;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run one party of a two-party computation over TCP: the circuit, --repeat N times in one session.",
                "Prints one hex value per output group this party receives; a summary goes to standard error."})
final class RunCommand implements Callable<Integer> {
    @Option(names = "--role", required = true, paramLabel = "ROLE", description = "garbler or evaluator.")
    String role;

    @Option(names = "--circuit", required = true, paramLabel = "FILE", description = "Bristol, ME-SFE or slot-ID file (both parties the same).")
    Path circuitFile;

    @Option(names = "--in", paramLabel = "HEX", description = "One value per input group this party owns, in order "
            + "(Bristol: group 1 is the garbler's, group 2 the evaluator's).")
    List<String> inputs;


    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "Evaluate the circuit N times in one session (default: 1).")
    long repeat;


    @Option(names = "--msb-first", description = "Values are MSB-first bit strings.")
    boolean msbFirst;

    @Option(names = "--json", description = "Print JSON: result (hex per output group, null where the peer receives it), "
            + "and, bytes, seconds, andPerSec, peakHeapBytes, scheme, kernel, network.")
    boolean json;

    @Mixin
    PeerOptions peer;

    @Mixin
    NetworkOptions network;

    @Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Party party = parseRole();
        peer.checkOneSide();
        String bind = peer.listens() ? peer.bindAddress() : null;
        int listenPort = peer.listens() ? peer.listenPort() : 0;
        HostPort connectTo = peer.listens() ? null : peer.connectAddress();
        if (repeat < 1) {
            throw new UsageError("--repeat: must be at least 1, got " + repeat);
        }
        GarblingScheme s = SchemeNames.parse(peer.scheme);
        TransportOptions transport = network.transport(party.key(), spec.commandLine().getErr());
        CompiledCircuit c = CircuitLoader.load(circuitFile);
        List<BitString> mine = parseOwnInputs(c, party);
        Kernel kernel = kernelOption.create();
        Channel channel = connectTo == null ? NettyTransport.acceptOne(bind, listenPort, transport)
                : NettyTransport.connect(connectTo.host(), connectTo.port(), transport);
        PartyRun run = new PartyRun(party, channel, c, mine, repeat, s, kernel);
        PartyRun.Outcome o;
        try (RunStatistics stats = new RunStatistics(run::andGatesSoFar, repeat * c.counts().and(), spec.commandLine().getErr())) {
            o = run.run();
        }
        Report.print(spec.commandLine().getOut(), spec.commandLine().getErr(), json, party.key(), o.results(), msbFirst,
                o.figures().andGates(), o.figures().bytesSent(), o.figures().seconds(), RunStatistics.peakHeapBytes(),
                Report.fields("role", party.key(), "scheme", s.name(), "kernel", kernel.name(), "network", transport.network().toString()),
                Report.networkNote(transport.network(), "on what it received"));
        return 0;
    }

    private Party parseRole() {
        try {
            return Party.fromKey(role);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--role: " + e.getMessage());
        }
    }

    private List<BitString> parseOwnInputs(CompiledCircuit c, Party party) {
        List<WireGroup<Party>> owned = new ArrayList<>();
        for (WireGroup<Party> g : c.inputs()) {
            if (g.owner() == party) {
                owned.add(g);
            }
        }
        List<String> values = inputs == null ? List.of() : inputs;
        if (values.size() != owned.size()) {
            List<String> widths = owned.stream().map(g -> g.width() + " bits").toList();
            throw new UserError("--in: the " + party.key() + " owns " + owned.size() + " input group(s) of the circuit ("
                    + String.join(", ", widths) + "), got " + values.size() + " value(s)");
        }
        List<BitString> parsed = new ArrayList<>();
        for (int i = 0; i < owned.size(); i++) {
            try {
                parsed.add(BitString.fromHex(values.get(i), owned.get(i).width(), msbFirst));
            } catch (IllegalArgumentException e) {
                throw new UserError("--in #" + (i + 1) + " (" + owned.get(i).name() + "): " + e.getMessage());
            }
        }
        return parsed;
    }
}
