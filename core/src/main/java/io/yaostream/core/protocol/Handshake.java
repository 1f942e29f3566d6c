package io.yaostream.core.protocol;

import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.net.Channel;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.text.Printable;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The first message of a session, sent by both parties at once: magic, protocol version, role, scheme,
 * program, and the SHA-256 digest of the compiled sub-circuits (which fixes every input width); the garbler's then
 * has the session's public key Kπ of π (16 bytes, docs/garbling-schemes.md §1.2), which the evaluator uses. Each party
 * checks the other's before any label or OT message is sent, and a mismatch is an error that names the
 * field and both values.
 */
public final class Handshake {
    public static final byte[] MAGIC = {'Y', 'A', 'O', 'S'};
    static final int VERSION = 2;
    /**
     * Where a handshake has its version, a shard's hello ({@code core.shard.ShardHello}) has this word ("SHRD"): the
     * peer runs a sharded computation.
     */
    public static final int SHARDED = 0x5348_5244;
    /** The most bytes of a hello's text (scheme, program). */
    public static final int MAX_TEXT = 1024;
    private static final int DIGEST_BYTES = 32;
    /** Bytes of Kπ at the end of a garbler's hello. */
    public static final int KEY_BYTES = 16;

    /**
     * What one party announces; a garbler also its session's Kπ ({@code keyLo}, {@code keyHi}: bytes 0..7 and 8..15,
     * little-endian), which an evaluator's hello does not carry (both 0).
     */
    public record Hello(Party role, String scheme, String program, byte[] digest, long keyLo, long keyHi) {
        /** A hello without a key: an evaluator's. */
        public Hello(Party role, String scheme, String program, byte[] digest) {
            this(role, scheme, program, digest, 0, 0);
        }
    }

    private Handshake() {
    }

    /** SHA-256 over the digests of the circuits ({@link CompiledCircuit#digest()}), in order. */
    public static byte[] digest(List<CompiledCircuit> circuits) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            for (CompiledCircuit c : circuits) {
                sha.update(c.digest());
            }
            return sha.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Bytes of an evaluator's hello naming {@code scheme} and {@code program} (a garbler's has {@link #KEY_BYTES} more). */
    public static long helloBytes(String scheme, String program) {
        return MAGIC.length + 4 + 1 + 2 + scheme.getBytes(StandardCharsets.UTF_8).length + 2
                + program.getBytes(StandardCharsets.UTF_8).length + DIGEST_BYTES;
    }

    /** Writes {@code h} (the caller flushes). */
    public static void send(Channel channel, Hello h) {
        write(channel, MAGIC, VERSION, h.role().ordinal(), h.scheme(), h.program(), h.digest(),
                h.role() == Party.GARBLER ? keyBytes(h.keyLo(), h.keyHi()) : new byte[0]);
    }

    /** A key's 16 bytes, bytes 0..7 from {@code lo} and 8..15 from {@code hi}, little-endian. */
    public static byte[] keyBytes(long lo, long hi) {
        return ByteBuffer.allocate(KEY_BYTES).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(lo).putLong(hi).array();
    }

    /** The two longs of a key's 16 bytes (read as {@link #keyBytes} writes them). */
    public static long[] keyLongs(byte[] key) {
        if (key.length != KEY_BYTES) {
            throw new ProtocolException("handshake: a key of " + key.length + " bytes where " + KEY_BYTES + " were due");
        }
        ByteBuffer b = ByteBuffer.wrap(key).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        return new long[] {b.getLong(), b.getLong()};
    }

    /** A hello's bytes: magic, version, the sender's role or party number, scheme, program, digest (both protocols). */
    public static void write(Channel channel, byte[] magic, int version, int who, String scheme, String program, byte[] digest) {
        write(channel, magic, version, who, scheme, program, digest, new byte[0]);
    }

    /** {@link #write(Channel, byte[], int, int, String, String, byte[])} with {@code trailer} after the digest (a key). */
    public static void write(Channel channel, byte[] magic, int version, int who, String scheme, String program, byte[] digest,
                             byte[] trailer) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.write(magic);
            out.writeInt(version);
            out.writeByte(who);
            writeText(out, scheme);
            writeText(out, program);
            out.write(digest);
            out.write(trailer);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory cannot fail", e);
        }
        channel.write(bytes.toByteArray(), 0, bytes.size());
    }

    /** Reads the peer's hello; one that is not a one-session hello of this protocol version is a {@link ProtocolException}. */
    public static Hello receive(Channel channel) {
        byte[] head = read(channel, 9);
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                throw new ProtocolException("the peer is not a yaostream party: its first bytes are "
                        + HexFormat.ofDelimiter(" ").formatHex(head, 0, 4));
            }
        }
        int version = ByteBuffer.wrap(head, 4, 4).getInt();
        if (version == SHARDED) {
            throw new ProtocolException("the peer runs a sharded computation, this party one session: give both parties the same number"
                    + " of shards (--shards)");
        }
        if (version != VERSION) {
            throw new ProtocolException("handshake mismatch: the peer speaks protocol version " + version + ", this party " + VERSION);
        }
        int role = head[8];
        if (role < 0 || role >= Party.values().length) {
            throw new ProtocolException("handshake: the peer announced an unknown role " + role);
        }
        String scheme = readText(channel, "scheme");
        String program = readText(channel, "program");
        byte[] digest = read(channel, DIGEST_BYTES);
        if (Party.values()[role] != Party.GARBLER) {
            return new Hello(Party.values()[role], scheme, program, digest);
        }
        long[] key = keyLongs(read(channel, KEY_BYTES)); // any 16 bytes are a key
        return new Hello(Party.GARBLER, scheme, program, digest, key[0], key[1]);
    }

    /** That {@code peer}'s hello and this party's belong to one session: roles, scheme, program and circuits. */
    public static void check(Hello mine, Hello peer) {
        if (peer.role() == mine.role()) {
            throw new ProtocolException("handshake mismatch: both parties are the " + mine.role().key());
        }
        checkAgreement("the peer", mine.scheme(), peer.scheme(), mine.program(), peer.program(), mine.digest(), peer.digest());
    }

    /** That the peer (named {@code peer} in the message) uses this party's scheme, program and circuits. */
    public static void checkAgreement(String peer, String scheme, String peerScheme, String program, String peerProgram, byte[] digest,
                               byte[] peerDigest) {
        if (!peerScheme.equals(scheme)) {
            throw new ProtocolException("handshake mismatch: " + peer + " uses scheme " + quoted(peerScheme) + ", this party " + scheme);
        }
        checkProgram(peer, program, peerProgram, digest, peerDigest);
    }

    /** That the peer (named {@code peer} in the message) runs this party's program on its circuits. */
    public static void checkProgram(String peer, String program, String peerProgram, byte[] digest, byte[] peerDigest) {
        if (!peerProgram.equals(program)) {
            throw new ProtocolException("handshake mismatch: " + peer + " runs program '" + quoted(peerProgram) + "', this party '" + program + "'");
        }
        if (!MessageDigest.isEqual(peerDigest, digest)) {
            // Whole digests: a prefix can be the same in both when they differ further on (a peer's flipped bit).
            HexFormat hex = HexFormat.of();
            throw new ProtocolException("handshake mismatch: " + peer + "'s circuits differ (SHA-256 " + hex.formatHex(peerDigest)
                    + ", this party " + hex.formatHex(digest) + ")");
        }
    }

    /** The peer's text as a one-line message may quote it: any bytes may arrive there. */
    private static String quoted(String peerText) {
        return Printable.quoted(peerText, 64);
    }

    private static void writeText(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        if (b.length > MAX_TEXT) {
            throw new IllegalArgumentException("handshake text longer than " + MAX_TEXT + " bytes");
        }
        out.writeShort(b.length);
        out.write(b);
    }

    public static String readText(Channel channel, String field) {
        byte[] len = read(channel, 2);
        int n = ((len[0] & 0xff) << 8) | (len[1] & 0xff);
        if (n > MAX_TEXT) {
            throw new ProtocolException("handshake: the peer's " + field + " is " + n + " bytes long, more than " + MAX_TEXT);
        }
        return new String(read(channel, n), StandardCharsets.UTF_8);
    }

    public static byte[] read(Channel channel, int n) {
        byte[] b = new byte[n];
        channel.readFully(b, 0, n);
        return b;
    }
}
