package io.yaostream.cli;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.plain.PlainEvaluator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.zip.GZIPInputStream;

/**
 * The demonstration run. By default: AES-128 on the FIPS-197 Appendix C.1 vector with the bundled Bristol
 * circuit, checked against the published ciphertext.
 *
 * <p>This release evaluates in plaintext; the two parties over loopback arrive with the garbling and
 * protocol layers, and the command says which mode ran.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = {"Run the demonstration: AES-128 with the FIPS-197 vector by default, with statistics.",
                "Mode in this release: plaintext evaluation (the two-party run over loopback comes with the protocol)."})
public final class DemoCommand implements Callable<Integer> {
    static final String FIPS197_KEY = "000102030405060708090a0b0c0d0e0f";
    static final String FIPS197_PLAINTEXT = "00112233445566778899aabbccddeeff";
    static final String FIPS197_CIPHERTEXT = "69c4e0d86a7b0430d8cdb78070b4c55a";

    @Option(names = "--circuit", paramLabel = "FILE", description = "Circuit to run instead of the bundled AES-128.")
    Path circuitFile;

    @Option(names = "--in", paramLabel = "HEX", description = "One value per input group (with --circuit).")
    List<String> inputs;

    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "Evaluate the circuit N times (default: 1).")
    long repeat;

    @Option(names = "--msb-first", description = "Values are MSB-first bit strings.")
    boolean msbFirst;

    @Option(names = "--json", description = "Print JSON: the info fields plus result, and, seconds, andPerSec.")
    boolean json;

    @picocli.CommandLine.Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (repeat < 1) {
            throw new UserError("--repeat: must be at least 1, got " + repeat);
        }
        if (circuitFile == null && inputs != null) {
            throw new UserError("--in: give --circuit too, or neither (the default is AES-128 on the FIPS-197 vector)");
        }
        CompiledCircuit c = circuitFile == null ? bundledAes128() : CircuitLoader.load(circuitFile);
        List<String> values = circuitFile == null ? List.of(FIPS197_KEY, FIPS197_PLAINTEXT) : inputs;
        BitString[] in = CircuitArgument.parseInputs(c, values, msbFirst);

        PlainEvaluator evaluator = new PlainEvaluator();
        long start = System.nanoTime();
        BitString[] out = null;
        for (long i = 0; i < repeat; i++) {
            out = evaluator.evaluate(c, in);
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long andGates = (long) c.counts().and() * repeat;

        PrintWriter w = spec.commandLine().getOut();
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("mode", "plaintext");
        stats.put("kernel", kernelOption.create().name());
        stats.put("repeat", repeat);
        stats.put("andTotal", andGates);
        stats.put("andPerSec", seconds > 0 ? andGates / seconds : 0);
        if (json) {
            EvalCommand.print(w, c, out, msbFirst, true, seconds, stats);
            return 0;
        }
        w.println(circuitFile == null ? "AES-128, FIPS-197 Appendix C.1 (key " + FIPS197_KEY + ", plaintext " + FIPS197_PLAINTEXT + ")"
                : "circuit " + circuitFile);
        w.println("mode:        plaintext evaluation (the two-party run over loopback arrives with the protocol)");
        w.println("kernel:      " + stats.get("kernel") + " (used by garbling and OT; plaintext evaluation needs none)");
        EvalCommand.print(w, c, out, msbFirst, false, seconds, Map.of());
        if (circuitFile == null) {
            boolean ok = out[0].toHex(false).equals(FIPS197_CIPHERTEXT);
            w.println("expected:    " + FIPS197_CIPHERTEXT + (ok ? "  (match)" : "  (MISMATCH)"));
            if (!ok) {
                return YaostreamCommand.EXIT_FAILURE;
            }
        }
        w.printf("statistics:  %s, working set %d slots; %d evaluation(s), %d AND gates in %.3f s (%.1f M AND/s)%n",
                c.counts(), c.slots(), repeat, andGates, seconds, seconds > 0 ? andGates / seconds / 1e6 : 0.0);
        return 0;
    }

    /** The bundled Bristol Fashion AES-128 (key first, then plaintext; LSB-INT). Also used by the benchmarks. */
    public static CompiledCircuit bundledAes128() {
        try (InputStream raw = DemoCommand.class.getResourceAsStream("aes_128.txt.gz")) {
            if (raw == null) {
                throw new IllegalStateException("bundled aes_128.txt.gz is missing from the jar");
            }
            byte[] data = new GZIPInputStream(raw).readAllBytes();
            return CircuitLoader.load(data, "aes_128.txt", CircuitLoader.SourceFormat.BRISTOL, Compiler.Options.DEFAULT);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
