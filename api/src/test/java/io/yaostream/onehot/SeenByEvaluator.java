package io.yaostream.onehot;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.GarblerKnown;
import io.yaostream.core.program.Masked;
import io.yaostream.core.program.OneHotGates;
import io.yaostream.core.program.OneHotModule;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;
import io.yaostream.core.program.TruthTable;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * A module run as it is, with what its Reveal and Color gates show the evaluator written down, call by call: for
 * tests of Requirement 2 on the plaintext back end (where a secret's bits can be read). Its gates are the
 * module's own, passed through.
 */
final class SeenByEvaluator implements OneHotModule {
    private final OneHotModule module;
    /** Per call, what each Reveal and Color showed, in order. */
    final List<List<BitString>> calls = new ArrayList<>();
    /** What the Reveal gates alone showed, over all calls, in order. */
    final List<BitString> reveals = new ArrayList<>();

    SeenByEvaluator(OneHotModule module) {
        this.module = module;
    }

    @Override
    public String name() {
        return module.name();
    }

    @Override
    public int[] outputWidths(int... inputWidths) {
        return module.outputWidths(inputWidths);
    }

    @Override
    public BitString[] definition(BitString... in) {
        return module.definition(in);
    }

    @Override
    public Secret[] body(OneHotGates g, Secret... in) {
        List<BitString> seen = new ArrayList<>();
        calls.add(seen);
        return module.body(new OneHotGates() {
            @Override
            public ProgramContext context() {
                return g.context();
            }

            @Override
            public GarblerKnown sample(int width, Function<RandomGenerator, BitString> draw) {
                return g.sample(width, draw);
            }

            @Override
            public Secret constant(GarblerKnown c) {
                return g.constant(c);
            }

            @Override
            public Masked color(Secret a) {
                return seen(g.color(a));
            }

            @Override
            public Masked reveal(Secret y) {
                Masked m = seen(g.reveal(y));
                reveals.add(seen.get(seen.size() - 1));
                return m;
            }

            @Override
            public Secret oneHot(Masked a, Secret b, TruthTable f) {
                return g.oneHot(a, b, f);
            }

            @Override
            public Secret lookup(Masked a, TruthTable f) {
                return g.lookup(a, f);
            }

            /** The plaintext back end's reveal reads the bits and sends nothing. */
            private Masked seen(Masked m) {
                seen.add(g.context().reveal(m.secret(), Receiver.BOTH).orElseThrow());
                return m;
            }
        }, in);
    }
}
