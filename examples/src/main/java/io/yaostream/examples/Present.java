package io.yaostream.examples;

import io.yaostream.BitVector;
import io.yaostream.SecureProgram;
import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.compiler.dsl.SBoxes;
import io.yaostream.Party;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * PRESENT-80 (Bogdanov et al., CHES 2007) of the evaluator's 64-bit blocks under the garbler's 80-bit key
 * (HS13 §4.2.2). The key owner runs the key schedule in plaintext and supplies the 32 round keys; each of the 31
 * rounds is one call of a cached round circuit (AddRoundKey, sixteen 4-AND S-boxes of Courtois, Hulsing and
 * Mourouzis, the bit permutation), then the last key is added: 31 · 16 · 4 = 1,984 AND gates per block. The
 * evaluator learns the ciphertexts. Values are numbers: bit i of the block is bit i of the 64-bit integer, as in
 * the PRESENT paper.
 */
public final class Present {
    static final int ROUNDS = 31;
    static final int BLOCK = 64;

    private Present() {
    }

    public static SecureProgram<List<io.yaostream.PlainBits>> program(int blocks) {
        return c -> {
            BitVector keys = c.garbler().bits((ROUNDS + 1) * BLOCK);
            List<io.yaostream.PlainBits> out = new ArrayList<>();
            for (int i = 0; i < blocks; i++) {
                BitVector s = c.evaluator().bits(BLOCK);
                for (int r = 0; r < ROUNDS; r++) {
                    s = c.apply(Present::round, s, keys.slice(r * BLOCK, (r + 1) * BLOCK));
                }
                s = s.xor(keys.slice(ROUNDS * BLOCK, (ROUNDS + 1) * BLOCK));
                s.revealTo(Party.EVALUATOR).ifPresent(out::add);
            }
            return out;
        };
    }

    public static String name(int blocks) {
        return "present-80 " + blocks + " block(s)";
    }

    /** AddRoundKey, sBoxLayer, pLayer: 64 AND gates. */
    static Bits round(CircuitBuilder b, Bits state, Bits key) {
        Bits x = b.xor(state, key);
        Bits s = null;
        for (int j = 0; j < 16; j++) {
            Bits nibble = SBoxes.present(b, x.slice(4 * j, 4 * j + 4));
            s = s == null ? nibble : s.concat(nibble);
        }
        Bit[] p = new Bit[BLOCK];
        for (int i = 0; i < BLOCK; i++) {
            p[permute(i)] = s.bit(i);
        }
        return Bits.of(p);
    }

    /** pLayer: bit i moves to 16·i mod 63, bit 63 stays. */
    static int permute(int i) {
        return i == 63 ? 63 : 16 * i % 63;
    }

    // ---- plaintext: the key owner's key schedule, and the cipher for tests ----

    static final int[] SBOX = {0xC, 0x5, 0x6, 0xB, 0x9, 0x0, 0xA, 0xD, 0x3, 0xE, 0xF, 0x8, 0x4, 0x7, 0x1, 0x2};
    private static final BigInteger MASK80 = BigInteger.ONE.shiftLeft(80).subtract(BigInteger.ONE);

    /** The 32 round keys of an 80-bit key (the paper's §3 key schedule), key 1 first, as one 2,048-bit string. */
    public static io.yaostream.PlainBits roundKeys(BigInteger key) {
        if (key.signum() < 0 || key.bitLength() > 80) {
            throw new IllegalArgumentException("a PRESENT-80 key is 80 bits");
        }
        BigInteger keys = BigInteger.ZERO;
        BigInteger k = key;
        for (int i = 1; i <= ROUNDS + 1; i++) {
            keys = keys.or(k.shiftRight(16).shiftLeft((i - 1) * BLOCK)); // k79..k16
            // rotate left by 61, S-box on the top nibble, round counter into k19..k15
            k = k.shiftLeft(61).or(k.shiftRight(19)).and(MASK80);
            int top = k.shiftRight(76).intValue();
            k = k.andNot(BigInteger.valueOf(0xF).shiftLeft(76)).or(BigInteger.valueOf(SBOX[top]).shiftLeft(76));
            k = k.xor(BigInteger.valueOf(i).shiftLeft(15));
        }
        return io.yaostream.PlainBits.of(keys, (ROUNDS + 1) * BLOCK);
    }

    /** PRESENT-80 in plaintext: the reference the tests hold the circuit to (and the paper's vectors hold it to). */
    public static long encrypt(BigInteger key, long block) {
        io.yaostream.PlainBits keys = roundKeys(key);
        long s = block;
        for (int r = 0; r <= ROUNDS; r++) {
            long k = 0;
            for (int j = 0; j < BLOCK; j++) {
                k |= (keys.get(r * BLOCK + j) ? 1L : 0L) << j;
            }
            s ^= k;
            if (r == ROUNDS) {
                break;
            }
            long t = 0;
            for (int j = 0; j < 16; j++) {
                t |= (long) SBOX[(int) (s >>> (4 * j) & 0xF)] << (4 * j);
            }
            s = 0;
            for (int i = 0; i < BLOCK; i++) {
                s |= (t >>> i & 1) << permute(i);
            }
        }
        return s;
    }
}
