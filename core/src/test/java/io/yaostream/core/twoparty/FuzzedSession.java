package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.GateOp;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.BaseOt;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.ot.PlainBaseOtForTests;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.MutatingChannel;
import io.yaostream.core.protocol.WatchedChannel;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One session between an honest party and a fake peer over the in-memory channel: the fake peer is the honest
 * code of the other role writing through a {@link MutatingChannel}, or a replay of a recorded peer's stream. The
 * program adds a garbler input to two evaluator inputs (a ripple-carry adder with one AND gate whose output no one
 * uses), XORs a constant in, and reveals everything to both parties, so every message of the protocol passes:
 * hello, base OTs, OT extension and input chunks, garbler labels and the constant's label, circuit digests, tables,
 * decoding values and labels sent back.
 */
final class FuzzedSession {
    static final int WIDTH = 16;
    static final long MASK = (1L << WIDTH) - 1;
    static final long CONSTANT = 0xa5c3;
    static final CompiledCircuit ADDER = adder(WIDTH);
    /** Both parties in a read this long is taken for a deadlock (a read of bytes already sent returns in microseconds). */
    private static final long DEADLOCK_MILLIS = 30;

    /** Both parties' inputs. */
    record Inputs(long a, long b1, long b2) {
        /** What both parties learn: a + b1, a ^ b1 ^ CONSTANT, a + b2, a ^ b2. */
        List<BitString> expected() {
            return outputs(a, b1, b2);
        }
    }

    /** What the honest party got: its outputs, or its failure; and how long it ran. */
    record Outcome(List<BitString> value, Throwable failure, long millis, boolean mutationApplied) {
    }

    private FuzzedSession() {
    }

    static List<BitString> outputs(long a, long b1, long b2) {
        return List.of(BitString.of((a + b1) & MASK, WIDTH), BitString.of(a ^ b1 ^ CONSTANT, WIDTH),
                BitString.of((a + b2) & MASK, WIDTH), BitString.of(a ^ b2, WIDTH));
    }

    /**
     * Whether {@code out} is what the garbler with input {@code a} learns for <em>some</em> evaluator inputs: the
     * most a garbler can check, since an evaluator may always use other inputs (the XOR outputs fix them, and the
     * sums must agree).
     */
    static boolean consistentForGarbler(long a, List<BitString> out) {
        long b1 = out.get(1).toLong() ^ CONSTANT ^ a;
        long b2 = out.get(3).toLong() ^ a;
        return out.equals(outputs(a, b1, b2));
    }

    static Program<List<BitString>> program() {
        return ctx -> {
            Secret a = ctx.input(Party.GARBLER, WIDTH);
            Secret b1 = ctx.input(Party.EVALUATOR, WIDTH);
            Secret b2 = ctx.input(Party.EVALUATOR, WIDTH);
            Secret[] r1 = ctx.call(ADDER, a, b1);
            Secret[] r2 = ctx.call(ADDER, a, b2);
            Secret x1 = ctx.xor(r1[1], ctx.constant(BitString.of(CONSTANT, WIDTH)));
            List<BitString> out = new ArrayList<>();
            for (Secret s : List.of(r1[0], x1, r2[0], r2[1])) {
                out.add(ctx.reveal(s, Receiver.BOTH).orElseThrow());
            }
            return out;
        };
    }

    /** a + b and a ^ b of WIDTH bits; one AND gate at the end whose output is no output. */
    private static CompiledCircuit adder(int w) {
        int[] a = range(0, w);
        int[] b = range(w, w);
        int[] s = range(2 * w, w);
        int[] x = range(3 * w, w);
        int carry = 4 * w;
        int t1 = carry + 1;
        int t2 = carry + 2;
        int unused = carry + 3;
        CompiledCircuit.Builder c = new CompiledCircuit.Builder(carry + 4)
                .input("a", Party.GARBLER, a).input("b", Party.EVALUATOR, b);
        c.gate(GateOp.XOR, a[0], b[0], x[0]).gate(GateOp.XOR, a[0], b[0], s[0]).gate(GateOp.AND, a[0], b[0], carry);
        for (int i = 1; i < w; i++) {
            c.gate(GateOp.XOR, a[i], b[i], x[i]).gate(GateOp.XOR, x[i], carry, s[i]);
            if (i < w - 1) { // carry' = carry ^ ((a ^ carry) & (b ^ carry))
                c.gate(GateOp.XOR, a[i], carry, t1).gate(GateOp.XOR, b[i], carry, t2).gate(GateOp.AND, t1, t2, t1)
                        .gate(GateOp.XOR, carry, t1, carry);
            }
        }
        c.gate(GateOp.AND, carry, a[w - 1], unused);
        return c.output("sum", Receiver.BOTH, s).output("xor", Receiver.BOTH, x).build();
    }

    private static int[] range(int from, int n) {
        int[] r = new int[n];
        for (int i = 0; i < n; i++) {
            r[i] = from + i;
        }
        return r;
    }

    static InputFeed feed(Party role, Inputs in) {
        return role == Party.GARBLER ? InputFeed.of(BitString.of(in.a(), WIDTH))
                : InputFeed.of(BitString.of(in.b1(), WIDTH), BitString.of(in.b2(), WIDTH));
    }

    static YaoSession.Config config(String scheme, boolean realBaseOt) {
        JavaKernel kernel = new JavaKernel(); // one per party: kernels are not thread-safe
        BaseOt baseOt = realBaseOt ? new io.yaostream.core.ot.ReceiverFirstBaseOt(1, kernel) : new PlainBaseOtForTests();
        return new YaoSession.Config(Schemes.byName(scheme), kernel, baseOt, "fuzz", List.of(ADDER));
    }

    /** How one session is set up. */
    record Setup(Party honest, String scheme, boolean realBaseOt, int timeoutMillis, int peerPatienceMillis) {
        Party peer() {
            return honest == Party.GARBLER ? Party.EVALUATOR : Party.GARBLER;
        }
    }

    /** The seed of the recorded sessions' randomness; a fuzz run must use another (see {@link #run}). */
    static final long RECORDING_SEED = 1;

    /**
     * Records the fake peer's stream of an unmutated session: its frames by kind. The session must succeed.
     */
    static List<MutatingChannel.Frame> record(Setup setup, Inputs in) {
        MutatingChannel[] peer = new MutatingChannel[1];
        // Both parties are honest here: the peer is never cut off for waiting (on a loaded machine a party that has its
        // data but no core yet looks like one waiting in a read).
        Setup patient = new Setup(setup.honest(), setup.scheme(), setup.realBaseOt(), setup.timeoutMillis(), Integer.MAX_VALUE);
        Outcome o = run(patient, in, RECORDING_SEED, ch -> peer[0] = new MutatingChannel(ch, null, true), null, true);
        if (o.failure() != null) {
            throw new AssertionError("the honest recording run failed", o.failure());
        }
        if (!o.value().equals(in.expected())) {
            throw new AssertionError("the honest recording run gave " + o.value() + ", not " + in.expected());
        }
        return peer[0].frames();
    }

    /** Makes the peer's channel end from its raw end. */
    interface PeerChannel {
        MutatingChannel wrap(Channel raw);
    }

    /**
     * Runs the honest party against the live fake peer (or, with {@code replay} not null, against a replay of those
     * frames) and returns what the honest party got. A peer that waits in a read longer than its patience, or while
     * the honest party waits in one too, is interrupted (its channel then fails and closes, and the honest party
     * learns that the peer hung up), except when {@code closeWhenPeerEnds} is false: then the peer's end stays open
     * until the honest party ends, so that the honest party meets its own timeout. The parties' randomness comes from
     * {@code seed}; a replay must use another seed than its recording, as a real party draws fresh randomness for every
     * session: a garbler that reused its Δ and labels would accept labels evaluated in the recorded session.
     */
    static Outcome run(Setup setup, Inputs in, long seed, PeerChannel peerChannel, List<MutatingChannel.Frame> replay,
                       boolean closeWhenPeerEnds) {
        MemoryChannel[] ends = MemoryChannel.pair(setup.timeoutMillis());
        WatchedChannel honestEnd = new WatchedChannel(ends[setup.honest() == Party.GARBLER ? 0 : 1]);
        Channel peerRaw = ends[setup.honest() == Party.GARBLER ? 1 : 0];
        MutatingChannel peerEnd = peerChannel.wrap(peerRaw);
        YaoSession.Config honestConfig = config(setup.scheme(), setup.realBaseOt());
        YaoSession.Config peerConfig = config(setup.scheme(), setup.realBaseOt());

        Thread peer = new Thread(() -> {
            try {
                if (replay == null) {
                    new YaoSession(setup.peer(), peerEnd, peerConfig, AesCtrRandom.forTesting(seed)).run(program(), feed(setup.peer(), in));
                } else {
                    replayAndDrain(peerEnd, replay);
                }
            } catch (RuntimeException e) {
                // The fake peer's own fate does not matter: only the honest party's is checked.
            } finally {
                if (closeWhenPeerEnds) {
                    peerRaw.close();
                }
            }
        }, "fuzz-peer");
        AtomicReference<List<BitString>> value = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread honest = new Thread(() -> {
            try {
                value.set(new YaoSession(setup.honest(), honestEnd, honestConfig, AesCtrRandom.forTesting(~seed))
                        .run(program(), feed(setup.honest(), in)).value());
            } catch (Throwable t) {
                failure.set(t);
            } finally {
                honestEnd.close();
            }
        }, "fuzz-honest");
        long start = System.nanoTime();
        peer.start();
        honest.start();
        long limit = setup.timeoutMillis() + 5_000L;
        try {
            while (honest.isAlive()) {
                long elapsed = (System.nanoTime() - start) / 1_000_000;
                if (elapsed > limit) {
                    honest.interrupt();
                    peer.interrupt();
                    throw new AssertionError("the honest party still runs after " + elapsed + " ms (timeout " + setup.timeoutMillis() + " ms)");
                }
                // Both waiting in a read: each waits for the other, whom nothing will wake (each party is one thread).
                long peerWaits = peerEnd.readingMillis();
                boolean deadlock = peerWaits > DEADLOCK_MILLIS && honestEnd.readingMillis() > DEADLOCK_MILLIS;
                boolean watched = setup.peerPatienceMillis() != Integer.MAX_VALUE;
                if (closeWhenPeerEnds && watched && (deadlock || peerWaits > setup.peerPatienceMillis())) {
                    peer.interrupt();
                }
                honest.join(2);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            if (!closeWhenPeerEnds) {
                peerRaw.close();
            }
            peer.join(limit);
            if (peer.isAlive()) {
                throw new AssertionError("the fake peer did not end after the honest party");
            }
            return new Outcome(value.get(), failure.get(), millis, peerEnd.applied());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** Sends the recorded frames through {@code out} (mutated there), then reads until the honest party hangs up. */
    private static void replayAndDrain(MutatingChannel out, List<MutatingChannel.Frame> frames) {
        for (MutatingChannel.Frame f : frames) {
            out.send(f.kind(), f.bytes().clone());
        }
        out.flush();
        byte[] sink = new byte[1];
        while (true) {
            out.readFully(sink, 0, 1);
        }
    }
}
