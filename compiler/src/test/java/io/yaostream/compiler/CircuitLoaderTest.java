package io.yaostream.compiler;

import io.yaostream.compiler.CircuitLoader.SourceFormat;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.RandomBristol;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.format.CircuitFiles;
import io.yaostream.core.format.CircuitFormatException;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The loader every command uses: the format guessed or named, from bytes or from a path. */
class CircuitLoaderTest {

    @Test
    void namedFormatsGiveWhatDetectionGives() {
        RandomBristol.Source src = RandomBristol.fashion(7, 500);
        CompiledCircuit c = CircuitLoader.load(src.bytes(), "s.txt", null, Compiler.Options.DEFAULT);
        assertEquals(c, CircuitLoader.load(src.bytes(), "s.txt", SourceFormat.BRISTOL, Compiler.Options.DEFAULT));
        for (Format f : Format.values()) {
            byte[] data = TestCircuits.write(c, f);
            CompiledCircuit guessed = CircuitLoader.load(data, "c.any", null, Compiler.Options.DEFAULT);
            SourceFormat named = f == Format.SLOT_BINARY || f == Format.SLOT_TEXT ? SourceFormat.SLOT : SourceFormat.MESFE;
            assertEquals(guessed, CircuitLoader.load(data, "c.any", named, Compiler.Options.DEFAULT), f.toString());
        }
        assertEquals(SourceFormat.BRISTOL_OLD, SourceFormat.fromKey("Bristol-Old"));
        assertThrows(IllegalArgumentException.class, () -> SourceFormat.fromKey("verilog"));
    }

    @Test
    void loadsFromPathsWithOneLineErrors(@TempDir Path dir) throws Exception {
        Path src = dir.resolve("adder.txt");
        Files.write(src, RandomBristol.old(3, 100).bytes());
        CompiledCircuit c = CircuitLoader.load(src);
        Path out = dir.resolve("adder.ysid");
        CircuitFiles.write(c, out, CircuitFiles.formatForName(out.toString()));
        assertEquals(c, CircuitLoader.load(out));

        CircuitFormatException missing = assertThrows(CircuitFormatException.class, () -> CircuitLoader.load(dir.resolve("nope.txt")));
        assertTrue(missing.getMessage().endsWith("nope.txt: no such file"), missing.getMessage());
        CircuitFormatException directory = assertThrows(CircuitFormatException.class, () -> CircuitLoader.load(dir));
        assertTrue(directory.getMessage().contains("is a directory"), directory.getMessage());
    }
}
