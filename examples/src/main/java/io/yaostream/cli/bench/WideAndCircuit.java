package io.yaostream.cli.bench;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;

import java.util.Random;

/**
 * The benchmark circuit with many independent AND gates: {@value #ANDS} AND-type gates (every AND-type table
 * now and then) reading random pairs of 2 x 1024 input bits, in batches of {@value #BATCH}.
 */
public final class WideAndCircuit {
    public static final int ANDS = 1 << 16;
    public static final int BATCH = 1024;
    private static final int INPUT_BITS = 1024;

    private WideAndCircuit() {
    }

    public static CompiledCircuit build() {
        Random rnd = new Random(1);
        int scratch = 4096;
        int[] a = new int[INPUT_BITS];
        int[] b = new int[INPUT_BITS];
        for (int i = 0; i < INPUT_BITS; i++) {
            a[i] = i;
            b[i] = INPUT_BITS + i;
        }
        CompiledCircuit.Builder builder = new CompiledCircuit.Builder(2 * INPUT_BITS + scratch)
                .input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        int[] andTables = {1, 2, 4, 7, 8, 11, 13, 14};
        for (int g = 0; g < ANDS; g++) {
            int tt = g % 16 == 0 ? andTables[rnd.nextInt(andTables.length)] : GateOp.AND;
            builder.gate(tt, rnd.nextInt(INPUT_BITS), INPUT_BITS + rnd.nextInt(INPUT_BITS), 2 * INPUT_BITS + g % scratch);
        }
        for (int start = 0; start < ANDS; start += BATCH) {
            builder.andBatch(start, BATCH);
        }
        int[] out = new int[64];
        for (int i = 0; i < out.length; i++) {
            out[i] = 2 * INPUT_BITS + i;
        }
        return builder.output("o", Receiver.BOTH, out).build();
    }
}
