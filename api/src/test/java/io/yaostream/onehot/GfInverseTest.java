package io.yaostream.onehot;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.core.testing.Uniformity;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static io.yaostream.onehot.ModuleChecks.random;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The field inverse of HK21 Fig. 10: every value, its cost, and the distribution of what it reveals. */
class GfInverseTest {
    private static List<BitString[]> elements(int n, int... values) {
        List<BitString[]> calls = new ArrayList<>();
        for (int v : values) {
            calls.add(new BitString[] {BitString.of(v, n)});
        }
        return calls;
    }

    /**
     * Bytes of one inverse in GF(2^n): the zero test's n − 1 AND gates, two one-hot gates of 2(n − 1) + n ciphertexts
     * and the n revealed bits.
     */
    private static long bytes(int n, String scheme) {
        return (n - 1) * ModuleChecks.andBytes(scheme) + 2 * 16 * (2 * (n - 1) + n) + (n + 7) / 8;
    }

    @Test
    void everyInverseOfGf256OnThePlaintextBackEndAndASampleThroughSessions() {
        List<BitString> all = new ArrayList<>();
        for (int a = 0; a < 256; a++) {
            all.add(BitString.of(a, 8));
        }
        SecureProgram<List<BitString>> program = c -> {
            List<BitString> out = new ArrayList<>();
            for (int i = 0; i < 256; i++) {
                out.add(CoreBridge.bits(GfInverse.of(c.bits(Party.EVALUATOR, 8)).reveal()));
            }
            return out;
        };
        List<BitString> got = CoreBridge.engine(program).run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.none(), InputFeed.of(all)));
        assertEquals(BitString.zeros(8), got.get(0));
        for (int a = 1; a < 256; a++) {
            long inv = got.get(a).toLong();
            assertEquals(1, BinaryField.AES.multiply(a, inv), "a = " + a);
        }
        // 929 bytes with half-gates (HK21 §7.6: 58 ciphertexts and a byte); grr3's AND gates take 3 ciphertexts.
        assertEquals(929, bytes(8, "half-gates"));
        assertEquals(1_041, bytes(8, "grr3"));
        ModuleChecks.agrees(new GfInverse.Module(), elements(8, 0, 1, 2, 0x53, 0x80, 0xff, 0xca), scheme -> bytes(8, scheme));
    }

    @Test
    void otherFieldsUpToSixteenBits() {
        // x^4 + x + 1, every element; x^7 + x + 1; x^16 + x^5 + x^3 + x + 1, HK21 B.4.1's 122 ciphertexts and 2 bytes.
        ModuleChecks.agrees(new GfInverse.Module(new BinaryField(0x13)), elements(4, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
                scheme -> bytes(4, scheme));
        ModuleChecks.agrees(new GfInverse.Module(new BinaryField(0x83)), elements(7, 0, 1, 0x40, 0x7f, 0x35), scheme -> bytes(7, scheme));
        assertEquals(122 * 16 + 2, bytes(16, "half-gates"));
        ModuleChecks.agrees(new GfInverse.Module(new BinaryField(0x1002b)), elements(16, 0, 0xbeef), scheme -> bytes(16, scheme));
        assertThrows(IllegalArgumentException.class, () -> new GfInverse.Module(new BinaryField(0x20000003fL)));
    }

    @Test
    void theStandardCircuitsAgree() {
        List<BitString[]> all = elements(8);
        for (int a = 0; a < 256; a++) {
            all.add(new BitString[] {BitString.of(a, 8)});
        }
        // AES's field: Boyar-Peralta's 32 AND gates and a linear map, 1,024 bytes.
        ModuleChecks.agrees("standard gf(2^8) inverse", in -> GfInverse.standard(in[0]), new GfInverse.Module(), all.subList(0, 64),
                scheme -> 32 * ModuleChecks.andBytes(scheme));
        // Itoh-Tsujii elsewhere: x^(2^6 - 1) for GF(2^7) takes 3 schoolbook multiplications of 49 AND gates (j = 1, 2, 3,
        // 6), x^(2^3 - 1) for GF(2^4) 2 Karatsuba ones of 12 (j = 1, 2, 3); the first, x^2 · x, ANDs a few bits with
        // themselves (the bits of x^2 that are bits of x), which the compiler folds: 142 and 23.
        Random rnd = new Random(91);
        ModuleChecks.agrees("itoh-tsujii gf(2^7)", in -> GfInverse.standard(in[0], new BinaryField(0x83)), new GfInverse.Module(new BinaryField(0x83)),
                elements(7, 0, 1, 0x35, (int) random(rnd, 7).toLong()), scheme -> 142 * ModuleChecks.andBytes(scheme));
        ModuleChecks.agrees("itoh-tsujii gf(2^4)", in -> GfInverse.standard(in[0], new BinaryField(0x13)), new GfInverse.Module(new BinaryField(0x13)),
                elements(4, 0, 1, 2, 9, 15), scheme -> 23 * ModuleChecks.andBytes(scheme));
    }

    /**
     * Requirement 2: the revealed (a ⊕ [a == 0])·α is uniform over the 255 non-zero elements whatever a is. The module
     * runs 10,200 times on the plaintext back end for each of a = 0, 1 and 0x53, with the masks it samples there as
     * a garbler would; the values its Reveal gate shows are read by a recording wrapper of its gates. A chi-square
     * statistic over 254 degrees of freedom has mean 254 and deviation 22.5: 400 is 6.5 deviations off, a false
     * failure about once in 10^8 runs, while a value revealed unmasked or masked by an α that may be 0 fails at once.
     */
    @Test
    void theRevealedValueIsUniformOverTheNonZeroElementsWhateverTheInput() {
        int calls = 255 * 40;
        for (int a : new int[] {0, 1, 0x53}) {
            List<BitString> seen = revealed(new GfInverse.Module(), BitString.of(a, 8), calls);
            assertEquals(calls, seen.size());
            assertEquals(0, seen.stream().filter(v -> v.toLong() == 0).count(), "a = " + a + ": 0 revealed");
            double chi2 = chiSquareOverNonZero(seen);
            assertTrue(chi2 < 400, "a = " + a + ": chi-square " + chi2 + " over 254 degrees of freedom");
        }
    }

    /** The chi-square statistic of the values against the uniform distribution over the 255 non-zero bytes. */
    private static double chiSquareOverNonZero(List<BitString> values) {
        int[] count = new int[256];
        for (BitString v : values) {
            count[(int) v.toLong()]++;
        }
        double expected = values.size() / 255.0;
        double chi2 = 0;
        for (int v = 1; v < 256; v++) {
            chi2 += (count[v] - expected) * (count[v] - expected) / expected;
        }
        return chi2;
    }

    /** The statistic notices a reveal that depends on a: a module that reveals its input unmasked is far off. */
    @Test
    void theUniformityTestNoticesAnUnmaskedReveal() {
        List<BitString> seen = revealed(new UnmaskedReveal(), BitString.of(0x53, 8), 255 * 40);
        assertEquals(Collections.nCopies(255 * 40, BitString.of(0x53, 8)), seen);
        assertTrue(chiSquareOverNonZero(seen) > 1e5);
        Random rnd = new Random(92);
        List<BitString> uniform = new ArrayList<>();
        for (int i = 0; i < 255 * 40; i++) {
            uniform.add(BitString.of(1 + rnd.nextInt(255), 8));
        }
        assertTrue(chiSquareOverNonZero(uniform) < 400);
    }

    /** What the module's Reveal gates showed the evaluator, {@code calls} calls on {@code a}. */
    private static List<BitString> revealed(OneHotModule module, BitString a, int calls) {
        SeenByEvaluator observed = new SeenByEvaluator(module);
        SecureProgram<Void> program = c -> {
            for (int i = 0; i < calls; i++) {
                CoreBridge.module(c, observed, c.bits(Party.EVALUATOR, 8));
            }
            return null;
        };
        CoreBridge.engine(program).run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.none(), InputFeed.of(Collections.nCopies(calls, a))));
        return observed.reveals;
    }

    /** A broken inverse for the test of the test: it reveals its (non-zero) input itself, then inverts it. */
    private static final class UnmaskedReveal implements OneHotModule {
        private static final TruthTable INVERSE = TruthTable.of(8, 8, BinaryField.AES::inverse);

        @Override
        public String name() {
            return "unmasked inverse";
        }

        @Override
        public int[] outputWidths(int... in) {
            return new int[] {8};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Masked shown = g.reveal(in[0]);
            return new Secret[] {g.lookup(shown, INVERSE)};
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {BitString.of(BinaryField.AES.inverse(in[0].toLong()), 8)};
        }
    }
}
