package io.yaostream.cli;

import io.yaostream.Result;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.fixtures.BundledCircuits;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The demonstration: both parties in this process, connected over TCP loopback, run Yao's protocol. By default
 * AES-128 on the FIPS-197 Appendix C.1 vector with the bundled Bristol circuit (the garbler holds the key, the
 * evaluator the plaintext), checked against the published ciphertext.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run both parties over TCP loopback: AES-128 with the FIPS-197 vector by default, with statistics."})
public final class DemoCommand implements Callable<Integer> {
    static final String FIPS197_KEY = "000102030405060708090a0b0c0d0e0f";
    static final String FIPS197_PLAINTEXT = "00112233445566778899aabbccddeeff";
    static final String FIPS197_CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";

    @Option(names = "--circuit", paramLabel = "FILE", description = "Circuit to run instead of the bundled AES-128.")
    Path circuitFile;

    @Mixin
    InOption in;

    @Mixin
    RepeatOption repeatOption;

    @Mixin
    SchemeOption scheme;

    @Option(names = "--msb-first", description = "Values are MSB-first bit strings.")
    boolean msbFirst;

    @Mixin
    JsonOption json;

    @Option(names = "--network", paramLabel = "RATE,LATENCY", defaultValue = "none",
            description = "Simulate a slower network between the two parties: " + NetworkOptions.NETWORK_FORM + ". Each direction "
                    + "is a line of its own, and each party delays what it receives as such a line would. Default: none, "
                    + "loopback as it is.")
    String network;

    @picocli.CommandLine.Mixin
    KernelOption kernelOption;

    @Mixin
    CacheOption cache;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        long repeat = repeatOption.times();
        if (circuitFile == null && in.given()) {
            throw new UsageError("--in: give --circuit too, or neither (the default is AES-128 on the FIPS-197 vector)");
        }
        GarblingScheme s = scheme.scheme();
        SimulatedNetwork simulated = NetworkOptions.simulatedNetwork(network);
        CompiledCircuit c = circuitFile == null ? BundledCircuits.aes128() : cache.load(circuitFile, spec.commandLine().getErr());
        List<String> values = circuitFile == null ? List.of(FIPS197_KEY, FIPS197_PLAINTEXT) : in.values();
        BitString[] inputs = CircuitArgument.parseInputs(c, values, msbFirst);
        Kernel kernel = kernelOption.create();
        TwoParty config = CoreBridge.circuits(CoreBridge.transport(TwoParty.evaluator().scheme(s.name()).kernel(kernelOption.kernel), TransportOptions.defaults().withNetwork(simulated))
                .name(RunCommand.programName(repeat)), List.of(c));
        RunStatistics.Progress progress = new RunStatistics.Progress();
        TwoParty.Both<List<Optional<BitString>>> both;
        try (RunStatistics stats = new RunStatistics(progress, repeat * c.counts().and(), spec.commandLine().getErr())) {
            RepeatProgram program = new RepeatProgram(c, repeat);
            both = config.progress(progress).runBoth(CoreBridge.program(program), CircuitArgument.inputs(owned(c, inputs, Party.GARBLER)),
                    CircuitArgument.inputs(owned(c, inputs, Party.EVALUATOR)));
        }
        Result<List<Optional<BitString>>> g = both.garbler();
        Result<List<Optional<BitString>>> e = both.evaluator();
        long peakHeap = RunStatistics.peakHeapBytes();
        Optional<BitString>[] results = merged(ThreePartyOptions.results(g.value()), ThreePartyOptions.results(e.value()));
        long bytes = g.bytesSent() + e.bytesSent();
        double seconds = Math.max(g.seconds(), e.seconds());
        long andGates = e.andGates();
        PrintWriter w = spec.commandLine().getOut();
        if (json.on) {
            Report.print(w, spec.commandLine().getErr(), true, "demo", results, msbFirst, andGates, bytes, seconds, peakHeap,
                    Report.fields("mode", "two-party", "scheme", s.name(), "kernel", kernel.name(), "repeat", repeat,
                            "network", simulated.toString(), "flights", e.flights(), "garblerFlights", g.flights()), "");
            return 0;
        }
        w.println(circuitFile == null ? "AES-128, FIPS-197 Appendix C.1: the garbler holds the key " + FIPS197_KEY
                + ", the evaluator the plaintext " + FIPS197_PLAINTEXT : "circuit " + circuitFile);
        w.println("two parties over TCP loopback" + Report.networkNote(simulated, "each way") + ", scheme " + s.name()
                + ", kernel " + kernel.name() + (repeat > 1 ? ", " + repeat + " evaluations in one session" : ""));
        for (Optional<BitString> r : results) {
            w.println(r.map(b -> b.toHex(msbFirst)).orElse("(no party receives this output)"));
        }
        if (circuitFile == null) {
            boolean ok = results[0].map(b -> b.toHex(false)).orElse("").equals(FIPS197_CIPHERTEXT);
            w.println("expected " + FIPS197_CIPHERTEXT + (ok ? " (match)" : " (MISMATCH)"));
            if (!ok) {
                return YaostreamCommand.EXIT_FAILURE;
            }
        }
        w.println(Report.summary("garbler  ", g.andGates(), g.bytesSent(), g.seconds(), peakHeap));
        w.println(Report.summary("evaluator", e.andGates(), e.bytesSent(), e.seconds(), peakHeap));
        return 0;
    }

    /** The values of the input groups {@code role} owns, in order, from one value per group. */
    private static List<BitString> owned(CompiledCircuit c, BitString[] all, Party role) {
        List<BitString> mine = new ArrayList<>();
        for (int g = 0; g < all.length; g++) {
            if (c.inputs().get(g).owner() == role) {
                mine.add(all[g]);
            }
        }
        return mine;
    }

    /** Each output as the party that receives it decoded it (the evaluator's where both do, after checking they agree). */
    private static Optional<BitString>[] merged(Optional<BitString>[] garbler, Optional<BitString>[] evaluator) {
        Optional<BitString>[] m = evaluator.clone();
        for (int i = 0; i < m.length; i++) {
            if (m[i].isEmpty()) {
                m[i] = garbler[i];
            } else if (garbler[i].isPresent() && !garbler[i].equals(m[i])) {
                throw new IllegalStateException("the parties decoded output " + (i + 1) + " differently");
            }
        }
        return m;
    }
}
