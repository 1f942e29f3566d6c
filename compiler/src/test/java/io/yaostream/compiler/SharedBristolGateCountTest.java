package io.yaostream.compiler;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.SharedCircuits;
import io.yaostream.core.circuit.CompiledCircuit;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compiled gate counts of the shared Bristol files against the README's inventory (counted from the files'
 * gate lines): compiling never adds AND or XOR gates, and where no constant folding applies it keeps every
 * one of them. Only INV gates disappear (NOT folding), except where an output needs an inverted value.
 */
class SharedBristolGateCountTest {
    /**
     * Files with gates the netlist folds away (x XOR x, x AND x, constants and what they feed): FP-eq and FP-lt
     * build their constant-zero output bits from an XOR of a wire with itself.
     */
    private static final Set<String> FOLDED = Set.of("divide64.txt", "FP-mul.txt", "udivide64.txt", "FP-eq.txt", "FP-lt.txt");

    @Test
    void compiledCountsNeverExceedTheReadmeAndMatchItWithoutFolding() {
        Map<String, int[]> readme = SharedCircuits.readmeCounts();
        assertEquals(new HashSet<>(SharedCircuits.files()), readme.keySet(), "README inventory lists exactly the files present");
        for (Map.Entry<String, int[]> e : readme.entrySet()) {
            String name = e.getKey();
            CompiledCircuit c = SharedCircuits.load(name);
            int and = e.getValue()[0];
            int xor = e.getValue()[1];
            int mand = e.getValue()[5];
            assertTrue(c.counts().and() <= and + mand, name + ": compiled AND " + c.counts().and() + " > " + and);
            assertTrue(c.counts().xor() <= xor, name + ": compiled XOR " + c.counts().xor() + " > " + xor);
            assertTrue(c.counts().inv() <= c.totalOutputBits(), name + ": INV gates remain that no output needs");
            if (!FOLDED.contains(name)) {
                assertEquals(and, c.counts().and(), name + ": AND gates");
                assertEquals(xor, c.counts().xor(), name + ": XOR gates");
            } else {
                assertTrue(c.counts().and() + c.counts().xor() < and + xor, name + " folds some gates");
            }
        }
    }

    @Test
    void headlineCounts() {
        assertEquals(6400, SharedCircuits.load("aes_128.txt").counts().and());
        assertEquals(6800, SharedCircuits.load("AES-non-expanded.txt").counts().and());
        assertEquals(25124, SharedCircuits.load("AES-non-expanded.txt").counts().xor());
        assertEquals(37300, SharedCircuits.load("sha-1.txt").counts().and());
        assertEquals(4033, SharedCircuits.load("mult64.txt").counts().and());
        assertEquals(63, SharedCircuits.load("adder64.txt").counts().and());
    }

    /**
     * The compiler trades a few slots for long AND batches, within its bound: never more than 1/8 above the
     * smallest working set it found, nor above the in-order allocator's. aes_128 in level order pipelines its
     * 6,400 ANDs in about 60 batches (its smallest working set, 908 slots, comes in 2,403 batches).
     */
    @Test
    void fewerBatchesForAFewSlotsWithinTheBound() {
        for (String name : SharedCircuits.files()) {
            CompiledCircuit c = SharedCircuits.load(name);
            CompiledCircuit inOrder = CircuitLoader.load(SharedCircuits.bristolDir().resolve(name), null, Compiler.Options.IN_ORDER);
            assertTrue(c.slots() <= inOrder.slots(), name + ": S " + c.slots() + " > in-order " + inOrder.slots());
        }
        CompiledCircuit aes = SharedCircuits.load("aes_128.txt");
        assertTrue(aes.andBatchCount() <= 64, "aes_128 batches: " + aes.andBatchCount());
        assertTrue(aes.slots() <= 908 + 908 / 8, "aes_128 slots: " + aes.slots());
    }
}
