package io.yaostream.cli;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Compile a circuit to a slot-ID file.",
                "The output format follows OUT's extension: .mec or .bmec (ME-SFE), .txt or .yst (slot-ID text), "
                        + "anything else slot-ID binary."})
final class CompileCommand implements Callable<Integer> {
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "File to write.")
    Path out;

    @Option(names = "--text", description = "Write the slot-ID text form whatever OUT's extension.")
    boolean text;

    @Option(names = "--max-batch", paramLabel = "N", defaultValue = "4096",
            description = "Largest AND batch the scheduler builds; 0 turns batching off (default: ${DEFAULT-VALUE}).")
    int maxBatch;

    @Option(names = "--keep-order", description = "Keep the source's gate order (no depth-first reordering).")
    boolean keepOrder;

    @Mixin
    CircuitArgument circuit;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (maxBatch < 0) {
            throw new UserError("--max-batch: must be 0 or more, got " + maxBatch);
        }
        CompiledCircuit c = circuit.load(new Compiler.Options(maxBatch, !keepOrder));
        CircuitFiles.Format format = text ? CircuitFiles.Format.SLOT_TEXT : CircuitFiles.formatForName(out.getFileName().toString());
        try {
            CircuitFiles.write(c, out, format);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new UserError(out + ": cannot write: directory " + out.toAbsolutePath().getParent() + " does not exist");
        } catch (java.nio.file.AccessDeniedException e) {
            throw new UserError(out + ": cannot write: permission denied");
        } catch (IOException | IllegalArgumentException e) {
            throw new UserError(out + ": cannot write: " + e.getMessage());
        }
        PrintWriter w = spec.commandLine().getOut();
        w.println("compiled " + circuit.file + " -> " + out + ": " + c.counts() + ", working set " + c.slots()
                + " slots, " + c.andBatchCount() + " AND batches");
        return 0;
    }
}
