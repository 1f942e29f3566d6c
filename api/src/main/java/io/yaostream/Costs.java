package io.yaostream;

import io.yaostream.core.program.ProgramCosts;

/**
 * What a program cost, as one back end counted it: the same figures from a real run (bytes as the connection counted
 * them) and from {@link TwoParty#estimate} (bytes from the protocol's message sizes), so the two can be compared.
 *
 * @param andGates           AND gates garbled and evaluated
 * @param calls              sub-circuit calls
 * @param circuits           distinct sub-circuits called
 * @param workingSet         the largest working set (label slots) among the sub-circuits called
 * @param garblerInputBits   input bits the garbler supplied (one label each)
 * @param evaluatorInputBits input bits the evaluator supplied (one oblivious transfer each)
 * @param ots                oblivious transfers extended, including those made ahead and not used
 * @param tableBytes         bytes of garbled tables (ciphertexts, constants' labels, extra bits)
 * @param bytesToEvaluator   bytes the garbler sent
 * @param bytesToGarbler     bytes the evaluator sent
 * @param rounds             messages the garbler had to wait for, as the cost model counts them
 */
public record Costs(long andGates, long calls, int circuits, int workingSet, long garblerInputBits, long evaluatorInputBits,
                    long ots, long tableBytes, long bytesToEvaluator, long bytesToGarbler, long rounds) {

    static Costs of(ProgramCosts c) {
        return new Costs(c.andGates(), c.calls(), c.circuits(), c.workingSet(), c.garblerInputBits(), c.evaluatorInputBits(),
                c.ots(), c.tableBytes(), c.bytesToEvaluator(), c.bytesToGarbler(), c.rounds());
    }

    /**
     * Bytes in both directions.
     *
     * @return {@code bytesToEvaluator + bytesToGarbler}
     */
    public long bytes() {
        return bytesToEvaluator + bytesToGarbler;
    }
}
