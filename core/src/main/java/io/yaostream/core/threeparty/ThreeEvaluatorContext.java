package io.yaostream.core.threeparty;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.bits.Blocks;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.program.Secret;
import io.yaostream.core.protocol.CostTally;
import io.yaostream.core.protocol.EvaluatingContext;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Optional;

/**
 * P3, the evaluator of a three-party session (MRZ15): reads the garbled material only once both garblers vouch for
 * it ({@link CheckedGarbledStream}), takes one label per input wire by checking a garbler's opening against the
 * commitment both sent, gives its own input as two XOR shares (one to each garbler) and checks that each share wire
 * was opened to its own bit, evaluates, decodes its outputs and returns the output labels to the garblers. Nothing
 * it sends depends on material it has not checked.
 */
final class ThreeEvaluatorContext extends EvaluatingContext {
    private final ThreeLinks links;
    private final CheckedGarbledStream checked;
    private final ThreeHashes hashes;
    private final Kernel kernel;
    private final AesCtrRandom random;
    private final InputFeed feed;
    private final byte[] commitments = new byte[2 * ThreeHashes.COMMITMENT_BYTES * ThreeGarblerContext.PIECE];
    private final byte[] openings = new byte[ThreeGarblerContext.OPENING_BYTES * ThreeGarblerContext.PIECE];
    private final byte[] recomputed = new byte[ThreeHashes.COMMITMENT_BYTES];
    private final byte[] peerDigest = new byte[DIGEST_BYTES];
    private final long[] label = new long[2];
    private final long[] rho = new long[2];
    private long wire;

    ThreeEvaluatorContext(ThreeLinks links, CheckedGarbledStream checked, ThreeHashes hashes, GarblingScheme scheme, Kernel kernel,
                          AesCtrRandom random, InputFeed feed, CostTally tally) {
        super(links.to(1), checked, scheme, kernel, tally, scheme.newEvaluator(kernel));
        this.links = links;
        this.checked = checked;
        this.hashes = hashes;
        this.kernel = kernel;
        this.random = random;
        this.feed = feed;
    }

    /**
     * Where the scheme uses π: Kπ from the material's first block, which both garblers vouch for like the rest (a P1 that
     * announced another key to P3 alone would change every hash P3 computes, and the labels it returns would then
     * tell P1 its input), into the kernel before P3 hashes anything.
     */
    void takePermutationKey() {
        if (scheme.usesPermutation()) {
            long[] key = new long[2];
            checked.readBlocks(key, 0, 1);
            kernel.setFixedKey(key[0], key[1]);
        }
    }

    @Override
    public Party party() {
        return Party.EVALUATOR;
    }

    @Override
    public Secret input(int party, int width) {
        return partyInput(party, width);
    }

    @Override
    public void secondGarblerInput(Secret s) {
        open(2, null, s);
    }

    @Override
    public void garblerInputs(int width, int count, Secret s) {
        open(1, null, s);
    }

    /** This party's input: a random share to P1, the XOR of it and the value to P2; the labels of both, XORed. */
    @Override
    public void evaluatorInput(int width, Secret s) {
        BitString value = feed.take(width, "a P3");
        boolean[] share = new boolean[width];
        long bits = 0;
        for (int i = 0; i < width; i++) {
            if ((i & 63) == 0) {
                bits = random.nextLong();
            }
            share[i] = (bits >>> (i & 63) & 1) != 0;
        }
        BitString x3 = BitString.fromBits(share);
        BitString x4 = x3.xor(value);
        ThreeShares.write(links.to(1), x3);
        links.to(1).flush();
        ThreeShares.write(links.to(2), x4);
        links.to(2).flush();
        Secret a = newSecret(width);
        Secret b = newSecret(width);
        open(1, x3, a);
        open(2, x4, b);
        Secret sum = xor(a, b);
        System.arraycopy(sum.state, 0, s.state, 0, s.state.length);
    }

    /**
     * The labels of the bits of {@code s}: both commitments of each wire from the checked stream, then the opening
     * from garbler {@code opener}, which must match the commitment it names; on P3's share wires ({@code share} not
     * null) the commitment named must be that of the share's bit.
     */
    private void open(int opener, BitString share, Secret s) {
        Channel from = links.to(opener);
        for (int start = 0; start < s.width(); start += ThreeGarblerContext.PIECE) {
            int n = Math.min(ThreeGarblerContext.PIECE, s.width() - start);
            checked.readBytes(commitments, 0, 2 * ThreeHashes.COMMITMENT_BYTES * n);
            ThreeFrames.expect(from, ThreeFrames.OPENINGS, opener, "the openings of input wires " + wire + " to " + (wire + n - 1));
            from.readFully(openings, 0, ThreeGarblerContext.OPENING_BYTES * n);
            for (int k = 0; k < n; k++) {
                int at = k * ThreeGarblerContext.OPENING_BYTES;
                int o = openings[at];
                if (o != 0 && o != 1) {
                    throw new PeerFault("P" + opener + " named commitment " + (o & 0xff) + " of input wire " + wire + " (0 or 1 allowed)");
                }
                if (share != null && o != (share.get(start + k) ? 1 : 0)) {
                    throw new PeerFault("P" + opener + " opened input wire " + wire + " to the other value than P3's share bit:"
                            + " it would change P3's input");
                }
                Blocks.fromBytes(openings, at + 1, label, 0, 1);
                Blocks.fromBytes(openings, at + 17, rho, 0, 1);
                hashes.commit(wire, o, label, 0, rho, 0, recomputed, 0);
                int c = (2 * k + o) * ThreeHashes.COMMITMENT_BYTES;
                if (!Arrays.equals(recomputed, 0, ThreeHashes.COMMITMENT_BYTES, commitments, c, c + ThreeHashes.COMMITMENT_BYTES)) {
                    throw new PeerFault("P" + opener + "'s opening of input wire " + wire + " does not match its commitment");
                }
                int bit = start + k;
                s.state[s.offset(bit)] = label[0];
                s.state[s.offset(bit) + 1] = label[1];
                wire++;
            }
        }
    }

    @Override
    public void announce(CompiledCircuit c, byte[] digest) {
        checked.readBytes(peerDigest, 0, DIGEST_BYTES);
        if (!MessageDigest.isEqual(peerDigest, digest)) {
            HexFormat hex = HexFormat.of();
            throw new ProtocolException("the garblers' program called a different sub-circuit at call " + calls() + " (digest "
                    + hex.formatHex(peerDigest, 0, 8) + "…, this party's " + hex.formatHex(digest, 0, 8) + "… with "
                    + c.counts().and() + " AND gates): the programs differ");
        }
    }

    @Override
    public Optional<BitString> reveal(Secret value, Receiver to) {
        Optional<BitString> mine = Optional.empty();
        if (to != Receiver.GARBLER) {
            mine = Optional.of(BitString.fromBits(core.decode(loadIntoFirstSlots(value), checked)));
        }
        if (to != Receiver.EVALUATOR) {
            for (int p = 1; p <= 2; p++) {
                Channel link = links.to(p);
                ThreeFrames.send(link, ThreeFrames.LABELS);
                link.writeLongs(value.state, 0, 2 * value.width());
                link.flush();
            }
            garblerReveals++;
        }
        return mine;
    }

    /** Both garblers' end marks (nothing of their material left unread), then this party's. */
    void finish() {
        if (checked.unread()) {
            throw new PeerFault("the garblers sent more garbled material than this party's program reads (the programs differ)");
        }
        for (int p = 1; p <= 2; p++) {
            ThreeFrames.expect(links.to(p), ThreeFrames.END, p, "the end of its program");
        }
        for (int p = 1; p <= 2; p++) {
            ThreeFrames.send(links.to(p), ThreeFrames.END);
            links.to(p).flush();
        }
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
