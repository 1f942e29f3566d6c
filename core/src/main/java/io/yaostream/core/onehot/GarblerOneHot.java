package io.yaostream.core.onehot;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.garble.OneHotGate;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.core.protocol.OneHotScope;
import io.yaostream.core.protocol.PartyContext;

import java.util.random.RandomGenerator;

/**
 * The garbler's one-hot gates: its share of a bit is its label of 0, A, and Δ's low bit is 1, so a share's colour
 * is A's low bit. Constants are cΔ, masks come from the session's generator, and the gate's ciphertexts go to the
 * stream as it makes them.
 */
public final class GarblerOneHot extends OneHotScope {
    private final PartyContext ctx;
    private final long[] delta;
    private final RandomGenerator masks;

    /**
     * The gates of one call of {@code module} at the garbler {@code ctx}, whose free-XOR offset is {@code delta} (low
     * bit 1) and whose modules draw their masks from {@code masks}.
     */
    public GarblerOneHot(PartyContext ctx, String module, long[] delta, RandomGenerator masks) {
        super(ctx, module);
        this.ctx = ctx;
        this.delta = delta;
        this.masks = masks;
    }

    @Override
    public RandomGenerator masks() {
        return masks;
    }

    @Override
    public Secret constant(GarblerKnown c) {
        check();
        BitString v = c.valueOrNull();
        Secret s = ctx.newSecret(c.width());
        for (int i = 0; i < c.width(); i++) {
            if (v.get(i)) {
                s.state[2 * i] = delta[0];
                s.state[2 * i + 1] = delta[1];
            }
        }
        return s;
    }

    /** α is the colour of each share; ⟦a ⊕ α⟧ is a's sharing with αΔ added to the garbler's share. */
    @Override
    public Masked colorGate(Secret a) {
        boolean[] alpha = new boolean[a.width()];
        Secret masked = a.slice(0, a.width());
        for (int i = 0; i < alpha.length; i++) {
            alpha[i] = (a.state[2 * i] & 1) != 0;
            if (alpha[i]) {
                masked.state[2 * i] ^= delta[0];
                masked.state[2 * i + 1] ^= delta[1];
            }
        }
        GarblerKnown mask = new GarblerKnown(alpha.length, BitString.fromBits(alpha));
        return new Masked(this, masked, null, mask, constant(mask));
    }

    /** The colours of the garbler's shares, eight to a byte, low bit first. */
    @Override
    public Masked revealGate(Secret y) {
        byte[] colours = new byte[revealBytes(y.width())];
        for (int i = 0; i < y.width(); i++) {
            colours[i >>> 3] |= (byte) ((y.state[2 * i] & 1) << (i & 7));
        }
        ctx.channel.write(colours, 0, colours.length);
        ctx.tally.oneHot(colours.length);
        return new Masked(this, y, null, null, null);
    }

    @Override
    public void gate(Masked a, Secret b, TruthTable f, Secret out) {
        int n = a.width();
        int m = b.width();
        long[] cts = ctx.oneHotCiphertexts(OneHotGate.ciphertexts(n, m));
        ctx.oneHotGate().garble(delta[0], delta[1], a.secret().state, n, b.state, m, f.rows(), f.outBits(), out.state, cts);
        ctx.stream.writeBlocks(cts, 0, OneHotGate.ciphertexts(n, m));
        ctx.tally.oneHot(16L * OneHotGate.ciphertexts(n, m));
    }
}
