package io.yaostream.examples;

import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.compiler.dsl.SBoxes;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.program.BitVector;
import io.yaostream.program.Computation;
import io.yaostream.program.SecureProgram;

import java.util.ArrayList;
import java.util.List;

/**
 * AES-128 of the evaluator's blocks under the garbler's key (HS13 §4.2.2). As in HS13 the key owner expands the
 * key in plaintext and supplies the eleven round keys; the evaluator learns the ciphertexts, the garbler nothing.
 * Two cached sub-circuits do the work, as in ME-SFE: the Boyar–Peralta S-box (32 AND gates, called 16 times per
 * round) and the linear round (ShiftRows, MixColumns and AddRoundKey, all free XOR): 5,120 AND gates per block.
 *
 * <p>Layout: a block or round key is 128 bits, byte i (FIPS-197 order, {@code in0} first) at bits 8i..8i+7,
 * least significant bit first ({@link #toBits}).
 */
public final class Aes {
    private static final int ROUNDS = 10;
    private static final int BLOCK = 128;

    private Aes() {
    }

    /** The program for {@code blocks} blocks: the evaluator's result is their ciphertexts, the garbler's empty. */
    public static SecureProgram<List<BitString>> program(int blocks) {
        return c -> {
            BitVector keys = c.bits(Party.GARBLER, (ROUNDS + 1) * BLOCK);
            List<BitString> out = new ArrayList<>();
            for (int i = 0; i < blocks; i++) {
                BitVector s = c.bits(Party.EVALUATOR, BLOCK).xor(roundKey(keys, 0));
                for (int r = 1; r <= ROUNDS; r++) {
                    s = subBytes(c, s);
                    s = c.apply(r < ROUNDS ? "aes round" : "aes last round", r < ROUNDS ? Aes::round : Aes::lastRound, s, roundKey(keys, r));
                }
                s.revealTo(Party.EVALUATOR).ifPresent(out::add);
            }
            return out;
        };
    }

    public static String name(int blocks) {
        return "aes-128 " + blocks + " block(s)";
    }

    private static BitVector roundKey(BitVector keys, int r) {
        return keys.slice(r * BLOCK, (r + 1) * BLOCK);
    }

    /** Sixteen calls of the cached S-box circuit. */
    private static BitVector subBytes(Computation c, BitVector s) {
        BitVector out = null;
        for (int i = 0; i < 16; i++) {
            BitVector b = c.apply(SBoxes::aes, s.slice(8 * i, 8 * i + 8));
            out = out == null ? b : out.concat(b);
        }
        return out;
    }

    /** ShiftRows, MixColumns, AddRoundKey: free. */
    static Bits round(CircuitBuilder b, Bits s, Bits key) {
        return b.xor(mixColumns(b, shiftRows(s)), key);
    }

    /** The last round has no MixColumns. */
    static Bits lastRound(CircuitBuilder b, Bits s, Bits key) {
        return b.xor(shiftRows(s), key);
    }

    /** Row r of the state (bytes r, r+4, r+8, r+12) moves r columns to the left: wiring. */
    static Bits shiftRows(Bits s) {
        Bits out = null;
        for (int i = 0; i < 16; i++) {
            int row = i % 4;
            int col = i / 4;
            int from = row + 4 * ((col + row) % 4);
            Bits b = s.slice(8 * from, 8 * from + 8);
            out = out == null ? b : out.concat(b);
        }
        return out;
    }

    /** Each column times the MDS matrix over GF(2^8): XORs only. */
    static Bits mixColumns(CircuitBuilder b, Bits s) {
        Bits out = null;
        for (int col = 0; col < 4; col++) {
            Bits[] a = new Bits[4];
            for (int r = 0; r < 4; r++) {
                a[r] = s.slice(8 * (4 * col + r), 8 * (4 * col + r) + 8);
            }
            for (int r = 0; r < 4; r++) {
                // 2·a[r] ⊕ 3·a[r+1] ⊕ a[r+2] ⊕ a[r+3] = xtime(a[r] ⊕ a[r+1]) ⊕ a[r+1] ⊕ a[r+2] ⊕ a[r+3]
                Bits x = xtime(b, b.xor(a[r], a[(r + 1) % 4]));
                Bits y = b.xor(b.xor(x, a[(r + 1) % 4]), b.xor(a[(r + 2) % 4], a[(r + 3) % 4]));
                out = out == null ? y : out.concat(y);
            }
        }
        return out;
    }

    /** Multiplication by x in GF(2^8) mod x^8 + x^4 + x^3 + x + 1: a shift and three XORs. */
    static Bits xtime(CircuitBuilder b, Bits a) {
        Bit top = a.bit(7);
        return Bits.of(top, b.xor(a.bit(0), top), a.bit(1), b.xor(a.bit(2), top), b.xor(a.bit(3), top), a.bit(4), a.bit(5), a.bit(6));
    }

    // ---- plaintext: the key owner's key schedule and the bit layout ----

    private static final int[] RCON = {0x01, 0x02, 0x04, 0x08, 0x10, 0x20, 0x40, 0x80, 0x1b, 0x36};

    /** FIPS-197 §5.2: the 176 bytes of the eleven round keys. */
    public static byte[] expandKey(byte[] key) {
        if (key.length != 16) {
            throw new IllegalArgumentException("an AES-128 key is 16 bytes, not " + key.length);
        }
        byte[] w = new byte[176];
        System.arraycopy(key, 0, w, 0, 16);
        for (int i = 4; i < 44; i++) {
            int p = 4 * (i - 1);
            int[] t = {w[p] & 0xff, w[p + 1] & 0xff, w[p + 2] & 0xff, w[p + 3] & 0xff};
            if (i % 4 == 0) {
                int first = t[0];
                t[0] = SBOX[t[1]] ^ RCON[i / 4 - 1];
                t[1] = SBOX[t[2]];
                t[2] = SBOX[t[3]];
                t[3] = SBOX[first];
            }
            for (int j = 0; j < 4; j++) {
                w[4 * i + j] = (byte) (w[4 * (i - 4) + j] ^ t[j]);
            }
        }
        return w;
    }

    /** Bytes in this class's layout: byte i at bits 8i..8i+7, least significant bit first. */
    public static BitString toBits(byte[] bytes) {
        boolean[] bits = new boolean[8 * bytes.length];
        for (int i = 0; i < bits.length; i++) {
            bits[i] = (bytes[i >>> 3] >>> (i & 7) & 1) != 0;
        }
        return BitString.fromBits(bits);
    }

    public static byte[] toBytes(BitString bits) {
        byte[] out = new byte[bits.width() / 8];
        for (int i = 0; i < bits.width(); i++) {
            if (bits.get(i)) {
                out[i >>> 3] |= (byte) (1 << (i & 7));
            }
        }
        return out;
    }

    /** The S-box table (FIPS-197 Figure 7), for the key schedule only; the circuit computes it with gates. */
    private static final int[] SBOX = new int[256];

    static {
        // Multiplicative inverse in GF(2^8), then the affine map: computed, so no table is typed in.
        int p = 1;
        int q = 1;
        do {
            p = p ^ ((p << 1) & 0xff) ^ ((p & 0x80) != 0 ? 0x1b : 0); // p · 3
            q ^= q << 1;
            q ^= q << 2;
            q ^= q << 4;
            q &= 0xff;
            if ((q & 0x80) != 0) {
                q ^= 0x09; // q / 3
            }
            int x = q ^ Integer.rotateLeft(q, 1) ^ Integer.rotateLeft(q, 2) ^ Integer.rotateLeft(q, 3) ^ Integer.rotateLeft(q, 4);
            x = (x ^ (x >>> 8)) & 0xff;
            SBOX[p] = x ^ 0x63;
        } while (p != 1);
        SBOX[0] = 0x63;
    }
}
