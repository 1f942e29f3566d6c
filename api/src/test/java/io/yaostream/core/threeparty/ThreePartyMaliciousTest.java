package io.yaostream.core.threeparty;

import io.yaostream.ThreeParty;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.plain.PlainEvaluator;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.FrameTap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One party of a three-party session deviates, the other two run the protocol: the deviation is made on the deviating
 * party's outgoing link ({@link FrameTap}) while every party runs the real code, and every honest party must either
 * fail with one line that names the fault or, where the protocol lets it, return the right output; no party ever
 * returns a wrong output. The circuit is {@code a + b + c} and {@code a ^ b ^ c} of 16 bits, one input per party
 * (or {@code a + b} where P3 has none), so every message of the protocol passes.
 *
 * <p>The stream of the garbled material, per garbler link to P3, for {@link #SUM3} run once: chunk 0 (Kπ, the key of π,
 * then P1's input commitments, carried by P1), chunk 1 (P2's, by P2), chunks 2 and 3 (the commitments of P3's two shares), chunk 4
 * (the circuit's digest, tables and the sum's decoding, by P1), chunk 5 (the XOR's decoding, by P2). Input wires are
 * numbered 0-15 (P1), 16-31 (P2), 32-47 (P3's share opened by P1), 48-63 (the share opened by P2).
 */
@Timeout(60)
class ThreePartyMaliciousTest {
    /** {@code -Dyaostream.malicious3.verbose=true} prints each honest party's outcome, the line a user would read. */
    private static final boolean VERBOSE = Boolean.getBoolean("yaostream.malicious3.verbose");

    private static final long TIMEOUT = 5_000;
    private static final int W = 16;
    private static final String SCHEME = Schemes.DEFAULT;
    static final CompiledCircuit SUM3 = TappedThreeParties.sum3(W);
    static final CompiledCircuit ADD = TappedThreeParties.adder(W);
    private static final BitString A = BitString.of(0x3a5c, W);
    private static final BitString B = BitString.of(0xc1f0, W);
    private static final BitString C = BitString.of(0x7e01, W);

    /** One session of a circuit on fixed inputs: its links (tap them before {@link #run}), then its outcomes. */
    static final class Session {
        final TappedThreeParties links;
        final ThreePartyCircuit program;
        final BitString[] inputs;
        final List<Optional<BitString>> expected = new ArrayList<>();
        final ThreeParty[] configs = new ThreeParty[3];
        List<ThreeParty.Outcome<List<Optional<BitString>>>> outcomes;

        Session(CompiledCircuit circuit, long repeat, long timeoutMillis) {
            this.links = new TappedThreeParties(timeoutMillis);
            this.program = new ThreePartyCircuit(circuit, repeat);
            this.inputs = circuit.inputs().size() == 3 ? new BitString[] {A, B, C} : new BitString[] {A, B};
            for (BitString e : new PlainEvaluator().evaluate(circuit, inputs)) {
                expected.add(Optional.of(e));
            }
            for (int p = 1; p <= 3; p++) {
                configs[p - 1] = TappedThreeParties.party(p, SCHEME, program);
            }
        }

        /** {@link #SUM3} once, 5 s timeout. */
        Session() {
            this(SUM3, 1, TIMEOUT);
        }

        FrameTap tap(int from, int to) {
            return links.tap(from, to);
        }

        /** Runs the three parties and checks that none returned a wrong output. */
        Session run() {
            outcomes = links.run(configs, program, TappedThreeParties.feeds(inputs));
            for (ThreeParty.Outcome<List<Optional<BitString>>> o : outcomes) {
                if (o.result() != null) {
                    assertEquals(expected, o.result().value(), "P" + o.party() + " returned a wrong output");
                }
            }
            return this;
        }

        ThreeParty.Outcome<List<Optional<BitString>>> of(int party) {
            return outcomes.get(party - 1);
        }

        /** Asserts that party p failed with one line of an expected type that contains every phrase; returns it. */
        String fails(int party, Class<? extends RuntimeException> type, String... phrases) {
            ThreeParty.Outcome<?> o = of(party);
            assertNull(o.result(), "P" + party + " returned an output where it should have failed");
            RuntimeException e = o.failure();
            assertNotNull(e);
            String m = String.valueOf(e.getMessage());
            assertTrue(e instanceof PeerFault || e instanceof ProtocolException || e instanceof ChannelException,
                    "P" + party + " failed with " + e.getClass().getName() + ": " + m);
            assertTrue(type.isInstance(e), "P" + party + " failed with " + e.getClass().getSimpleName() + " (" + m + "), expected "
                    + type.getSimpleName());
            assertFalse(m.contains("\n") || m.contains("\r"), "P" + party + "'s message is not one line: " + m);
            for (String phrase : phrases) {
                assertTrue(m.contains(phrase), "P" + party + "'s message lacks '" + phrase + "': " + m);
            }
            if (VERBOSE) {
                System.out.println("[3pc malicious] P" + party + ": " + e.getClass().getSimpleName() + ": " + m);
            }
            return m;
        }

        /** Asserts that party p failed as {@link #fails} says, its message containing at least one of {@code alternatives}. */
        String failsWithOneOf(int party, String... alternatives) {
            String m = fails(party, RuntimeException.class);
            assertTrue(java.util.Arrays.stream(alternatives).anyMatch(m::contains),
                    "P" + party + "'s message has none of " + java.util.Arrays.toString(alternatives) + ": " + m);
            return m;
        }

        /** An honest party that may have the right output (checked in {@link #run}) or fail as {@link #fails} says. */
        String outputOrFails(int party, Class<? extends RuntimeException> type, String... phrases) {
            if (of(party).result() != null) {
                if (VERBOSE) {
                    System.out.println("[3pc malicious] P" + party + ": the right output");
                }
                return null;
            }
            return fails(party, type, phrases);
        }

        /** Asserts that the session took less than the links' timeout: nobody waited for one. */
        void fast() {
            assertTrue(links.millis() < TIMEOUT, "the session took " + links.millis() + " ms, a timeout's worth");
            for (ThreeParty.Outcome<?> o : outcomes) {
                if (o.failure() != null) {
                    assertFalse(String.valueOf(o.failure().getMessage()).contains("timed out"), o.failure().getMessage());
                }
            }
        }
    }

    /** A tamper that changes the frame of one type and ordinal with {@code change}, and passes every other. */
    static FrameTap.Tamper at(int type, int ordinal, FrameTap.Tamper change) {
        return f -> f.type() == type && f.ordinal() == ordinal ? change.apply(f) : f.bytes();
    }

    // ---- the taps themselves: with nothing changed, all three have the output, and the frames are where the tests expect

    @Test
    void untamperedTapsChangeNothingAndSeeTheFramesTheTestsChange() {
        Session s = new Session().run();
        for (ThreeParty.Outcome<?> o : s.outcomes) {
            assertNotNull(o.result(), () -> "P" + o.party() + ": " + o.failure());
        }
        s.fast();
        FrameTap p1 = s.tap(1, 3);
        FrameTap p2 = s.tap(2, 3);
        assertEquals(3, p1.frames(ThreeFrames.CHUNK).size(), "P1 carries chunks 0, 2 and 4");
        assertEquals(3, p1.frames(ThreeFrames.DIGEST).size(), "P1 vouches for chunks 1, 3 and 5");
        assertEquals(3, p2.frames(ThreeFrames.CHUNK).size());
        assertEquals(2, p1.frames(ThreeFrames.OPENINGS).size(), "P1 opens its input and P3's first share");
        assertEquals(2, p2.frames(ThreeFrames.OPENINGS).size());
        assertEquals(1 + W * ThreeGarblerContext.OPENING_BYTES, p1.frames(ThreeFrames.OPENINGS).get(0).bytes().length);
        assertEquals(16 + 2 * ThreeHashes.COMMITMENT_BYTES * W, p1.frames(ThreeFrames.CHUNK).get(0).bodyLength(),
                "chunk 0 holds Kπ, then the 2 commitments of each of P1's wires");
        assertEquals(2, s.tap(3, 1).frames(ThreeFrames.LABELS).size(), "two reveals to all");
        assertEquals(1, s.tap(3, 1).frames(ThreeFrames.SHARE).size());
        assertEquals(1 + 16 * W, s.tap(3, 1).frames(ThreeFrames.LABELS).get(0).bytes().length);
    }

    // ---- 1. a garbler whose material differs from the other's in one bit

    /** Chunk 2k is P1's C frame k: its commitments (k = 0), the first share's commitments (1), the tables (2). */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aChunkP1SendsThatDiffersInOneBitIsCaught(int ordinal) {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.CHUNK, ordinal, f -> f.flipBodyBit(f.bodyLength() / 2, 3)));
        s.run();
        s.fails(3, PeerFault.class, "P1 and P2 sent different garbled material: chunk " + 2 * ordinal + " ",
                "from P1 does not match P2's digest of it");
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /**
     * Kπ reaches P3 as the material's first block, so P1 cannot give P3 a key of π other than the one both garblers
     * garble under (P3's labels would then tell P1 its input): a bit of it flipped is caught by P2's digest.
     */
    @Test
    void aKeyOfPiP1ChangesIsCaught() {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.CHUNK, 0, f -> f.flipBodyBit(5, 2)));
        s.run();
        s.fails(3, PeerFault.class, "P1 and P2 sent different garbled material: chunk 0 ", "from P1 does not match P2's digest of it");
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /** P1's digest k vouches for chunk 2k + 1, which P2 carries. */
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2})
    void aDigestP1SendsThatDiffersInOneBitIsCaught(int ordinal) {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.DIGEST, ordinal, f -> f.flipBodyBit(15 - ordinal, ordinal)));
        s.run();
        s.fails(3, PeerFault.class, "P1 and P2 sent different garbled material: chunk " + (2 * ordinal + 1) + " ",
                "from P2 does not match P1's digest of it");
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /** The bit is flipped in the material of a session with several 64 KiB chunks, in the last chunk P2 carries. */
    @Test
    void aChunkP2SendsLateInALongSessionIsCaught() {
        Session clean = new Session(SUM3, 300, TIMEOUT).run();
        List<FrameTap.Frame> chunks = clean.tap(2, 3).frames(ThreeFrames.CHUNK);
        assertTrue(chunks.size() >= 4, "chunks of P2: " + chunks.size());
        int last = chunks.size() - 1;
        FrameTap.Frame material = chunks.get(last - 1);
        assertEquals(SplitGarbledStream.CHUNK_BYTES, material.bodyLength(), "a full chunk of tables");
        Session s = new Session(SUM3, 300, TIMEOUT);
        s.tap(2, 3).tamper(at(ThreeFrames.CHUNK, last - 1, f -> f.flipBodyBit(12_345, 0)));
        s.run();
        s.fails(3, PeerFault.class, "P1 and P2 sent different garbled material: chunk " + (2 * (last - 1) + 1) + " ",
                "from P2 does not match P1's digest of it");
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    // ---- 2. a wrong decommitment

    /** Opening {@code wire} of P1's O frame {@code frame} (0: its input, 1: P3's first share), byte {@code at} of it. */
    @ParameterizedTest(name = "frame {0}, wire {1}, opening byte {2}, bit {3}")
    @CsvSource({
            "0, 0, 1, 0", // label, first byte
            "0, 7, 16, 7", // label, last byte
            "0, 9, 9, 0", // label, low bit of the second long
            "0, 15, 17, 0", // coins, first byte
            "0, 3, 32, 7", // coins, last byte
            "1, 0, 1, 1", // a share wire's label
            "1, 15, 20, 2", // a share wire's coins
    })
    void aWrongDecommitmentIsCaught(int frame, int wire, int at, int bit) {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.OPENINGS, frame, f -> f.flipBodyBit(wire * ThreeGarblerContext.OPENING_BYTES + at, bit)));
        s.run();
        s.fails(3, PeerFault.class, "P1's opening of input wire " + (32 * frame + wire) + " does not match its commitment");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /** A valid opening, of another wire: the commitments bind the wire's number. */
    @ParameterizedTest(name = "wire {0} opened with wire {1}'s opening")
    @CsvSource({"0, 1", "15, 3"})
    void anOpeningOfAnotherWireIsCaught(int wire, int from) {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.OPENINGS, 0, f -> {
            byte[] b = f.bytes().clone();
            int n = ThreeGarblerContext.OPENING_BYTES;
            System.arraycopy(f.bytes(), 1 + from * n, b, 1 + wire * n, n);
            return b;
        }));
        s.run();
        s.fails(3, PeerFault.class, "P1's opening of input wire " + wire + " does not match its commitment");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    // ---- 3. a missing decommitment

    /** Without P3 input, P2 goes on to garble: P3 finds the next frame where the openings were due. */
    @Test
    void aMissingDecommitmentIsCaughtByTheFrameThatCameInstead() {
        Session s = new Session(ADD, 1, TIMEOUT);
        s.tap(2, 3).tamper(at(ThreeFrames.OPENINGS, 0, f -> null));
        s.run();
        s.fails(3, PeerFault.class, "P2 sent ", " where the openings of input wires 16 to 31 was due");
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /** P2 drops its opening of P3's second share and garbles on. */
    @Test
    void aMissingShareDecommitmentIsCaughtByTheFrameThatCameInstead() {
        Session s = new Session();
        s.tap(2, 3).tamper(at(ThreeFrames.OPENINGS, 1, f -> null));
        s.run();
        s.fails(3, PeerFault.class, "P2 sent ", " where the openings of input wires 48 to 63 was due");
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /**
     * Before P3's input P2 waits for its share, so after the dropped openings it sends nothing: the parties wait for
     * each other, and the first timeout ends the session; P3 then fails on its link to P2 (by its own timeout or
     * because P2 timed out first and closed), never with an output.
     */
    @Test
    void aMissingDecommitmentBeforeP3sInputEndsInATimeoutNamingTheLink() {
        long timeout = 1_000;
        Session s = new Session(SUM3, 1, timeout);
        s.tap(2, 3).tamper(at(ThreeFrames.OPENINGS, 0, f -> null));
        s.run();
        s.fails(3, ChannelException.class, "link to P2: ");
        s.fails(1, ChannelException.class, "link to P");
        assertTrue(s.links.millis() < 3 * timeout, "took " + s.links.millis() + " ms");
    }

    // ---- 4. labels for a different input

    /**
     * P3's share bit flipped on its way to garbler g: g opens, honestly, the label of the other value on that share
     * wire, as a garbler would that wants to change P3's input; P3 checks the index against its own share bit.
     */
    @ParameterizedTest(name = "to P{0}, share bit {1}")
    @CsvSource({"1, 0", "1, 13", "2, 0", "2, 15"})
    void aGarblerOpeningTheOtherValueOfP3sShareIsCaught(int garbler, int bit) {
        Session s = new Session();
        s.tap(3, garbler).tamper(at(ThreeFrames.SHARE, 0, f -> f.flipBodyBit(bit / 8, bit % 8)));
        s.run();
        int wire = (garbler == 1 ? 32 : 48) + bit;
        s.fails(3, PeerFault.class, "P" + garbler + " opened input wire " + wire + " to the other value than P3's share bit");
        s.fails(3 - garbler, ChannelException.class, "link to P3: ");
        s.fast();
    }

    /** The opening index of one of P1's wires flipped, the label kept: the commitment it names is the other one. */
    @ParameterizedTest
    @ValueSource(ints = {0, 6, 15})
    void aFlippedOpeningIndexIsCaught(int wire) {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.OPENINGS, 0, f -> f.flipBodyBit(wire * ThreeGarblerContext.OPENING_BYTES, 0)));
        s.run();
        s.fails(3, PeerFault.class, "P1's opening of input wire " + wire + " does not match its commitment");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    @Test
    void anOpeningIndexOtherThanZeroOrOneIsCaught() {
        Session s = new Session();
        s.tap(1, 3).tamper(at(ThreeFrames.OPENINGS, 0, f -> f.flipBodyBit(4 * ThreeGarblerContext.OPENING_BYTES, 1)));
        s.run();
        s.fails(3, PeerFault.class, "P1 named commitment ", " of input wire 4 (0 or 1 allowed)");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    // ---- 5. a P3 that returns a label it did not compute

    /** Bit {@code bit} of the label of output bit {@code outputBit} of reveal {@code reveal} (0: the sum, 1: the XOR). */
    private static Session flipLabel(String scheme, int reveal, int outputBit, int bit) {
        Session s = new Session();
        for (int p = 1; p <= 3; p++) {
            s.configs[p - 1] = TappedThreeParties.party(p, scheme, s.program);
        }
        s.tap(3, 1).tamper(at(ThreeFrames.LABELS, reveal, f -> f.flipBodyBit(16 * outputBit + bit / 8, bit % 8)));
        s.run();
        s.fails(1, PeerFault.class, "P3 returned a label it did not compute for bit " + outputBit + " of reveal " + (reveal + 1) + ":");
        // P2 checked its labels; it keeps its output only if the session still ends, which P1's abort stops.
        s.outputOrFails(2, ChannelException.class, "link to P");
        s.fast();
        return s;
    }

    @ParameterizedTest(name = "reveal {0}, output bit {1}, label bit {2}")
    @CsvSource({"0, 0, 0", "0, 5, 1", "0, 15, 63", "0, 9, 64", "1, 0, 127", "1, 11, 100", "1, 15, 0"})
    void aLabelP3DidNotComputeIsCaught(int reveal, int outputBit, int bit) {
        flipLabel(SCHEME, reveal, outputBit, bit);
    }

    /** Every one of the 128 bits of a label: none gives the label of the other value (that would need Δ). */
    @Test
    void flippingAnyBitOfAReturnedLabelIsCaught() {
        for (int bit = 0; bit < 128; bit++) {
            flipLabel(SCHEME, bit % 2, bit % W, bit);
        }
    }

    static List<String> schemes() {
        return Schemes.names();
    }

    @ParameterizedTest
    @MethodSource("schemes")
    void aLabelP3DidNotComputeIsCaughtInEveryScheme(String scheme) {
        flipLabel(scheme, 0, 3, 0);
        flipLabel(scheme, 1, 14, 77);
    }

    // ---- 6. a party that stops or disconnects mid-run

    @Test
    void aGarblerThatStopsInsideTheMaterialEndsEveryoneFastNamingTheLink() {
        Session clean = new Session(SUM3, 300, TIMEOUT).run();
        assertNotNull(clean.of(3).result());
        FrameTap.Frame tables = clean.tap(1, 3).frames(ThreeFrames.CHUNK).get(2);
        assertEquals(SplitGarbledStream.CHUNK_BYTES, tables.bodyLength(), "chunk 4: a full chunk of tables");
        long n = tables.offset() + tables.bytes().length / 2;
        Session s = new Session(SUM3, 300, TIMEOUT);
        s.tap(1, 3).stopAfter(n, () -> s.links.disconnect(1));
        s.run();
        s.fails(3, ChannelException.class, "link to P1: ");
        s.fails(2, ChannelException.class, "link to P");
        s.fails(1, ChannelException.class);
        s.fast();
    }

    @Test
    void p3ThatDisconnectsBeforeReturningLabelsEndsEveryoneFastNamingTheLink() {
        Session s = new Session();
        s.tap(3, 1).tamper(f -> {
            if (f.type() == ThreeFrames.LABELS) {
                s.links.disconnect(3);
                throw new ChannelException("P3 stops before returning labels");
            }
            return f.bytes();
        });
        s.run();
        s.fails(1, ChannelException.class, "link to P3: ");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fails(3, ChannelException.class);
        s.fast();
    }

    // ---- 7. the handshake

    @Test
    void aPartyAnnouncingTheWrongNumberIsCaughtInTheHandshake() {
        Session s = new Session();
        s.tap(1, 3).tamper(at(FrameTap.HELLO, 0, f -> {
            byte[] b = f.bytes().clone();
            assertEquals(1, b[8], "the party number follows magic and version");
            b[8] = 2;
            return b;
        }));
        s.run();
        s.fails(3, ProtocolException.class, "handshake mismatch: the peer where P1 was expected says it is party 2");
        s.fails(2, ChannelException.class, "link to P3: ");
        s.fast();
    }

    private static String otherScheme() {
        return Schemes.names().stream().filter(n -> !n.equals(SCHEME)).findFirst().orElseThrow();
    }

    /**
     * P3 with another scheme: both garblers meet it and say so, and P3 says so of P1, which it greets first; P2, which
     * P3 never greets once P1's hello failed (each party greets its links one after the other), sees only P3 leave.
     */
    @Test
    void anEvaluatorWithAnotherSchemeIsCaughtInTheHandshake() {
        String other = otherScheme();
        Session s = new Session();
        s.configs[2] = TappedThreeParties.party(3, other, s.program);
        s.run();
        s.fails(1, ProtocolException.class, "handshake mismatch: P3 uses scheme " + other + ", this party " + SCHEME);
        s.failsWithOneOf(2, "handshake mismatch: P3 uses scheme " + other + ", this party " + SCHEME, "link to P3: ");
        s.fails(3, ProtocolException.class, "handshake mismatch: P1 uses scheme " + SCHEME + ", this party " + other);
        s.fast();
    }

    /**
     * Every honest party names the mismatch, the one the mismatching party would reach second too: each party sends its
     * hello on both links before it reads either (ThreeHandshake.exchange).
     */
    @Test
    void everyHonestPartyNamesTheHandshakeMismatch() {
        String other = otherScheme();
        Session s = new Session();
        s.configs[2] = TappedThreeParties.party(3, other, s.program);
        s.run();
        s.fails(1, ProtocolException.class, "handshake mismatch: P3 uses scheme " + other + ", this party " + SCHEME);
        s.fails(2, ProtocolException.class, "handshake mismatch: P3 uses scheme " + other + ", this party " + SCHEME);
    }

    /**
     * P2 with another scheme: P1 meets it first and says so; P3, which waits for P1's hello (each party greets its
     * links one after the other), sees P1 leave and names that link.
     */
    @Test
    void aGarblerWithAnotherSchemeIsCaughtInTheHandshake() {
        String other = otherScheme();
        Session s = new Session();
        s.configs[1] = TappedThreeParties.party(2, other, s.program);
        s.run();
        s.fails(1, ProtocolException.class, "handshake mismatch: P2 uses scheme " + other + ", this party " + SCHEME);
        s.failsWithOneOf(3, "handshake mismatch: P2 uses scheme " + other, "link to P1: ", "link to P2: ");
        s.fast();
    }

    @Test
    void aPartyRunningAnotherProgramIsCaughtInTheHandshake() {
        Session s = new Session();
        s.configs[2] = s.configs[2].name("3pc repeat 2");
        s.run();
        s.fails(1, ProtocolException.class, "handshake mismatch: P3 runs program '3pc repeat 2', this party '3pc repeat 1'");
        s.failsWithOneOf(2, "handshake mismatch: P3 runs program '3pc repeat 2'", "link to P3: ");
        s.fails(3, ProtocolException.class, "handshake mismatch: P1 runs program '3pc repeat 1', this party '3pc repeat 2'");
        s.fast();
    }
}
