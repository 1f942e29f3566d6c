package io.yaostream.spark;

import io.yaostream.core.net.Channel;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Handshake;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

/**
 * The rendezvous's messages, in one place. Every connection to the garbler's driver opens with {@link Handshake#MAGIC}
 * and a kind: {@link #JOIN} (the evaluator's driver), {@link #REGISTER} (a garbler task says where it listens) or
 * {@link #LOOKUP} (an evaluator task asks where its peer listens). Integers are big-endian; a string is its UTF-8
 * length in two bytes, then the bytes, at most {@link #MAX_STRING}. The answer is {@link #OK} and what was asked for, or
 * {@link #REFUSED} and why.
 */
final class Wire {
    static final int JOIN = 0x4a4f494e;     // "JOIN"
    static final int REGISTER = 0x52454749; // "REGI"
    static final int LOOKUP = 0x4c4f4f4b;   // "LOOK"
    static final int OK = 0x2b;
    static final int REFUSED = 0x2d;
    /** The answer once the garbler's run has failed, with its reason: the asker's shard is not at fault. */
    static final int RUN_FAILED = 0x21;
    /** Longest string either side sends: names and reasons are one line. */
    static final int MAX_STRING = 1024;

    private Wire() {
    }

    static void writeOpening(Channel c, int kind) {
        c.write(Handshake.MAGIC, 0, Handshake.MAGIC.length);
        writeInt(c, kind);
    }

    /** The kind of a connection's first message; anything that is not a rendezvous message is a one-line error. */
    static int readOpening(Channel c) {
        byte[] b = new byte[8];
        c.readFully(b, 0, 8);
        for (int i = 0; i < 4; i++) {
            if (b[i] != Handshake.MAGIC[i]) {
                throw new ProtocolException("not a yaostream rendezvous message: its first bytes are " + HexFormat.ofDelimiter(" ").formatHex(b, 0, 4));
            }
        }
        int kind = ByteBuffer.wrap(b, 4, 4).getInt();
        if (kind != JOIN && kind != REGISTER && kind != LOOKUP) {
            throw new ProtocolException("a rendezvous message of unknown kind 0x" + Integer.toHexString(kind)
                    + " (a yaostream party of another version, or one that runs no Spark application)");
        }
        return kind;
    }

    static void writeInt(Channel c, int v) {
        c.write(ByteBuffer.allocate(4).putInt(v).array(), 0, 4);
    }

    static int readInt(Channel c) {
        byte[] b = new byte[4];
        c.readFully(b, 0, 4);
        return ByteBuffer.wrap(b).getInt();
    }

    static void writeLong(Channel c, long v) {
        c.write(ByteBuffer.allocate(8).putLong(v).array(), 0, 8);
    }

    static long readLong(Channel c) {
        byte[] b = new byte[8];
        c.readFully(b, 0, 8);
        return ByteBuffer.wrap(b).getLong();
    }

    static void writeByte(Channel c, int v) {
        c.write(new byte[] {(byte) v}, 0, 1);
    }

    static int readByte(Channel c) {
        byte[] b = new byte[1];
        c.readFully(b, 0, 1);
        return b[0] & 0xff;
    }

    /** Writes {@code s}, cut to {@link #MAX_STRING} bytes of whole characters. */
    static void writeString(Channel c, String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        int n = b.length;
        if (n > MAX_STRING) {
            n = MAX_STRING;
            while ((b[n] & 0xc0) == 0x80) { // not inside a character
                n--;
            }
        }
        c.write(ByteBuffer.allocate(2).putShort((short) n).array(), 0, 2);
        c.write(b, 0, n);
    }

    /** A string the peer sent as {@code field}: bounded, valid UTF-8, one line. */
    static String readString(Channel c, String field) {
        byte[] len = new byte[2];
        c.readFully(len, 0, 2);
        int n = ByteBuffer.wrap(len).getShort() & 0xffff;
        if (n > MAX_STRING) {
            throw new ProtocolException("the peer's " + field + " is " + n + " bytes, above the " + MAX_STRING + " allowed");
        }
        byte[] b = new byte[n];
        c.readFully(b, 0, n);
        String s;
        try {
            s = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(b)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new ProtocolException("the peer's " + field + " is not UTF-8");
        }
        if (s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0) {
            throw new ProtocolException("the peer's " + field + " is more than one line");
        }
        return s;
    }

    /** Reads the answer to a request: nothing on {@link #OK}; the peer's reason, as a one-line error, on {@link #REFUSED}. */
    static void readAnswer(Channel c, String what) {
        int answer = readByte(c);
        if (answer == RUN_FAILED) {
            throw new PeerRunFailed("the garbler's side failed: " + readString(c, "reason"));
        }
        if (answer == REFUSED) {
            throw new ProtocolException(what + " refused by the garbler's driver: " + readString(c, "reason"));
        }
        if (answer != OK) {
            throw new ProtocolException("the garbler's driver answered " + what + " with byte " + answer + ", not a rendezvous answer");
        }
    }

    /** The garbler's run failed before this request could be answered: its reason, not the asker's fault. */
    static final class PeerRunFailed extends ProtocolException {
        private static final long serialVersionUID = 1L;

        PeerRunFailed(String message) {
            super(message);
        }
    }

    static void runFailed(Channel c, String why) {
        writeByte(c, RUN_FAILED);
        writeString(c, why);
        c.flush();
    }

    static void refuse(Channel c, String why) {
        writeByte(c, REFUSED);
        writeString(c, why);
        c.flush();
    }
}
