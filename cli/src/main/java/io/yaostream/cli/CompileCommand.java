package io.yaostream.cli;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

@Command(name = "compile", mixinStandardHelpOptions = true,
        description = {"Compile a circuit to a slot-ID file.",
                "The output format follows OUT's extension: .mec or .bmec (ME-SFE), .txt or .yst (slot-ID text), "
                        + "anything else slot-ID binary."})
final class CompileCommand implements Callable<Integer> {
    @Option(names = {"-o", "--output"}, required = true, paramLabel = "OUT", description = "File to write (not the source).")
    Path out;

    @Option(names = "--text", description = "Write the slot-ID text form whatever OUT's extension.")
    boolean text;

    @Option(names = "--max-batch", paramLabel = "N", defaultValue = "4096", converter = MaxBatch.class,
            description = "Largest AND batch the scheduler builds, or unlimited; 0 turns batching off: every AND gate "
                    + "is a batch of its own (default: ${DEFAULT-VALUE}).")
    int maxBatch;

    @Option(names = "--keep-order", description = "Keep the source's gate order (no depth-first reordering).")
    boolean keepOrder;

    @Mixin
    CircuitArgument circuit;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** {@code --max-batch}: a count of 0 or more, or {@code unlimited}. */
    static final class MaxBatch implements CommandLine.ITypeConverter<Integer> {
        @Override
        public Integer convert(String value) {
            if (value.equals("unlimited")) {
                return Compiler.Options.UNLIMITED;
            }
            int n;
            try {
                n = Integer.parseInt(value);
            } catch (NumberFormatException e) {
                throw new CommandLine.TypeConversionException("'" + value + "' is not a number of AND gates nor 'unlimited'");
            }
            if (n < 0) {
                throw new CommandLine.TypeConversionException("must be 0 (batching off), more, or 'unlimited', got " + n);
            }
            return n;
        }
    }

    @Override
    public Integer call() {
        refuseToOverwriteTheSource();
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

    /** {@code -o} naming the source itself, under any path (a link, {@code ./x}), would replace it: a command-line mistake. */
    private void refuseToOverwriteTheSource() {
        boolean same;
        try {
            same = out.toAbsolutePath().normalize().equals(circuit.file.toAbsolutePath().normalize())
                    || Files.exists(out) && Files.exists(circuit.file) && Files.isSameFile(out, circuit.file);
        } catch (IOException e) {
            same = false; // cannot tell: reading the source or writing OUT reports the real problem
        }
        if (same) {
            throw new UsageError("-o: " + out + " is the source file " + circuit.file + "; write the compiled circuit elsewhere");
        }
    }
}
