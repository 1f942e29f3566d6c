package io.yaostream.nativekernel;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.Internals;
import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.testing.TestCircuits;
import io.yaostream.core.threeparty.ThreeLinks;
import io.yaostream.core.threeparty.ThreePartyCircuit;
import io.yaostream.core.threeparty.ThreePartySession;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The two garblers of a three-party session on different kernels, one Java and one C, for every scheme: P3 takes the
 * garbled material only where the copy one garbler sends matches the other's digest of it, chunk by chunk (and checks
 * every input opening against commitments both garblers made), so a session that ends with the plaintext result shows
 * that the two kernels garbled the same circuit bit for bit, from the commitments through several 64 KiB chunks of
 * tables to the decoding values. Skipped, like {@link NativeKernelTest}, where the build could not make the library.
 */
@Timeout(300)
class ThreePartyKernelsTest {
    private static final int CHUNK_BYTES = 64 << 10;
    private static final int CHUNKS = 6;

    @BeforeAll
    static void nativeKernelIsBuiltHere() {
        boolean buildable = System.getProperty("os.name").toLowerCase().contains("linux")
                && System.getProperty("os.arch").equals("amd64") && ThreePartyKernelsTest.class.getResource(NativeLibrary.RESOURCE) != null;
        assumeTrue(buildable, "no native library in this build");
        assertEquals("native", Kernels.create("native").name(), "the native kernel loads and passes its self-test");
    }

    /** Every scheme with P1 on the Java kernel and P2 on the C kernel, and the other way round; P3 on either. */
    static Stream<Arguments> garblers() {
        List<Arguments> out = new ArrayList<>();
        for (String scheme : Schemes.names()) {
            out.add(Arguments.of(scheme, Kernels.JAVA, Kernels.NATIVE, Kernels.NATIVE));
            out.add(Arguments.of(scheme, Kernels.NATIVE, Kernels.JAVA, Kernels.JAVA));
        }
        return out.stream();
    }

    @ParameterizedTest(name = "{0}: P1 {1}, P2 {2}, P3 {3}")
    @MethodSource("garblers")
    void garblersOnDifferentKernelsGarbleBitForBitAlike(String scheme, String p1, String p2, String p3) {
        Random rnd = new Random(scheme.hashCode() * 31L + p1.hashCode());
        CompiledCircuit c;
        do { // three input groups: P1's and P2's inputs and both shares of P3's are committed by both garblers
            c = TestCircuits.random(rnd, 3000);
        } while (c.inputs().size() != 3 || c.counts().and() < 500);
        // At least 16 bytes a gate in every scheme: enough calls for several chunks of material.
        long repeat = (CHUNKS * (long) CHUNK_BYTES + 16L * c.counts().and() - 1) / (16L * c.counts().and());
        BitString[] inputs = new BitString[3];
        for (int g = 0; g < 3; g++) {
            boolean[] bits = new boolean[c.inputs().get(g).width()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = rnd.nextBoolean();
            }
            inputs[g] = BitString.fromBits(bits);
        }
        List<Optional<BitString>> expected = new ArrayList<>();
        for (BitString b : new PlainEvaluator().evaluate(c, inputs)) {
            expected.add(Optional.of(b));
        }

        ThreePartyCircuit program = new ThreePartyCircuit(c, repeat);
        ThreeLinks[] links = ThreeLinks.inMemory(60_000);
        String[] kernels = {p1, p2, p3};
        List<CompletableFuture<ThreeParty.Result<List<Optional<BitString>>>>> parties = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            ThreeParty config = ThreeParty.as(p).scheme(scheme).kernel(kernels[p - 1]).name(program.name());
            ThreeLinks mine = links[p - 1];
            Inputs feed = Inputs.bits(CoreBridge.bits(inputs[p - 1])); // input group g belongs to party g + 1
            parties.add(CompletableFuture.supplyAsync(() -> Internals.run(config, mine, program, feed), r -> {
                Thread t = new Thread(r, "test-3pc-kernels");
                t.setDaemon(true);
                t.start();
            }));
        }
        List<ThreeParty.Result<List<Optional<BitString>>>> results = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            try {
                results.add(parties.get(p - 1).join());
            } catch (RuntimeException e) {
                throw new AssertionError("P" + p + " (" + kernels[p - 1] + " kernel) failed: " + e.getCause().getMessage(), e);
            }
        }
        for (ThreeParty.Result<List<Optional<BitString>>> r : results) {
            assertEquals(expected, r.value(), "P" + r.party() + "'s output");
        }
        ThreeParty.Result<?> evaluator = results.get(2);
        long material = evaluator.receivedFrom()[1] + evaluator.receivedFrom()[2];
        assertEquals(repeat * c.counts().and(), evaluator.andGates());
        assertTrue(material >= CHUNKS * (long) CHUNK_BYTES,
                "P3 checked " + material + " bytes, fewer than " + CHUNKS + " chunks of 64 KiB");
        System.out.printf("[3pc kernels] %s, P1 %s, P2 %s, P3 %s: %,d AND gates x %d calls, %,d bytes to P3 (%d chunks or more)%n",
                scheme, p1, p2, p3, c.counts().and(), repeat, material, material / CHUNK_BYTES);
    }
}
