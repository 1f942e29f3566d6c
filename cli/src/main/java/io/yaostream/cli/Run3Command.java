package io.yaostream.cli;

import io.yaostream.Result;
import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.threeparty.ThreePartyCircuit;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

@Command(name = "run3", mixinStandardHelpOptions = true,
        description = {"Run one party of a three-party computation over TCP (honest majority, secure against one malicious "
                + "party: MRZ15). Parties 1 and 2 garble, party 3 evaluates; input group g of the circuit belongs to party g.",
                "Prints one hex line per output group (every party receives every output); a summary goes to standard error."})
final class Run3Command implements Callable<Integer> {
    @Option(names = "--party", required = true, paramLabel = "N", description = "This party: 1, 2 (garblers) or 3 (evaluator).")
    int party;

    @Option(names = "--circuit", required = true, paramLabel = "FILE", description = "Bristol, ME-SFE or slot-ID file (all parties the same).")
    Path circuitFile;

    @Mixin
    InOption in;

    @Option(names = "--peers", required = true, split = ",", paramLabel = "HOST:PORT",
            description = "The addresses of P1, P2 and P3, the same list at every party. Party N listens on the N-th port (on every"
                    + " interface, or --bind; on loopback only when all three addresses are loopback) for the party before it and connects to the party after it (1 to 2, 2 to 3, 3 to 1),"
                    + " retrying until --timeout, so any start order works.")
    List<String> peers;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "The interface to listen on (default: all interfaces).")
    String bind;

    @Mixin
    SchemeOption scheme;

    @Mixin
    RepeatOption repeatOption;

    @Option(names = "--msb-first", description = "Values are MSB-first bit strings.")
    boolean msbFirst;

    @Mixin
    JsonOption json;

    @Mixin
    NetworkOptions network;

    @Mixin
    KernelOption kernelOption;

    @Option(names = "--insecure-links", description = "Run across machines without links bound to the parties (no TLS, or no"
            + " --peer-cert for each other party): any party can then pose as another, and security against a malicious party does"
            + " not hold. Without it, such a run is refused; parties that all run on this machine (loopback) need neither.")
    boolean insecureLinks;

    @Mixin
    CacheOption cache;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (party < 1 || party > 3) {
            throw new UsageError("--party: 1, 2 or 3, got " + party);
        }
        long repeat = repeatOption.times();
        List<InetSocketAddress> addresses = addresses();
        GarblingScheme s = scheme.scheme();
        TransportOptions transport = network.base("P" + party, spec.commandLine().getErr());
        java.util.Map<Integer, String> peerCertificates = network.partyCertificates(party);
        CompiledCircuit c = cache.load(circuitFile, spec.commandLine().getErr());
        List<BitString> mine = ThreePartyOptions.owned(c, party, in.values(), msbFirst);
        Kernel kernel = kernelOption.create();
        ThreePartyCircuit program = new ThreePartyCircuit(c, repeat);
        RunStatistics.Progress progress = new RunStatistics.Progress();
        ThreeParty.Result<List<Optional<BitString>>> r;
        try (RunStatistics stats = new RunStatistics(progress, repeat * c.counts().and(), spec.commandLine().getErr())) {
            ThreeParty me = CoreBridge.circuits(CoreBridge.transport(ThreeParty.as(party).scheme(s.name()).kernel(kernelOption.kernel), transport).bind(bind)
                    .name(program.name()), List.of(c)).progress(progress);
            for (java.util.Map.Entry<Integer, String> e : peerCertificates.entrySet()) {
                me = me.peerCertificate(e.getKey(), e.getValue());
            }
            me = insecureLinks ? me.insecureLinks() : me;
            try {
                me.checkLinks(addresses);
            } catch (IllegalArgumentException e) {
                throw new UserError(e.getMessage());
            }
            r = me.run(addresses, CoreBridge.program(program), CircuitArgument.inputs(mine));
        }
        Optional<BitString>[] results = ThreePartyOptions.results(r.value());
        long peak = RunStatistics.peakHeapBytes();
        if (json.on) {
            Report.print(spec.commandLine().getOut(), spec.commandLine().getErr(), true, "P" + party, results, msbFirst, r.andGates(),
                    r.bytesSent(), r.seconds(), peak, ThreePartyOptions.fields(r, s.name(), kernel.name(), transport.network().toString()), "");
            return 0;
        }
        ThreePartyOptions.printResults(spec.commandLine().getOut(), results, msbFirst);
        spec.commandLine().getErr().println(ThreePartyOptions.summary(r, peak) + Report.networkNote(transport.network(), "on what it received"));
        return 0;
    }

    private List<InetSocketAddress> addresses() {
        if (peers.size() != 3) {
            throw new UsageError("--peers: the addresses of P1, P2 and P3 (three HOST:PORT, comma-separated), got " + peers.size());
        }
        List<InetSocketAddress> out = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            HostPort hp = HostPort.parse(peers.get(i));
            if (hp == null) {
                throw new UsageError("--peers #" + (i + 1) + ": expected HOST:PORT, got '" + peers.get(i) + "'");
            }
            out.add(InetSocketAddress.createUnresolved(hp.host(), hp.port()));
        }
        return out;
    }
}
