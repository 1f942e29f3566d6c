package io.yaostream.cli.bench;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.program.Secret;
import io.yaostream.examples.SharedKeyAes;

import java.util.List;
import java.util.Optional;

/**
 * A hash circuit whose 512-bit input block is split between the three parties ({@code widths[p - 1]} bits from party p,
 * party 1's in the low bits), evaluated {@code times} times and revealed to all; in a two-party session party 1's part
 * is the garbler's and the rest the evaluator's. MRZ15 does not say how it splits its hash circuits' input; any split
 * costs the same.
 */
final class SplitBlockHash implements Program<List<Optional<BitString>>> {
    private final CompiledCircuit circuit;
    private final int[] widths;
    private final long times;
    private final boolean threeParty;

    SplitBlockHash(CompiledCircuit circuit, int[] widths, long times, boolean threeParty) {
        this.circuit = circuit;
        this.widths = widths.clone();
        this.times = times;
        this.threeParty = threeParty;
    }

    @Override
    public List<Optional<BitString>> run(ProgramContext ctx) {
        Secret block = Secret.concat(SharedKeyAes.input(ctx, threeParty, 1, widths[0]), SharedKeyAes.input(ctx, threeParty, 2, widths[1]),
                SharedKeyAes.input(ctx, threeParty, 3, widths[2]));
        Secret[] args = new Secret[circuit.inputs().size()];
        args[0] = block;
        for (int g = 1; g < args.length; g++) {
            args[g] = block.slice(0, 0); // an old Bristol file's empty second party
        }
        Secret[] out = null;
        for (long r = 0; r < times; r++) {
            out = ctx.call(circuit, args);
        }
        return List.of(ctx.reveal(out[0], Receiver.BOTH));
    }
}
