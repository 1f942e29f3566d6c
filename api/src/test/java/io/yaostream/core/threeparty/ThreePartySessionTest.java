package io.yaostream.core.threeparty;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.Internals;
import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Three parties over memory links: every scheme gives all three the plaintext result, on random circuits and inputs. */
@Timeout(120)
class ThreePartySessionTest {
    static List<String> schemes() {
        return Schemes.names();
    }

    static BitString randomValue(Random rnd, int width) {
        boolean[] bits = new boolean[width];
        for (int i = 0; i < width; i++) {
            bits[i] = rnd.nextBoolean();
        }
        return BitString.fromBits(bits);
    }

    /** Runs {@code c} with random inputs as three parties and checks every party's outputs against plaintext. */
    static List<ThreeParty.Outcome<List<Optional<BitString>>>> runAndCheck(ThreeParty config, CompiledCircuit c, long repeat, Random rnd) {
        BitString[] inputs = new BitString[c.inputs().size()];
        List<List<BitString>> feeds = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int g = 0; g < inputs.length; g++) {
            inputs[g] = randomValue(rnd, c.inputs().get(g).width());
            feeds.get(ThreePartyCircuit.owner(g) - 1).add(inputs[g]);
        }
        BitString[] expected = new PlainEvaluator().evaluate(c, inputs);
        ThreePartyCircuit program = new ThreePartyCircuit(c, repeat);
        List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes = Internals.runAll(config.name(program.name()), ThreeLinks.inMemory(30_000),
                program, feeds.stream().map(f -> Inputs.bits(f.stream().map(CoreBridge::bits).toList())).toList());
        for (ThreeParty.Outcome<List<Optional<BitString>>> o : outcomes) {
            if (o.failure() != null) {
                throw new AssertionError("P" + o.party() + " failed: " + o.failure().getMessage(), o.failure());
            }
            List<Optional<BitString>> got = o.result().value();
            for (int g = 0; g < expected.length; g++) {
                assertEquals(Optional.of(expected[g]), got.get(g), "P" + o.party() + ", output " + g);
            }
            assertEquals(repeat * c.counts().and(), o.result().andGates());
        }
        return outcomes;
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void randomCircuitsGiveEveryPartyThePlaintextResult(String scheme) {
        Random rnd = new Random(scheme.hashCode() * 31L + 3);
        for (int k = 0; k < 12; k++) {
            CompiledCircuit c = TestCircuits.random(rnd, 1 + rnd.nextInt(k % 4 == 0 ? 3000 : 200));
            runAndCheck(ThreeParty.as(1).scheme(scheme).kernel("java"), c, 1 + rnd.nextInt(3), rnd);
        }
    }

    @Test
    void materialSplitsEvenlyBetweenTheGarblersAndP3GetsOneCopy() {
        Random rnd = new Random(5);
        CompiledCircuit c = TestCircuits.random(rnd, 3000);
        var outcomes = runAndCheck(ThreeParty.as(1).kernel("java"), c, 40, rnd);
        ThreeParty.Result<?> p1 = outcomes.get(0).result();
        ThreeParty.Result<?> p2 = outcomes.get(1).result();
        ThreeParty.Result<?> p3 = outcomes.get(2).result();
        long tables = 40L * 32 * c.counts().and();
        long toP3 = p1.sentTo()[3] + p2.sentTo()[3];
        assertTrue(toP3 >= tables && toP3 < tables * 1.05 + 200_000, "P3 receives one copy of the material: " + toP3 + " for " + tables);
        assertTrue(Math.abs(p1.sentTo()[3] - p2.sentTo()[3]) < 0.1 * toP3, "each garbler sends about half: " + p1.sentTo()[3] + " and "
                + p2.sentTo()[3]);
        assertEquals(toP3, p3.receivedFrom()[1] + p3.receivedFrom()[2]);
        assertNull(outcomes.get(2).failure());
    }
}
