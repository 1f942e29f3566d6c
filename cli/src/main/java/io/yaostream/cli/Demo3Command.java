package io.yaostream.cli;

import io.yaostream.Result;
import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.threeparty.ThreePartyCircuit;
import io.yaostream.examples.SharedKeyAes;
import io.yaostream.fixtures.BundledCircuits;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * The three-party demonstration: all three parties in this process over TCP loopback. By default AES-128 on the
 * FIPS-197 vector under a key no party holds: P1 and P2 each hold a random-looking half K1, K2 with K1 ⊕ K2 the
 * FIPS-197 key, P3 holds the plaintext, and all three learn the ciphertext.
 */
@Command(name = "demo3", mixinStandardHelpOptions = true,
        description = {"Run all three parties of a three-party computation (MRZ15: honest majority, one malicious party) over TCP "
                + "loopback: AES-128 with the FIPS-197 vector and the key split between P1 and P2 by default, with statistics."})
final class Demo3Command implements Callable<Integer> {
    @Option(names = "--circuit", paramLabel = "FILE", description = "Circuit to run instead of the shared-key AES-128; input group g "
            + "belongs to party g.")
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
            description = "Simulate a slower network on every link: " + NetworkOptions.NETWORK_FORM + " (default: none).")
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
            throw new UsageError("--in: give --circuit too, or neither (the default is the shared-key AES-128 on the FIPS-197 vector)");
        }
        GarblingScheme s = scheme.scheme();
        SimulatedNetwork simulated = NetworkOptions.simulatedNetwork(network);
        Kernel kernel = kernelOption.create();
        List<List<BitString>> feeds = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        Program<List<Optional<BitString>>> program;
        String name;
        List<CompiledCircuit> declared;
        PrintWriter w = spec.commandLine().getOut();
        String heading;
        if (circuitFile == null) {
            CompiledCircuit aes = BundledCircuits.aes128();
            BitString key = BitString.fromHex(DemoCommand.FIPS197_KEY, 128, false);
            byte[] r = new byte[16];
            new SecureRandom().nextBytes(r);
            BitString k1 = BitString.of(new java.math.BigInteger(1, r), 128);
            BitString k2 = key.xor(k1);
            feeds.get(0).add(k1);
            feeds.get(1).add(k2);
            feeds.get(2).add(BitString.fromHex(DemoCommand.FIPS197_PLAINTEXT, 128, false));
            SharedKeyAes aesProgram = new SharedKeyAes(aes, repeat);
            program = aesProgram;
            name = aesProgram.name();
            declared = List.of(aes);
            heading = "AES-128, FIPS-197 Appendix C.1, under a key no party holds: P1 holds K1 " + k1.toHex(false) + ", P2 holds K2 "
                    + k2.toHex(false) + " (K1 xor K2 = " + DemoCommand.FIPS197_KEY + "), P3 the plaintext " + DemoCommand.FIPS197_PLAINTEXT;
        } else {
            CompiledCircuit c = cache.load(circuitFile, spec.commandLine().getErr());
            ThreePartyOptions.checkGroups(c);
            BitString[] inputs = CircuitArgument.parseInputs(c, in.values(), msbFirst);
            for (int g = 0; g < inputs.length; g++) {
                feeds.get(ThreePartyCircuit.owner(g) - 1).add(inputs[g]);
            }
            ThreePartyCircuit circuitProgram = new ThreePartyCircuit(c, repeat);
            program = circuitProgram;
            name = circuitProgram.name();
            declared = List.of(c);
            heading = "circuit " + circuitFile;
        }
        TransportOptions transport = TransportOptions.defaults().withNetwork(simulated);
        List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes = CoreBridge.circuits(CoreBridge.transport(ThreeParty.as(1).scheme(s.name()).kernel(kernelOption.kernel), transport).name(name), declared)
                .runAll(CoreBridge.program(program), List.of(CircuitArgument.inputs(feeds.get(0)), CircuitArgument.inputs(feeds.get(1)), CircuitArgument.inputs(feeds.get(2))));
        for (ThreeParty.Outcome<?> o : outcomes) {
            if (o.failure() != null) {
                throw new UserError("P" + o.party() + ": " + o.failure().getMessage());
            }
        }
        long peak = RunStatistics.peakHeapBytes();
        ThreeParty.Result<List<Optional<BitString>>> p3 = outcomes.get(2).result();
        for (ThreeParty.Outcome<List<Optional<BitString>>> o : outcomes) {
            if (!o.result().value().equals(p3.value())) {
                throw new IllegalStateException("P" + o.party() + " decoded the outputs differently from P3");
            }
        }
        Optional<BitString>[] results = ThreePartyOptions.results(p3.value());
        long bytes = 0;
        double seconds = 0;
        List<Object> parties = new ArrayList<>();
        for (ThreeParty.Outcome<?> o : outcomes) {
            bytes += o.result().bytesSent();
            seconds = Math.max(seconds, o.result().seconds());
            parties.add(ThreePartyOptions.fields(o.result(), s.name(), kernel.name(), simulated.toString()).get("bytesTo"));
        }
        if (json.on) {
            var fields = Report.fields("mode", "three-party", "scheme", s.name(), "kernel", kernel.name(), "repeat", repeat,
                    "network", simulated.toString(), "parties", parties);
            Report.print(w, spec.commandLine().getErr(), true, "demo3", results, msbFirst, p3.andGates(), bytes, seconds, peak, fields, "");
            return 0;
        }
        w.println(heading);
        w.println("three parties over TCP loopback" + Report.networkNote(simulated, "on every link") + ", scheme " + s.name() + ", kernel "
                + kernel.name() + (repeat > 1 ? ", " + repeat + " evaluations in one session" : "") + "; every party receives every output");
        ThreePartyOptions.printResults(w, results, msbFirst);
        if (circuitFile == null) {
            boolean ok = results[0].map(b -> b.toHex(false)).orElse("").equals(DemoCommand.FIPS197_CIPHERTEXT);
            w.println("expected " + DemoCommand.FIPS197_CIPHERTEXT + (ok ? " (match)" : " (MISMATCH)"));
            if (!ok) {
                return YaostreamCommand.EXIT_FAILURE;
            }
        }
        for (ThreeParty.Outcome<?> o : outcomes) {
            w.println(ThreePartyOptions.summary(o.result(), peak));
        }
        return 0;
    }
}
