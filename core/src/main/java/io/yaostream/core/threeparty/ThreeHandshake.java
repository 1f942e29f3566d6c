package io.yaostream.core.threeparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Handshake;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * The first message on each link of a three-party session, sent by both ends at once: magic {@code YAO3}, version,
 * the sender's party number, scheme, program and the digest of the declared circuits. A two-party peer (magic
 * {@code YAOS}) is told apart at once, and every mismatch names the field, the peer and both values.
 */
final class ThreeHandshake {
    static final byte[] MAGIC = {'Y', 'A', 'O', '3'};
    /** 2: the material stream begins with Kπ where the scheme uses π (docs/three-party.md). */
    static final int VERSION = 2;
    private static final int DIGEST_BYTES = 32;

    record Hello(int party, String scheme, String program, byte[] digest) {
    }

    private ThreeHandshake() {
    }

    /**
     * Sends {@code mine} on every link first, then reads every peer's hello, then checks them: so a party that finds a
     * mismatch on one link has still greeted the other and read its hello (closing a socket with unread bytes resets it,
     * and the other peer would lose this party's hello with it), and every honest party learns the reason, not just that
     * a link closed. A disagreement in the hellos read is reported before a hello that could not be read.
     */
    static void exchange(ThreeLinks links, Hello mine) {
        ChannelException unsent = null;
        int[] others = ThreeLinks.others(mine.party());
        for (int other : others) {
            try {
                send(links.to(other), mine);
            } catch (ChannelException e) {
                unsent = unsent == null ? e : unsent; // a peer that already found a mismatch left: its hello may still say why
            }
        }
        Hello[] peers = new Hello[others.length];
        RuntimeException unread = null;
        for (int i = 0; i < others.length; i++) {
            try {
                peers[i] = receive(links.to(others[i]), others[i]);
            } catch (RuntimeException e) {
                unread = e; // a link that failed or timed out: no use waiting on the next one too
                break;
            }
        }
        for (int i = 0; i < others.length; i++) {
            if (peers[i] != null) {
                check(mine, peers[i], others[i]);
                checkCertificate(links, peers[i].party());
            }
        }
        if (unread != null) {
            throw unread;
        }
        if (unsent != null) {
            throw unsent;
        }
    }

    private static void send(Channel channel, Hello mine) {
        Handshake.write(channel, MAGIC, VERSION, mine.party(), mine.scheme(), mine.program(), mine.digest());
        channel.flush();
    }

    private static Hello receive(Channel channel, int expected) {
        String peer = "P" + expected;
        byte[] head = Handshake.read(channel, 9);
        if (head[0] == Handshake.MAGIC[0] && head[1] == Handshake.MAGIC[1] && head[2] == Handshake.MAGIC[2]
                && head[3] == Handshake.MAGIC[3]) {
            throw new ProtocolException("handshake: the peer where " + peer + " was expected runs the two-party protocol (run, not run3)");
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                throw new ProtocolException("handshake: the peer where " + peer + " was expected is not a yaostream party: its first bytes are "
                        + HexFormat.ofDelimiter(" ").formatHex(head, 0, 4));
            }
        }
        int version = ByteBuffer.wrap(head, 4, 4).getInt();
        if (version != VERSION) {
            throw new ProtocolException("handshake mismatch: " + peer + " speaks three-party protocol version " + version + ", this party "
                    + VERSION);
        }
        int party = head[8];
        String scheme = Handshake.readText(channel, "scheme");
        String program = Handshake.readText(channel, "program");
        return new Hello(party, scheme, program, Handshake.read(channel, DIGEST_BYTES));
    }

    /**
     * Where the links are bound to the parties, that the hello's party number is the one whose certificate carried it. The
     * transport accepted on each link only the certificate of the party expected there, so this holds unless the links
     * were set up otherwise; it is checked here too, as it is what binds the protocol's roles to the certificates.
     */
    private static void checkCertificate(ThreeLinks links, int claimed) {
        PeerCertificate expected = links.identity(claimed);
        if (expected == null) {
            return;
        }
        PeerCertificate presented = links.to(claimed).peerIdentity();
        if (!expected.equals(presented)) {
            throw new ProtocolException("handshake: the peer that says it is P" + claimed + " presented "
                    + (presented == null ? "no checked certificate" : presented.toString()) + ", not P" + claimed + "'s certificate " + expected);
        }
    }

    private static void check(Hello mine, Hello peer, int expected) {
        String who = "P" + expected;
        if (peer.party() != expected) {
            throw new ProtocolException("handshake mismatch: the peer where " + who + " was expected says it is party " + peer.party()
                    + " (check the order of the addresses and each party's --party)");
        }
        Handshake.checkAgreement(who, mine.scheme(), peer.scheme(), mine.program(), peer.program(), mine.digest(), peer.digest());
    }
}
