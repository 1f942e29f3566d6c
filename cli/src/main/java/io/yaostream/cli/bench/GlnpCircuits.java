package io.yaostream.cli.bench;

import io.yaostream.compiler.CircuitLoader;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.plain.PlainEvaluator;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * GLNP15's two circuits as {@code bench glnp} runs them: the repository's Bristol files compiled as {@code run} compiles
 * them, with the evaluator holding as many input bits as the paper's runs OT (128 for AES, 256 for SHA-256), written
 * to a temporary slot-ID file for the party processes, and the outputs every run must give on zero inputs.
 */
public final class GlnpCircuits {
    /**
     * One circuit.
     *
     * @param name     the paper's name ({@code aes}, {@code sha-256})
     * @param source   the Bristol file it was compiled from
     * @param circuit  what the parties run
     * @param file     {@code circuit} in a temporary file
     * @param expected the outputs on zero inputs (LSB-INT hex, as {@code run} prints them)
     */
    public record Circuit(String name, Path source, CompiledCircuit circuit, Path file, List<String> expected) {
        public List<String> zeros(Party party) {
            return PartyCircuits.zeros(circuit, party);
        }

        public long and() {
            return circuit.counts().and();
        }

        public long xor() {
            return circuit.counts().xor();
        }

        public int evaluatorBits() {
            return circuit.inputs().stream().filter(g -> g.owner() == Party.EVALUATOR).mapToInt(WireGroup::width).sum();
        }
    }

    private GlnpCircuits() {
    }

    /** The file of each circuit in the repository's {@code circuits/bristol}. */
    public static String fileName(String name) {
        return switch (name) {
            case "aes" -> "AES-non-expanded.txt";
            case "sha-256" -> "sha-256.txt";
            default -> throw new IllegalArgumentException("no circuit '" + name + "' (GLNP15's: aes, sha-256)");
        };
    }

    /**
     * {@code name} from {@code dir}: compiled, its inputs regrouped so that the evaluator holds the paper's OT bits (the
     * old-format SHA-256 has a single 512-bit block of the garbler's: its second half becomes the evaluator's; any split
     * costs the same), and written to a temporary file.
     *
     * @throws IllegalStateException if the file is missing or cannot be written out, with one line saying so
     */
    public static Circuit load(String name, Path dir) {
        Path source = dir.resolve(fileName(name));
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException(source + ": no such file (--circuit-dir names the folder of GLNP15's circuits)");
        }
        CompiledCircuit c = CircuitLoader.load(source);
        int evaluatorBits = GlnpPaper.otBits(name);
        if (c.inputs().stream().noneMatch(g -> g.owner() == Party.EVALUATOR && g.width() == evaluatorBits)) {
            c = split(c, c.totalInputBits() - evaluatorBits);
        }
        BitString[] zeros = c.inputs().stream().map(g -> BitString.zeros(g.width())).toArray(BitString[]::new);
        List<String> expected = new ArrayList<>();
        for (BitString out : new PlainEvaluator().evaluate(c, zeros)) {
            expected.add(out.toHex(false));
        }
        try {
            return new Circuit(name, source, c, PartyCircuits.temporaryFile(c, name), expected);
        } catch (IOException e) {
            throw new IllegalStateException(name + ": cannot write the compiled circuit to a temporary file: " + e.getMessage(), e);
        }
    }

    /** {@code c} with the same gates and its input bits regrouped: the first {@code garblerBits} the garbler's, the rest the evaluator's. */
    static CompiledCircuit split(CompiledCircuit c, int garblerBits) {
        int[] in = c.inputSlotsView();
        CompiledCircuit.Builder b = new CompiledCircuit.Builder(c.slots()).sourceCounts(c.sourceCounts());
        b.input("in1", Party.GARBLER, Arrays.copyOfRange(in, 0, garblerBits));
        b.input("in2", Party.EVALUATOR, Arrays.copyOfRange(in, garblerBits, in.length));
        b.expectGates(c.gateCount());
        for (int g = 0; g < c.gateCount(); g++) {
            b.gate(c.op(g), c.in0(g), c.in1(g), c.out(g));
        }
        for (WireGroup<Receiver> o : c.outputs()) {
            b.output(o.name(), o.owner(), o.slots());
        }
        for (int i = 0; i < c.andBatchCount(); i++) {
            b.andBatch(c.andBatchStart(i), c.andBatchLength(i));
        }
        return b.build();
    }
}
