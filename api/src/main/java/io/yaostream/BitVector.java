package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Secret;

import java.util.Optional;

/**
 * A secret vector of n bits, bit 0 first. XOR and NOT are free; AND and OR cost one AND gate per bit; slicing,
 * concatenating and shifting by a constant only rearrange bits and cost nothing.
 */
public final class BitVector extends SecretValue {
    BitVector(Computation computation, Secret secret) {
        super(computation, secret);
    }

    /**
     * Free with a free-XOR scheme (each party combines its labels); n garbled XOR gates otherwise.
     *
     * @param other the other vector, as wide as this one
     * @return the bitwise XOR
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public BitVector xor(BitVector other) {
        sameWidth(other, "xor");
        return of(computation.context().xor(secret, other.secret));
    }

    /**
     * One AND gate per bit.
     *
     * @param other the other vector, as wide as this one
     * @return the bitwise AND
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public BitVector and(BitVector other) {
        sameWidth(other, "and");
        return of(computation.op1("bits.and", (b, in) -> new Bits[] {b.and(in[0], in[1])}, this, other));
    }

    /**
     * One AND gate per bit.
     *
     * @param other the other vector, as wide as this one
     * @return the bitwise OR
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public BitVector or(BitVector other) {
        sameWidth(other, "or");
        return of(computation.op1("bits.or", (b, in) -> new Bits[] {b.or(in[0], in[1])}, this, other));
    }

    /**
     * Free in every scheme.
     *
     * @return the bitwise complement
     */
    public BitVector not() {
        return of(computation.context().not(secret));
    }

    /**
     * Any wiring of these bits: bit i of the result is bit {@code from[i]} of this vector, or a public 0 where
     * {@code from[i]} is negative. Free.
     *
     * @param from for each bit of the result, the bit of this vector it takes, or a negative number for 0
     * @return a vector of {@code from.length} bits
     * @throws IndexOutOfBoundsException if an entry of {@code from} is this vector's width or more
     */
    public BitVector rewire(int[] from) {
        return of(Secret.pick(secret, from, computation.zero()));
    }

    /**
     * {@code this == other}: n - 1 AND gates.
     *
     * @param other the other vector, as wide as this one
     * @return whether the two are equal in every bit
     * @throws IllegalArgumentException if {@code other} differs in width or belongs to another computation
     */
    public Bool isEqualTo(BitVector other) {
        sameWidth(other, "isEqualTo");
        return new Bool(computation, computation.op1("bits.equal", (b, in) -> new Bits[] {Bits.of(b.equal(in[0], in[1]))}, this, other));
    }

    /**
     * The number of set bits, an unsigned integer of ceil(log2(n+1)) bits: n - popcount(n) AND gates (BP06).
     *
     * @return the count of 1 bits
     */
    public UInt hammingWeight() {
        return new UInt(computation, computation.op1("bits.weight", (b, in) -> new Bits[] {b.hammingWeight(in[0])}, this));
    }

    /**
     * Bits {@code from} (inclusive) to {@code to} (exclusive). Free.
     *
     * @param from the first bit taken, which becomes bit 0
     * @param to the bit after the last one taken
     * @return a vector of {@code to - from} bits
     * @throws IndexOutOfBoundsException unless {@code 0 <= from <= to <= width()}
     */
    public BitVector slice(int from, int to) {
        return of(secret.slice(from, to));
    }

    /**
     * Bit {@code i}. Free.
     *
     * @param i the bit's index, 0 to n - 1
     * @return that bit
     * @throws IndexOutOfBoundsException if {@code i} is not a bit of this vector
     */
    public Bool bit(int i) {
        return new Bool(computation, secret.bit(i));
    }

    /**
     * This vector in the low bits, {@code high} above. Free.
     *
     * @param high the value whose bits go above this vector's
     * @return a vector of this width plus {@code high}'s
     * @throws IllegalArgumentException if {@code high} belongs to another computation
     */
    public BitVector concat(SecretValue high) {
        sameComputation(high);
        return of(Secret.concat(secret, high.secret));
    }

    /**
     * The parts side by side, {@code parts[0]} in the low bits. Free.
     *
     * @param parts the vectors, at least one, low bits first
     * @return a vector as wide as the parts together
     * @throws IllegalArgumentException if the parts belong to different computations
     */
    public static BitVector concat(BitVector... parts) {
        Secret[] s = new Secret[parts.length];
        for (int i = 0; i < parts.length; i++) {
            parts[i].sameComputation(parts[0]);
            s[i] = parts[i].secret;
        }
        return new BitVector(parts[0].computation, Secret.concat(s));
    }

    /**
     * Moved up by {@code k} (zeros come in at bit 0, the top k bits drop). Free.
     *
     * @param k bits to shift by, 0 or more (n or more gives all zeros)
     * @return the n-bit result
     * @throws IllegalArgumentException if {@code k} is negative
     */
    public BitVector shiftLeft(int k) {
        return of(Shifts.left(computation, secret, k));
    }

    /**
     * Moved down by {@code k} (zeros come in at the top). Free.
     *
     * @param k bits to shift by, 0 or more (n or more gives all zeros)
     * @return the n-bit result
     * @throws IllegalArgumentException if {@code k} is negative
     */
    public BitVector shiftRight(int k) {
        return of(Shifts.right(computation, secret, k));
    }

    /**
     * Reveals the bits to both parties.
     *
     * @return the bits, which both parties learn
     */
    public io.yaostream.PlainBits reveal() {
        return io.yaostream.PlainBits.of(computation.context().reveal(secret, Receiver.BOTH).orElseThrow());
    }

    /**
     * Reveals the bits to {@code party}: present there, empty at the other party.
     *
     * @param party the party that learns the bits
     * @return the bits at {@code party}, empty at the other party
     */
    public Optional<io.yaostream.PlainBits> revealTo(Party party) {
        return computation.context().reveal(secret, Receiver.valueOf(party.name())).map(io.yaostream.PlainBits::of);
    }

    private BitVector of(Secret s) {
        return new BitVector(computation, s);
    }
}
