package io.yaostream.cli;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.io.PrintWriter;
import java.util.concurrent.Callable;

@Command(name = "info", mixinStandardHelpOptions = true,
        description = "Gates, AND/XOR/INV counts, input and output groups, working set.")
final class InfoCommand implements Callable<Integer> {
    @Mixin
    JsonOption json;

    @Mixin
    CircuitArgument circuit;

    @Mixin
    KernelOption kernelOption;

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        CompiledCircuit c = circuit.load();
        PrintWriter out = spec.commandLine().getOut();
        String kernel = kernelOption.create().name();
        if (json.on) {
            java.util.Map<String, Object> m = CircuitArgument.describe(c);
            m.put("kernel", kernel);
            out.println(Json.write(m));
            return 0;
        }
        out.println("circuit:     " + circuit.file);
        if (!c.sourceCounts().equals(c.counts())) {
            out.println("source:      " + c.sourceCounts());
        }
        out.println("gates:       " + c.counts() + (c.sourceCounts().equals(c.counts()) ? "" : " after optimisation"));
        for (WireGroup<Party> g : c.inputs()) {
            out.println("input:       " + g.name() + ", " + g.width() + " bits from the " + g.owner().key());
        }
        for (WireGroup<Receiver> g : c.outputs()) {
            out.println("output:      " + g.name() + ", " + g.width() + " bits to " + (g.owner() == Receiver.BOTH ? "both parties" : "the " + g.owner().key()));
        }
        out.println("working set: " + c.slots() + " slots");
        out.println("kernel:      " + kernel + (kernel.equals("java") && io.yaostream.core.kernel.Kernels.nativeUnavailableReason() != null
                ? " (native: " + io.yaostream.core.kernel.Kernels.nativeUnavailableReason() + ")" : ""));
        int and = c.counts().and();
        out.println("AND batches: " + c.andBatchCount() + (c.andBatchCount() > 0
                ? String.format(" (%.1f AND gates each on average)", and / (double) c.andBatchCount()) : ""));
        return 0;
    }
}
