package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.LocalGarbling;
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
    @Mixin
    InOption in;

    @Option(names = "--msb-first", description = "Read and print values as MSB-first bit strings (old Bristol AES, SHA-1).")
    boolean msbFirst;

    @Mixin
    JsonOption json;

    @Option(names = "--garbled", description = "Garble and evaluate in one process instead of evaluating in plaintext.")
    boolean garbled;

    @Mixin
    SchemeOption scheme;

    @Mixin
    CircuitArgument circuit;

    @Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        // The options first: a misspelt scheme or kernel is a usage error whatever the file and values.
        boolean garble = garbled || scheme.given();
        GarblingScheme s = garble ? scheme.scheme() : null;
        Kernel kernel = garble ? kernelOption.create() : null;
        CompiledCircuit c = circuit.load();
        BitString[] inputs = CircuitArgument.parseInputs(c, in.values(), msbFirst);
        if (garble) {
            long start = System.nanoTime();
            LocalGarbling.Result r = new LocalGarbling(s, kernel, kernel, AesCtrRandom.create(kernel, new java.security.SecureRandom())).run(c, inputs);
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, Object> extra = new java.util.LinkedHashMap<>();
            extra.put("scheme", s.name());
            extra.put("kernel", kernel.name());
            extra.put("ciphertexts", r.ciphertexts());
            extra.put("bytes", r.tableBytes());
            extra.put("decodingBytes", r.decodingBytes());
            print(spec.commandLine().getOut(), c, r.outputs(), msbFirst, json.on, seconds, extra);
            return 0;
        }
        long start = System.nanoTime();
        BitString[] out = new PlainEvaluator().evaluate(c, inputs);
        double seconds = (System.nanoTime() - start) / 1e9;
        print(spec.commandLine().getOut(), c, out, msbFirst, json.on, seconds, Map.of());
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
