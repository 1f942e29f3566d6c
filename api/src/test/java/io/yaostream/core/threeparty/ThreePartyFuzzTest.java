package io.yaostream.core.threeparty;

import io.yaostream.Inputs;
import io.yaostream.Internals;
import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.GarblingException;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.FrameTap;
import io.yaostream.core.protocol.PartyLink;
import io.yaostream.core.protocol.WatchedChannel;
import io.yaostream.core.testing.ForwardingChannel;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Three honest parties of which one link direction (any of the six) carries one mutation, at a random frame of what
 * its sender writes, the hello included: a bit flipped, a byte replaced, the link closed after a number of bytes, a
 * frame dropped or sent twice, random bytes inserted, or a frame held back for a while. The circuits are random
 * ({@link TestCircuits#random}, one to three input groups), of three input groups (random, or {@code a + b + c}), and
 * now and then long enough to span several 64 KiB chunks of material; the inputs are random, the scheme too. Every run
 * must end, within the links' timeout and a second, with every party either
 * <ul>
 *   <li>returning the plaintext result, which the party that received the mutated bytes may do only where the
 *       mutation is harmless: where the bytes it got begin with every byte the honest sender wrote (a delay, or bytes
 *       added after the last frame, the end mark, or before it when they begin with one), as it reads no more; or</li>
 *   <li>failing with a {@link PeerFault}, {@link ProtocolException} or {@link ChannelException} whose message is one
 *       line naming a party, a link or the garblers, with nothing but the protocol's own exceptions in its cause chain
 *       and no exception class named anywhere in it (what the command line would call an internal error);</li>
 * </ul>
 * and never returning another output. A delayed frame must leave every party with the result.
 *
 * <p>Every session is run twice: untouched first, which must give all three the result and records the frames of
 * each direction (their number and layout do not depend on the session's randomness), then with the mutation, at a
 * frame chosen from that record. Parties that all wait in a read while no byte moves have deadlocked on the mutation:
 * the one that has waited longest is interrupted at once, as its timeout would end it, instead of after the timeout
 * (its message then says "interrupted while waiting for the peer" where a real one says "read timed out"); one run in
 * {@value #NATURAL_ONE_IN} is instead left to the parties' own timeouts, of {@value #NATURAL_TIMEOUT_MS} ms.
 *
 * <p>Seeded: {@code -Dyaostream.fuzz3.runs=N} sets the number of runs (default {@value #DEFAULT_RUNS}, about 12 s on two
 * cores), each CI run draws a new seed, and a failure names it, the run and the exact flags that replay it
 * ({@code -Dyaostream.fuzz3.seed=S}, {@code -Dyaostream.fuzz3.run=K} for run K alone); {@code -Dyaostream.fuzz3.verbose=true}
 * prints every run. The parties' own randomness (seeds, labels) is fresh in every run; the outcome does not depend on it.
 */
@Timeout(3600) // a backstop: every run has its own limit; -Dyaostream.fuzz3.runs may ask for hours
class ThreePartyFuzzTest {
    static final int DEFAULT_RUNS = 300;
    private static final long SEED = Long.getLong("yaostream.fuzz3.seed", System.nanoTime());
    private static final int RUNS = Integer.getInteger("yaostream.fuzz3.runs", DEFAULT_RUNS);
    private static final int ONLY = Integer.getInteger("yaostream.fuzz3.run", -1);
    private static final boolean VERBOSE = Boolean.getBoolean("yaostream.fuzz3.verbose");
    private static final int TIMEOUT_MS = 2_000;
    /** The links' timeout of the runs (one in {@link #NATURAL_ONE_IN}) whose deadlocks are left to the timeouts. */
    private static final int NATURAL_TIMEOUT_MS = 400;
    private static final int NATURAL_ONE_IN = 50;
    private static final int MARGIN_MS = 1_000;
    /**
     * All live parties in a read, and no byte written or read on any link, this long, seen by the watch at least every
     * {@link #WATCH_GAP_MS} (a longer gap, a pause of the whole process, starts the count again): a deadlock.
     */
    private static final long DEADLOCK_MS = 60;
    private static final long WATCH_GAP_MS = 10;
    private static final int MAX_DELAY_MS = 300;
    private static final List<String> SCHEMES = Schemes.names();
    private static final int[][] DIRECTIONS = {{1, 2}, {1, 3}, {2, 1}, {2, 3}, {3, 1}, {3, 2}};
    private static final int[] TYPES = {ThreeFrames.CRS, ThreeFrames.SEED, ThreeFrames.CHUNK, ThreeFrames.DIGEST, ThreeFrames.OPENINGS,
            ThreeFrames.SHARE, ThreeFrames.LABELS, ThreeFrames.END};
    private static final Pattern CLASS_NAME = Pattern.compile("[A-Za-z]*(Exception|Error)\\b|java\\.[a-z]");

    /**
     * What a mutation does to its frame: flips a bit, replaces a byte, closes the link after some of the frame's bytes,
     * drops the frame, sends it twice, inserts random bytes into it (or before or after it), or holds it back.
     */
    enum Op { FLIP, REPLACE, TRUNCATE, DROP, DUPLICATE, INSERT, DELAY }

    // ---- the fuzz

    @Test
    void oneMutatedLinkNeverGivesAWrongOutputAnInternalErrorOrAHang() {
        Random seeds = new Random(SEED);
        Map<Op, Map<String, Integer>> verdicts = new EnumMap<>(Op.class);
        Map<String, Integer> messages = new TreeMap<>();
        int[] helloRuns = new int[1];
        int natural = 0;
        int deadlocks = 0;
        long slowest = 0;
        String slowestWhat = "";
        long started = System.nanoTime();
        int runs = 0;
        for (int run = 0; run < RUNS; run++) {
            long runSeed = seeds.nextLong();
            if (ONLY >= 0 && run != ONLY) {
                continue;
            }
            runs++;
            String where = "seed " + SEED + ", run " + run + " of " + RUNS + " (replay: -Dyaostream.fuzz3.seed=" + SEED
                    + " -Dyaostream.fuzz3.runs=" + RUNS + " -Dyaostream.fuzz3.run=" + run + ")";
            long t0 = System.nanoTime();
            Verdict v;
            try {
                v = fuzzOnce(new Random(runSeed));
            } catch (AssertionError e) {
                throw new AssertionError(where + ": " + e.getMessage(), e);
            }
            verdicts.computeIfAbsent(v.op(), k -> new TreeMap<>()).merge(v.verdict(), 1, Integer::sum);
            for (String m : v.messages()) {
                messages.merge(m, 1, Integer::sum);
            }
            if (v.hello()) {
                helloRuns[0]++;
            }
            natural += v.natural() ? 1 : 0;
            deadlocks += v.outcomes().interrupts() > 0 ? 1 : 0;
            if (v.outcomes().millis() > slowest) {
                slowest = v.outcomes().millis();
                slowestWhat = v.what() + " -> " + v.outcomes();
            }
            if (VERBOSE) {
                System.out.println("[3pc fuzz] run " + run + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + v.what() + " -> "
                        + v.verdict() + " " + v.messages());
            }
        }
        double seconds = (System.nanoTime() - started) / 1e9;
        System.out.printf("[3pc fuzz] seed %d: %d runs (%d on a hello, %d left to %d ms timeouts, %d deadlocks broken) in %.1f s: %s%n",
                SEED, runs, helloRuns[0], natural, NATURAL_TIMEOUT_MS, deadlocks, seconds, verdicts);
        System.out.println("[3pc fuzz] slowest mutated session: " + slowestWhat);
        System.out.println("[3pc fuzz] failures seen (digits as #), with their counts:");
        messages.forEach((m, n) -> System.out.printf("[3pc fuzz]   %5d  %s%n", n, m));
        if (ONLY < 0 && RUNS >= 100) {
            for (Op op : Op.values()) {
                Map<String, Integer> t = verdicts.getOrDefault(op, Map.of());
                if (op == Op.DELAY) {
                    assertTrue(t.getOrDefault("all correct", 0) > 0, op + ": never ran: " + t);
                } else {
                    assertTrue(t.getOrDefault("receiver failed", 0) > 0, op + ": never made the receiver fail: " + t);
                }
            }
            assertTrue(helloRuns[0] > 0, "no run mutated a hello");
        }
    }

    /**
     * How one run went: the mutation's operation, whether it hit a hello, whether deadlocks were left to the timeouts, the
     * verdict, the failures' messages, and the mutated session's outcomes.
     */
    record Verdict(Op op, boolean hello, boolean natural, String what, String verdict, List<String> messages, Outcomes outcomes) {
    }

    /** The circuit, inputs and scheme of one run. */
    record Case(CompiledCircuit circuit, long repeat, BitString[] inputs, String scheme) {
        List<Optional<BitString>> expected() {
            List<Optional<BitString>> out = new ArrayList<>();
            for (BitString b : new PlainEvaluator().evaluate(circuit, inputs)) {
                out.add(Optional.of(b));
            }
            return out;
        }

        ThreePartyCircuit program() {
            return new ThreePartyCircuit(circuit, repeat);
        }

        String describe() {
            return scheme + ", " + circuit.inputs().size() + " input groups of " + Arrays.toString(circuit.inputs().stream()
                    .mapToInt(g -> g.width()).toArray()) + " bits, " + circuit.counts().and() + " AND gates, " + repeat + " call(s)";
        }
    }

    static Case randomCase(Random rnd) {
        String scheme = SCHEMES.get(rnd.nextInt(SCHEMES.size()));
        CompiledCircuit c;
        long repeat = 1 + rnd.nextInt(3);
        int shape = rnd.nextInt(20);
        if (shape == 0) {
            c = TappedThreeParties.sum3(16); // 30 AND gates a call: several 64 KiB chunks of material
            repeat = 100 + rnd.nextInt(200);
        } else if (shape < 10) {
            c = TestCircuits.random(rnd, 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 400 : 60));
        } else if (shape < 15) {
            do {
                c = TestCircuits.random(rnd, 1 + rnd.nextInt(120));
            } while (c.inputs().size() != 3);
        } else {
            c = TappedThreeParties.sum3(1 + rnd.nextInt(24));
        }
        BitString[] inputs = new BitString[c.inputs().size()];
        for (int g = 0; g < inputs.length; g++) {
            inputs[g] = ThreePartySessionTest.randomValue(rnd, c.inputs().get(g).width());
        }
        return new Case(c, repeat, inputs, scheme);
    }

    private Verdict fuzzOnce(Random rnd) {
        Case k = randomCase(rnd);
        List<Optional<BitString>> expected = k.expected();
        Harness clean = new Harness(TIMEOUT_MS);
        Outcomes unmutated = clean.run(k, () -> false);
        for (int p = 1; p <= 3; p++) {
            int party = p;
            if (unmutated.failure(p) != null) {
                throw new AssertionError(k.describe() + ": unmutated, P" + p + " failed: " + trace(unmutated.failure(p)));
            }
            assertEquals(expected, unmutated.value(p), () -> k.describe() + ": unmutated, P" + party + "'s output");
        }
        int[] d = DIRECTIONS[rnd.nextInt(DIRECTIONS.length)];
        List<FrameTap.Frame> frames = clean.tap(d[0], d[1]).frames();
        assertEquals(FrameTap.HELLO, frames.get(0).type());
        assertEquals(ThreeFrames.END, frames.get(frames.size() - 1).type(), "the end mark is the last frame of every direction");
        Mutation m = Mutation.random(rnd, d[0], d[1], frames);
        String what = k.describe() + "; " + m.describe(frames.get(m.frame()));

        // Now and then the parties meet their own (short) timeouts instead of the watch that breaks deadlocks.
        boolean natural = m.op() != Op.DELAY && rnd.nextInt(NATURAL_ONE_IN) == 0;
        int timeout = natural ? NATURAL_TIMEOUT_MS : TIMEOUT_MS;
        Harness h = new Harness(timeout);
        m.install(h);
        Outcomes o = h.run(k, () -> !natural && m.op() != Op.DELAY && m.applied().get());
        List<FrameTap.Frame> written = h.tap(d[0], d[1]).frames();
        if (m.applied().get()) { // the frame as this session's sender wrote it (its bytes vary with the session's randomness)
            what = k.describe() + "; " + m.describe(written.get(m.frame()));
        }
        // Harmless: what the receiver got begins with the whole honest stream, as long as the unmutated run's.
        long length = frames.stream().mapToLong(f -> f.bytes().length).sum();
        byte[] honest = concatenated(written);
        byte[] passed = h.passed(d[0], d[1]);
        boolean harmless = honest.length >= length && passed.length >= length
                && Arrays.equals(honest, 0, (int) length, passed, 0, (int) length);
        return judge(m, harmless, natural, timeout, expected, o, what + (natural ? " (" + timeout + " ms timeouts, no watch)" : ""));
    }

    private static byte[] concatenated(List<FrameTap.Frame> frames) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (FrameTap.Frame f : frames) {
            out.writeBytes(f.bytes());
        }
        return out.toByteArray();
    }

    /**
     * Checks one mutated run against the rules of the class comment and names its verdict; {@code harmless}: whether
     * the receiver got every byte the sender's honest code wrote, before any other.
     */
    static Verdict judge(Mutation m, boolean harmless, boolean natural, int timeout, List<Optional<BitString>> expected, Outcomes o,
                         String what) {
        if (!m.applied().get()) {
            throw new AssertionError(what + ": the sender never reached the frame to mutate: " + o);
        }
        long limit = timeout + MARGIN_MS + (m.op() == Op.DELAY ? m.delayMs() : 0);
        if (o.millis() > limit) {
            throw new AssertionError(what + ": the session took " + o.millis() + " ms, more than the timeout and a second: " + o);
        }
        List<String> seen = new ArrayList<>();
        int failed = 0;
        for (int p = 1; p <= 3; p++) {
            RuntimeException f = o.failure(p);
            if (f != null) {
                checkFailure(p, f, what);
                seen.add(f.getClass().getSimpleName() + ": " + normalized(f.getMessage()));
                failed++;
                continue;
            }
            List<Optional<BitString>> got = o.value(p);
            if (!expected.equals(got)) {
                throw new AssertionError(what + ": P" + p + " returned a WRONG OUTPUT " + got + ", the plaintext result is " + expected);
            }
            if (p == m.to() && !harmless) {
                throw new AssertionError(what + ": P" + p + " received the mutated bytes and still finished (with the right output): "
                        + o);
            }
        }
        if (m.op() == Op.DELAY && failed > 0) {
            throw new AssertionError(what + ": a frame held back " + m.delayMs() + " ms, well within the timeout, and a party failed: " + o);
        }
        String verdict = failed == 0 ? "all correct" : o.failure(m.to()) != null ? "receiver failed" : "others failed";
        return new Verdict(m.op(), m.frame() == 0, natural, what, verdict, seen, o);
    }

    /** A failure must be one of the protocol's, one line that names a party, link or the garblers, over no internal error. */
    static void checkFailure(int party, RuntimeException f, String what) {
        String m = String.valueOf(f.getMessage());
        boolean protocol = f instanceof PeerFault || f instanceof ProtocolException || f instanceof ChannelException;
        // No line break of any kind, nor another control character: a terminal or log shows it as one line.
        boolean oneLine = m.chars().noneMatch(ch -> Character.isISOControl(ch) || Character.getType(ch) == Character.LINE_SEPARATOR
                || Character.getType(ch) == Character.PARAGRAPH_SEPARATOR);
        boolean names = m.matches("(?s).*\\bP[123]\\b.*") || m.contains("garblers") || m.contains("peer");
        String bad = null;
        for (Throwable t = f; t != null; t = t.getCause()) {
            boolean allowed = t instanceof PeerFault || t instanceof ProtocolException || t instanceof ChannelException
                    || t instanceof GarblingException || t instanceof InterruptedException; // the test's stand-in for a timeout
            if (!allowed) {
                bad = "a " + t.getClass().getName() + " in its cause chain";
                break;
            }
            if (t.getMessage() != null && CLASS_NAME.matcher(t.getMessage()).find()) {
                bad = "a class name in the message '" + t.getMessage() + "'";
                break;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        if (!protocol || !oneLine || !names || bad != null) {
            throw new AssertionError(what + ": P" + party + " failed with " + f.getClass().getName() + ": " + m + ", not one line of the"
                    + " protocol's that names a party" + (bad != null ? " (" + bad + ")" : "") + "\n" + trace(f));
        }
    }

    /** The kind of a message: the peer's text it quotes, hexadecimal and numbers replaced. */
    private static String normalized(String message) {
        return String.valueOf(message).replaceAll("program '.*', this party '", "program '<text>', this party '")
                .replaceAll("scheme .*, this party", "scheme <text>, this party").replaceAll("first bytes are .*", "first bytes are <hex>")
                .replaceAll("[0-9a-f]{16,}", "<hex>").replaceAll("[0-9]+(,[0-9]{3})*", "#");
    }

    private static String trace(Throwable t) {
        StringWriter w = new StringWriter();
        t.printStackTrace(new PrintWriter(w));
        return w.toString();
    }

    // ---- the mutation

    /**
     * One change to direction {@code from -> to}, at frame {@code frame} of it (0: the hello): see {@link Op}. {@code at}
     * is the byte of the frame it is at (for INSERT, where the bytes go, up to the frame's length: after it).
     */
    record Mutation(int from, int to, int frame, Op op, int at, int bit, byte value, byte[] inserted, int delayMs,
                    AtomicBoolean applied) {
        static Mutation random(Random rnd, int from, int to, List<FrameTap.Frame> frames) {
            int frame = rnd.nextInt(8) == 0 ? 0 : 1 + rnd.nextInt(frames.size() - 1);
            int len = frames.get(frame).bytes().length;
            Op op = Op.values()[rnd.nextInt(Op.values().length)];
            int at = 0;
            int bit = 0;
            byte value = 0;
            byte[] inserted = null;
            int delay = 0;
            switch (op) {
                case FLIP -> {
                    at = rnd.nextInt(len);
                    bit = rnd.nextInt(8);
                }
                case REPLACE -> {
                    at = rnd.nextInt(len);
                    // half the time a frame's type byte: what a confused parser would act on
                    value = (byte) (rnd.nextBoolean() ? TYPES[rnd.nextInt(TYPES.length)] : rnd.nextInt(256));
                }
                case TRUNCATE -> at = rnd.nextInt(len);
                case INSERT -> {
                    at = rnd.nextInt(len + 1);
                    inserted = new byte[1 + rnd.nextInt(rnd.nextInt(4) == 0 ? 64 : 8)];
                    rnd.nextBytes(inserted);
                    if (rnd.nextBoolean()) {
                        inserted[0] = (byte) TYPES[rnd.nextInt(TYPES.length)];
                    }
                }
                case DELAY -> delay = 1 + rnd.nextInt(rnd.nextInt(4) == 0 ? MAX_DELAY_MS : 20);
                default -> {
                }
            }
            return new Mutation(from, to, frame, op, at, bit, value, inserted, delay, new AtomicBoolean());
        }

        /** Sets the mutation up on the sender's tap of {@code h}. */
        void install(Harness h) {
            FrameTap tap = h.tap(from, to);
            int[] index = {0};
            if (op == Op.TRUNCATE) {
                tap.tamper(f -> {
                    if (index[0]++ == frame) {
                        applied.set(true);
                        tap.stopAfter(f.offset() + at, () -> h.cut(from, to));
                    }
                    return f.bytes();
                });
                return;
            }
            tap.tamper(f -> index[0]++ == frame ? apply(f) : f.bytes());
        }

        /** The frame as it goes out, after holding it back for a DELAY. */
        private byte[] apply(FrameTap.Frame f) {
            applied.set(true);
            byte[] sent = mutate(f.bytes());
            if (op == Op.DELAY) {
                try {
                    Thread.sleep(delayMs);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new ChannelException("interrupted while holding a frame back", e);
                }
            }
            return sent;
        }

        /** The byte REPLACE writes over {@code old}: {@link #value}, or its complement where {@code old} is that already. */
        byte replacement(byte old) {
            return old != value ? value : (byte) ~value;
        }

        /** What goes out instead of the frame {@code honest} (null: nothing); TRUNCATE is the tap's. */
        byte[] mutate(byte[] honest) {
            byte[] b = honest.clone();
            switch (op) {
                case FLIP -> b[at] ^= (byte) (1 << bit);
                case REPLACE -> b[at] = replacement(honest[at]);
                case DROP -> b = null;
                case DUPLICATE -> {
                    b = Arrays.copyOf(b, 2 * b.length);
                    System.arraycopy(honest, 0, b, honest.length, honest.length);
                }
                case INSERT -> {
                    b = new byte[honest.length + inserted.length];
                    System.arraycopy(honest, 0, b, 0, at);
                    System.arraycopy(inserted, 0, b, at, inserted.length);
                    System.arraycopy(honest, at, b, at + inserted.length, honest.length - at);
                }
                case DELAY, TRUNCATE -> {
                }
            }
            return b;
        }

        String describe(FrameTap.Frame f) {
            String frameName = "frame " + frame + " (" + typeName(f.type()) + " #" + f.ordinal() + ", " + f.bytes().length + " bytes at "
                    + f.offset() + ")";
            String change = switch (op) {
                case FLIP -> "flip bit " + bit + " of byte " + at;
                case REPLACE -> String.format("replace byte %d (%02x) by %02x", at, f.bytes()[at] & 0xff, replacement(f.bytes()[at]) & 0xff);
                case TRUNCATE -> "close the link after " + at + " of its bytes (" + (f.offset() + at) + " on the link)";
                case DROP -> "drop it";
                case DUPLICATE -> "send it twice";
                case INSERT -> "insert " + inserted.length + " bytes " + HexFormat.of().formatHex(inserted, 0, Math.min(8, inserted.length))
                        + (inserted.length > 8 ? "…" : "") + " at byte " + at;
                case DELAY -> "hold it back " + delayMs + " ms";
            };
            return "P" + from + " -> P" + to + ", " + frameName + ": " + change;
        }
    }

    static String typeName(int type) {
        return type == FrameTap.HELLO ? "hello" : "'" + (char) type + "'";
    }

    // ---- three parties on memory links, tapped and watched

    /** What each party got, and how long the session took. */
    record Outcomes(List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes, long millis, int interrupts) {
        RuntimeException failure(int p) {
            return outcomes.get(p - 1).failure();
        }

        List<Optional<BitString>> value(int p) {
            return outcomes.get(p - 1).result().value();
        }

        @Override
        public String toString() {
            StringBuilder s = new StringBuilder(millis + " ms" + (interrupts > 0 ? ", " + interrupts + " deadlock(s) broken" : ""));
            for (ThreeParty.Outcome<?> o : outcomes) {
                s.append("; P").append(o.party()).append(": ")
                        .append(o.failure() != null ? o.failure().getClass().getSimpleName() + ": " + o.failure().getMessage() : "result");
            }
            return s.toString();
        }
    }

    /** Counts the bytes that pass, where another thread can see them; keeps those written once asked to. */
    static final class Counted extends ForwardingChannel {
        private volatile long moved;
        private java.io.ByteArrayOutputStream kept;

        Counted(Channel inner) {
            super(inner);
        }

        long moved() {
            return moved;
        }

        @Override
        public void write(byte[] src, int offset, int length) {
            inner.write(src, offset, length);
            moved += length;
            if (kept != null) {
                kept.write(src, offset, length);
            }
        }

        @Override
        public void writeLongs(long[] src, int offset, int count) {
            inner.writeLongs(src, offset, count);
            moved += 8L * count;
        }

        @Override
        public void readFully(byte[] dst, int offset, int length) {
            inner.readFully(dst, offset, length);
            moved += length;
        }

        @Override
        public void readLongs(long[] dst, int offset, int count) {
            inner.readLongs(dst, offset, count);
            moved += 8L * count;
        }
    }

    /**
     * Three parties over memory links, each party's end of a link {@code PartyLink(WatchedChannel(FrameTap(Counted(memory))))}:
     * the tap sees and may change what the party writes, the watch tells how long it has been reading, the count whether
     * any byte moves.
     */
    static final class Harness {
        private final MemoryChannel[][] raw = new MemoryChannel[4][4];
        private final Counted[][] counted = new Counted[4][4];
        private final FrameTap[][] taps = new FrameTap[4][4];
        private final WatchedChannel[][] watched = new WatchedChannel[4][4];

        Harness(long timeoutMillis) {
            for (int[] pair : new int[][] {{1, 2}, {1, 3}, {2, 3}}) {
                MemoryChannel[] ends = MemoryChannel.pair(timeoutMillis);
                for (int side = 0; side < 2; side++) {
                    int me = pair[side];
                    int other = pair[1 - side];
                    raw[me][other] = ends[side];
                    counted[me][other] = new Counted(ends[side]);
                    taps[me][other] = new FrameTap(counted[me][other]);
                    watched[me][other] = new WatchedChannel(taps[me][other]);
                }
            }
        }

        /** What party {@code from} writes to party {@code to}; from now on the bytes that pass it are kept. */
        FrameTap tap(int from, int to) {
            if (counted[from][to].kept == null) {
                counted[from][to].kept = new java.io.ByteArrayOutputStream();
            }
            return taps[from][to];
        }

        /** The bytes that passed from {@code from} to {@code to} since {@link #tap} (the tap writes with write() only). */
        byte[] passed(int from, int to) {
            return counted[from][to].kept.toByteArray();
        }

        /** Closes the link between the two at {@code from}'s end, as a connection that breaks. */
        void cut(int from, int to) {
            raw[from][to].close();
        }

        private ThreeLinks links(int me) {
            int[] o = ThreeLinks.others(me);
            return new ThreeLinks(me, new PartyLink(watched[me][o[0]], o[0]), new PartyLink(watched[me][o[1]], o[1]));
        }

        private long moved() {
            long n = 0;
            for (int a = 1; a <= 3; a++) {
                for (int b = 1; b <= 3; b++) {
                    n += a == b ? 0 : counted[a][b].moved();
                }
            }
            return n;
        }

        /** How long party {@code p} has been in its current read, 0 when it is not reading. */
        private long reading(int p) {
            long r = 0;
            for (int o : ThreeLinks.others(p)) {
                r = Math.max(r, watched[p][o].readingMillis());
            }
            return r;
        }

        /**
         * Runs the three parties of {@code k}; once {@code breakDeadlocks} says so (when a mutation has been made: honest
         * parties cannot deadlock), a party of a deadlock (every live party in a read while no byte moves, for
         * {@link #DEADLOCK_MS}) is interrupted, the one that has waited longest, which ends it as its timeout would. Fails
         * the test on a party that outlives the timeout by 5 s.
         */
        Outcomes run(Case k, BooleanSupplier breakDeadlocks) {
            ThreePartyCircuit program = k.program();
            List<Inputs> feeds = TappedThreeParties.feeds(k.inputs());
            Thread[] threads = new Thread[4];
            List<AtomicReference<ThreeParty.Outcome<List<Optional<BitString>>>>> results = new ArrayList<>();
            for (int p = 1; p <= 3; p++) {
                int me = p;
                AtomicReference<ThreeParty.Outcome<List<Optional<BitString>>>> r = new AtomicReference<>();
                results.add(r);
                ThreeParty config = TappedThreeParties.party(me, k.scheme(), program);
                threads[p] = new Thread(() -> {
                    try {
                        r.set(new ThreeParty.Outcome<>(me, Internals.run(config, links(me), program, feeds.get(me - 1)), null));
                    } catch (RuntimeException e) {
                        r.set(new ThreeParty.Outcome<>(me, null, e));
                    } catch (Error e) {
                        r.set(new ThreeParty.Outcome<>(me, null, new IllegalStateException(e.toString(), e)));
                    }
                }, "test-3pc-fuzz-party-" + me);
                threads[p].setDaemon(true);
            }
            long start = System.nanoTime();
            for (int p = 1; p <= 3; p++) {
                threads[p].start();
            }
            int interrupts = 0;
            long stalledSince = 0;
            long stalledAt = -1;
            long lastLook = start;
            long[] lastInterrupt = new long[4];
            try {
                while (true) {
                    boolean anyAlive = false;
                    boolean allReading = true;
                    int longest = 0;
                    for (int p = 1; p <= 3; p++) {
                        if (threads[p].isAlive()) {
                            anyAlive = true;
                            long r = reading(p);
                            allReading &= r > 0;
                            if (longest == 0 || r > reading(longest)) {
                                longest = p;
                            }
                        }
                    }
                    if (!anyAlive) {
                        break;
                    }
                    long now = System.nanoTime();
                    long elapsed = (now - start) / 1_000_000;
                    if (elapsed > TIMEOUT_MS + 5_000L) {
                        StringBuilder stuck = new StringBuilder();
                        for (int p = 1; p <= 3; p++) {
                            if (threads[p].isAlive()) {
                                stuck.append(" P").append(p).append(" at ").append(Arrays.toString(threads[p].getStackTrace()));
                                threads[p].interrupt();
                            }
                        }
                        throw new AssertionError("a party still runs after " + elapsed + " ms (links' timeout " + TIMEOUT_MS + " ms):" + stuck);
                    }
                    long moved = moved();
                    boolean gap = (now - lastLook) / 1_000_000 > WATCH_GAP_MS;
                    lastLook = now;
                    if (allReading && moved == stalledAt && !gap && breakDeadlocks.getAsBoolean()) {
                        if (stalledSince == 0) {
                            stalledSince = now;
                        } else if ((now - stalledSince) / 1_000_000 >= DEADLOCK_MS && (now - lastInterrupt[longest]) / 1_000_000 > 200) {
                            threads[longest].interrupt();
                            lastInterrupt[longest] = now;
                            interrupts++;
                            stalledSince = 0;
                        }
                    } else {
                        stalledAt = moved;
                        stalledSince = allReading ? now : 0;
                    }
                    threads[longest].join(2);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
            long millis = (System.nanoTime() - start) / 1_000_000;
            List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes = new ArrayList<>();
            for (AtomicReference<ThreeParty.Outcome<List<Optional<BitString>>>> r : results) {
                outcomes.add(r.get());
            }
            return new Outcomes(outcomes, millis, interrupts);
        }
    }

    // ---- the harness itself: a deadlock ends at once, a truncation and a delay do what they say

    private static Case sum3Case() {
        return new Case(TappedThreeParties.sum3(8), 1, new BitString[] {BitString.of(0x3a, 8), BitString.of(0xc1, 8), BitString.of(0x7e, 8)},
                Schemes.DEFAULT);
    }

    private static Outcomes mutated(Case k, int from, int to, int frame, Op op, int at, int delayMs) {
        Mutation m = new Mutation(from, to, frame, op, at, 0, (byte) 0, new byte[] {1}, delayMs, new AtomicBoolean());
        Harness h = new Harness(TIMEOUT_MS);
        m.install(h);
        Outcomes o = h.run(k, () -> op != Op.DELAY && m.applied().get());
        assertTrue(m.applied().get());
        return o;
    }

    /** P2 drops its openings of its own input: P3 then waits for P2, P2 for P3's share: a deadlock, broken at once. */
    @Test
    void aDeadlockIsBrokenLongBeforeTheTimeout() {
        Case k = sum3Case();
        Harness clean = new Harness(TIMEOUT_MS);
        clean.run(k, () -> false);
        List<FrameTap.Frame> frames = clean.tap(2, 3).frames();
        int openings = frames.indexOf(frames.stream().filter(f -> f.type() == ThreeFrames.OPENINGS).findFirst().orElseThrow());
        Outcomes o = mutated(k, 2, 3, openings, Op.DROP, 0, 0);
        assertTrue(o.millis() < TIMEOUT_MS / 2, o.toString());
        assertTrue(o.interrupts() > 0, o.toString());
        for (int p = 1; p <= 3; p++) {
            assertNotNull(o.failure(p), o.toString());
            checkFailure(p, o.failure(p), "dropped openings");
        }
    }

    @Test
    void aHeldBackFrameGivesEveryoneTheResultAndATruncatedOneFailsTheReceiver() {
        Case k = sum3Case();
        Harness clean = new Harness(TIMEOUT_MS);
        clean.run(k, () -> false);
        int frames = clean.tap(1, 3).frames().size();
        Outcomes late = mutated(k, 1, 3, frames / 2, Op.DELAY, 0, 150);
        for (int p = 1; p <= 3; p++) {
            assertNull(late.failure(p), late.toString());
            assertEquals(k.expected(), late.value(p));
        }
        assertTrue(late.millis() >= 150, late.toString());
        Outcomes cut = mutated(k, 1, 3, frames / 2, Op.TRUNCATE, 3, 0);
        assertNotNull(cut.failure(3), cut.toString());
        assertTrue(cut.failure(3).getMessage().startsWith("link to P1: peer closed the channel"), cut.toString());
    }

    // ---- found by the one-line rule

    /**
     * A peer's program name reaches the handshake's mismatch message through {@code Printable.quoted}, which escapes
     * the control characters and U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR too: a peer that sends the
     * program name "3pc", U+2028, "peat 1" leaves the message of the party it greets one line.
     */
    @Test
    void aPeersProgramNameWithALineSeparatorStaysOneLine() {
        Case k = sum3Case();
        byte[] name = k.program().name().getBytes(StandardCharsets.US_ASCII); // "3pc repeat 1"
        Harness h = new Harness(TIMEOUT_MS);
        h.tap(1, 3).tamper(f -> {
            if (f.type() != FrameTap.HELLO) {
                return f.bytes();
            }
            byte[] b = f.bytes().clone();
            int at = indexOf(b, name) + 3; // " re" becomes U+2028, three bytes in UTF-8: the length field stays right
            b[at] = (byte) 0xe2;
            b[at + 1] = (byte) 0x80;
            b[at + 2] = (byte) 0xa8;
            return b;
        });
        Outcomes o = h.run(k, () -> true);
        RuntimeException f = o.failure(3);
        assertNotNull(f, o.toString());
        assertTrue(f instanceof ProtocolException && f.getMessage().startsWith("handshake mismatch: P1 runs program '3pc"), o.toString());
        checkFailure(3, f, "P1's program name with a U+2028");
    }

    private static int indexOf(byte[] b, byte[] part) {
        for (int i = 0; i + part.length <= b.length; i++) {
            if (Arrays.equals(b, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
