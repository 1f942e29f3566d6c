package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.LocalGarbling;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.plain.PlainEvaluator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

@Command(name = "eval", mixinStandardHelpOptions = true,
        description = {"Evaluate a circuit in plaintext, or garble and evaluate it (--garbled); prints one hex value per output group, one per line.",
                "Hex values are LSB-INT (one big-endian integer whose bit k is wire k of the group) unless --msb-first."})
final class EvalCommand implements Callable<Integer> {
    @Option(names = "--in", paramLabel = "HEX", description = "One value per input group, in order (repeat the option).")
    List<String> inputs;

    @Option(names = "--msb-first", description = "Read and print values as MSB-first bit strings (old Bristol AES, SHA-1).")
    boolean msbFirst;

    @Option(names = "--json", description = "Print JSON: the info fields plus result (hex per output group) and seconds; "
            + "with --garbled also scheme, kernel, ciphertexts, bytes (garbled tables) and decodingBytes.")
    boolean json;

    @Option(names = "--garbled", description = "Garble and evaluate in one process instead of evaluating in plaintext.")
    boolean garbled;

    @Option(names = "--scheme", paramLabel = "S", description = "Garbling scheme (implies --garbled): ${COMPLETION-CANDIDATES}; default half-gates.",
            completionCandidates = SchemeNames.class)
    String scheme;

    @Mixin
    CircuitArgument circuit;

    @Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // The options first: a misspelt scheme or kernel is a usage error whatever the file and values.
        boolean garble = garbled || scheme != null;
        GarblingScheme s = garble ? SchemeNames.parse(scheme == null ? Schemes.DEFAULT : scheme) : null;
        Kernel kernel = garble ? kernelOption.create() : null;
        CompiledCircuit c = circuit.load();
        BitString[] in = CircuitArgument.parseInputs(c, inputs, msbFirst);
        if (garble) {
            long start = System.nanoTime();
            LocalGarbling.Result r = new LocalGarbling(s, kernel, kernel, AesCtrRandom.create(kernel, new java.security.SecureRandom())).run(c, in);
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, Object> extra = new java.util.LinkedHashMap<>();
            extra.put("scheme", s.name());
            extra.put("kernel", kernel.name());
            extra.put("ciphertexts", r.ciphertexts());
            extra.put("bytes", r.tableBytes());
            extra.put("decodingBytes", r.decodingBytes());
            print(spec.commandLine().getOut(), c, r.outputs(), msbFirst, json, seconds, extra);
            return 0;
        }
        long start = System.nanoTime();
        BitString[] out = new PlainEvaluator().evaluate(c, in);
        double seconds = (System.nanoTime() - start) / 1e9;
        print(spec.commandLine().getOut(), c, out, msbFirst, json, seconds, Map.of());
        return 0;
    }

    /** Prints results as hex lines, or as the info JSON plus {@code result}, {@code seconds} and {@code extra}. */
    static void print(PrintWriter w, CompiledCircuit c, BitString[] out, boolean msbFirst, boolean json,
                      double seconds, Map<String, Object> extra) {
        List<Object> hex = new ArrayList<>();
        for (BitString b : out) {
            hex.add(b.toHex(msbFirst));
        }
        if (json) {
            Map<String, Object> m = CircuitArgument.describe(c);
            m.putAll(extra);
            m.put("result", hex);
            m.put("seconds", seconds);
            w.println(Json.write(m));
        } else {
            for (Object h : hex) {
                w.println(h);
            }
        }
    }
}
