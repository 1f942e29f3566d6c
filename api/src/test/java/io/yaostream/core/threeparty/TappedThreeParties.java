package io.yaostream.core.threeparty;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.Internals;
import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.protocol.FrameTap;
import io.yaostream.core.protocol.PartyLink;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Three parties of one session in this process, over memory links of which every direction passes through a
 * {@link FrameTap} at its sender, so a test can record what each party receives and change it on the way; each party
 * runs the real protocol code with a configuration of its own (so one may use another scheme). Also the circuits the
 * three-party tests run.
 */
final class TappedThreeParties {
    private final MemoryChannel[][] ends = new MemoryChannel[4][4];
    private final FrameTap[][] taps = new FrameTap[4][4];
    private long millis;

    /** Links whose reads and writes wait at most {@code timeoutMillis}. */
    TappedThreeParties(long timeoutMillis) {
        for (int[] pair : new int[][] {{1, 2}, {1, 3}, {2, 3}}) {
            MemoryChannel[] p = MemoryChannel.pair(timeoutMillis);
            ends[pair[0]][pair[1]] = p[0];
            ends[pair[1]][pair[0]] = p[1];
            taps[pair[0]][pair[1]] = new FrameTap(p[0]);
            taps[pair[1]][pair[0]] = new FrameTap(p[1]);
        }
    }

    /** What party {@code from} writes to party {@code to}. */
    FrameTap tap(int from, int to) {
        return taps[from][to];
    }

    /** Closes both of party {@code p}'s links under the protocol, as a party that stops or crashes. */
    void disconnect(int p) {
        for (int other : ThreeLinks.others(p)) {
            ends[p][other].close();
        }
    }

    private ThreeLinks links(int me) {
        int[] o = ThreeLinks.others(me);
        return new ThreeLinks(me, new PartyLink(taps[me][o[0]], o[0]), new PartyLink(taps[me][o[1]], o[1]));
    }

    /** Runs party p as {@code configs[p - 1]} with input feed {@code feeds.get(p - 1)}; waits for all three. */
    <R> List<ThreeParty.Outcome<R>> run(ThreeParty[] configs, Program<R> program, List<Inputs> feeds) {
        long start = System.nanoTime();
        List<CompletableFuture<ThreeParty.Outcome<R>>> futures = new ArrayList<>();
        for (int p = 1; p <= 3; p++) {
            int me = p;
            CompletableFuture<ThreeParty.Outcome<R>> f = new CompletableFuture<>();
            Thread t = new Thread(() -> {
                try {
                    f.complete(new ThreeParty.Outcome<>(me, Internals.run(configs[me - 1], links(me), program, feeds.get(me - 1)), null));
                } catch (RuntimeException e) {
                    f.complete(new ThreeParty.Outcome<>(me, null, e));
                } catch (Error e) {
                    f.complete(new ThreeParty.Outcome<>(me, null, new IllegalStateException(e.toString(), e)));
                }
            }, "test-3pc-party-" + me);
            t.setDaemon(true);
            t.start();
            futures.add(f);
        }
        List<ThreeParty.Outcome<R>> out = new ArrayList<>();
        for (CompletableFuture<ThreeParty.Outcome<R>> f : futures) {
            out.add(f.join());
        }
        millis = (System.nanoTime() - start) / 1_000_000;
        return out;
    }

    /** Runs the three parties, all with scheme {@code scheme} (see {@link #party}). */
    <R> List<ThreeParty.Outcome<R>> run(String scheme, Program<R> program, List<Inputs> feeds) {
        ThreeParty[] configs = new ThreeParty[3];
        for (int p = 1; p <= 3; p++) {
            configs[p - 1] = party(p, scheme, program);
        }
        return run(configs, program, feeds);
    }

    /** Party {@code p} with the java kernel, scheme {@code scheme} and the name of {@code program}. */
    static ThreeParty party(int p, String scheme, Program<?> program) {
        String name = program instanceof ThreePartyCircuit c ? c.name() : "program";
        return ThreeParty.as(p).kernel("java").scheme(scheme).name(name);
    }

    /** How long the last {@link #run} took. */
    long millis() {
        return millis;
    }

    static int[] range(int from, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = from + i;
        }
        return r;
    }

    /** Ripple-carry {@code s = a + b} mod 2^w; {@code carry}, {@code t1}, {@code t2} are scratch slots. */
    static void add(CompiledCircuit.Builder c, int[] a, int[] b, int[] s, int carry, int t1, int t2) {
        int w = a.length;
        c.gate(GateOp.XOR, a[0], b[0], s[0]);
        if (w > 1) {
            c.gate(GateOp.AND, a[0], b[0], carry);
        }
        for (int i = 1; i < w; i++) {
            c.gate(GateOp.XOR, a[i], b[i], s[i]).gate(GateOp.XOR, s[i], carry, s[i]);
            if (i < w - 1) { // carry' = carry ^ ((a ^ carry) & (b ^ carry))
                c.gate(GateOp.XOR, a[i], carry, t1).gate(GateOp.XOR, b[i], carry, t2).gate(GateOp.AND, t1, t2, t1)
                        .gate(GateOp.XOR, carry, t1, carry);
            }
        }
    }

    /** a + b mod 2^w, a of P1 (group 0), b of P2 (group 1): w - 1 AND gates. */
    static CompiledCircuit adder(int w) {
        int[] a = range(0, w);
        int[] b = range(w, w);
        int[] s = range(2 * w, w);
        int carry = 3 * w;
        CompiledCircuit.Builder c = new CompiledCircuit.Builder(carry + 3)
                .input("a", Party.GARBLER, a).input("b", Party.GARBLER, b);
        add(c, a, b, s, carry, carry + 1, carry + 2);
        return c.output("sum", Receiver.BOTH, s).build();
    }

    /** a + b + c and a ^ b ^ c mod 2^w, of P1, P2 and P3 (groups 0, 1, 2): 2 (w - 1) AND gates. */
    static CompiledCircuit sum3(int w) {
        int[] a = range(0, w);
        int[] b = range(w, w);
        int[] d = range(2 * w, w);
        int[] t = range(3 * w, w);
        int[] s = range(4 * w, w);
        int[] x = range(5 * w, w);
        int carry = 6 * w;
        CompiledCircuit.Builder c = new CompiledCircuit.Builder(carry + 3)
                .input("a", Party.GARBLER, a).input("b", Party.GARBLER, b).input("c", Party.EVALUATOR, d);
        add(c, a, b, t, carry, carry + 1, carry + 2);
        add(c, t, d, s, carry, carry + 1, carry + 2);
        for (int i = 0; i < w; i++) {
            c.gate(GateOp.XOR, a[i], b[i], x[i]).gate(GateOp.XOR, x[i], d[i], x[i]);
        }
        return c.output("sum", Receiver.BOTH, s).output("xor", Receiver.BOTH, x).build();
    }

    /** The feeds of a circuit whose input group g belongs to party g + 1. */
    static List<Inputs> feeds(BitString... inputs) {
        List<List<BitString>> byParty = List.of(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (int g = 0; g < inputs.length; g++) {
            byParty.get(ThreePartyCircuit.owner(g) - 1).add(inputs[g]);
        }
        return byParty.stream().map(f -> Inputs.bits(f.stream().map(CoreBridge::bits).toList())).toList();
    }
}
