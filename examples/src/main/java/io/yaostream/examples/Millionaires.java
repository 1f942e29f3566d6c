package io.yaostream.examples;

import io.yaostream.*;

/**
 * Yao's millionaires: which of two parties is richer, and nothing else. Run {@code garbler 7000 5000000} and
 * {@code evaluator 7000 3000000}.
 */
public final class Millionaires {
    /** Whether the garbler's 64-bit value is greater than the evaluator's, revealed to both. */
    public static final SecureProgram<Boolean> RICHER =
            c -> c.garbler().uint(64).greaterThan(c.evaluator().uint(64)).reveal();

    public static void main(String[] args) {
        TwoParty party = TwoParty.as(args[0]).name("millionaires");
        int port = Integer.parseInt(args[1]);
        party = party.isGarbler() ? party.listen(port) : party.connect("localhost", port);
        boolean garblerRicher = party.run(RICHER, Inputs.of(Long.parseLong(args[2]), 64)).value();
        System.out.println(garblerRicher ? "the garbler is richer" : "the evaluator is at least as rich");
    }
}
