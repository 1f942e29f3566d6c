package io.yaostream.onehot;

import io.yaostream.BitVector;
import io.yaostream.SecretValue;
import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.compiler.dsl.SBoxes;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.Secret;
import io.yaostream.internal.CoreBridge;

/**
 * The AES S-box (FIPS-197 SubBytes, §5.1.1) with one-hot garbling (HK21 §7.6): the inverse in GF(2^8)
 * ({@link GfInverse}, 0 for 0), then the affine map b ↦ b ⊕ rot(b, 1) ⊕ rot(b, 2) ⊕ rot(b, 3) ⊕ rot(b, 4) ⊕ 0x63,
 * linear and so free. Cost with half-gates: 58 ciphertexts and one revealed byte, 929 bytes, against 1,024 for the
 * Boyar–Peralta circuit of {@link #standard} (32 AND gates). With grr3 the zero test's 7 AND gates cost 3
 * ciphertexts each: 1,041 bytes, against 1,536.
 */
public final class AesSBox {
    /** Output bit i of the affine map XORs input bits i, i + 4, i + 5, i + 6, i + 7 (mod 8). */
    private static final int[][] AFFINE = new int[8][];
    /** Its inverse: bits i + 2, i + 5, i + 7 (mod 8), then 0x05. */
    private static final int[][] INVERSE_AFFINE = new int[8][];
    private static final int AFFINE_CONSTANT = 0x63;
    private static final int INVERSE_AFFINE_CONSTANT = 0x05;

    static {
        for (int i = 0; i < 8; i++) {
            AFFINE[i] = new int[] {i, (i + 4) % 8, (i + 5) % 8, (i + 6) % 8, (i + 7) % 8};
            INVERSE_AFFINE[i] = new int[] {(i + 2) % 8, (i + 5) % 8, (i + 7) % 8};
        }
    }

    private AesSBox() {
    }

    /**
     * S(x) of the 8-bit {@code x}, bit 0 the least significant.
     *
     * @param x the input byte, 8 bits
     * @return S(x), 8 bits
     * @throws IllegalArgumentException if {@code x} is not 8 bits wide
     */
    public static BitVector of(SecretValue x) {
        return CoreBridge.module(x.computation(), Module.INSTANCE, x)[0];
    }

    /**
     * The standard circuit: Boyar–Peralta's S-box, 32 AND gates ({@link SBoxes#aes}).
     *
     * @param x the input byte, 8 bits
     * @return S(x), 8 bits
     * @throws IllegalArgumentException if {@code x} is not 8 bits wide
     */
    public static BitVector standard(SecretValue x) {
        return x.computation().apply(SBoxes::aes, x);
    }

    /** S(x) in plaintext, from its definition: the affine map of x^-1. */
    static int sBox(int x) {
        return map(AFFINE, (int) BinaryField.AES.inverse(x)) ^ AFFINE_CONSTANT;
    }

    private static int map(int[][] sources, int x) {
        int y = 0;
        for (int i = 0; i < 8; i++) {
            for (int s : sources[i]) {
                y ^= (x >>> s & 1) << i;
            }
        }
        return y;
    }

    /**
     * x^-1 in GF(2^8) (0 for 0) as a standard circuit: the inverse affine map of S(x), with Boyar–Peralta's S-box (32
     * AND gates); the map is linear, so the inverse costs what the S-box costs.
     */
    static Bits inverseFromSBox(CircuitBuilder b, Bits x) {
        Bits s = SBoxes.aes(b, x);
        Bit[] out = new Bit[8];
        for (int i = 0; i < 8; i++) {
            Bit v = b.constant((INVERSE_AFFINE_CONSTANT >>> i & 1) != 0);
            for (int src : INVERSE_AFFINE[i]) {
                v = b.xor(v, s.bit(src));
            }
            out[i] = v;
        }
        return Bits.of(out);
    }

    /** The module itself, for the engine's one-hot SPI: the inverse, then the affine map. */
    static final class Module implements OneHotModule {
        /** One instance serves every call: the inverse's truth table is built once. */
        private static final Module INSTANCE = new Module();

        private final GfInverse.Module inverse = new GfInverse.Module(BinaryField.AES);

        Module() {
        }

        @Override
        public String name() {
            return "aes s-box";
        }

        @Override
        public int[] outputWidths(int... in) {
            if (in.length != 1 || in[0] != 8) {
                throw new IllegalArgumentException(name() + " takes one 8-bit operand");
            }
            return new int[] {8};
        }

        @Override
        public Secret[] body(OneHotGates g, Secret... in) {
            Secret inv = g.context().module(inverse, in[0])[0];
            Secret constant = g.constant(GarblerKnown.publicValue(BitString.of(AFFINE_CONSTANT, 8)));
            return new Secret[] {g.context().xor(Gf2Linear.apply(g, inv, AFFINE), constant)};
        }

        @Override
        public BitString[] definition(BitString... in) {
            return new BitString[] {BitString.of(sBox((int) in[0].toLong()), 8)};
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Module;
        }

        @Override
        public int hashCode() {
            return Module.class.hashCode();
        }
    }
}
