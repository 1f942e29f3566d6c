package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
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
        description = {"Evaluate a circuit in plaintext; prints one hex value per output group, one per line.",
                "Hex values are LSB-INT (one big-endian integer whose bit k is wire k of the group) unless --msb-first."})
final class EvalCommand implements Callable<Integer> {
    @Option(names = "--in", paramLabel = "HEX", description = "One value per input group, in order (repeat the option).")
    List<String> inputs;

    @Option(names = "--msb-first", description = "Read and print values as MSB-first bit strings (old Bristol AES, SHA-1).")
    boolean msbFirst;

    @Option(names = "--json", description = "Print JSON: the info fields plus result (hex per output group) and seconds.")
    boolean json;

    @Mixin
    CircuitArgument circuit;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        CompiledCircuit c = circuit.load();
        BitString[] in = CircuitArgument.parseInputs(c, inputs, msbFirst);
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
