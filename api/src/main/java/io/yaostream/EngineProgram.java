package io.yaostream;

import io.yaostream.core.program.Program;

/**
 * A program written against the engine's context rather than the typed values (the command line's flat circuit runs,
 * the three-party examples, the protocols' tests), carried through the API's run methods. It reaches the API only
 * through {@link io.yaostream.internal.CoreBridge#program}, and a run hands the engine the program itself.
 *
 * @param program the engine's program
 * @param <R> the result
 */
record EngineProgram<R>(Program<R> program) implements SecureProgram<R> {
    @Override
    public R compute(Computation c) {
        return program.run(c.context());
    }

    /** What the engine runs for {@code p}: the engine's own program, or the typed program over a fresh computation. */
    static <R> Program<R> of(SecureProgram<R> p) {
        java.util.Objects.requireNonNull(p, "program");
        return p instanceof EngineProgram<R> e ? e.program() : ctx -> p.compute(new Computation(ctx));
    }
}
