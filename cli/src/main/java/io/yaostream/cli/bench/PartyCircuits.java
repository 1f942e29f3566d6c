package io.yaostream.cli.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.format.CircuitFiles;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A circuit as the party processes of a bench take it: a file to name on their command lines, and inputs. */
public final class PartyCircuits {
    private PartyCircuits() {
    }

    /** {@code c} written to a temporary slot-ID binary file named after {@code name}, removed when this process exits. */
    public static Path temporaryFile(CompiledCircuit c, String name) throws IOException {
        Path file = Files.createTempFile("yaostream-" + name, ".ys");
        file.toFile().deleteOnExit();
        try (OutputStream out = Files.newOutputStream(file)) {
            CircuitFiles.write(c, out, CircuitFiles.Format.SLOT_BINARY);
        }
        return file;
    }

    /** Zero for each input group {@code party} owns, as {@code --in} values. */
    public static List<String> zeros(CompiledCircuit c, Party party) {
        List<String> in = new ArrayList<>();
        for (WireGroup<Party> g : c.inputs()) {
            if (g.owner() == party) {
                in.add("0".repeat(Math.max(1, (g.width() + 3) / 4)));
            }
        }
        return in;
    }
}
