package io.yaostream.cli.bench;

import io.yaostream.SecureProgram;
import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.Result;
import io.yaostream.TwoParty;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.protocol.PartyContext;
import io.yaostream.examples.Aes;
import io.yaostream.examples.Hamming;
import io.yaostream.examples.Karatsuba;
import io.yaostream.examples.Present;
import io.yaostream.internal.CoreBridge;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Supplier;

/**
 * The ME-SFE paper's Table 3 on this machine: each application run by two parties in this process over TCP
 * loopback, many times; the figures of the median run. The minimum runs in two processes of its own (see
 * {@link MinimumBench}), where each party's heap can be limited and measured.
 */
public final class AppsBench {
    /** One row: what we measured, beside the paper's AND count and ME-SFE's working set. */
    public record Row(String app, long and, long paperAnd, int workingSet, int mesfeWorkingSet, long bytes, double onlineMs,
                      double totalMs, long peakHeapBytes, String note, long rounds, double floorMs) {
    }

    /** An application to time: its program and a fresh pair of input feeds per run. */
    private record App(String app, long paperAnd, int mesfeWorkingSet, String name, SecureProgram<?> program,
                       Supplier<Inputs> garbler, Supplier<Inputs> evaluator) {
    }

    /** One AES block as one flat circuit, the program's gates ({@link Aes#flatCircuit}): the aes-1000-flat row. */
    private static final CompiledCircuit AES_FLAT = Aes.flatCircuit();

    private AppsBench() {
    }

    /** The in-process applications: Hamming-900, AES (one block, and 1,000 in a session), PRESENT, Karatsuba-128. */
    public static List<Row> run(TwoParty config, int runs, int warmups, LoopbackFloor floor) {
        SplittableRandom rnd = new SplittableRandom(1);
        PlainBits a = random(rnd, Hamming.DEFAULT_BITS);
        PlainBits b = random(rnd, Hamming.DEFAULT_BITS);
        byte[] key = HexFormat.of().parseHex("000102030405060708090a0b0c0d0e0f");
        byte[] block = HexFormat.of().parseHex("00112233445566778899aabbccddeeff");
        PlainBits x = random(rnd, Karatsuba.DEFAULT_BITS);
        PlainBits y = random(rnd, Karatsuba.DEFAULT_BITS);
        List<App> apps = List.of(
                new App("hamming", 896, 1_800, Hamming.name(900), Hamming.program(900), () -> Inputs.bits(a), () -> Inputs.bits(b)),
                new App("aes", 5_120, 27, Aes.name(1), Aes.program(1),
                        () -> Inputs.bits(Aes.toBits(Aes.expandKey(key))), () -> Inputs.bits(Aes.toBits(block))),
                new App("aes-1000", 5_120_000, 27, Aes.name(1000), Aes.program(1000),
                        () -> Inputs.bits(Aes.toBits(Aes.expandKey(key))), () -> Inputs.bits(java.util.Collections.nCopies(1000, Aes.toBits(block)))),
                new App("aes-1000-flat", 5_120_000, 0, "aes-128 flat circuit x1000", CoreBridge.program(new RepeatProgram(AES_FLAT, 1000)),
                        () -> Inputs.bits(Aes.toBits(Aes.expandKey(key))), () -> Inputs.bits(Aes.toBits(block))),
                new App("present", 1_984, 2_112, Present.name(1), Present.program(1),
                        () -> Inputs.bits(Present.roundKeys(BigInteger.ZERO)), () -> Inputs.bits(PlainBits.zeros(64))),
                new App("karatsuba", 17_973, 1_074, Karatsuba.name(128), Karatsuba.program(128), () -> Inputs.bits(x), () -> Inputs.bits(y)));
        List<Row> rows = new ArrayList<>();
        for (App app : apps) {
            boolean thousand = app.app().startsWith("aes-1000"); // a run is a thousand blocks: fewer runs
            rows.add(time(config, app, thousand ? Math.max(1, runs / 20) : runs, thousand ? warmups / 50 : warmups, floor));
        }
        return rows;
    }

    private static Row time(TwoParty config, App app, int runs, int warmups, LoopbackFloor floor) {
        TwoParty named = config.name(app.name());
        if (app.app().endsWith("-flat")) {
            named = CoreBridge.circuits(named, List.of(AES_FLAT)); // compared in the handshake, as run does
        }
        for (int i = 0; i < warmups; i++) {
            named.runBoth(app.program(), app.garbler().get(), app.evaluator().get());
        }
        double[] online = new double[runs];
        double[] total = new double[runs];
        Result<?> last = null;
        HeapPeak.reset();
        for (int i = 0; i < runs; i++) {
            TwoParty.Both<?> both = named.runBoth(app.program(), app.garbler().get(), app.evaluator().get());
            Result<?> g = both.garbler();
            Result<?> e = both.evaluator();
            // The run ends when the later party ends; online time starts when both have their base OTs.
            total[i] = 1e3 * Math.max(g.seconds(), e.seconds());
            online[i] = 1e3 * Math.max(g.onlineSeconds(), e.onlineSeconds());
            last = e;
        }
        long rounds = last.costs().rounds();
        return new Row(app.app(), last.andGates(), app.paperAnd(), last.costs().workingSet(), app.mesfeWorkingSet(),
                last.costs().bytes(), new Samples(online).median(), new Samples(total).median(), HeapPeak.bytes(),
                "both parties in one process, median of " + runs, rounds,
                floor.millis(rounds - PartyContext.FIXED_ROUNDS, last.costs().bytes(), last.andGates()));
    }

    /** {@code bits} random bits from {@code rnd} (a bench's inputs, the same on every run of it). */
    static PlainBits random(SplittableRandom rnd, int bits) {
        BigInteger v = BigInteger.ZERO;
        for (int i = 0; i < bits; i++) {
            if (rnd.nextBoolean()) {
                v = v.setBit(i);
            }
        }
        return PlainBits.of(v, bits);
    }
}
