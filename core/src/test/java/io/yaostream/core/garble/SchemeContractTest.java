package io.yaostream.core.garble;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireOrdering;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What every garbling scheme must do: decode to the plaintext result, and fail loudly on altered material. */
class SchemeContractTest {
    static List<String> schemes() {
        return Schemes.names();
    }

    private static BitString randomValue(Random rnd, int width) {
        boolean[] bits = new boolean[width];
        for (int i = 0; i < width; i++) {
            bits[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(bits);
    }

    private static BitString[] randomInputs(Random rnd, CompiledCircuit c) {
        BitString[] in = new BitString[c.inputs().size()];
        for (int i = 0; i < in.length; i++) {
            in[i] = randomValue(rnd, c.inputs().get(i).width());
        }
        return in;
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void thousandsOfRandomCircuitsDecodeToThePlaintextResult(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        PlainEvaluator plain = new PlainEvaluator();
        for (int seed = 0; seed < 2000; seed++) {
            Random rnd = new Random(seed);
            CompiledCircuit c = TestCircuits.random(rnd, 1 + rnd.nextInt(seed % 10 == 0 ? 2000 : 120));
            BitString[] in = randomInputs(rnd, c);
            LocalGarbling.Result r = new LocalGarbling(scheme, kernel, kernel, AesCtrRandom.forTesting(seed)).run(c, in);
            assertArrayEquals(plain.evaluate(c, in), r.outputs(), name + ", seed " + seed);
        }
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void aCachedCircuitCalledManyTimesUsesFreshGateIndices(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(99);
        CompiledCircuit c = TestCircuits.random(rnd, 400);
        LocalGarbling session = new LocalGarbling(scheme, kernel, kernel, AesCtrRandom.forTesting(1));
        long indicesPerCall = -1;
        for (int call = 1; call <= 50; call++) {
            BitString[] in = randomInputs(rnd, c);
            assertArrayEquals(new PlainEvaluator().evaluate(c, in), session.run(c, in).outputs(), "call " + call);
            long used = session.garbler().gatesIndexed();
            if (indicesPerCall < 0) {
                indicesPerCall = used;
            }
            assertEquals(indicesPerCall * call, used, "gate counter runs on across calls");
            assertEquals(used, session.evaluator().gateIndex(), "both sides number gates alike");
        }
        assertTrue(indicesPerCall >= c.counts().and());
    }

    /** A circuit of many independent AND gates over two 256-bit inputs. */
    private static CompiledCircuit wideAnd(int width, int tt) {
        int[] a = new int[width];
        int[] b = new int[width];
        int[] o = new int[width];
        for (int i = 0; i < width; i++) {
            a[i] = i;
            b[i] = width + i;
            o[i] = 2 * width + i;
        }
        CompiledCircuit.Builder bld = new CompiledCircuit.Builder(3 * width).input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        for (int i = 0; i < width; i++) {
            bld.gate(tt, a[i], b[i], o[i]);
        }
        return bld.output("o", Receiver.BOTH, o).build();
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void evaluatorVisibleColourBitsAreUniform(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        CompiledCircuit c = wideAnd(256, GateOp.AND);
        long[] label = new long[2];
        int ones = 0;
        int total = 0;
        BitString[] in = {BitString.zeros(256), BitString.zeros(256)}; // same values every time: colours must still vary
        for (int run = 0; run < 40; run++) {
            LocalGarbling g = new LocalGarbling(scheme, kernel, kernel, AesCtrRandom.forTesting(1000 + run));
            g.run(c, in);
            for (int s = 0; s < c.slots(); s++) {
                g.evaluator().activeLabel(s, label, 0);
                ones += (int) (label[0] & 1);
                total++;
            }
        }
        // 30,720 colour bits: the standard deviation of the share is 0.0029; allow about 5 of them.
        assertEquals(0.5, ones / (double) total, 0.015, name + ": share of colour 1 among " + total + " active labels");
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void theTwoLabelsOfAWireHaveDifferentColours(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(8);
        CompiledCircuit c = TestCircuits.random(rnd, 500);
        LocalGarbling g = new LocalGarbling(scheme, kernel, kernel, AesCtrRandom.forTesting(8));
        g.run(c, randomInputs(rnd, c));
        long[] pair = new long[4];
        for (int s : c.outputSlotsView()) {
            g.garbler().labelPair(s, pair);
            assertNotEquals(pair[0] & 1, pair[2] & 1, name + ": slot " + s);
        }
    }

    /**
     * With free XOR, the two labels of every wire (inputs and gate outputs alike) differ by the one global Δ,
     * whose low bit is 1. In prf-only there is no Δ: no two wires share the difference of their labels.
     */
    @ParameterizedTest
    @MethodSource("schemes")
    void labelPairsDifferByDeltaExactlyWhenTheSchemeHasFreeXor(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(12);
        CompiledCircuit c = wideAnd(128, GateOp.AND);
        LocalGarbling g = new LocalGarbling(scheme, kernel, kernel, AesCtrRandom.forTesting(12));
        g.run(c, randomInputs(rnd, c));
        long[] pair = new long[4];
        java.util.Set<String> differences = new java.util.HashSet<>();
        for (int s = 0; s < c.slots(); s++) {
            g.garbler().labelPair(s, pair);
            long dLo = pair[0] ^ pair[2];
            long dHi = pair[1] ^ pair[3];
            assertEquals(1, dLo & 1, name + ": the two labels of slot " + s + " have the same colour");
            differences.add(dLo + ":" + dHi);
        }
        boolean freeXor = scheme.ciphertextsPerXor() == 0;
        WireOrdering.Heuristic ordering = flexorOrdering(name);
        if (ordering != null) {
            assertEquals(classesHeld(c, c.wireOrdering(ordering)), differences.size(),
                    name + ": wires of one class share an offset, and each class has its own");
            return;
        }
        assertEquals(freeXor ? 1 : c.slots(), differences.size(),
                name + (freeXor ? ": every wire's labels must differ by the same Δ" : ": label differences must be independent"));
    }

    /** The wire ordering of a fleXOR scheme, null for the others. */
    static WireOrdering.Heuristic flexorOrdering(String name) {
        return switch (name) {
            case "flexor-monotone" -> WireOrdering.Heuristic.MONOTONE;
            case "flexor-safemon1" -> WireOrdering.Heuristic.SAFE_MON1;
            case "flexor-safemon2" -> WireOrdering.Heuristic.SAFE_MON2;
            default -> null;
        };
    }

    /** Distinct classes among the wires the slots of {@code c} hold after a walk (inputs are class 0). */
    private static long classesHeld(CompiledCircuit c, WireOrdering o) {
        int[] cls = new int[c.slots()];
        for (int g = 0; g < c.gateCount(); g++) {
            cls[c.out(g)] = o.outputClass(g);
        }
        return java.util.Arrays.stream(cls).distinct().count();
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void tamperedTablesNeverDecodeToAWrongBit(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(21);
        CompiledCircuit c = wideAnd(64, GateOp.AND);
        int detected = 0;
        for (int trial = 0; trial < 200; trial++) {
            BitString[] in = randomInputs(rnd, c);
            BitString[] expected = new PlainEvaluator().evaluate(c, in);
            GarblerCore garbler = scheme.newGarbler(kernel, AesCtrRandom.forTesting(trial));
            EvaluatorCore evaluator = scheme.newEvaluator(kernel);
            MemoryGarbledStream stream = new MemoryGarbledStream();
            LocalGarbling.encode(c, in, garbler, evaluator);
            garbler.garble(c, stream);
            stream.flipUnreadBit(rnd.nextInt(stream.available() * 8));
            try {
                evaluator.evaluate(c, stream); // a scheme may already notice the damage here
                BitString[] out = LocalGarbling.decode(c, garbler, evaluator, stream);
                assertArrayEquals(expected, out, name + ": a tampered table gave a wrong result, trial " + trial);
            } catch (GarblingException e) {
                detected++;
            }
        }
        assertTrue(detected > 50, name + ": only " + detected + " of 200 tamperings were detected");
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void anAlteredOutputLabelIsRefused(String name) {
        GarblingScheme scheme = Schemes.byName(name);
        Kernel kernel = new JavaKernel();
        Random rnd = new Random(4);
        CompiledCircuit c = wideAnd(8, GateOp.AND);
        BitString[] in = randomInputs(rnd, c);
        GarblerCore garbler = scheme.newGarbler(kernel, AesCtrRandom.forTesting(4));
        EvaluatorCore evaluator = scheme.newEvaluator(kernel);
        MemoryGarbledStream stream = new MemoryGarbledStream();
        LocalGarbling.encode(c, in, garbler, evaluator);
        garbler.garble(c, stream);
        evaluator.evaluate(c, stream);
        int slot = c.outputs().get(0).slot(3);
        long[] label = new long[2];
        evaluator.activeLabel(slot, label, 0);
        label[1] ^= 1L << 40;
        evaluator.setLabel(slot, label, 0);
        GarblingException e = assertThrows(GarblingException.class, () -> LocalGarbling.decode(c, garbler, evaluator, stream));
        assertTrue(e.getMessage().contains("matches neither"), e.getMessage());
    }
}
