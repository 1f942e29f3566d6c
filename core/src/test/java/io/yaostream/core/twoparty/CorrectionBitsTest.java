package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.ReceiverFirstBaseOt;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.testing.Uniformity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the garbler sees of the evaluator's inputs on a kept link, its correction bits, is uniform: each program's
 * corrections pad its inputs with choice bits used once, so the same structured input in every program still gives
 * uniform bytes, and so do two programs' corrections XORed (an OT whose choice bit served two programs would give the
 * XOR of their inputs there). The test of the test: the raw inputs, and the XOR of two programs' inputs, fail it.
 */
@Timeout(120)
class CorrectionBitsTest {
    private static final int PROGRAMS = 600;
    private static final int BITS = 64;

    @Test
    void correctionBitsAreUniformOnTheirOwnAndAcrossPrograms() {
        // A structured input: the same in every program, and far from uniform byte by byte.
        BitString input = BitString.of(0x00ff_0f0f_0000_0001L, BITS);
        CompiledCircuit c = new CompiledCircuit.Builder(BITS + 2).input("a", Party.GARBLER, new int[] {0})
                .input("b", Party.EVALUATOR, java.util.stream.IntStream.range(2, 2 + BITS).toArray())
                .gate(GateOp.AND, 0, 2, 1).output("z", Receiver.EVALUATOR, new int[] {1}).build();
        List<long[]> perProgram = new ArrayList<>();
        MemoryChannel[] ends = MemoryChannel.pair(1 << 16);
        CompletableFuture<Void> garbler = CompletableFuture.runAsync(() -> {
            try (KeptLink link = new KeptLink(Party.GARBLER, ends[0], config(), AesCtrRandom.forTesting(1))) {
                link.open(false);
                for (int i = 0; i < PROGRAMS; i++) {
                    link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(BitString.of(1, 1)));
                }
            }
        });
        YaoSession.Config config = config();
        try (KeptLink link = new KeptLink(Party.EVALUATOR, ends[1], config, AesCtrRandom.create(config.kernel(), new java.security.SecureRandom()))) {
            link.open(false);
            link.tapCorrections((words, n) -> {
                if (n == BITS) {
                    perProgram.add(new long[] {words[0]});
                }
            });
            for (int i = 0; i < PROGRAMS; i++) {
                link.run("p", List.of(c), new RepeatProgram(c, 1), InputFeed.of(input));
            }
        }
        garbler.join();
        assertEquals(PROGRAMS, perProgram.size(), "one opening chunk of 64 corrections per program");

        List<Long> corrections = new ArrayList<>();
        List<Long> xors = new ArrayList<>();
        List<Long> inputs = new ArrayList<>();
        List<Long> inputXors = new ArrayList<>();
        for (int i = 0; i < PROGRAMS; i++) {
            corrections.add(perProgram.get(i)[0]);
            inputs.add(input.toLong());
            if (i > 0) {
                xors.add(perProgram.get(i)[0] ^ perProgram.get(i - 1)[0]);
                inputXors.add(input.toLong() ^ input.toLong());
            }
        }
        double limit = Uniformity.critical(255);
        assertTrue(byteChiSquare(corrections) < limit, "corrections: chi-square " + byteChiSquare(corrections));
        assertTrue(byteChiSquare(xors) < limit, "two programs' corrections XORed: chi-square " + byteChiSquare(xors));
        assertTrue(byteChiSquare(inputs) > limit, "the test must catch the raw inputs: chi-square " + byteChiSquare(inputs));
        assertTrue(byteChiSquare(inputXors) > limit, "the test must catch a reused choice bit: chi-square " + byteChiSquare(inputXors));
    }

    /** A party's configuration: a kernel of its own, as kernels are for one thread each. */
    private static YaoSession.Config config() {
        JavaKernel k = new JavaKernel();
        return new YaoSession.Config(Schemes.byName(Schemes.DEFAULT), k, new ReceiverFirstBaseOt(1, k), "chi", List.of());
    }

    /** The chi-square statistic of the eight bytes of every value, against 256 equally likely byte values. */
    private static double byteChiSquare(List<Long> values) {
        long[] counts = new long[256];
        for (long v : values) {
            for (int b = 0; b < 8; b++) {
                counts[(int) (v >>> (8 * b)) & 0xff]++;
            }
        }
        return Uniformity.againstUniform(counts);
    }
}
