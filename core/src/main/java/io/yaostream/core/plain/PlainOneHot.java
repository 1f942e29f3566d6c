package io.yaostream.core.plain;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;
import io.yaostream.core.protocol.OneHotScope;

import java.util.random.RandomGenerator;

/**
 * The one-hot gates on plain bits (one long per bit, 0 or 1): masks drawn as the garbler would draw them, the
 * masked values computed and "seen" in the clear, the gate's outer product computed directly. It follows the
 * same control flow as a real run, so the plaintext back end checks a module's correctness and the cost back end
 * counts what a real run sends.
 */
final class PlainOneHot extends OneHotScope {
    private final PlainContext ctx;

    PlainOneHot(PlainContext ctx, String module) {
        super(ctx, module);
        this.ctx = ctx;
    }

    @Override
    public RandomGenerator masks() {
        return ctx.masks();
    }

    @Override
    public Secret constant(GarblerKnown c) {
        check();
        return PlainContext.secret(c.valueOrNull());
    }

    /** The colours of a real garbler's labels are uniform: so is α here. */
    @Override
    public Masked colorGate(Secret a) {
        RandomGenerator r = ctx.masks();
        boolean[] alpha = new boolean[a.width()];
        Secret masked = new Secret(a.width(), 1);
        for (int i = 0; i < alpha.length; i++) {
            alpha[i] = r.nextBoolean();
            masked.state[i] = a.state[i] ^ (alpha[i] ? 1 : 0);
        }
        GarblerKnown mask = new GarblerKnown(alpha.length, BitString.fromBits(alpha));
        return new Masked(this, masked, PlainContext.bits(masked), mask, constant(mask));
    }

    @Override
    public Masked revealGate(Secret y) {
        ctx.oneHotSent(revealBytes(y.width()));
        return new Masked(this, y, PlainContext.bits(y), null, null);
    }

    @Override
    public void gate(Masked a, Secret b, TruthTable f, Secret out) {
        long row = f.row((int) a.seen.toLong());
        int m = b.width();
        for (int o = 0; o < f.outBits(); o++) {
            long fo = (row >>> o) & 1;
            for (int j = 0; j < m; j++) {
                out.state[o * m + j] = fo & b.state[j];
            }
        }
        ctx.oneHotSent(16L * (2 * (a.width() - 1) + m));
    }
}
