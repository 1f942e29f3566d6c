package io.yaostream.core.twoparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.MutatingChannel.Mutation;
import io.yaostream.core.protocol.MutatingChannel.Op;
import io.yaostream.core.protocol.MutatingChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fake peer driven through every message of the protocol, for both roles and every scheme: the other role's
 * honest code, whose outgoing messages of one kind get one mutation (bit flips, random bytes, truncation, a
 * frozen stream, a write dropped or sent twice, extreme values in length and count fields), or a replay of a
 * recorded honest peer's stream with such a mutation. Each run must end, within the channel timeout plus a
 * second, in one of two ways: the honest party finishes with a correct output, or it fails with an exception
 * that blames the peer in one line ({@link PeerFault}, {@link ProtocolException} or {@link ChannelException}) —
 * never another exception (what the command line calls an internal error, exit 70) and never a hang.
 *
 * <p>What "correct" can mean is what semi-honest Yao can check:
 * <ul>
 *   <li><b>The honest evaluator</b> gets exactly f(a, b). Each output is decoded by comparing the hash of its
 *       active label with the garbler's two decoding values, and a label that is neither of the wire's two labels
 *       is an error. A flipped bit anywhere in what the garbler sends (its input labels, the constant's label, a
 *       table row the evaluator uses, the base OTs that give the garbler its view of the OT extension, a decoding
 *       value) leaves the evaluator with a label off the pair, which stays off the pair through every later gate,
 *       so the output does not decode (the chance of hitting the other valid label is 2^-127). A change that
 *       touches nothing the outputs depend on (the table of the adder's unused AND gate, a table row that is not
 *       used, the decoding value the label is not) leaves the output right. What semi-honest garbling cannot
 *       detect is a garbler that <em>deliberately</em> garbles another function, swaps the two decoding values or
 *       sends the other label of its own input (another input): no random mutation does that without knowing Δ
 *       and the labels, and this test makes none.</li>
 *   <li><b>The honest garbler</b> gets f(a, b') for some b', checked here as consistency of its outputs with its
 *       own input (the XOR outputs fix b', the sums must agree). It decodes the labels the evaluator sends back,
 *       and a label that is neither of the two is an error. But the evaluator's correction bits d = b xor c are
 *       uniform by design: a flipped correction is exactly an evaluator that used another input bit, and no
 *       garbler can tell. Likewise the number of corrections in a chunk header places the corrections that follow
 *       (one bit more in chunk 1 shifts every later input by one OT), and the garbler cannot check it against the
 *       evaluator's ahead values, whose widths only the evaluator knows. So an output other than f(a, b) is allowed
 *       only when the corrections or the chunk headers were mutated; any other mutation of the evaluator's
 *       messages (u columns, base OTs, returned labels, markers) must end in f(a, b) or an error. The counts
 *       themselves are checked: a chunk of more than {@link InputChunks#MAX_CHUNK_BITS} bits, or with other than
 *       the number of new OTs the rule makes, is a {@link PeerFault} before anything is allocated for it.</li>
 * </ul>
 *
 * <p>Seeded: a failure names the seed and the run; {@code -Dyaostream.fuzz.seed=S} replays it and
 * {@code -Dyaostream.fuzz.runs=N} sets the runs per message kind and role (default 150, about 40 s on two cores
 * shared with builds; the CI default is enough to meet every kind and operation many times).
 */
@Timeout(600)
class PeerFaultFuzzTest {
    private static final long SEED = Long.getLong("yaostream.fuzz.seed", System.nanoTime());
    private static final int RUNS = Integer.getInteger("yaostream.fuzz.runs", 150);
    private static final int TIMEOUT_MS = 4_000;
    private static final int PEER_PATIENCE_MS = 400;
    private static final int FROZEN_TIMEOUT_MS = 600;
    private static final FuzzedSession.Inputs RECORDED = new FuzzedSession.Inputs(0x1234, 0xfedc, 0x0f0f);
    private static final List<String> SCHEMES = Schemes.names();

    private String lastWhat;
    /** Recorded peer streams by (honest role, scheme, real base OT). */
    private final Map<String, List<MutatingChannel.Frame>> recordings = new HashMap<>();

    private List<MutatingChannel.Frame> recording(FuzzedSession.Setup setup) {
        return recordings.computeIfAbsent(setup.honest() + "/" + setup.scheme() + "/" + setup.realBaseOt(),
                k -> FuzzedSession.record(setup, RECORDED));
    }

    private static FuzzedSession.Setup setup(Party honest, String scheme, boolean realBaseOt) {
        return new FuzzedSession.Setup(honest, scheme, realBaseOt, TIMEOUT_MS, PEER_PATIENCE_MS);
    }

    @Test
    void honestGarblerAgainstAMutatedEvaluator() {
        fuzz(Party.GARBLER);
    }

    @Test
    void honestEvaluatorAgainstAMutatedGarbler() {
        fuzz(Party.EVALUATOR);
    }

    private void fuzz(Party honest) {
        Random seeds = new Random(SEED ^ honest.ordinal());
        Map<MessageKind, Map<String, Integer>> tally = new EnumMap<>(MessageKind.class);
        // Which kinds the peer sends, from one recording (the same for every scheme, but for the masked labels).
        List<MessageKind> kinds = new ArrayList<>(MutatingChannel.sizes(recording(setup(honest, "prf-only", true))).keySet());
        kinds.addAll(MutatingChannel.sizes(recording(setup(honest, "half-gates", true))).keySet());
        kinds = kinds.stream().distinct().filter(k -> k != MessageKind.BASE_OT_STAND_IN).sorted().toList();
        long started = System.nanoTime();
        for (MessageKind kind : kinds) {
            for (int run = 0; run < RUNS; run++) {
                long seed = seeds.nextLong();
                String where = "seed " + SEED + " (replay: -Dyaostream.fuzz.seed=" + SEED + " -Dyaostream.fuzz.runs=" + RUNS + "), honest "
                        + honest.key() + ", kind " + kind
                        + ", run " + run + " (run seed " + seed + ")";
                String verdict;
                long t0 = System.nanoTime();
                try {
                    verdict = fuzzOnce(honest, kind, seed);
                } catch (AssertionError e) {
                    throw new AssertionError(where + ": " + e.getMessage(), e);
                }
                tally.computeIfAbsent(kind, k -> new HashMap<>()).merge(verdict, 1, Integer::sum);
                tally.get(kind).merge("ms", (int) ((System.nanoTime() - t0) / 1_000_000), Integer::sum);
                if (Boolean.getBoolean("yaostream.fuzz.verbose")) {
                    System.out.println(where + ": " + verdict + " in " + (System.nanoTime() - t0) / 1_000_000 + " ms: " + lastWhat);
                }
            }
        }
        System.out.printf("peer fault fuzz, honest %s, seed %d: %d runs per kind in %.1f s: %s%n", honest.key(), SEED, RUNS,
                (System.nanoTime() - started) / 1e9, tally);
        for (MessageKind kind : kinds) {
            Map<String, Integer> t = tally.get(kind);
            assertTrue(t.getOrDefault("detected", 0) > 0, kind + ": no mutation was ever detected: " + t);
        }
    }

    /** One mutated run; returns the verdict ("correct", "detected", "other input", "not applied"). */
    private String fuzzOnce(Party honest, MessageKind kind, long seed) {
        Random rnd = new Random(seed);
        String scheme = SCHEMES.get(rnd.nextInt(SCHEMES.size()));
        boolean realBaseOt = kind == MessageKind.BASE_OT_POINTS || kind == MessageKind.BASE_OT_PADS || rnd.nextInt(8) == 0;
        List<MutatingChannel.Frame> recorded = recording(setup(honest, scheme, realBaseOt));
        long[] size = MutatingChannel.sizes(recorded).get(kind);
        if (size == null) {
            return "not sent with " + scheme;
        }
        Op[] ops = Op.values();
        Op op = rnd.nextInt(4) == 0 ? ops[1 + rnd.nextInt(ops.length - 1)] : Op.PATCH;
        boolean replay = rnd.nextInt(16) == 0;
        if (op == Op.FREEZE && rnd.nextInt(16) != 0) {
            op = Op.TRUNCATE; // a frozen peer costs a whole timeout: a few suffice
        }
        // A frozen peer is met by the honest party's own timeout, kept short for it.
        FuzzedSession.Setup setup = new FuzzedSession.Setup(honest, scheme, realBaseOt, op == Op.FREEZE ? FROZEN_TIMEOUT_MS : TIMEOUT_MS,
                PEER_PATIENCE_MS);
        Mutation m = mutation(rnd, kind, op, size, recorded, scheme);
        FuzzedSession.Inputs in = replay ? RECORDED
                : new FuzzedSession.Inputs(rnd.nextLong() & FuzzedSession.MASK, rnd.nextLong() & FuzzedSession.MASK, rnd.nextLong() & FuzzedSession.MASK);
        long sessionSeed = rnd.nextLong() | 2; // never the recording's
        FuzzedSession.Outcome o = FuzzedSession.run(setup, in, sessionSeed, ch -> new MutatingChannel(ch, m, false), replay ? recorded : null,
                op != Op.FREEZE);
        String what = (replay ? "replayed, " : "") + scheme + ", " + m;
        lastWhat = what + " -> " + (o.failure() != null ? o.failure().getMessage() : "finished");
        return judge(setup, in, o, what, kind == MessageKind.CORRECTIONS || kind == MessageKind.CHUNK_HEADERS);
    }

    /** Checks one outcome against the rules of the class comment and names it. */
    static String judge(FuzzedSession.Setup setup, FuzzedSession.Inputs in, FuzzedSession.Outcome o, String what, boolean otherInputAllowed) {
        Party honest = setup.honest();
        if (o.millis() > setup.timeoutMillis() + 1_000) {
            throw new AssertionError(what + ": the honest party ran " + o.millis() + " ms, more than the timeout of " + setup.timeoutMillis()
                    + " ms and a second" + (o.failure() != null ? " (" + o.failure() + ")" : ""));
        }
        if (o.failure() != null) {
            Throwable f = o.failure();
            boolean blamesPeer = f instanceof PeerFault || f instanceof ProtocolException || f instanceof ChannelException;
            String message = String.valueOf(f.getMessage());
            // The channel's own messages name the channel's end ("closed", "timed out"); the others must name the peer
            // (or, for a handshake mismatch, the two parties).
            boolean namesPeer = f instanceof ChannelException || message.contains("peer") || message.contains("garbler")
                    || message.startsWith("handshake mismatch: ");
            if (!blamesPeer || message.contains("\n") || !namesPeer) {
                StringWriter trace = new StringWriter();
                f.printStackTrace(new PrintWriter(trace));
                throw new AssertionError(what + ": the honest party failed with " + f + ", not a one-line error that blames the peer\n" + trace);
            }
            return "detected";
        }
        List<BitString> expected = in.expected();
        if (o.value().equals(expected)) {
            return o.mutationApplied() ? "correct" : "not applied";
        }
        if (honest == Party.GARBLER && FuzzedSession.consistentForGarbler(in.a(), o.value()) && otherInputAllowed) {
            return "other input";
        }
        throw new AssertionError(what + ": the honest " + honest.key() + " finished with " + o.value() + ", not " + expected
                + (honest == Party.GARBLER ? (FuzzedSession.consistentForGarbler(in.a(), o.value())
                ? " (consistent with other evaluator inputs, but neither corrections nor chunk headers were touched)"
                : " (no evaluator input gives it)") : ""));
    }

    /** A random mutation of {@code kind} by {@code op}, within the kind's recorded bytes and frames. */
    private static Mutation mutation(Random rnd, MessageKind kind, Op op, long[] size, List<MutatingChannel.Frame> recorded, String scheme) {
        long bytes = size[0];
        int frames = (int) size[1];
        switch (op) {
            case TRUNCATE, FREEZE -> {
                return Mutation.of(kind, op, (long) (rnd.nextDouble() * bytes));
            }
            case DROP, DUPLICATE -> {
                return Mutation.of(kind, op, rnd.nextInt(frames));
            }
            default -> {
                int style = rnd.nextInt(4);
                if (style == 0) { // one bit
                    return new Mutation(kind, Op.PATCH, (long) (rnd.nextDouble() * bytes), new byte[] {(byte) (1 << rnd.nextInt(8))}, true);
                }
                if (style == 1) { // random bytes
                    long at = (long) (rnd.nextDouble() * bytes);
                    byte[] patch = new byte[1 + rnd.nextInt((int) Math.min(32, bytes - at))];
                    rnd.nextBytes(patch);
                    return new Mutation(kind, Op.PATCH, at, patch, false);
                }
                if (style == 2) { // a few bits in one block
                    long at = (long) (rnd.nextDouble() * bytes);
                    byte[] patch = new byte[(int) Math.min(16, bytes - at)];
                    for (int i = 0; i < 1 + rnd.nextInt(4); i++) {
                        patch[rnd.nextInt(patch.length)] |= (byte) (1 << rnd.nextInt(8));
                    }
                    return new Mutation(kind, Op.PATCH, at, patch, true);
                }
                return extremeField(rnd, kind, bytes, recorded, scheme);
            }
        }
    }

    /** Extreme values where a length or count is: chunk headers' n and m, the hello's version and text lengths. */
    private static Mutation extremeField(Random rnd, MessageKind kind, long bytes, List<MutatingChannel.Frame> recorded, String scheme) {
        int[] extremes = {-1, Integer.MAX_VALUE, Integer.MIN_VALUE, InputChunks.MAX_CHUNK_BITS + 1, 1 << 30, 0, 1};
        int value = extremes[rnd.nextInt(extremes.length)];
        if (kind == MessageKind.CHUNK_HEADERS) {
            List<MutatingChannel.Frame> headers = recorded.stream().filter(f -> f.kind() == kind).toList();
            MutatingChannel.Frame h = headers.get(rnd.nextInt(headers.size()));
            boolean n = rnd.nextBoolean(); // the header is n << 32 | m, little-endian: m first
            return new Mutation(kind, Op.PATCH, h.start() + (n ? 4 : 0), littleEndian(value), false);
        }
        if (kind == MessageKind.HELLO) {
            int schemeLength = scheme.length();
            int[] fields = {4, 8, 9, 11 + schemeLength}; // version (4 bytes), role (1), scheme and program lengths (2)
            int field = fields[rnd.nextInt(fields.length)];
            int width = field == 4 ? 4 : field == 8 ? 1 : 2;
            byte[] patch = new byte[width];
            for (int i = 0; i < width; i++) {
                patch[i] = (byte) (value >>> (8 * (width - 1 - i))); // big-endian, as DataOutputStream writes
            }
            return new Mutation(kind, Op.PATCH, field, patch, false);
        }
        long at = bytes < 8 ? 0 : (long) (rnd.nextDouble() * (bytes / 8)) * 8;
        byte[] patch = littleEndian(value);
        return new Mutation(kind, Op.PATCH, at, java.util.Arrays.copyOf(patch, (int) Math.min(8, bytes - at)), false);
    }

    private static byte[] littleEndian(int v) {
        return new byte[] {(byte) v, (byte) (v >>> 8), (byte) (v >>> 16), (byte) (v >>> 24)};
    }

    // ---- Known cases, each with the one line the honest party must give. ----

    private static FuzzedSession.Outcome once(Party honest, String scheme, boolean realBaseOt, Mutation m) {
        return FuzzedSession.run(setup(honest, scheme, realBaseOt), RECORDED, 7, ch -> new MutatingChannel(ch, m, false), null, true);
    }

    private static String failure(FuzzedSession.Outcome o, Class<? extends Throwable> type) {
        assertInstanceOf(type, o.failure(), () -> "outcome " + o.value() + " / " + o.failure());
        return o.failure().getMessage();
    }

    @Test
    void aFakeEvaluatorsInvalidPointUIsThePeersFault() {
        // Point U is the first 64 bytes of base OT points from the evaluator (the base-OT sender, which answers the garbler's).
        byte[] ff = new byte[32];
        java.util.Arrays.fill(ff, (byte) 0xff);
        String e = failure(once(Party.GARBLER, "half-gates", true, new Mutation(MessageKind.BASE_OT_POINTS, Op.PATCH, 0, ff, false)), PeerFault.class);
        assertTrue(e.startsWith("the peer sent an invalid base-OT point (message 2, point U): its x coordinate is not below 2^255 - 19"), e);
        e = failure(once(Party.GARBLER, "half-gates", true, new Mutation(MessageKind.BASE_OT_POINTS, Op.PATCH, 40, new byte[] {4}, true)), PeerFault.class);
        assertTrue(e.startsWith("the peer sent an invalid base-OT point (message 2, point U): not on edwards25519"), e);
    }

    @Test
    void aFakeGarblersInvalidPointBIsThePeersFault() {
        // The garbler is the base-OT receiver: 32 points B, one per group of four OTs; group 17 gets the neutral element.
        byte[] neutral = new byte[64];
        neutral[32] = 1;
        String e = failure(once(Party.EVALUATOR, "half-gates", true, new Mutation(MessageKind.BASE_OT_POINTS, Op.PATCH, 17 * 64, neutral, false)),
                PeerFault.class);
        assertTrue(e.startsWith("the peer sent an invalid base-OT point (message 1, point B of group 17 of 32): it has small order"), e);
    }

    @Test
    void aPeersProgramNameIsQuotedOnOneLineWhateverItHolds() {
        // The hello: magic, version, role (9 bytes), then the scheme and the program, each after a 2-byte length.
        int program = 9 + 2 + "half-gates".length() + 2;
        String e = failure(once(Party.GARBLER, "half-gates", false,
                new Mutation(MessageKind.HELLO, Op.PATCH, program, new byte[] {'\n', 0x1b, 'x', '\r'}, false)), ProtocolException.class);
        assertEquals("handshake mismatch: the peer runs program '\\n\\x1bx\\r', this party 'fuzz'", e);
    }

    @Test
    void aChunkHeaderWithHugeCountsIsRefusedBeforeAnythingIsAllocated() {
        String e = failure(once(Party.GARBLER, "half-gates", false, new Mutation(MessageKind.CHUNK_HEADERS, Op.PATCH, 4, littleEndian(-1), false)),
                PeerFault.class);
        assertTrue(e.startsWith("the peer sent an invalid input chunk header (ahead chunk 1): 4294967295 correction bits where 0 to 65536"), e);
        e = failure(once(Party.GARBLER, "half-gates", false, new Mutation(MessageKind.CHUNK_HEADERS, Op.PATCH, 0, littleEndian(Integer.MAX_VALUE), false)),
                PeerFault.class);
        assertTrue(e.startsWith("the peer sent an invalid input chunk header (ahead chunk 1): 2147483647 new OTs for 32 correction bits"
                + " where the protocol makes 1024"), e);
    }

    @Test
    void aTamperedTableOfAUsedGateIsDetectedAndOneOfTheUnusedGateChangesNothing() {
        // Half-gates: 32 bytes per AND gate; the adder's tables in gate order, its unused AND gate last.
        int tables = 32 * FuzzedSession.ADDER.counts().and();
        FuzzedSession.Outcome used = once(Party.EVALUATOR, "half-gates", false, new Mutation(MessageKind.TABLES, Op.PATCH, 5, new byte[] {1}, true));
        if (used.failure() == null) {
            // Row 0 of that gate may be the one the evaluator does not use; row 1 then is.
            used = once(Party.EVALUATOR, "half-gates", false, new Mutation(MessageKind.TABLES, Op.PATCH, 21, new byte[] {1}, true));
        }
        String e = failure(used, PeerFault.class);
        assertTrue(e.startsWith("the peer's garbled material or labels do not decode: output "), e);
        for (int at = tables - 32; at < tables; at += 8) {
            FuzzedSession.Outcome unused = once(Party.EVALUATOR, "half-gates", false, new Mutation(MessageKind.TABLES, Op.PATCH, at, new byte[] {1}, true));
            assertEquals(RECORDED.expected(), unused.value(), () -> "unused gate: " + unused.failure());
        }
    }

    @Test
    void aFrozenPeerEndsTheHonestPartyAfterItsTimeout() {
        for (Party honest : Party.values()) {
            FuzzedSession.Setup s = new FuzzedSession.Setup(honest, "half-gates", false, FROZEN_TIMEOUT_MS, PEER_PATIENCE_MS);
            FuzzedSession.Outcome o = FuzzedSession.run(s, RECORDED, 7, ch -> new MutatingChannel(ch,
                    Mutation.of(honest == Party.GARBLER ? MessageKind.CORRECTIONS : MessageKind.TABLES, Op.FREEZE, 3), false), null, false);
            String e = failure(o, ChannelException.class);
            assertTrue(e.contains("timed out after " + FROZEN_TIMEOUT_MS + " ms"), e);
            assertTrue(o.millis() < FROZEN_TIMEOUT_MS + 1_000, o.millis() + " ms");
        }
    }
}
