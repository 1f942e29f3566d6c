package io.yaostream.core.threeparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.bits.Blocks;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.GarblingException;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.GarblingContext;
import io.yaostream.core.text.English;

import java.util.Optional;

/**
 * A garbler (P1 or P2) of a three-party session (MRZ15). Both garblers draw every random value from generators keyed
 * by their shared seed, so they garble the same circuit bit for bit; the material goes to P3 split between them
 * ({@link SplitGarbledStream}). Input wires are committed, both labels of each in an order permuted by seed bits b,
 * and the garbler that knows a wire's value opens the commitment of that value; P3's input arrives as two XOR shares,
 * one per garbler, whose wires are committed unpermuted so P3 can check it got the label of its own share bit.
 * Outputs come back from P3 as labels, which must be one of the wire's two.
 */
final class ThreeGarblerContext extends GarblingContext {
    /** Wires committed (and opened) per message: bounds memory for inputs of any width. */
    static final int PIECE = 1024;
    static final int OPENING_BYTES = 1 + 16 + 16;
    /** The purpose of the seed's key the garbling draws from (and Kπ, which the kernel has before this context is made). */
    static final String GARBLING = "garbling";

    private final int me;
    private final ThreeLinks links;
    private final Channel toEvaluator;
    private final SplitGarbledStream split;
    private final ThreeHashes hashes;
    private final AesCtrRandom permutation;
    private final AesCtrRandom coins;
    private final InputFeed feed;
    private final long[] pair = new long[4];
    private final long[] rho = new long[4];
    private final byte[] commitments = new byte[2 * ThreeHashes.COMMITMENT_BYTES * PIECE];
    private final byte[] openings = new byte[OPENING_BYTES * PIECE];
    private long permutationBits;
    private int permutationLeft;
    private long wire;

    ThreeGarblerContext(ThreeLinks links, SplitGarbledStream split, ThreeHashes hashes, byte[] seed, GarblingScheme scheme,
                        Kernel kernel, InputFeed feed, CostTally tally) {
        super(links.to(3), split, scheme, kernel, tally,
                scheme.newGarbler(kernel, AesCtrRandom.fromKey(kernel, ThreeHashes.derive(seed, GARBLING))));
        this.me = links.me();
        this.links = links;
        this.toEvaluator = links.to(3);
        this.split = split;
        this.hashes = hashes;
        this.feed = feed;
        this.permutation = AesCtrRandom.fromKey(kernel, ThreeHashes.derive(seed, "permutation"));
        this.coins = AesCtrRandom.fromKey(kernel, ThreeHashes.derive(seed, "commitment coins"));
        if (scheme.usesPermutation()) { // the material's first block: P3 takes Kπ from it, vouched for like the rest
            split.writeBlocks(new long[] {kernel.fixedKeyLo(), kernel.fixedKeyHi()}, 0, 1);
        }
    }

    @Override
    public Party party() {
        return Party.GARBLER;
    }

    @Override
    public Secret input(int party, int width) {
        return partyInput(party, width);
    }

    @Override
    public void secondGarblerInput(Secret s) {
        commitAndOpen(2, me == 2 ? take(s.width(), 1) : null, false, s);
    }

    /** Party 1's inputs. */
    @Override
    public void garblerInputs(int width, int count, Secret s) {
        commitAndOpen(1, me == 1 ? take(width, count) : null, false, s);
    }

    /** P3's input: its share for this garbler arrives first; the wires of both shares are committed, XOR gives the input. */
    @Override
    public void evaluatorInput(int width, Secret s) {
        waitForEvaluator();
        ThreeFrames.expect(toEvaluator, ThreeFrames.SHARE, 3, "P" + me + "'s share of " + English.article(width) + " " + width + "-bit input of P3");
        BitString share = ThreeShares.read(toEvaluator, width);
        Secret first = newSecret(width);
        Secret second = newSecret(width);
        commitAndOpen(1, me == 1 ? share : null, true, first);
        commitAndOpen(2, me == 2 ? share : null, true, second);
        Secret sum = xor(first, second);
        System.arraycopy(sum.state, 0, s.state, 0, s.state.length);
    }

    /** The feed's next {@code count} values of {@code width} bits, side by side. */
    private BitString take(int width, int count) {
        boolean[] bits = new boolean[width * count];
        for (int v = 0; v < count; v++) {
            BitString value = feed.take(width, "a P" + me);
            for (int i = 0; i < width; i++) {
                bits[v * width + i] = value.get(i);
            }
        }
        return BitString.fromBits(bits);
    }

    /**
     * Fresh labels for the bits of {@code s}, both committed into the stream ({@code C^a} commits the label of value
     * {@code a ⊕ b}, b a seed bit, or 0 on P3's share wires); then, at the garbler {@code opener} that knows
     * {@code values}, the opening of each value's commitment to P3. A piece at a time.
     */
    private void commitAndOpen(int opener, BitString values, boolean share, Secret s) {
        core.ensureSlots(1);
        for (int from = 0; from < s.width(); from += PIECE) {
            int n = Math.min(PIECE, s.width() - from);
            for (int k = 0; k < n; k++) {
                int bit = from + k;
                core.newInputLabels(0);
                core.saveSlot(0, s.state, s.offset(bit));
                core.inputLabel(0, false, pair, 0);
                core.inputLabel(0, true, pair, 1);
                int b = share ? 0 : permutationBit();
                coins.nextBlock(rho, 0);
                coins.nextBlock(rho, 1);
                for (int a = 0; a < 2; a++) {
                    hashes.commit(wire, a, pair, a ^ b, rho, a, commitments, (2 * k + a) * ThreeHashes.COMMITMENT_BYTES);
                }
                if (values != null) {
                    int x = values.get(bit) ? 1 : 0;
                    int o = x ^ b;
                    int at = k * OPENING_BYTES;
                    openings[at] = (byte) o;
                    Blocks.toBytes(pair, x, openings, at + 1, 1);
                    Blocks.toBytes(rho, o, openings, at + 17, 1);
                }
                wire++;
            }
            split.writeBytes(commitments, 0, 2 * ThreeHashes.COMMITMENT_BYTES * n);
            split.endChunk(); // the commitments reach P3 before the openings
            if (values != null) {
                ThreeFrames.send(toEvaluator, ThreeFrames.OPENINGS);
                toEvaluator.write(openings, 0, OPENING_BYTES * n);
            }
        }
    }

    private int permutationBit() {
        if (permutationLeft == 0) {
            permutationBits = permutation.nextLong();
            permutationLeft = 64;
        }
        int b = (int) (permutationBits & 1);
        permutationBits >>>= 1;
        permutationLeft--;
        return b;
    }

    /** Before waiting for P3: it must have all the material it reads before it sends. */
    private void waitForEvaluator() {
        split.endChunk();
        toEvaluator.flush();
    }

    @Override
    public void announce(CompiledCircuit c, byte[] digest) {
        split.writeBytes(digest, 0, digest.length);
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        int[] slots = loadIntoFirstSlots(value);
        if (to != Receiver.GARBLER) {
            core.writeDecoding(slots, split);
        }
        if (to == Receiver.EVALUATOR) {
            return Optional.empty();
        }
        waitForEvaluator();
        garblerReveals++;
        ThreeFrames.expect(toEvaluator, ThreeFrames.LABELS, 3, "the output labels of reveal " + garblerReveals);
        long[] active = new long[2 * value.width()];
        toEvaluator.readLongs(active, 0, 2 * value.width());
        boolean[] bits = new boolean[value.width()];
        for (int i = 0; i < bits.length; i++) {
            try {
                bits[i] = core.decodeLabel(slots[i], active, i);
            } catch (GarblingException e) {
                throw new PeerFault("P3 returned a label it did not compute for bit " + i + " of reveal " + garblerReveals
                        + ": it is neither of the output wire's two labels (authenticity check failed)");
            }
        }
        return Optional.of(BitString.fromBits(bits));
    }

    /** Ends the stream: the last chunk, then the end mark to P3 and to the other garbler. */
    void finish() {
        split.endChunk();
        ThreeFrames.send(toEvaluator, ThreeFrames.END);
        toEvaluator.flush();
        Channel other = links.to(3 - me);
        ThreeFrames.send(other, ThreeFrames.END);
        other.flush();
        ThreeFrames.expect(toEvaluator, ThreeFrames.END, 3, "the end of its program");
        ThreeFrames.expect(other, ThreeFrames.END, 3 - me, "the end of its program");
    }

    @Override
    public long bytesSent() {
        return links.bytesWritten();
    }

    @Override
    public long bytesReceived() {
        return links.bytesRead();
    }

}
