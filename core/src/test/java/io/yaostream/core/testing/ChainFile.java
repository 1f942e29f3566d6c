package io.yaostream.core.testing;

import io.yaostream.core.circuit.GateCounts;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.circuit.WireGroup;
import io.yaostream.core.format.SlotBinaryFormat;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes a compiled slot-ID file of {@code n} chained AND gates in constant memory: the garbler's 64 input bits in
 * slots 0..63, the evaluator's in 64..127, and an accumulator that alternates between slots 128 and 129: gate 0 is
 * {@code AND(0, 1)}, gate i {@code AND(accumulator, slot i mod 128)}, so each reads the one before it and every AND
 * batch is one gate. Its one output, the last gate's, is 1 exactly when all 128 input bits are (n of 127 or more).
 * For the bounded-memory tests and by hand: {@code ChainFile FILE N}.
 */
public final class ChainFile {
    private ChainFile() {
    }

    public static void write(Path file, int n) throws IOException {
        int[] garbler = new int[64];
        int[] evaluator = new int[64];
        for (int i = 0; i < 64; i++) {
            garbler[i] = i;
            evaluator[i] = 64 + i;
        }
        int last = 128 + ((n - 1) & 1);
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16)) {
            GateCounts counts = new GateCounts(n, n, 0, 0, 0);
            SlotBinaryFormat.Writer w = new SlotBinaryFormat.Writer(out, 130, counts, counts,
                    List.of(new WireGroup<>("a", Party.GARBLER, garbler), new WireGroup<>("b", Party.EVALUATOR, evaluator)),
                    List.of(new WireGroup<>("all", Receiver.BOTH, new int[] {last})), n);
            for (int i = 0; i < n; i++) {
                w.batch(i, 1);
            }
            for (int i = 0; i < n; i++) {
                w.gate(GateOp.AND, i == 0 ? 0 : 128 + ((i - 1) & 1), i == 0 ? 1 : i % 128, 128 + (i & 1));
            }
            w.finish();
        }
    }

    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]), Integer.parseInt(args[1]));
    }
}
