package io.yaostream.compiler;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.RandomBristol;
import io.yaostream.compiler.testing.SharedCircuits;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles.Format;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Compiled circuits (random Bristol files, and AES and SHA-1 from the shared folder) through every compiled
 * format and back through the loader, as {@code compile} then {@code eval} use them: slot-ID files give an
 * equal circuit, ME-SFE files one that computes the same.
 */
class CompiledRoundTripTest {

    @Test
    void randomCompiledCircuits() {
        for (int seed = 0; seed < 12; seed++) {
            RandomBristol.Source src = seed % 3 == 0 ? RandomBristol.old(seed, 2000) : RandomBristol.fashion(seed, 2000);
            CompiledCircuit c = CircuitLoader.load(src.bytes(), "r.txt", null, new Compiler.Options(seed % 4));
            assertRoundTrips(c, seed);
        }
    }

    @Test
    void sharedCircuits() {
        for (String name : new String[] {"aes_128.txt", "AES-non-expanded.txt", "sha-1.txt", "neg64.txt", "FP-eq.txt"}) {
            assertRoundTrips(SharedCircuits.load(name), name.hashCode());
        }
    }

    private static void assertRoundTrips(CompiledCircuit c, long seed) {
        for (Format f : Format.values()) {
            String name = "c." + switch (f) {
                case SLOT_BINARY -> "ysid";
                case SLOT_TEXT -> "yst";
                case MESFE_TEXT -> "mec";
                case MESFE_BINARY -> "bmec";
            };
            CompiledCircuit back = CircuitLoader.load(TestCircuits.write(c, f), name, null, Compiler.Options.DEFAULT);
            if (f == Format.SLOT_BINARY || f == Format.SLOT_TEXT) {
                assertEquals(c, back, f + ", " + seed);
            } else {
                TestCircuits.assertMesfeEquivalent(c, back, seed, 2);
            }
        }
    }
}
