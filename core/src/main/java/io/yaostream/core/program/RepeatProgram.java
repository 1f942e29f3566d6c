package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.SideBySide;
import io.yaostream.core.circuit.WireGroup;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * One circuit evaluated {@code times} times in one session on the same inputs (the {@code --repeat} of
 * {@code run} and {@code demo}). The inputs are encoded once; each call garbles afresh under new gate
 * indices, as if the circuit were copied {@code times} times side by side. The evaluator decodes the outputs
 * it receives after every call and checks they never change; the last call's outputs are revealed as the
 * circuit says, so a garbler-only output stays hidden from the evaluator.
 *
 * <p>The calls go {@link #copies} at a time through the circuit copied side by side ({@link SideBySide}), the rest one
 * by one: the same gates, with batches that many times as wide and free gates that do not wait on each other.
 */
public final class RepeatProgram implements Program<List<Optional<BitString>>> {
    private final CompiledCircuit circuit;
    private final long times;

    public RepeatProgram(CompiledCircuit circuit, long times) {
        if (times < 1) {
            throw new IllegalArgumentException("repeat count must be at least 1, got " + times);
        }
        this.circuit = circuit;
        this.times = times;
    }

    /** The program's name in the handshake: both parties must repeat equally often. */
    public String name() {
        return "repeat " + times;
    }

    /** The last call's output groups: present where this party receives the group. */
    @Override
    public List<Optional<BitString>> run(ProgramContext ctx) {
        Secret[] in = new Secret[circuit.inputs().size()];
        for (int g = 0; g < in.length; g++) {
            in[g] = ctx.input(circuit.inputs().get(g).owner(), circuit.inputs().get(g).width());
        }
        int groups = circuit.outputs().size();
        BitString[] first = new BitString[groups];
        List<Optional<BitString>> results = new ArrayList<>(java.util.Collections.nCopies(groups, Optional.empty()));
        int copies = copies(circuit, times);
        CompiledCircuit wide = SideBySide.of(circuit, copies);
        Secret[] wideIn = new Secret[copies * in.length];
        for (int j = 0; j < copies; j++) {
            System.arraycopy(in, 0, wideIn, j * in.length, in.length);
        }
        for (long r = 1; r <= times; ) {
            boolean together = times - r + 1 >= copies;
            Secret[] out = together ? ctx.call(wide, wideIn) : ctx.call(circuit, in);
            for (int j = 0; j < (together ? copies : 1); j++, r++) {
                for (int g = 0; g < groups; g++) {
                    Receiver to = circuit.outputs().get(g).owner();
                    Secret value = out[j * groups + g];
                    if (r == times) {
                        results.set(g, ctx.reveal(value, to));
                    } else if (to != Receiver.GARBLER) {
                        check(ctx.reveal(value, Receiver.EVALUATOR), first, g, r);
                    }
                }
            }
        }
        for (int g = 0; g < groups; g++) {
            check(results.get(g), first, g, times);
        }
        return results;
    }

    /**
     * Calls that go together: as many copies (up to {@value #MOST_COPIES}) as keep their labels within
     * {@value #LABEL_BYTES} bytes, a level-1 data cache. mult64's 376 slots go 8 at a time, and the kernel then garbles an
     * AND gate in about 1 ns less; aes_128's 912 slots gain nothing from copies, and lose once they outgrow the cache.
     */
    static int copies(CompiledCircuit c, long times) {
        if (c.isStreamed() || c.counts().and() == 0) {
            return 1;
        }
        long fit = LABEL_BYTES / (16L * Math.max(1, c.slots()));
        return (int) Math.max(1, Math.min(Math.min(MOST_COPIES, fit), times));
    }

    private static final int MOST_COPIES = 8;
    private static final long LABEL_BYTES = 48 << 10;

    private void check(Optional<BitString> value, BitString[] first, int group, long repetition) {
        if (value.isEmpty()) {
            return;
        }
        if (first[group] == null) {
            first[group] = value.get();
        } else if (!first[group].equals(value.get())) {
            WireGroup<Receiver> g = circuit.outputs().get(group);
            throw new ProtocolException("repetition " + repetition + " gave output '" + g.name() + "' a different value than the first");
        }
    }

}
