package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;

/**
 * A value inside a one-hot module that the evaluator has seen in the clear: made safe to show by a mask
 * ({@link OneHotGates#color}, {@link OneHotGates#reveal}), and still a secret the computation can use. It is the
 * argument a one-hot gate needs ({@link OneHotGates#oneHot}), and belongs to the module that made it: it cannot be
 * used once the module has returned.
 */
public final class Masked {
    public final OneHotGates owner;
    private final Secret secret;
    /** What the evaluator saw: null at the garbler. */
    public final BitString seen;
    private final GarblerKnown mask;
    private final Secret maskSecret;

    public Masked(OneHotGates owner, Secret secret, BitString seen, GarblerKnown mask, Secret maskSecret) {
        this.owner = owner;
        this.secret = secret;
        this.seen = seen;
        this.mask = mask;
        this.maskSecret = maskSecret;
    }

    public int width() {
        return secret.width();
    }

    /** The masked value as a secret: {@code a ⊕ α} after {@link OneHotGates#color}, the revealed value after a reveal. */
    public Secret secret() {
        return secret;
    }

    /** The colour mask α the garbler knows ({@link OneHotGates#color}); null after a {@link OneHotGates#reveal}. */
    public GarblerKnown mask() {
        return mask;
    }

    /** The colour mask α as a garbler constant ⟦α⟧ ({@link OneHotGates#color}); null after a reveal. */
    public Secret maskSecret() {
        return maskSecret;
    }

    /** Bits {@code from} to {@code to} (exclusive): a chunk, for a one-hot gate over fewer bits. Free. */
    public Masked slice(int from, int to) {
        return new Masked(owner, secret.slice(from, to), seen == null ? null : seen.slice(from, to),
                mask == null ? null : mask.slice(from, to), maskSecret == null ? null : maskSecret.slice(from, to));
    }
}
