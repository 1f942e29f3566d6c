package io.yaostream.cli;

import io.yaostream.Result;
import io.yaostream.SecureProgram;
import io.yaostream.Link;
import io.yaostream.Sharded;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;

@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run one party of a two-party computation over TCP: the circuit, --repeat N times in one session.",
                "Prints one hex value per output group this party receives; a summary goes to standard error."})
final class RunCommand implements Callable<Integer> {
    @Option(names = "--role", required = true, paramLabel = "ROLE", description = "garbler or evaluator.")
    String role;

    @Option(names = "--circuit", required = true, paramLabel = "FILE", description = "Bristol, ME-SFE or slot-ID file (both parties the same).")
    Path circuitFile;

    @Mixin
    InOption in;


    @Mixin
    RepeatOption repeatOption;

    @Option(names = "--sessions", paramLabel = "N", defaultValue = "1", description = "Run N whole sessions one after another, "
            + "each with its own connection, base OTs, inputs and outputs; a listening party keeps listening between them (default: 1). "
            + "JSON adds sessionSeconds, each session's seconds.")
    int sessions;

    @Option(names = "--link", description = "With --sessions N: run the N executions as programs on one kept link (one connection, "
            + "handshake and set of base OTs for all; each program then waits 2 one-way latencies for the evaluator's result, 1 without "
            + "evaluator inputs) rather than as N fresh sessions. Both parties give it.")
    boolean link;

    @Mixin
    ShardsOption shards;


    @Option(names = "--msb-first", description = "Values are MSB-first bit strings.")
    boolean msbFirst;

    @Mixin
    JsonOption json;

    @Mixin
    PeerOptions peer;

    @Mixin
    NetworkOptions network;

    @Mixin
    KernelOption kernelOption;

    @Mixin
    CacheOption cache;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        Party party = parseRole();
        peer.checkOneSide();
        if (sessions < 1) {
            throw new UsageError("--sessions: must be at least 1, got " + sessions);
        }
        if (link && shards.on()) {
            throw new UsageError("--link and --shards: give one of them (shards are sessions of their own)");
        }
        if (sessions > 1 && shards.on()) {
            throw new UsageError("--sessions and --shards: give one of them (a sharded run is one computation over K sessions at once)");
        }
        TwoParty side;
        io.yaostream.Party role = io.yaostream.Party.fromKey(party.key());
        if (peer.listens()) {
            side = TwoParty.as(role).listen(peer.bindAddress(), peer.listenPort());
        } else {
            HostPort to = peer.connectAddress();
            side = TwoParty.as(role).connect(to.host(), to.port());
        }
        long repeat = repeatOption.times();
        GarblingScheme s = peer.scheme.scheme();
        TransportOptions transport = network.twoParty(role, spec.commandLine().getErr());
        CompiledCircuit c = cache.load(circuitFile, spec.commandLine().getErr());
        List<WireGroup<Party>> owned = c.inputs().stream().filter(g -> g.owner() == party).toList();
        List<BitString> mine = in.forGroups(owned, msbFirst, "the " + party.key() + " owns " + owned.size() + " input group(s) of the circuit");
        Kernel kernel = kernelOption.create();
        if (kernel.name().equals(io.yaostream.core.kernel.Kernels.NATIVE) && !c.isStreamed()) {
            JitChoice.c1Only();
        }
        TwoParty config = CoreBridge.circuits(CoreBridge.transport(side.scheme(s.name()).kernel(kernelOption.kernel), transport)
                .name(programName(repeat)), List.of(c));
        io.yaostream.cli.bench.ProcessCpu.mark();
        if (shards.on()) {
            return runSharded(config, party, c, repeat, mine, s, kernel, transport);
        }
        if (sessions > 1 || link) {
            return runSessions(config, party, c, repeat, mine, s, kernel, transport);
        }
        RunStatistics.Progress progress = new RunStatistics.Progress();
        try (RunStatistics stats = new RunStatistics(progress, repeat * c.counts().and(), spec.commandLine().getErr())) {
            // The results are printed as soon as they are known; the closing exchange with the peer follows.
            config.progress(progress).onResult(r -> {
                stats.close();
                @SuppressWarnings("unchecked")
                Result<List<Optional<BitString>>> o = (Result<List<Optional<BitString>>>) r;
                Map<String, Object> extra = Report.fields("role", party.key(), "scheme", s.name(), "kernel", kernel.name(),
                        "network", transport.network().toString());
                extra.putAll(Report.timing(o));
                Report.print(spec.commandLine().getOut(), spec.commandLine().getErr(), json.on, party.key(), ThreePartyOptions.results(o.value()),
                        msbFirst, o.andGates(), o.bytesSent(), o.seconds(), RunStatistics.peakHeapBytes(), extra,
                        Report.networkNote(transport.network(), "on what it received"));
                spec.commandLine().getOut().flush();
            }).run(CoreBridge.program(new RepeatProgram(c, repeat)), CircuitArgument.inputs(mine));
        }
        return 0;
    }

    /**
     * The repetitions split across the shards (the first {@code repeat % k} one more), each shard a session of its own;
     * the outputs are the unsharded run's (every repetition gives the same), checked equal across the shards.
     */
    private int runSharded(TwoParty config, Party party, CompiledCircuit c, long repeat, List<BitString> mine, GarblingScheme s, Kernel kernel,
                           TransportOptions transport) {
        int k = shards.count();
        List<Optional<BitString>> none = java.util.Collections.nCopies(c.outputs().size(), Optional.empty());
        java.util.function.IntFunction<SecureProgram<List<Optional<BitString>>>> shard = i -> {
            long times = repeat / k + (i < repeat % k ? 1 : 0);
            return times == 0 ? ctx -> none : CoreBridge.program(new RepeatProgram(c, times));
        };
        Sharded<List<List<Optional<BitString>>>> r = config.shards(k).run(shard, i -> CircuitArgument.inputs(mine));
        List<Optional<BitString>> outputs = null;
        for (int i = 0; i < k && i < repeat; i++) {
            List<Optional<BitString>> o = r.value().get(i);
            if (outputs != null && !outputs.equals(o)) {
                throw new IllegalStateException("shard " + i + " gave other outputs than shard 0");
            }
            outputs = o;
        }
        Map<String, Object> extra = Report.fields("role", party.key(), "scheme", s.name(), "kernel", kernel.name(), "network", transport.network().toString());
        extra.putAll(ShardsOption.fields(r, true)); // bytes sent, as run counts them
        Report.print(spec.commandLine().getOut(), spec.commandLine().getErr(), json.on, party.key(), ThreePartyOptions.results(outputs),
                msbFirst, r.andGates(), r.bytesSent(), r.seconds(), RunStatistics.peakHeapBytes(), extra,
                ShardsOption.note(r) + Report.networkNote(transport.network(), "on what it received"));
        return 0;
    }

    /**
     * {@code --sessions N}: N whole sessions one after another, on inputs taken anew for each (the evaluator's by OT
     * each time); a listening party listens throughout, so the peer's next connection waits for it. With {@code --link}
     * the N executions are programs on one kept link instead. The outputs are those of every execution, checked equal;
     * the figures are the executions' totals, and JSON adds each one's seconds and flights.
     */
    private int runSessions(TwoParty config, Party party, CompiledCircuit c, long repeat, List<BitString> mine, GarblingScheme s, Kernel kernel,
                            TransportOptions transport) {
        List<Object> each = new java.util.ArrayList<>();
        List<Object> flights = new java.util.ArrayList<>();
        long and = 0;
        long bytes = 0;
        double seconds = 0;
        double linkSetup = 0;
        List<Optional<BitString>> outputs = null;
        RepeatProgram program = new RepeatProgram(c, repeat);
        List<Result<List<Optional<BitString>>>> results;
        if (link) {
            results = new java.util.ArrayList<>();
            try (Link kept = config.open()) {
                linkSetup = kept.setupSeconds();
                for (int i = 0; i < sessions; i++) {
                    results.add(kept.run(CoreBridge.program(program), CircuitArgument.inputs(mine)));
                }
            }
        } else {
            results = config.runSessions(sessions, CoreBridge.program(program), () -> CircuitArgument.inputs(mine));
        }
        int i = 0;
        for (Result<List<Optional<BitString>>> o : results) {
            i++;
            if (outputs != null && !outputs.equals(o.value())) {
                throw new IllegalStateException((link ? "program " : "session ") + i + " gave other outputs than the first");
            }
            outputs = o.value();
            and += o.andGates();
            bytes += o.bytesSent();
            seconds += o.seconds();
            each.add(o.seconds());
            flights.add(o.flights());
        }
        Map<String, Object> extra = Report.fields("role", party.key(), "scheme", s.name(), "kernel", kernel.name(), "network", transport.network().toString(),
                "mode", link ? "kept" : "fresh", "sessions", sessions, "sessionSeconds", each, "sessionFlights", flights);
        if (link) {
            extra.put("linkSetupSeconds", linkSetup);
        }
        Report.print(spec.commandLine().getOut(), spec.commandLine().getErr(), json.on, party.key(), ThreePartyOptions.results(outputs),
                msbFirst, and, bytes, seconds, RunStatistics.peakHeapBytes(), extra,
                ", " + sessions + (link ? " programs on one kept link" : " sessions") + Report.networkNote(transport.network(), "on what it received"));
        return 0;
    }

    /**
     * The program's name in the handshake: the repetitions, so both parties must repeat equally often. Not the circuit's
     * file name: the handshake compares what the circuit is by its digest, so an identical circuit under another name, or
     * a Bristol file against the slot file compiled from it, is the same circuit.
     */
    static String programName(long repeat) {
        return "circuit repeat " + repeat;
    }

    private Party parseRole() {
        try {
            return Party.fromKey(role);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--role: " + e.getMessage());
        }
    }
}
