package io.yaostream;

import io.yaostream.compiler.dsl.Bits;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Secret;

import java.util.Optional;

/** One secret bit: the result of a comparison, or a condition for {@link #select}. */
public final class Bool extends SecretValue {
    Bool(Computation computation, Secret secret) {
        super(computation, secret);
        if (secret.width() != 1) {
            throw new IllegalArgumentException("a Bool is one bit, not " + secret.width());
        }
    }

    /**
     * One AND gate.
     *
     * @param other the other bit
     * @return {@code this AND other}
     * @throws IllegalArgumentException if {@code other} belongs to another computation
     */
    public Bool and(Bool other) {
        return asBits().and(other.asBits()).bit(0);
    }

    /**
     * One AND gate (an OR is an AND with its inputs and output negated).
     *
     * @param other the other bit
     * @return {@code this OR other}
     * @throws IllegalArgumentException if {@code other} belongs to another computation
     */
    public Bool or(Bool other) {
        return asBits().or(other.asBits()).bit(0);
    }

    /**
     * Free.
     *
     * @param other the other bit
     * @return {@code this XOR other}
     * @throws IllegalArgumentException if {@code other} belongs to another computation
     */
    public Bool xor(Bool other) {
        return asBits().xor(other.asBits()).bit(0);
    }

    /**
     * Free.
     *
     * @return {@code NOT this}
     */
    public Bool not() {
        return asBits().not().bit(0);
    }

    /**
     * {@code this ? ifTrue : ifFalse}: one AND gate per bit.
     *
     * @param ifTrue the result where this bit is 1
     * @param ifFalse the result where this bit is 0, as wide as {@code ifTrue}
     * @return one of the two, neither party learning which
     * @throws IllegalArgumentException if the widths differ or {@code ifFalse} belongs to another computation
     */
    public UInt select(UInt ifTrue, UInt ifFalse) {
        return select(ifTrue.secret, ifFalse, "select").asUInt();
    }

    /**
     * {@code ifTrue} where this bit is 1, else {@code ifFalse} (both of one width): one AND gate per bit.
     *
     * @param ifTrue the result where this bit is 1
     * @param ifFalse the result where this bit is 0, as wide as {@code ifTrue}
     * @return one of the two, neither party learning which
     * @throws IllegalArgumentException if the widths differ or {@code ifFalse} belongs to another computation
     */
    public SInt select(SInt ifTrue, SInt ifFalse) {
        return select(ifTrue.secret, ifFalse, "select").asSInt();
    }

    /**
     * {@code ifTrue} where this bit is 1, else {@code ifFalse} (both of one width): one AND gate per bit.
     *
     * @param ifTrue the result where this bit is 1
     * @param ifFalse the result where this bit is 0, as wide as {@code ifTrue}
     * @return one of the two, neither party learning which
     * @throws IllegalArgumentException if the widths differ or {@code ifFalse} belongs to another computation
     */
    public BitVector select(BitVector ifTrue, BitVector ifFalse) {
        return select(ifTrue.secret, ifFalse, "select");
    }

    private BitVector select(Secret ifTrue, SecretValue ifFalse, String op) {
        ifFalse.sameComputation(this);
        if (ifTrue.width() != ifFalse.width()) {
            throw new IllegalArgumentException(op + ": operand widths differ: " + ifTrue.width() + " and " + ifFalse.width() + " bits");
        }
        return new BitVector(computation, computation.op1("select", (b, in) -> new Bits[] {b.mux(in[0].bit(0), in[1], in[2])},
                this, new BitVector(computation, ifTrue), ifFalse));
    }

    /**
     * Reveals the bit to both parties.
     *
     * @return the bit, which both parties learn
     */
    public boolean reveal() {
        return computation.context().reveal(secret, Receiver.BOTH).orElseThrow().get(0);
    }

    /**
     * Reveals the bit to {@code party}: present there, empty at the other party.
     *
     * @param party the party that learns the bit
     * @return the bit at {@code party}, empty at the other party
     */
    public Optional<Boolean> revealTo(Party party) {
        return computation.context().reveal(secret, Receiver.valueOf(party.name())).map(b -> b.get(0));
    }
}
