package io.yaostream.core.onehot;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.garble.OneHotGate;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.core.protocol.OneHotScope;
import io.yaostream.core.protocol.PartyContext;

import java.util.random.RandomGenerator;

/**
 * The evaluator's one-hot gates: her share of a bit is her active label, A ⊕ aΔ, whose colour is the colour of A
 * XOR a. She knows no mask and no garbler constant (her share of one is 0); what she sees of a masked value is
 * colours: her own (Color) or hers XOR the garbler's (Reveal).
 */
public final class EvaluatorOneHot extends OneHotScope {
    private final PartyContext ctx;

    /** The gates of one call of {@code module} at the evaluator {@code ctx}. */
    public EvaluatorOneHot(PartyContext ctx, String module) {
        super(ctx, module);
        this.ctx = ctx;
    }

    @Override
    public RandomGenerator masks() {
        return null;
    }

    @Override
    public Secret constant(GarblerKnown c) {
        check();
        return ctx.newSecret(c.width());
    }

    @Override
    public Masked colorGate(Secret a) {
        boolean[] seen = new boolean[a.width()];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = (a.state[2 * i] & 1) != 0;
        }
        return new Masked(this, a, BitString.fromBits(seen), new GarblerKnown(seen.length, null), ctx.newSecret(seen.length));
    }

    @Override
    public Masked revealGate(Secret y) {
        byte[] colours = new byte[revealBytes(y.width())];
        ctx.channel.readFully(colours, 0, colours.length);
        int spare = y.width() & 7;
        if (spare != 0 && (colours[colours.length - 1] & 0xff) >>> spare != 0) {
            throw new PeerFault("the peer sent a reveal's colours with padding bits set (" + y.width() + " bits in "
                    + colours.length + " bytes, last byte " + (colours[colours.length - 1] & 0xff) + ")");
        }
        ctx.tally.oneHot(colours.length);
        boolean[] seen = new boolean[y.width()];
        for (int i = 0; i < seen.length; i++) {
            seen[i] = (((y.state[2 * i] & 1) ^ (colours[i >>> 3] >>> (i & 7))) & 1) != 0;
        }
        return new Masked(this, y, BitString.fromBits(seen), null, null);
    }

    @Override
    public void gate(Masked a, Secret b, TruthTable f, Secret out) {
        int n = a.width();
        int m = b.width();
        int count = OneHotGate.ciphertexts(n, m);
        long[] cts = ctx.oneHotCiphertexts(count);
        ctx.stream.readBlocks(cts, 0, count);
        ctx.oneHotGate().evaluate(a.secret().state, n, (int) a.seen.toLong(), b.state, m, f.rows(), f.outBits(), out.state, cts);
        ctx.tally.oneHot(16L * count);
    }
}
