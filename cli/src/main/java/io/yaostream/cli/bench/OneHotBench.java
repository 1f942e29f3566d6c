package io.yaostream.cli.bench;

import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.BitVector;
import io.yaostream.SecureProgram;
import io.yaostream.TwoParty;
import io.yaostream.UInt;
import io.yaostream.core.bits.BitString;
import io.yaostream.Party;
import io.yaostream.core.program.InputFeed;
import io.yaostream.internal.CoreBridge;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.BinaryOperator;

/**
 * The one-hot garbling paper's §7 tables and Fig. 1 on this machine (Heath–Kolesnikov, CCS 2021): each module beside
 * the standard circuit of the same function, in the same run, both parties in this process over TCP loopback (or a
 * simulated network). As in the paper, a session runs the module many times and the figures are per instance: bytes
 * of garbled material (tables and one-hot ciphertexts, not inputs or outputs), and the evaluator's time from when
 * both parties have their inputs until she has the XOR of all results (folded to 128 bits), as the difference
 * between a session of 2R instances and one of R, divided by R: so what a session costs once (the round trip that
 * starts it, the last message's latency, first-use compilation) does not count, as the paper's 1,000 instances a
 * session amortise it. Every run's result is checked against the function's plaintext definition, which
 * {@link OneHotCases} writes independently of the module.
 */
public final class OneHotBench {
    /** One line of the report: per-instance figures of the one-hot module and of the standard circuit. */
    public record Row(String module, int bits, int k, String network, int reps, long bytes, long standardBytes, double ms,
                      double standardMs, long bestStandardBytes, Paper paper) {
    }

    /**
     * What the paper reports: bytes and milliseconds per instance (0 where it gives only a ratio, as in its plots) and
     * the improvements it states, standard over one-hot, in communication and in time.
     */
    public record Paper(double bytes, double standardBytes, double ms, double standardMs, double bytesRatio, double timeRatio) {
        static Paper ratios(double bytesRatio, double timeRatio) {
            return new Paper(0, 0, 0, 0, bytesRatio, timeRatio);
        }

        static Paper figures(double bytes, double standardBytes, double ms, double standardMs) {
            return new Paper(bytes, standardBytes, ms, standardMs, standardBytes / bytes, standardMs / ms);
        }
    }

    /**
     * A function two ways: an n-bit a (garbler) and, unless {@code bWidth} is 0, a b (evaluator). {@code standard} is
     * the standard circuit the paper compares with; {@code bestStandard}, where ours is cheaper, is counted too.
     */
    public record Case(String module, int bits, int k, int aWidth, int bWidth, int reps, int wanReps, Op oneHot, Op standard,
                       Op bestStandard, BinaryOperator<BitString> definition, Paper paper) {
        Case(String module, int bits, int k, int aWidth, int bWidth, int reps, int wanReps, Op oneHot, Op standard,
             BinaryOperator<BitString> definition, Paper paper) {
            this(module, bits, k, aWidth, bWidth, reps, wanReps, oneHot, standard, standard, definition, paper);
        }
    }

    /** The operation under test on a and b (b null for a function of one argument). */
    @FunctionalInterface
    public interface Op {
        BitVector apply(BitVector a, BitVector b);
    }

    /** The evaluator's result of a run: the XOR of every instance's output and the nanoseconds it took. */
    private record Timed(long nanos, Optional<BitString> xor) {
    }

    private OneHotBench() {
    }

    /**
     * Runs each case over the given networks, {@code runs} times each way, alternating one-hot and standard; the
     * median of each; {@code reps} instances per session, or the case's own number when null.
     */
    public static List<Row> run(List<Case> cases, List<Network> networks, TwoParty config, int runs, Integer repsOrNull) {
        List<Row> rows = new ArrayList<>();
        SplittableRandom rnd = new SplittableRandom();
        // Untimed sessions first: each variant's circuits compiled and its code compiled by the JIT before any timing.
        for (Case c : cases) {
            int reps = repsOrNull != null ? repsOrNull : c.reps();
            session(config, c, c.oneHot(), "onehot", reps, rnd);
            session(config, c, c.standard(), "standard", reps, rnd);
        }
        for (Network net : networks) {
            TwoParty on = net.apply(config);
            for (Case c : cases) {
                int reps = repsOrNull != null ? repsOrNull : net.wan() ? c.wanReps() : c.reps();
                double[] oneHotMs = new double[runs];
                double[] standardMs = new double[runs];
                long oneHotBytes = 0;
                long standardBytes = 0;
                for (int r = 0; r < runs; r++) {
                    // Sessions of reps and of 2·reps instances each way: the difference is the time of reps instances alone.
                    Session oneShort = session(on, c, c.oneHot(), "onehot", reps, rnd);
                    Session stdShort = session(on, c, c.standard(), "standard", reps, rnd);
                    Session oneLong = session(on, c, c.oneHot(), "onehot", 2 * reps, rnd);
                    Session stdLong = session(on, c, c.standard(), "standard", 2 * reps, rnd);
                    oneHotMs[r] = Math.max(0, oneLong.nanos() - oneShort.nanos()) / 1e6 / reps;
                    standardMs[r] = Math.max(0, stdLong.nanos() - stdShort.nanos()) / 1e6 / reps;
                    oneHotBytes = oneShort.tableBytes() / reps;
                    standardBytes = stdShort.tableBytes() / reps;
                }
                long best = standardBytes;
                if (c.bestStandard() != c.standard()) {
                    List<BitString> as = values(rnd, c.aWidth(), 1);
                    List<BitString> bs = values(rnd, c.bWidth(), c.bWidth() == 0 ? 0 : 1);
                    best = on.name("best standard " + c.module()).estimate(program(c, c.bestStandard(), 1), inputs(as), inputs(bs))
                            .tableBytes();
                }
                rows.add(new Row(c.module(), c.bits(), c.k(), net.name(), reps, oneHotBytes, standardBytes, new Samples(oneHotMs).median(),
                        new Samples(standardMs).median(), best, c.paper()));
            }
        }
        return rows;
    }

    /** One session's evaluator time and garbled bytes. */
    private record Session(long nanos, long tableBytes) {
    }

    /** A session of {@code reps} instances of {@code op} on fresh random inputs, its result checked. */
    private static Session session(TwoParty on, Case c, Op op, String which, int reps, SplittableRandom rnd) {
        List<BitString> as = values(rnd, c.aWidth(), reps);
        List<BitString> bs = values(rnd, c.bWidth(), c.bWidth() == 0 ? 0 : reps);
        TwoParty.Both<Timed> both = on.name(which + " " + c.module()).runBoth(program(c, op, reps), inputs(as), inputs(bs));
        check(c, which, both.evaluator().value(), expected(c, as, bs));
        return new Session(both.evaluator().value().nanos(), both.evaluator().costs().tableBytes());
    }

    /** A network to run over: loopback as it is, or a simulated one. */
    public interface Network {
        String name();

        boolean wan();

        TwoParty apply(TwoParty config);
    }

    /** A network simulated on each party's receiving side (both directions of the link). */
    public static Network simulated(io.yaostream.core.net.SimulatedNetwork network) {
        return new Network() {
            @Override
            public String name() {
                return "wan";
            }

            @Override
            public boolean wan() {
                return true;
            }

            @Override
            public TwoParty apply(TwoParty config) {
                return CoreBridge.transport(config, io.yaostream.core.net.TransportOptions.defaults().withNetwork(network));
            }
        };
    }

    /** TCP loopback as it is. */
    public static final Network LOOPBACK = new Network() {
        @Override
        public String name() {
            return "loopback";
        }

        @Override
        public boolean wan() {
            return false;
        }

        @Override
        public TwoParty apply(TwoParty config) {
            return config;
        }
    };

    /**
     * The garbler's a values and the evaluator's b values in one batch each, a round trip so both parties start
     * together, then the instances; the evaluator times until she has the XOR of all outputs.
     */
    private static SecureProgram<Timed> program(Case c, Op op, int reps) {
        return comp -> {
            UInt[] as = comp.uints(Party.GARBLER, c.aWidth(), reps);
            UInt[] bs = c.bWidth() == 0 ? null : comp.uints(Party.EVALUATOR, c.bWidth(), reps);
            comp.constant(false).reveal(); // both parties wait for each other here
            long start = System.nanoTime();
            BitVector acc = null;
            for (int i = 0; i < reps; i++) {
                BitVector out = op.apply(as[i].asBits(), bs == null ? null : bs[i].asBits());
                acc = acc == null ? out : acc.xor(out);
            }
            Optional<BitString> xor = folded(acc).revealTo(Party.EVALUATOR).map(CoreBridge::bits);
            return new Timed(System.nanoTime() - start, xor);
        };
    }

    /** The module's operands (which its plaintext definition takes as the engine's bit strings) as a party's inputs. */
    private static Inputs inputs(List<BitString> values) {
        return Inputs.bits(values.stream().map(CoreBridge::bits).toList());
    }

    private static List<BitString> values(SplittableRandom rnd, int width, int count) {
        List<BitString> v = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            boolean[] bits = new boolean[width];
            for (int j = 0; j < width; j++) {
                bits[j] = rnd.nextBoolean();
            }
            v.add(BitString.fromBits(bits));
        }
        return v;
    }

    private static BitString expected(Case c, List<BitString> as, List<BitString> bs) {
        BitString acc = null;
        for (int i = 0; i < as.size(); i++) {
            BitString out = c.definition().apply(as.get(i), bs.isEmpty() ? null : bs.get(i));
            acc = acc == null ? out : acc.xor(out);
        }
        if (acc.width() <= FOLDED) {
            return acc;
        }
        boolean[] folded = new boolean[FOLDED];
        for (int j = 0; j < acc.width(); j++) {
            folded[j % FOLDED] ^= acc.get(j);
        }
        return BitString.fromBits(folded);
    }

    /**
     * Bits the checked result is folded to: the XOR of its 128-bit slices. Revealing a whole 128 x 128 product would
     * send 32 bytes of decoding values a bit (half a megabyte), which is not what the bench measures.
     */
    static final int FOLDED = 128;

    /** {@code v} folded to {@link #FOLDED} bits by XORing its slices (free with free XOR). */
    private static BitVector folded(BitVector v) {
        if (v.width() <= FOLDED) {
            return v;
        }
        BitVector acc = v.slice(0, FOLDED);
        for (int from = FOLDED; from < v.width(); from += FOLDED) {
            BitVector part = v.slice(from, Math.min(v.width(), from + FOLDED));
            if (part.width() < FOLDED) {
                part = BitVector.concat(part, v.computation().constant(PlainBits.zeros(FOLDED - part.width())));
            }
            acc = acc.xor(part);
        }
        return acc;
    }

    private static void check(Case c, String which, Timed t, BitString want) {
        BitString got = t.xor().orElseThrow();
        if (!got.equals(want)) {
            throw new IllegalStateException("bench onehot: the " + which + " " + c.module() + " gave a wrong result (" + got.toHex(true)
                    + " where the definition gives " + want.toHex(true) + ")");
        }
    }
}
