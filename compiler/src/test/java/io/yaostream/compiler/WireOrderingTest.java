package io.yaostream.compiler;

import io.yaostream.compiler.ir.Compiler;
import io.yaostream.compiler.testing.SharedCircuits;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.WireOrdering;
import io.yaostream.core.garble.GarblingCost;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;

import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The wire orderings of GLNP15 §5 on AES-non-expanded against its Tables 4, 5 and 7, and their defining properties
 * (Definitions 5.1 and 5.2) on random circuits.
 */
class WireOrderingTest {
    /** Table 7's XOR ciphertexts: its totals less 6,800 AND gates at 3 (monotone) or 2 (safe) ciphertexts. */
    private static final long PAPER_MONOTONE = 24_262 - 20_400;
    private static final long PAPER_SAFE_MON1 = 29_689 - 13_600;
    private static final long PAPER_SAFE_MON2 = 37_989 - 13_600;

    private static CompiledCircuit aes(Compiler.Options options) {
        return CircuitLoader.load(SharedCircuits.bristolDir().resolve("AES-non-expanded.txt"), CircuitLoader.SourceFormat.BRISTOL_OLD, options);
    }

    /**
     * The monotone ordering does not depend on the gate order: 3,874 XOR ciphertexts on AES against the paper's 3,862
     * (0.3% more; 24,274 against 24,262 in all). Table 4 gives 0.15 per XOR gate and Table 5 0.31 PRF calls.
     */
    @Test
    void monotoneOnAesIsTheTable7Row() {
        for (Compiler.Options o : new Compiler.Options[] {Compiler.Options.DEFAULT, new Compiler.Options(4096, false)}) {
            WireOrdering w = aes(o).wireOrdering(WireOrdering.Heuristic.MONOTONE);
            assertEquals(3_874, w.xorTranslations());
            assertWithin(PAPER_MONOTONE + 20_400, 20_400 + w.xorTranslations(), 0.02);
        }
        GarblingCost cost = Schemes.byName("flexor-monotone").cost(SharedCircuits.load("AES-non-expanded.txt"));
        assertEquals(0.15, cost.perXor(), 0.005);
        assertEquals(0.31, cost.prfPerXor(), 0.005);
        assertEquals(256, cost.inputCiphertexts());
    }

    /**
     * The safe orderings follow the gate order (an AND gate's class is its rank among the AND gates). In the Bristol
     * file's own order (compile --keep-order) SafeMon1 gives 16,156 XOR ciphertexts against the paper's 16,089 (29,756
     * against 29,689, 0.2% more). SafeMon2 as we read Fig. 11 gives 28,970 against 24,389 in that order: see
     * docs/garbling-schemes.md section 13.
     */
    @Test
    void safeOrderingsOnAesInTheFilesOrder() {
        CompiledCircuit c = aes(new Compiler.Options(4096, false));
        long mon1 = c.wireOrdering(WireOrdering.Heuristic.SAFE_MON1).xorTranslations();
        assertEquals(16_156, mon1);
        assertWithin(PAPER_SAFE_MON1 + 13_600, mon1 + 13_600, 0.02);
        assertEquals(28_970, c.wireOrdering(WireOrdering.Heuristic.SAFE_MON2).xorTranslations());
        assertTrue(PAPER_SAFE_MON2 < 28_970);
    }

    /** In the default compiled order (AND gates gathered into batches) the safe orderings differ: recorded here. */
    @Test
    void safeOrderingsOnAesInTheCompiledOrder() {
        CompiledCircuit c = aes(Compiler.Options.DEFAULT);
        assertEquals(20_776, c.wireOrdering(WireOrdering.Heuristic.SAFE_MON1).xorTranslations());
        assertEquals(20_055, c.wireOrdering(WireOrdering.Heuristic.SAFE_MON2).xorTranslations());
    }

    /**
     * On random circuits every ordering is monotone (derive checks Definition 5.1 itself), the safe ones are safe
     * (Definition 5.2: AND gate k's class is k, above every class before it), translations are counted right, and
     * each class opens at its first AND gate.
     */
    @Test
    void orderingsAreMonotoneAndTheSafeOnesSafe() {
        for (int seed = 0; seed < 300; seed++) {
            CompiledCircuit c = TestCircuits.random(new Random(seed), 1 + new Random(seed).nextInt(400));
            for (WireOrdering.Heuristic h : WireOrdering.Heuristic.values()) {
                WireOrdering w = c.wireOrdering(h);
                int[] classOfSlot = new int[c.slots()];
                int ands = 0;
                int highest = 0;
                long translations = 0;
                java.util.Set<Integer> opened = new java.util.HashSet<>(java.util.List.of(0));
                for (int g = 0; g < c.gateCount(); g++) {
                    int op = c.op(g);
                    GateOp.Kind kind = GateOp.kind(op);
                    if (kind == GateOp.Kind.AND) {
                        ands++;
                        int k = w.outputClass(g);
                        assertTrue(k > Math.max(classOfSlot[c.in0(g)], classOfSlot[c.in1(g)]), h + " seed " + seed);
                        if (h != WireOrdering.Heuristic.MONOTONE) {
                            assertEquals(ands, k, h + ": AND gate " + ands + "'s class, seed " + seed);
                            assertTrue(k > highest, h + ": safe, seed " + seed);
                        }
                        assertEquals(opened.add(k), w.opensClass(g), h + " seed " + seed);
                        classOfSlot[c.out(g)] = k;
                    } else if (kind == GateOp.Kind.XOR) {
                        int k = w.outputClass(g);
                        int t = (classOfSlot[c.in0(g)] != k ? 1 : 0) | (classOfSlot[c.in1(g)] != k ? 2 : 0);
                        assertEquals(t, w.translations(g), h + " seed " + seed);
                        assertTrue(opened.contains(k), h + ": an XOR gate's class is open before it, seed " + seed);
                        translations += Integer.bitCount(t);
                        classOfSlot[c.out(g)] = k;
                    } else if (kind == GateOp.Kind.CONST) {
                        classOfSlot[c.out(g)] = 0;
                    } else {
                        int form = GateOp.freeForm(op);
                        classOfSlot[c.out(g)] = classOfSlot[(form & GateOp.FREE_LEFT) != 0 ? c.in0(g) : c.in1(g)];
                    }
                    highest = Math.max(highest, classOfSlot[c.out(g)]);
                }
                assertEquals(translations, w.xorTranslations(), h + " seed " + seed);
            }
        }
    }

    private static void assertWithin(long paper, long ours, double fraction) {
        assertTrue(Math.abs(ours - paper) <= fraction * paper, ours + " not within " + fraction + " of " + paper);
    }
}
