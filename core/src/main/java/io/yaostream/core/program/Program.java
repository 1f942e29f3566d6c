package io.yaostream.core.program;

/**
 * A two-party computation written once: the same code runs at the garbler, at the evaluator, on the plaintext
 * back end and on the cost counter, each through its own {@link ProgramContext}, and returns its result. Its
 * control flow must not depend on secret values (only on revealed ones and public parameters), so both parties
 * make the same calls in the same order.
 *
 * <p>What a program returns is what this party learned: a value revealed only to the other party is not there
 * ({@link ProgramContext#reveal} gives it empty), identically on every back end.
 *
 * @param <R> the result
 */
@FunctionalInterface
public interface Program<R> {
    R run(ProgramContext ctx);
}
