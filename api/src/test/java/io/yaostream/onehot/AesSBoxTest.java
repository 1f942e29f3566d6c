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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The one-hot AES S-box (HK21 §7.6) against FIPS-197's table, at 929 bytes, and the Boyar–Peralta baseline. */
class AesSBoxTest {
    /** FIPS-197 Figure 7. */
    private static final int[] FIPS197 = io.yaostream.compiler.dsl.SBoxesTest.AES;

    private static List<BitString[]> bytes(int... values) {
        List<BitString[]> calls = new ArrayList<>();
        for (int v : values) {
            calls.add(new BitString[] {BitString.of(v, 8)});
        }
        return calls;
    }

    @Test
    void all256ValuesOnThePlaintextBackEndAreFips197Figure7() {
        List<BitString> all = new ArrayList<>();
        List<BitString> want = new ArrayList<>();
        for (int x = 0; x < 256; x++) {
            all.add(BitString.of(x, 8));
            want.add(BitString.of(FIPS197[x], 8));
            assertEquals(FIPS197[x], AesSBox.sBox(x), "definition at " + x);
        }
        SecureProgram<List<BitString>> program = c -> {
            List<BitString> out = new ArrayList<>();
            for (int i = 0; i < 256; i++) {
                out.add(CoreBridge.bits(AesSBox.of(c.bits(Party.GARBLER, 8)).reveal()));
            }
            return out;
        };
        assertEquals(want, CoreBridge.engine(program).run(new PlainContext(io.yaostream.core.circuit.Party.EVALUATOR, InputFeed.of(all), InputFeed.none())));
    }

    /**
     * HK21 §7.6: 58 ciphertexts and one revealed byte, 929 bytes with half-gates (the zero test's 7 AND gates are 14
     * ciphertexts, the two one-hot gates 22 each), against 1,024 for Boyar–Peralta's 32 AND gates. With grr3 an AND
     * gate is 3 ciphertexts: 21 + 44 ciphertexts and the byte, 1,041 bytes, against 1,536.
     */
    @Test
    void aSampleThroughSessionsAt929Bytes() {
        List<BitString[]> sample = bytes(0x00, 0x01, 0x53, 0x10, 0x7f, 0x80, 0xc9, 0xff);
        ModuleChecks.agrees(new AesSBox.Module(), sample, scheme -> scheme.equals("half-gates") ? 929 : 1_041);
        assertEquals(929, 16 * (14 + 22 + 22) + 1);
        ModuleChecks.agrees("boyar-peralta s-box", in -> AesSBox.standard(in[0]), new AesSBox.Module(), sample,
                scheme -> 32 * ModuleChecks.andBytes(scheme));
        assertEquals(1_024, 32 * ModuleChecks.andBytes("half-gates"));
        for (BitString[] x : sample) {
            assertEquals(FIPS197[(int) x[0].toLong()], new AesSBox.Module().definition(x)[0].toLong());
        }
    }

    @Test
    void onlyBytes() {
        assertThrows(IllegalArgumentException.class, () -> new AesSBox.Module().outputWidths(7));
    }
}
