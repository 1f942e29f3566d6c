package io.yaostream.core.protocol;

/**
 * A two-party computation written once: the same code runs at the garbler, at the evaluator and on the
 * plaintext back end, each through its own {@link ProgramContext}. Its control flow must not depend on secret
 * values (only on revealed ones), so both parties make the same calls in the same order.
 */
@FunctionalInterface
public interface Program {
    void run(ProgramContext ctx);
}
