package io.yaostream.examples;

import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.Result;
import io.yaostream.SecureProgram;
import io.yaostream.Costs;
import io.yaostream.TwoParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every application against its plaintext reference and published vectors: on the plaintext back end as each
 * party, garbled with every scheme and both kernels over TCP loopback, and counted by the cost back end, whose
 * AND gates and bytes must equal the real run's.
 */
@Timeout(600)
class AppsTest {
    private static final HexFormat HEX = HexFormat.of();

    /** Every scheme with the Java kernel, and half-gates with the native one where it loads. */
    static List<String[]> backEnds() {
        List<String[]> b = new ArrayList<>();
        for (String s : Schemes.names()) {
            b.add(new String[] {s, Kernels.JAVA});
        }
        if (Kernels.nativeUnavailableReason() == null) {
            for (String s : Schemes.names()) {
                b.add(new String[] {s, Kernels.NATIVE});
            }
        }
        return b;
    }

    /** Runs garbled, checks each party's view against plaintext and the cost back end; returns the evaluator's run. */
    private static <R> Result<R> garbled(String scheme, String kernel, String name, SecureProgram<R> program,
                                                      Supplier<Inputs> g, Supplier<Inputs> e) {
        TwoParty config = TwoParty.garbler().scheme(scheme).kernel(kernel).name(name);
        TwoParty.Both<R> both = config.runBoth(program, g.get(), e.get());
        assertEquals(TwoParty.plain(program, Party.GARBLER, g.get(), e.get()), both.garbler().value(), name + ": the garbler's view");
        assertEquals(TwoParty.plain(program, Party.EVALUATOR, g.get(), e.get()), both.evaluator().value(), name + ": the evaluator's view");
        Costs counted = config.estimate(program, g.get(), e.get());
        assertEquals(both.evaluator().costs(), counted, name + ": the cost back end counts the run (as the evaluator saw it: the garbler has its result before it reads the last ahead chunk)");
        assertEquals(both.evaluator().costs(), counted);
        return both.evaluator();
    }

    private static PlainBits random(Random rnd, int bits) {
        return PlainBits.of(new BigInteger(bits, rnd), bits);
    }

    // ---- Hamming ----

    @ParameterizedTest
    @MethodSource("backEnds")
    void hammingDistanceIsTheBitCount(String scheme, String kernel) {
        Random rnd = new Random(1);
        for (int bits : new int[] {1, 7, 900}) {
            PlainBits a = random(rnd, bits);
            PlainBits b = random(rnd, bits);
            Result<BigInteger> r = garbled(scheme, kernel, Hamming.name(bits), Hamming.program(bits),
                    () -> Inputs.bits(a), () -> Inputs.bits(b));
            assertEquals(BigInteger.valueOf(Hamming.reference(a, b)), r.value());
            assertEquals(bits - Integer.bitCount(bits), r.andGates(), "BP06: l - h(l) AND gates");
        }
    }

    @Test
    void hamming900Costs896AndGatesInAWorkingSetOf1800() {
        Random rnd = new Random(2);
        PlainBits a = random(rnd, 900);
        PlainBits b = random(rnd, 900);
        Costs c = TwoParty.garbler().estimate(Hamming.program(900), Inputs.bits(a), Inputs.bits(b));
        assertEquals(896, c.andGates());
        assertTrue(c.workingSet() <= 1_800, "working set " + c.workingSet() + " (ME-SFE: 1,800)");
        for (int t = 0; t < 50; t++) {
            PlainBits x = random(rnd, 900);
            PlainBits y = random(rnd, 900);
            for (Party p : Party.values()) {
                assertEquals(BigInteger.valueOf(Hamming.reference(x, y)), TwoParty.plain(Hamming.program(900), p, Inputs.bits(x), Inputs.bits(y)));
            }
        }
    }

    // ---- AES ----

    private static String aes(String scheme, String kernel, String key, String... blocks) {
        return aes(scheme, kernel, Aes.SBox.BP10, key, blocks);
    }

    private static String aes(String scheme, String kernel, Aes.SBox sbox, String key, String... blocks) {
        List<PlainBits> in = new ArrayList<>();
        for (String b : blocks) {
            in.add(Aes.toBits(HEX.parseHex(b)));
        }
        PlainBits keys = Aes.toBits(Aes.expandKey(HEX.parseHex(key)));
        Result<List<PlainBits>> r = garbled(scheme, kernel, Aes.name(blocks.length, sbox), Aes.program(blocks.length, sbox),
                () -> Inputs.bits(keys), () -> Inputs.bits(in));
        if (sbox == Aes.SBox.BP10) {
            assertEquals(5_120L * blocks.length, r.andGates());
        } else {
            // 160 S-boxes a block, each a zero test of 7 AND gates, two one-hot gates of 22 ciphertexts and a revealed
            // byte: 929 bytes with half-gates (HK21 §7.6), 1,041 with grr3, where AND gates take 3 ciphertexts.
            assertEquals(160L * 7 * blocks.length, r.andGates());
            assertEquals(160L * (scheme.equals("grr3") ? 1_041 : 929) * blocks.length, r.costs().tableBytes());
        }
        StringBuilder out = new StringBuilder();
        for (PlainBits c : r.value()) {
            out.append(out.length() == 0 ? "" : " ").append(HEX.formatHex(Aes.toBytes(c)));
        }
        return out.toString();
    }

    @ParameterizedTest
    @MethodSource("backEnds")
    void aesGivesTheFips197Vectors(String scheme, String kernel) throws Exception {
        // FIPS-197 Appendix C.1 and Appendix B, in one session of two blocks where the key is the same.
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a", aes(scheme, kernel, "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff"));
        assertEquals("3925841d02dc09fbdc118597196a0b32", aes(scheme, kernel, "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734"));
        Random rnd = new Random(3);
        byte[] key = new byte[16];
        byte[] b1 = new byte[16];
        byte[] b2 = new byte[16];
        rnd.nextBytes(key);
        rnd.nextBytes(b1);
        rnd.nextBytes(b2);
        Cipher jdk = Cipher.getInstance("AES/ECB/NoPadding");
        jdk.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"));
        assertEquals(HEX.formatHex(jdk.doFinal(b1)) + " " + HEX.formatHex(jdk.doFinal(b2)), aes(scheme, kernel, HEX.formatHex(key), HEX.formatHex(b1), HEX.formatHex(b2)));
    }

    /** The one-hot S-box (HK21 §7.6) instead of Boyar–Peralta's: the same ciphertexts, with the schemes that garble it. */
    @ParameterizedTest
    @MethodSource("oneHotBackEnds")
    void aesWithTheOneHotSBoxGivesTheFips197Vectors(String scheme, String kernel) {
        assertEquals("69c4e0d86a7b0430d8cdb78070b4c55a",
                aes(scheme, kernel, Aes.SBox.ONE_HOT, "000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff"));
        assertEquals("3925841d02dc09fbdc118597196a0b32 3925841d02dc09fbdc118597196a0b32",
                aes(scheme, kernel, Aes.SBox.ONE_HOT, "2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734",
                        "3243f6a8885a308d313198a2e0370734"));
    }

    /** half-gates and grr3 (the schemes with one-hot garbling) with the Java kernel, and with the native one where it loads. */
    static List<String[]> oneHotBackEnds() {
        return backEnds().stream().filter(b -> Schemes.byName(b[0]).oneHot()).toList();
    }

    /**
     * The flat circuit of one block ({@code bench apps}'s aes-1000-flat row): the program's AND gates, and FIPS-197's
     * ciphertexts in plaintext and garbled, in a session that repeats it.
     */
    @Test
    void theFlatAesCircuitHasTheProgramsGatesAndGivesTheFips197Vectors() {
        io.yaostream.core.circuit.CompiledCircuit flat = Aes.flatCircuit();
        assertEquals(5_120, flat.counts().and());
        String[][] vectors = {{"000102030405060708090a0b0c0d0e0f", "00112233445566778899aabbccddeeff", "69c4e0d86a7b0430d8cdb78070b4c55a"},
                {"2b7e151628aed2a6abf7158809cf4f3c", "3243f6a8885a308d313198a2e0370734", "3925841d02dc09fbdc118597196a0b32"}};
        for (String[] v : vectors) {
            PlainBits keys = Aes.toBits(Aes.expandKey(HEX.parseHex(v[0])));
            PlainBits block = Aes.toBits(HEX.parseHex(v[1]));
            BitString[] plain = new io.yaostream.core.plain.PlainEvaluator().evaluate(flat, new BitString[] {CoreBridge.bits(keys), CoreBridge.bits(block)});
            assertEquals(v[2], HEX.formatHex(Aes.toBytes(CoreBridge.bits(plain[0]))));
            TwoParty.Both<List<java.util.Optional<BitString>>> both = CoreBridge.circuits(TwoParty.garbler().name("flat"), List.of(flat))
                    .runBoth(CoreBridge.program(new io.yaostream.core.program.RepeatProgram(flat, 3)), Inputs.bits(keys), Inputs.bits(block));
            assertEquals(v[2], HEX.formatHex(Aes.toBytes(CoreBridge.bits(both.evaluator().value().get(0).orElseThrow()))));
            assertEquals(3 * 5_120, both.evaluator().andGates());
        }
    }

    @Test
    void theKeyScheduleGivesFips197AppendixA1() {
        byte[] w = Aes.expandKey(HEX.parseHex("2b7e151628aed2a6abf7158809cf4f3c"));
        assertEquals("a0fafe17", HEX.formatHex(w, 16, 20), "w4");
        assertEquals("b6630ca6", HEX.formatHex(w, 172, 176), "w43");
    }

    // ---- PRESENT ----

    @ParameterizedTest
    @MethodSource("backEnds")
    void presentGivesThePapersVectors(String scheme, String kernel) {
        String[][] vectors = { // Bogdanov et al., CHES 2007, Appendix: key, plaintext, ciphertext
            {"00000000000000000000", "0000000000000000", "5579c1387b228445"},
            {"ffffffffffffffffffff", "0000000000000000", "e72c46c0f5945049"},
            {"00000000000000000000", "ffffffffffffffff", "a112ffc72f68417b"},
            {"ffffffffffffffffffff", "ffffffffffffffff", "3333dcd3213210d2"},
        };
        for (String[] v : vectors) {
            BigInteger key = new BigInteger(v[0], 16);
            PlainBits block = PlainBits.fromHex(v[1], 64);
            Result<List<PlainBits>> r = garbled(scheme, kernel, Present.name(1), Present.program(1),
                    () -> Inputs.bits(Present.roundKeys(key)), () -> Inputs.bits(block));
            assertEquals(v[2], r.value().get(0).toHex());
            assertEquals(v[2], String.format("%016x", Present.encrypt(key, block.toBigInteger().longValue())), "the plaintext reference");
            assertEquals(1_984, r.andGates());
        }
    }

    @Test
    void presentAgreesWithItsReferenceOnRandomKeysAndBlocks() {
        Random rnd = new Random(4);
        for (int t = 0; t < 30; t++) {
            BigInteger key = new BigInteger(80, rnd);
            long block = rnd.nextLong();
            List<PlainBits> c = TwoParty.plain(Present.program(1), Party.EVALUATOR, Inputs.bits(Present.roundKeys(key)),
                    Inputs.bits(PlainBits.of(new BigInteger(Long.toUnsignedString(block)), 64)));
            assertEquals(Present.encrypt(key, block), c.get(0).toBigInteger().longValue());
        }
    }

    // ---- Karatsuba ----

    @ParameterizedTest
    @MethodSource("backEnds")
    void karatsubaIsTheProduct(String scheme, String kernel) {
        Random rnd = new Random(5);
        for (int bits : new int[] {1, 13, 128}) {
            PlainBits x = random(rnd, bits);
            PlainBits y = random(rnd, bits);
            Result<BigInteger> r = garbled(scheme, kernel, Karatsuba.name(bits), Karatsuba.program(bits),
                    () -> Inputs.bits(x), () -> Inputs.bits(y));
            assertEquals(x.toBigInteger().multiply(y.toBigInteger()), r.value());
            if (bits == 128) {
                assertTrue(r.andGates() < 17_125, r.andGates() + " AND gates (ME-SFE's circuit: 17,125)");
                assertTrue(r.costs().workingSet() <= 1_074, "working set " + r.costs().workingSet() + " (ME-SFE: 1,074)");
            }
        }
    }

    // ---- Minimum ----

    @ParameterizedTest
    @MethodSource("backEnds")
    void everyMinimumStrategyFindsTheSmallestValue(String scheme, String kernel) {
        int perParty = 600; // more than one subset of 500, and a last one that is short
        int bits = 20;
        long[] g = Minimum.random(perParty, bits, 6);
        long[] e = Minimum.random(perParty, bits, 7);
        for (Minimum.Strategy s : Minimum.Strategy.values()) {
            Result<BigInteger> r = garbled(scheme, kernel, Minimum.name(perParty, bits, s, 500), Minimum.program(perParty, bits, s, 500),
                    () -> Minimum.feed(g, bits), () -> Minimum.feed(e, bits));
            assertEquals(BigInteger.valueOf(Minimum.reference(g, e)), r.value(), "strategy " + s);
            assertEquals(2L * (2 * perParty - 1) * bits, r.andGates(), "2(N-1)w AND gates");
        }
    }

    /**
     * The subset circuit's comparisons run side by side within ME-SFE's working set: 500 values of 20 bits in 10,002
     * slots, 2·499·20 AND gates, in under a thousand AND batches (a fold in order takes 10,479: a batch per carry bit).
     */
    @Test
    void theMinimumOfASubsetBatchesItsComparisonsWithinMeSfesWorkingSet() {
        io.yaostream.compiler.dsl.CircuitBuilder b = new io.yaostream.compiler.dsl.CircuitBuilder();
        io.yaostream.compiler.dsl.Bits[] in = new io.yaostream.compiler.dsl.Bits[500];
        for (int i = 0; i < in.length; i++) {
            in[i] = b.input("v" + i, i % 2 == 0 ? io.yaostream.core.circuit.Party.GARBLER : io.yaostream.core.circuit.Party.EVALUATOR, 20);
        }
        b.output("min", io.yaostream.core.circuit.Receiver.BOTH, Minimum.fold(b, in)[0]);
        io.yaostream.core.circuit.CompiledCircuit c = b.compile();
        assertEquals(2L * 499 * 20, c.counts().and(), "AND gates");
        assertTrue(c.slots() <= 10_002, "working set " + c.slots() + " (ME-SFE: 10,002)");
        assertTrue(c.andBatchCount() < 1_000, "AND batches: " + c.andBatchCount());
    }

    @Test
    void aMinimumSubsetOf500ValuesNeedsNoMoreThanMeSfesWorkingSet() {
        long[] g = Minimum.random(250, 20, 8);
        long[] e = Minimum.random(250, 20, 9);
        Costs c = TwoParty.garbler().estimate(Minimum.program(250, 20, Minimum.Strategy.C, 500), Minimum.feed(g, 20), Minimum.feed(e, 20));
        assertTrue(c.workingSet() <= 10_002, "working set " + c.workingSet() + " (ME-SFE: 10,002)");
        for (int t = 0; t < 20; t++) {
            long[] a = Minimum.random(37, 13, 100 + t);
            long[] b = Minimum.random(37, 13, 200 + t);
            for (Minimum.Strategy s : Minimum.Strategy.values()) {
                assertEquals(BigInteger.valueOf(Minimum.reference(a, b)),
                        TwoParty.plain(Minimum.program(37, 13, s, 10), Party.GARBLER, Minimum.feed(a, 13), Minimum.feed(b, 13)));
            }
        }
    }
}
