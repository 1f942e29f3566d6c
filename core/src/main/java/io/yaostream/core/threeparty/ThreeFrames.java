package io.yaostream.core.threeparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.ot.PeerFault;

/**
 * The messages of a three-party session after the handshake, each a type byte and a body whose length the reader
 * knows or bounds; a wrong type names the peer and what was due, so a confused or malicious peer is one clear line.
 */
public final class ThreeFrames {
    /** P3 to each garbler, first: the commitments' reference string and the garbler's key for chunk digests. */
    public static final int CRS = 'S';
    /** P1 to P2, first: the seed both garble from. */
    public static final int SEED = 'R';
    /** A garbler to P3: a chunk of the garbled-material stream it carries (int length, bytes). */
    public static final int CHUNK = 'C';
    /** A garbler to P3: the digest of a chunk the other garbler carries. */
    public static final int DIGEST = 'H';
    /** A garbler to P3: openings of input commitments. */
    public static final int OPENINGS = 'O';
    /** P3 to a garbler: its share of P3's input. */
    public static final int SHARE = 'I';
    /** P3 to the garblers: the output labels of a reveal. */
    public static final int LABELS = 'L';
    /** Every party to every other: the end of its program. */
    public static final int END = 'E';

    static final int SEED_BYTES = 32;
    static final int CRS_BYTES = 32;
    static final int KEY_BYTES = 16;

    private ThreeFrames() {
    }

    static void send(Channel channel, int type) {
        channel.write(new byte[] {(byte) type}, 0, 1);
    }

    static void send(Channel channel, int type, byte[] body) {
        send(channel, type);
        channel.write(body, 0, body.length);
    }

    /** Reads the next type byte from party {@code from} and checks that it is {@code type}. */
    static void expect(Channel channel, int type, int from, String due) {
        byte[] b = new byte[1];
        channel.readFully(b, 0, 1);
        if ((b[0] & 0xff) != type) {
            throw new PeerFault("P" + from + " sent " + describe(b[0] & 0xff) + " where " + due + " was due");
        }
    }

    static byte[] read(Channel channel, int bytes) {
        byte[] b = new byte[bytes];
        channel.readFully(b, 0, bytes);
        return b;
    }

    private static String describe(int type) {
        return switch (type) {
            case CRS -> "the reference string";
            case SEED -> "a seed";
            case CHUNK -> "a chunk of garbled material";
            case DIGEST -> "a chunk digest";
            case OPENINGS -> "input openings";
            case SHARE -> "an input share";
            case LABELS -> "output labels";
            case END -> "the end of its program";
            default -> "byte " + type;
        };
    }
}
