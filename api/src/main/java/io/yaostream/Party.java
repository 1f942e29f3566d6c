package io.yaostream;

import java.util.Locale;

/** The two parties of a two-party computation: the garbler, who garbles the circuit, and the evaluator, who evaluates it. */
public enum Party {
    /** Garbles the circuit: makes the labels and tables, sends its inputs' labels. */
    GARBLER(io.yaostream.core.circuit.Party.GARBLER),
    /** Evaluates the garbled circuit: takes its inputs' labels by oblivious transfer. */
    EVALUATOR(io.yaostream.core.circuit.Party.EVALUATOR);

    private final io.yaostream.core.circuit.Party core;

    Party(io.yaostream.core.circuit.Party core) {
        this.core = core;
    }

    /**
     * The party's name on a command line and in reports.
     *
     * @return {@code garbler} or {@code evaluator}
     */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The party of a name.
     *
     * @param key {@code garbler} or {@code evaluator}
     * @return the party
     * @throws IllegalArgumentException for any other name
     */
    public static Party fromKey(String key) {
        return of(io.yaostream.core.circuit.Party.fromKey(key));
    }

    /**
     * The other party.
     *
     * @return the evaluator for the garbler, the garbler for the evaluator
     */
    public Party peer() {
        return this == GARBLER ? EVALUATOR : GARBLER;
    }

    io.yaostream.core.circuit.Party core() {
        return core;
    }

    static Party of(io.yaostream.core.circuit.Party p) {
        return p == io.yaostream.core.circuit.Party.GARBLER ? GARBLER : EVALUATOR;
    }
}
