package io.yaostream.onehot;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static io.yaostream.onehot.ModuleChecks.outerProductCiphertexts;
import static io.yaostream.onehot.ModuleChecks.random;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Multiplication in GF(2^n) (HK21 §7.5) against its definition and the standard circuit, with its cost. */
class GfMultiplyTest {
    private static List<BitString[]> operands(Random rnd, int n, int count) {
        List<BitString[]> calls = new ArrayList<>();
        calls.add(new BitString[] {BitString.zeros(n), random(rnd, n)});
        calls.add(new BitString[] {BitString.of(1, n), random(rnd, n)});
        while (calls.size() < count) {
            calls.add(new BitString[] {random(rnd, n), random(rnd, n)});
        }
        return calls;
    }

    /** FIPS-197 §4.2 and §4.2.1: {57}·{83} = {c1}, {57}·{13} = {fe}; x^8 = x^4 + x^3 + x + 1. */
    @Test
    void theFieldIsAesField() {
        assertEquals(0xc1, BinaryField.AES.multiply(0x57, 0x83));
        assertEquals(0xfe, BinaryField.AES.multiply(0x57, 0x13));
        assertEquals(0x1b, BinaryField.AES.multiply(0x80, 0x02));
        for (int a = 1; a < 256; a++) {
            assertEquals(1, BinaryField.AES.multiply(a, BinaryField.AES.inverse(a)), "a = " + a);
        }
        assertEquals(0, BinaryField.AES.inverse(0));
        assertThrows(IllegalArgumentException.class, () -> new BinaryField(0x11a)); // x (x^7 + x^3 + x^2 + 1)
        assertThrows(IllegalArgumentException.class, () -> new BinaryField(0x111)); // (x^2 + x + 1)^4
        assertThrows(IllegalArgumentException.class, () -> new BinaryField(0x1L << 33));
    }

    /** HK21 §7.5: 896 bytes at k = 4 (1.71x) and 704 at k = 8 (2.18x), against 1,536 for the standard circuit. */
    @Test
    void gf256AtK4AndK8CostsWhatThePaperReports() {
        Random rnd = new Random(81);
        assertEquals(896, 16 * outerProductCiphertexts(8, 8, 4));
        assertEquals(704, 16 * outerProductCiphertexts(8, 8, 8));
        List<BitString[]> calls = operands(rnd, 8, 6);
        calls.add(new BitString[] {BitString.of(0x57, 8), BitString.of(0x83, 8)});
        ModuleChecks.agrees(new GfMultiply.Module(4), calls, scheme -> 896);
        ModuleChecks.agrees(new GfMultiply.Module(8), calls, scheme -> 704);
        ModuleChecks.agrees("standard gf(2^8) multiply", in -> GfMultiply.standard(in[0], in[1]), new GfMultiply.Module(4), calls,
                scheme -> 48 * ModuleChecks.andBytes(scheme));
        assertEquals(1_536, 48 * ModuleChecks.andBytes("half-gates"));
    }

    /** Every product of GF(2^8) through the module on the plaintext back end, against FIPS-197 §4.2.1's xtime. */
    @Test
    void everyProductInGf256OnThePlaintextBackEnd() {
        List<BitString> as = new ArrayList<>();
        List<BitString> bs = new ArrayList<>();
        List<BitString> want = new ArrayList<>();
        for (int a = 0; a < 256; a++) {
            for (int b = 0; b < 256; b++) {
                as.add(BitString.of(a, 8));
                bs.add(BitString.of(b, 8));
                long product = 0; // shift and add with xtime, independent of BinaryField
                long x = a;
                for (int i = 0; i < 8; i++) {
                    product ^= (b >>> i & 1) != 0 ? x : 0;
                    x = (x << 1) ^ ((x & 0x80) != 0 ? 0x11b : 0);
                }
                want.add(BitString.of(product, 8));
            }
        }
        SecureProgram<List<BitString>> program = c -> {
            List<BitString> out = new ArrayList<>();
            for (int i = 0; i < want.size(); i++) {
                out.add(CoreBridge.bits(GfMultiply.of(c.bits(Party.GARBLER, 8), c.bits(Party.EVALUATOR, 8), 6).reveal()));
            }
            return out;
        };
        assertEquals(want, CoreBridge.engine(program).run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.of(as), InputFeed.of(bs))));
    }

    @Test
    void otherFieldsAndChunkSizes() {
        Random rnd = new Random(82);
        // x^7 + x + 1 (odd: the standard circuit is schoolbook, 49 AND gates), x^5 + x^2 + 1, x^16 + x^5 + x^3 + x + 1.
        for (long p : new long[] {0x83, 0x25, 0x1002b}) {
            BinaryField field = new BinaryField(p);
            int n = field.degree();
            for (int k : new int[] {1, 3, 6}) {
                ModuleChecks.agrees(new GfMultiply.Module(field, k), operands(rnd, n, 4), scheme -> 16 * outerProductCiphertexts(n, n, k));
            }
            long ands = n % 2 == 0 ? 3L * (n / 2) * (n / 2) : (long) n * n;
            ModuleChecks.agrees("standard multiply in " + field, in -> GfMultiply.standard(in[0], in[1], field), new GfMultiply.Module(field, 4),
                    operands(rnd, n, 4), scheme -> ands * ModuleChecks.andBytes(scheme));
        }
    }

    @Test
    void operandsOfAnotherWidthAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new GfMultiply.Module(4).outputWidths(8, 7));
        assertThrows(IllegalArgumentException.class, () -> new GfMultiply.Module(0));
    }
}
