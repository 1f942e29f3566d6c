package io.yaostream.core.protocol;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;

/**
 * The gates one call of a module may use ({@link ProgramContext#module}): one scope per call, closed when the
 * module returns, so a masked value kept past its module is refused. The checks every back end shares are here;
 * each back end's gates are in a subclass.
 */
public abstract class OneHotScope implements OneHotGates {
    private final ProgramContext ctx;
    private final String module;
    private boolean open = true;

    public OneHotScope(ProgramContext ctx, String module) {
        this.ctx = ctx;
        this.module = module;
    }

    @Override
    public final ProgramContext context() {
        check();
        return ctx;
    }

    final void close() {
        open = false;
    }

    public final void check() {
        if (!open) {
            throw new ProtocolException("module " + module + " used a one-hot gate after it returned: its gates and masked values"
                    + " must not leave it");
        }
    }

    /** Masks are drawn where the garbler's values are known (the garbler, the plaintext back end); not at the evaluator. */
    @Override
    public final GarblerKnown sample(int width, java.util.function.Function<java.util.random.RandomGenerator, BitString> draw) {
        check();
        java.util.random.RandomGenerator masks = masks();
        return new GarblerKnown(width, masks == null ? null : draw.apply(masks));
    }

    /** The generator masks come from, seeded from SecureRandom; null where this party draws none. */
    public abstract java.util.random.RandomGenerator masks();

    @Override
    public final Secret oneHot(Masked a, Secret b, TruthTable f) {
        check();
        if (a.owner != this) {
            throw new ProtocolException("module " + module + " passed a masked value of another module call to a one-hot gate");
        }
        if (a.width() != f.inBits()) {
            throw new ProtocolException("module " + module + ": a one-hot gate over " + a.width() + " bits with a truth table over "
                    + f.inBits());
        }
        if (b.width() < 1) {
            throw new ProtocolException("module " + module + ": a one-hot gate needs at least one bit of b");
        }
        Secret out = new Secret(Math.multiplyExact(f.outBits(), b.width()), b.wordsPerBit);
        gate(a, b, f, out);
        return out;
    }

    @Override
    public final Secret lookup(Masked a, TruthTable f) {
        return oneHot(a, constant(new GarblerKnown(1, BitString.of(1, 1))), f);
    }

    @Override
    public final Masked color(Secret a) {
        check();
        return colorGate(a);
    }

    @Override
    public final Masked reveal(Secret y) {
        check();
        return revealGate(y);
    }

    /** The one-hot gate on this back end, into {@code out} (r·m bits). */
    public abstract void gate(Masked a, Secret b, TruthTable f, Secret out);

    public abstract Masked colorGate(Secret a);

    public abstract Masked revealGate(Secret y);

    /** Runs {@code m}'s body in {@code scope}, closing the scope after it, and checks what it returned. */
    public static Secret[] run(OneHotModule m, OneHotScope scope, Secret[] args) {
        int[] widths = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            widths[i] = args[i].width();
        }
        int[] expected = m.outputWidths(widths);
        Secret[] out;
        try {
            out = m.body(scope, args);
        } finally {
            scope.close();
        }
        if (out.length != expected.length) {
            throw new ProtocolException("module " + m.name() + " returned " + out.length + " outputs, not " + expected.length);
        }
        for (int i = 0; i < out.length; i++) {
            if (out[i].width() != expected[i]) {
                throw new ProtocolException("module " + m.name() + ": output " + i + " has " + out[i].width() + " bits, not " + expected[i]);
            }
        }
        return out;
    }

    /** Bytes a reveal of {@code bits} bits sends: the colours, packed. */
    public static int revealBytes(int bits) {
        return (bits + 7) / 8;
    }
}
