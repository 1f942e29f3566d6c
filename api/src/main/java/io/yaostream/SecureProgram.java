package io.yaostream;

/**
 * A two-party program over typed secret values: the same code runs at both parties (and on the plaintext and
 * cost back ends) and returns what this party learned.
 *
 * <pre>{@code
 * SecureProgram<Boolean> richer = c -> c.uint(Party.GARBLER, 32).greaterThan(c.uint(Party.EVALUATOR, 32)).reveal();
 * }</pre>
 *
 * @param <R> the result
 */
@FunctionalInterface
public interface SecureProgram<R> {
    /**
     * The program: builds its circuit on {@code c} and returns what it reveals.
     *
     * @param c the computation this party's copy of the program runs in
     * @return what this party learned
     */
    R compute(Computation c);
}
