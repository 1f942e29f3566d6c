package io.yaostream.core.program;

/**
 * What a program costs, as one back end counted it: the same figures from a real run (bytes as the channel
 * counted them) and from the cost back end (bytes from the protocol's message sizes), so the two can be
 * compared. Byte counts include everything the session sends: handshake, base OTs, OT extension, labels,
 * garbled tables, decoding information and the closing exchange.
 *
 * @param andGates          AND gates garbled and evaluated
 * @param calls             sub-circuit calls
 * @param circuits          distinct sub-circuits called
 * @param workingSet        the largest working set (slots) among the sub-circuits called
 * @param garblerInputBits  input bits the garbler supplied (one label each)
 * @param evaluatorInputBits input bits the evaluator supplied (one oblivious transfer each)
 * @param ots               oblivious transfers extended, including those made ahead and not used
 * @param tableBytes        bytes of garbled tables (ciphertexts, constants' labels, extra bits)
 * @param bytesToEvaluator  bytes the garbler sent
 * @param bytesToGarbler    bytes the evaluator sent
 * @param rounds            messages the garbler had to wait for: the handshake, the base OTs' two, each batch of
 *                          evaluator inputs not sent ahead, each reveal to the garbler and the closing
 *                          exchange (so streaming inputs one at a time costs no round per input)
 */
public record ProgramCosts(long andGates, long calls, int circuits, int workingSet, long garblerInputBits,
                           long evaluatorInputBits, long ots, long tableBytes, long bytesToEvaluator,
                           long bytesToGarbler, long rounds) {

    /** Bytes in both directions. */
    public long bytes() {
        return bytesToEvaluator + bytesToGarbler;
    }
}
