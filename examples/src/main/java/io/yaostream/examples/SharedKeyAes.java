package io.yaostream.examples;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;

import java.util.List;
import java.util.Optional;

/**
 * AES-128 under a key no party holds (MRZ15 §4.2): P1 gives K1, P2 gives K2, P3 the message; the key is K1 ⊕ K2
 * (free), the ciphertext is revealed to all three. {@code times} encryptions of the same message in one session.
 */
public final class SharedKeyAes implements Program<List<Optional<BitString>>> {
    private final CompiledCircuit aes;
    private final long times;
    private final boolean threeParty;

    /** {@code aes}: the Bristol AES-128 (key group first, then the message). */
    public SharedKeyAes(CompiledCircuit aes, long times) {
        this(aes, times, true);
    }

    /**
     * With {@code threeParty} false, the same program for two parties: P1's input is the garbler's, P2's and P3's the
     * evaluator's (for comparing the protocols on one computation).
     */
    public SharedKeyAes(CompiledCircuit aes, long times, boolean threeParty) {
        this.aes = aes;
        this.times = times;
        this.threeParty = threeParty;
    }

    public String name() {
        return "shared-key aes-128 x" + times;
    }

    /** Party {@code party}'s next input: numbered in a three-party session, garbler (1) or evaluator (2, 3) in a two-party one. */
    public static Secret input(ProgramContext ctx, boolean threeParty, int party, int width) {
        return threeParty ? ctx.input(party, width)
                : ctx.input(party == 1 ? io.yaostream.core.circuit.Party.GARBLER : io.yaostream.core.circuit.Party.EVALUATOR, width);
    }

    @Override
    public List<Optional<BitString>> run(ProgramContext ctx) {
        Secret key = ctx.xor(input(ctx, threeParty, 1, 128), input(ctx, threeParty, 2, 128));
        Secret message = input(ctx, threeParty, 3, 128);
        Secret[] out = null;
        for (long r = 0; r < times; r++) {
            out = ctx.call(aes, key, message);
        }
        return List.of(ctx.reveal(out[0], Receiver.BOTH));
    }
}
