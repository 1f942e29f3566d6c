package io.yaostream.core.threeparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One circuit run by three parties, {@code times} times in one session on the same inputs (the {@code --repeat} of
 * {@code run3} and {@code demo3}): input group g belongs to party g + 1 (so a two-group circuit leaves P3 without input),
 * and every output group is revealed to all three after the last call.
 */
public final class ThreePartyCircuit implements Program<List<Optional<BitString>>> {
    private final CompiledCircuit circuit;
    private final long times;

    public ThreePartyCircuit(CompiledCircuit circuit, long times) {
        if (circuit.inputs().size() > 3) {
            throw new IllegalArgumentException("the circuit has " + circuit.inputs().size()
                    + " input groups; three parties own at most three (group g belongs to party g)");
        }
        if (times < 1) {
            throw new IllegalArgumentException("repeat count must be at least 1, got " + times);
        }
        this.circuit = circuit;
        this.times = times;
    }

    /** The owner (1 to 3) of input group {@code g} (from 0). */
    public static int owner(int g) {
        return g + 1;
    }

    /** The program's name in the handshake. */
    public String name() {
        return "3pc repeat " + times;
    }

    @Override
    public List<Optional<BitString>> run(ProgramContext ctx) {
        Secret[] in = new Secret[circuit.inputs().size()];
        for (int g = 0; g < in.length; g++) {
            in[g] = ctx.input(owner(g), circuit.inputs().get(g).width());
        }
        Secret[] out = null;
        for (long r = 1; r <= times; r++) {
            out = ctx.call(circuit, in);
        }
        List<Optional<BitString>> results = new ArrayList<>();
        for (Secret s : out) {
            results.add(ctx.reveal(s, Receiver.BOTH));
        }
        return results;
    }
}
