package io.yaostream;

/**
 * One party's share of a result that stayed secret ({@link SecretValue#share()}): the garbler's and the evaluator's
 * shares XOR to the value, and each alone is uniformly random, so neither party learns anything from its own. A
 * later session takes both parties' shares as inputs ({@link Inputs#of(Shared...)} with
 * {@link Computation#shared()}) and goes on computing on the value, which only that session's reveal discloses:
 * this is how the shards of a {@link Shards sharded run} hand their results to the combining session.
 */
public final class Shared {
    private final Party party;
    private final PlainBits bits;

    Shared(Party party, PlainBits bits) {
        this.party = party;
        this.bits = bits;
    }

    /**
     * A share this party received from elsewhere: a shard that ran in another process of this party (a Spark task,
     * say) and handed its share back as bits.
     *
     * @param party the party whose share it is
     * @param bits the share's bits
     * @return the share
     */
    public static Shared of(Party party, PlainBits bits) {
        return new Shared(java.util.Objects.requireNonNull(party, "party"), java.util.Objects.requireNonNull(bits, "bits"));
    }

    /**
     * The party that holds this share.
     *
     * @return the garbler or the evaluator
     */
    public Party party() {
        return party;
    }

    /**
     * Bits of the shared value.
     *
     * @return the width of the value, and of the share
     */
    public int width() {
        return bits.width();
    }

    /**
     * This party's share, bit for bit: random on its own.
     *
     * @return the share's bits
     */
    public PlainBits bits() {
        return bits;
    }

    /**
     * The value two shares stand for: their XOR. Only someone who holds both learns it; a party never should.
     *
     * @param garbler the garbler's share
     * @param evaluator the evaluator's share of the same value
     * @return the value
     * @throws IllegalArgumentException if the shares are not one of each party, or differ in width
     */
    public static PlainBits combine(Shared garbler, Shared evaluator) {
        if (garbler.party != Party.GARBLER || evaluator.party != Party.EVALUATOR) {
            throw new IllegalArgumentException("combine takes the garbler's share, then the evaluator's");
        }
        if (garbler.width() != evaluator.width()) {
            throw new IllegalArgumentException("the shares are of " + garbler.width() + " and " + evaluator.width() + " bits");
        }
        return garbler.bits.xor(evaluator.bits);
    }

    @Override
    public String toString() {
        return "Shared[" + party.key() + ", " + width() + " bits]";
    }
}
