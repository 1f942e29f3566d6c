package io.yaostream.core.program;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
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
     * Calls that go together, where copies pay ({@link #narrowOrChained}): as many (up to {@value #MOST_COPIES}) as keep
     * their labels within {@value #LABEL_BYTES} bytes, a level-1 data cache, and their gate records within
     * {@value #RECORD_BYTES}, so that memory stays what the circuit's own size allows. The kernel alone, garbling an AND
     * gate one copy at a time and side by side (AMD EPYC, VAES-512): mult64, 8 copies, 6.2 → 5.1-5.3 ns; adder64, 8,
     * 38.6 → 8.4; divide64, 8, 33.1 → 8.8; sha-256, 932 slots, 9.2 → 7.9 with 2 copies and 7.0 with 4, but 10.9 with 8,
     * whose labels outgrow the cache. aes_128, whose batches are wide and free gates independent, gains nothing and
     * goes one by one (copying and hashing the wider circuit would only add to a short run).
     */
    static int copies(CompiledCircuit c, long times) {
        if (c.isStreamed() || c.counts().and() == 0 || !narrowOrChained(c)) {
            return 1;
        }
        long byLabels = LABEL_BYTES / (16L * Math.max(1, c.slots()));
        long byRecords = RECORD_BYTES / (16L * Math.max(1, c.gateCount()));
        return (int) Math.max(1, Math.min(Math.min(MOST_COPIES, Math.min(byLabels, byRecords)), times));
    }

    /**
     * Whether the kernel waits on one gate for the next: AND batches of fewer than {@value #NARROW_BATCH} gates on
     * average (the AES pipeline then runs part empty), or an eighth or more of the free gates reading the output of the
     * gate just before (a chain the walk takes from a register, one gate at a time).
     */
    static boolean narrowOrChained(CompiledCircuit c) {
        if (c.counts().and() < (long) NARROW_BATCH * c.andBatchCount()) {
            return true;
        }
        int[] r = c.gateRecordsView();
        int free = 0;
        int chained = 0;
        for (int g = 1; g < c.gateCount(); g++) {
            int p = g * CompiledCircuit.GATE_STRIDE;
            if (GateOp.kind(r[p]) != GateOp.Kind.AND) {
                int before = r[p - CompiledCircuit.GATE_STRIDE + 3];
                free++;
                if (r[p + 1] == before || r[p + 2] == before) {
                    chained++;
                }
            }
        }
        return chained > 0 && 8L * chained >= free;
    }

    private static final int NARROW_BATCH = 64;
    private static final int MOST_COPIES = 8;
    private static final long LABEL_BYTES = 48 << 10;
    private static final long RECORD_BYTES = 4 << 20;

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
