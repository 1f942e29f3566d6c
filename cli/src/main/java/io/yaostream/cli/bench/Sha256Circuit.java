package io.yaostream.cli.bench;

import io.yaostream.compiler.dsl.Bit;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

/**
 * The SHA-256 compression function (FIPS 180-4 §6.2.2) of one 512-bit block from the standard initial value, built
 * with the circuit DSL: the work of the {@code sha256} circuit in Bristol Fashion form, whose 512-bit input is a message
 * block already padded. Ripple-carry adders (one AND per bit but the top), Ch and Maj with one AND per bit each: about
 * 22,500 AND gates.
 *
 * <p>Bit order, as the Bristol vectors give bytes: input bit {@code 8j + k} is bit k (least significant first) of byte j
 * of the block, and output bit {@code 8j + k} is bit k of byte j of the digest, so a block's bytes and the digest's bytes
 * read as the FIPS 180-4 examples print them.
 */
public final class Sha256Circuit {
    private static final int[] IV = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    private static final int[] K = {
            0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
            0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
            0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
            0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
            0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
            0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
            0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
            0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

    private Sha256Circuit() {
    }

    /** The circuit: one input group "block" of 512 bits (owned by {@code owner}), one output "digest" of 256 bits to all. */
    public static CompiledCircuit build(Party owner) {
        CircuitBuilder b = new CircuitBuilder();
        Bits block = b.input("block", owner, 512);
        Bits[] w = new Bits[64];
        for (int t = 0; t < 16; t++) {
            w[t] = word(block, t);
        }
        for (int t = 16; t < 64; t++) {
            Bits s0 = b.xor(b.xor(rotr(w[t - 15], 7), rotr(w[t - 15], 18)), shr(b, w[t - 15], 3));
            Bits s1 = b.xor(b.xor(rotr(w[t - 2], 17), rotr(w[t - 2], 19)), shr(b, w[t - 2], 10));
            w[t] = b.add(b.add(w[t - 16], s0), b.add(w[t - 7], s1));
        }
        Bits[] v = new Bits[8];
        for (int i = 0; i < 8; i++) {
            v[i] = constant(b, IV[i]);
        }
        for (int t = 0; t < 64; t++) {
            Bits a = v[0];
            Bits e = v[4];
            Bits sigma1 = b.xor(b.xor(rotr(e, 6), rotr(e, 11)), rotr(e, 25));
            Bits ch = b.xor(b.and(e, b.xor(v[5], v[6])), v[6]);
            Bits t1 = b.add(b.add(v[7], sigma1), b.add(ch, b.add(constant(b, K[t]), w[t])));
            Bits sigma0 = b.xor(b.xor(rotr(a, 2), rotr(a, 13)), rotr(a, 22));
            Bits maj = b.xor(b.and(b.xor(a, v[1]), b.xor(a, v[2])), a);
            Bits t2 = b.add(sigma0, maj);
            v = new Bits[] {b.add(t1, t2), a, v[1], v[2], b.add(v[3], t1), e, v[5], v[6]};
        }
        Bit[] digest = new Bit[256];
        for (int i = 0; i < 8; i++) {
            Bits h = b.add(constant(b, IV[i]), v[i]);
            for (int bit = 0; bit < 32; bit++) {
                digest[8 * (4 * i + 3 - bit / 8) + bit % 8] = h.bit(bit);
            }
        }
        b.output("digest", Receiver.BOTH, Bits.of(digest));
        return b.compile();
    }

    /** Word t of the block, big-endian as FIPS 180-4 reads it. */
    private static Bits word(Bits block, int t) {
        Bit[] bits = new Bit[32];
        for (int bit = 0; bit < 32; bit++) {
            bits[bit] = block.bit(8 * (4 * t + 3 - bit / 8) + bit % 8);
        }
        return Bits.of(bits);
    }

    private static Bits rotr(Bits x, int n) {
        return x.slice(n, 32).concat(x.slice(0, n));
    }

    private static Bits shr(CircuitBuilder b, Bits x, int n) {
        return x.slice(n, 32).concat(b.constant(0, n));
    }

    private static Bits constant(CircuitBuilder b, int value) {
        return b.constant(value & 0xffffffffL, 32);
    }
}
