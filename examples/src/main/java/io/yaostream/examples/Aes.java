package io.yaostream.examples;

import io.yaostream.BitVector;
import io.yaostream.Computation;
import io.yaostream.SecureProgram;
import io.yaostream.SubCircuit;
import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.compiler.dsl.SBoxes;
import io.yaostream.Party;
import io.yaostream.onehot.AesSBox;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * AES-128 of the evaluator's blocks under the garbler's key (HS13 §4.2.2). As in HS13 the key owner expands the
 * key in plaintext and supplies the eleven round keys; the evaluator learns the ciphertexts, the garbler nothing.
 * The one garbled sub-circuit is the Boyar–Peralta S-box (32 AND gates, working set 25), called 16 times a round:
 * 5,120 AND gates a block. The rest of a round is linear, and with a free-XOR scheme each party computes it on
 * what it holds: ShiftRows and the rotations of MixColumns are wiring, AddRoundKey and MixColumns' sums are XORs
 * of whole states, so no circuit is called for them.
 *
 * <p>With {@link SBox#ONE_HOT} the S-box is instead HK21's one-hot module ({@link AesSBox}: the inverse in GF(2^8)
 * through one revealed masked product and two one-hot gates, 929 bytes against the Boyar–Peralta circuit's 1,024
 * with half-gates), which needs a scheme with one-hot garbling (half-gates or grr3).
 *
 * <p>Layout: a block or round key is 128 bits, byte i (FIPS-197 order, {@code in0} first) at bits 8i..8i+7,
 * least significant bit first ({@link #toBits}).
 */
public final class Aes {
    /** How the S-box is computed. */
    public enum SBox {
        /** Boyar–Peralta's circuit, 32 AND gates ({@link SBoxes#aes}): any scheme. */
        BP10("bp10"),
        /** HK21's one-hot module ({@link AesSBox}): 7 AND gates, two one-hot gates and a revealed byte; half-gates or grr3. */
        ONE_HOT("one-hot");

        private final String key;

        SBox(String key) {
            this.key = key;
        }

        /** The name on the command line. */
        public String key() {
            return key;
        }

        public static SBox fromKey(String key) {
            for (SBox s : values()) {
                if (s.key.equals(key)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown s-box '" + key + "' (known: bp10, one-hot)");
        }
    }

    private static final int ROUNDS = 10;
    private static final int BLOCK = 128;

    private Aes() {
    }

    /** The program for {@code blocks} blocks: the evaluator's result is their ciphertexts, the garbler's empty. */
    public static SecureProgram<List<io.yaostream.PlainBits>> program(int blocks) {
        return program(blocks, SBox.BP10);
    }

    /** The program for {@code blocks} blocks with the S-box {@code sbox}. */
    public static SecureProgram<List<io.yaostream.PlainBits>> program(int blocks, SBox sbox) {
        return c -> {
            BitVector keys = c.garbler().bits((ROUNDS + 1) * BLOCK);
            BitVector[] roundKeys = new BitVector[ROUNDS + 1];
            for (int r = 0; r <= ROUNDS; r++) {
                roundKeys[r] = keys.slice(r * BLOCK, (r + 1) * BLOCK);
            }
            List<io.yaostream.PlainBits> out = new ArrayList<>();
            for (int i = 0; i < blocks; i++) {
                BitVector s = c.evaluator().bits(BLOCK).xor(roundKeys[0]);
                for (int r = 1; r <= ROUNDS; r++) {
                    SubCircuit.Unary linear = r < ROUNDS ? Aes::mixedRows : Aes::shiftedRows;
                    s = c.apply(linear, subBytes(c, s, sbox)).xor(roundKeys[r]);
                }
                s.revealTo(Party.EVALUATOR).ifPresent(out::add);
            }
            return out;
        };
    }

    /**
     * One block of the program's AES as one flat compiled circuit: the same Boyar–Peralta S-boxes (5,120 AND gates)
     * and the same linear layers, the garbler's 1,408 bits of round keys and the evaluator's block in, the ciphertext
     * out to the evaluator. What the program would cost if its calls cost nothing beyond their gates: {@code bench
     * apps} runs it beside the program.
     *
     * @return the compiled circuit of one block
     */
    public static io.yaostream.core.circuit.CompiledCircuit flatCircuit() {
        CircuitBuilder b = new CircuitBuilder();
        Bits keys = b.input("keys", io.yaostream.core.circuit.Party.GARBLER, (ROUNDS + 1) * BLOCK);
        Bits s = b.xor(b.input("block", io.yaostream.core.circuit.Party.EVALUATOR, BLOCK), keys.slice(0, BLOCK));
        for (int r = 1; r <= ROUNDS; r++) {
            Bits bytes = SBoxes.aes(b, s.slice(0, 8));
            for (int i = 1; i < 16; i++) {
                bytes = bytes.concat(SBoxes.aes(b, s.slice(8 * i, 8 * i + 8)));
            }
            s = b.xor(r < ROUNDS ? mixedRows(b, bytes) : shiftedRows(b, bytes), keys.slice(r * BLOCK, (r + 1) * BLOCK));
        }
        b.output("ciphertext", io.yaostream.core.circuit.Receiver.EVALUATOR, s);
        return b.compile();
    }

    /**
     * ShiftRows, then MixColumns: a sub-circuit of XORs and wiring only, which a free-XOR back end computes on the
     * labels it holds, one pass over them, no gate garbled.
     */
    static Bits mixedRows(CircuitBuilder b, Bits s) {
        return mixColumns(b, shiftRows(s));
    }

    /** ShiftRows alone, the last round's: wiring. */
    static Bits shiftedRows(CircuitBuilder b, Bits s) {
        return shiftRows(s);
    }

    /** Byte (row, column) moves to (row, column - row mod 4); byte i of the state is row i mod 4, column i / 4. */
    private static Bits shiftRows(Bits s) {
        Bits out = null;
        for (int i = 0; i < 16; i++) {
            int row = i % 4;
            int col = i / 4;
            Bits from = stateByte(s, row, (col + row) % 4);
            out = out == null ? from : out.concat(from);
        }
        return out;
    }

    /**
     * Every column times the MDS matrix: byte r becomes 2·a_r ⊕ 3·a_{r+1} ⊕ a_{r+2} ⊕ a_{r+3}
     * = xtime(t_r) ⊕ a_{r+1} ⊕ t_{r+2} with t_r = a_r ⊕ a_{r+1}: 28 XOR gates a byte.
     */
    private static Bits mixColumns(CircuitBuilder b, Bits s) {
        Bits out = null;
        for (int col = 0; col < 4; col++) {
            Bits[] t = new Bits[4];
            for (int row = 0; row < 4; row++) {
                t[row] = b.xor(stateByte(s, row, col), stateByte(s, (row + 1) % 4, col));
            }
            for (int row = 0; row < 4; row++) {
                Bits next = b.xor(b.xor(xtime(b, t[row]), stateByte(s, (row + 1) % 4, col)), t[(row + 2) % 4]);
                out = out == null ? next : out.concat(next);
            }
        }
        return out;
    }

    /** Multiplication by x in GF(2^8) with x^8 = x^4 + x^3 + x + 1: a shift, and the top bit into bits 0, 1, 3, 4. */
    private static Bits xtime(CircuitBuilder b, Bits a) {
        Bit top = a.bit(7);
        return Bits.of(top, b.xor(a.bit(0), top), a.bit(1), b.xor(a.bit(2), top), b.xor(a.bit(3), top), a.bit(4), a.bit(5),
                a.bit(6));
    }

    private static Bits stateByte(Bits s, int row, int col) {
        int i = row + 4 * col;
        return s.slice(8 * i, 8 * i + 8);
    }

    public static String name(int blocks) {
        return name(blocks, SBox.BP10);
    }

    /** The handshake's name: the S-box is part of it, so parties that disagree on it stop at the handshake. */
    public static String name(int blocks, SBox sbox) {
        return "aes-128 " + blocks + " block(s)" + (sbox == SBox.BP10 ? "" : ", " + sbox.key() + " s-box");
    }

    /** Sixteen calls of the cached S-box circuit, one a byte, or of the one-hot S-box module. */
    private static BitVector subBytes(Computation c, BitVector s, SBox sbox) {
        if (sbox == SBox.BP10) {
            return c.applyEach(SBoxes::aes, 8, s);
        }
        BitVector[] bytes = new BitVector[16];
        for (int i = 0; i < 16; i++) {
            bytes[i] = AesSBox.of(s.slice(8 * i, 8 * i + 8));
        }
        return BitVector.concat(bytes);
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
    public static io.yaostream.PlainBits toBits(byte[] bytes) {
        byte[] bigEndian = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            bigEndian[bytes.length - 1 - i] = bytes[i];
        }
        return io.yaostream.PlainBits.of(new BigInteger(1, bigEndian), 8 * bytes.length);
    }

    public static byte[] toBytes(io.yaostream.PlainBits bits) {
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
