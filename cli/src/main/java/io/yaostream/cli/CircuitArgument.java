package io.yaostream.cli;

import io.yaostream.Inputs;
import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.internal.CoreBridge;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Shared by the commands that take a circuit file: the file, {@code --from}, loading, describing, inputs. */
final class CircuitArgument {
    @Parameters(index = "0", paramLabel = "FILE", description = "Bristol, ME-SFE or slot-ID file.")
    Path file;

    @Option(names = "--from", paramLabel = "FORMAT",
            description = "Source format: bristol, bristol-old, mesfe or slot (default: guessed from the content).")
    String from;

    @picocli.CommandLine.Mixin
    CacheOption cache;

    @picocli.CommandLine.Spec(picocli.CommandLine.Spec.Target.MIXEE)
    picocli.CommandLine.Model.CommandSpec command;

    /** Loads for running: a compiled slot-ID binary file above the memory budget is read as it is walked. */
    CompiledCircuit load() {
        return load(Compiler.Options.DEFAULT, io.yaostream.core.format.CircuitFiles.memoryBudget());
    }

    /** Loads for compiling: the whole circuit in memory, since every gate is rewritten. */
    CompiledCircuit load(Compiler.Options options) {
        return load(options, Long.MAX_VALUE);
    }

    private CompiledCircuit load(Compiler.Options options, long memoryBudget) {
        CircuitLoader.SourceFormat format;
        try {
            format = from == null ? null : CircuitLoader.SourceFormat.fromKey(from);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--from: " + e.getMessage());
        }
        return cache.load(file, format, options, memoryBudget, command.commandLine().getErr());
    }

    /** Parses one hex value per input group, checking count and widths. */
    static BitString[] parseInputs(CompiledCircuit c, List<String> hex, boolean msbFirst) {
        return InOption.parse(hex, c.inputs(), msbFirst, "the circuit takes " + c.inputs().size() + " input value(s)").toArray(new BitString[0]);
    }

    /** Input values of a circuit, in order, as a party's inputs to a run. */
    static Inputs inputs(List<BitString> values) {
        return Inputs.bits(values.stream().map(CoreBridge::bits).toList());
    }

    private static Map<String, Object> counts(GateCounts n) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("gates", n.gates());
        m.put("and", n.and());
        m.put("xor", n.xor());
        m.put("inv", n.inv());
        m.put("const", n.constants());
        return m;
    }

    /**
     * The stable JSON description of a circuit ({@code info --json}; also the start of other commands' JSON).
     * {@code gates, and, xor, inv} count the circuit as written in its source file; {@code compiled} counts
     * the gates that run after optimisation (never more AND gates).
     */
    static Map<String, Object> describe(CompiledCircuit c) {
        Map<String, Object> m = new LinkedHashMap<>();
        GateCounts source = c.sourceCounts();
        m.put("gates", source.gates());
        m.put("and", source.and());
        m.put("xor", source.xor());
        m.put("inv", source.inv());
        m.put("compiled", counts(c.counts()));
        List<Object> inputs = new ArrayList<>();
        for (WireGroup<Party> g : c.inputs()) {
            Map<String, Object> gi = new LinkedHashMap<>();
            gi.put("name", g.name());
            gi.put("party", g.owner().key());
            gi.put("bits", g.width());
            inputs.add(gi);
        }
        m.put("inputs", inputs);
        List<Object> outputs = new ArrayList<>();
        for (WireGroup<Receiver> g : c.outputs()) {
            Map<String, Object> go = new LinkedHashMap<>();
            go.put("name", g.name());
            go.put("receiver", g.owner().key());
            go.put("bits", g.width());
            outputs.add(go);
        }
        m.put("outputs", outputs);
        m.put("workingSet", c.slots());
        m.put("andBatches", c.andBatchCount());
        return m;
    }
}
