package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.protocol.Handshake;

import java.nio.ByteBuffer;
import java.util.HexFormat;

/**
 * What the connecting party sends first on each connection of a sharded run, before the shard's own session: the
 * run it belongs to (a random number the connecting party draws once per run), the shard it carries, and how many
 * shards the run has. Shards are numbered from 0; number {@code shards} is the combining session. The listening
 * party answers {@link #ACCEPTED}, or ends the connection with a goodbye that says why it refused.
 *
 * <p>The hello opens as a session's handshake does, with {@link Handshake#MAGIC}, and puts {@link Handshake#SHARDED}
 * where the handshake has its version: so a party that runs one session and meets a shard's hello says that the
 * peer runs shards, and a connecting shard that meets a one-session party's handshake says so too.
 */
public record ShardHello(long run, int shard, int shards) {
    /** The most shards a run may have (each is a connection and a thread at both parties). */
    public static final int MAX_SHARDS = 4096;
    /** The listener's answer to a hello it took. Never the first byte of a handshake. */
    static final int ACCEPTED = 0x2b;
    static final int BYTES = 4 + 4 + 8 + 4 + 4;

    public ShardHello {
        checkShards(shards);
        if (shard < 0 || shard > shards) {
            throw new IllegalArgumentException("shard " + shard + " of a run of " + shards + " shards (0 to " + (shards - 1)
                    + ", and " + shards + " for the combining session)");
        }
    }

    /** That {@code shards} is a number of shards a run may have. */
    public static void checkShards(int shards) {
        if (shards < 1 || shards > MAX_SHARDS) {
            throw new IllegalArgumentException("shards: 1 to " + MAX_SHARDS + ", not " + shards);
        }
    }

    /** The shard's name in messages: "shard 2" or "the combining session". */
    public String what() {
        return name(shard, shards);
    }

    static String name(int shard, int shards) {
        return shard == shards ? "the combining session" : "shard " + shard;
    }

    void write(Channel channel) {
        ByteBuffer b = ByteBuffer.allocate(BYTES);
        b.put(Handshake.MAGIC).putInt(Handshake.SHARDED).putLong(run).putInt(shard).putInt(shards);
        channel.write(b.array(), 0, BYTES);
        channel.flush();
    }

    /** The peer's hello, checked field by field; anything else is a one-line {@link ProtocolException}. */
    static ShardHello read(Channel channel) {
        byte[] bytes = new byte[BYTES];
        channel.readFully(bytes, 0, 8);
        ByteBuffer b = ByteBuffer.wrap(bytes);
        for (byte m : Handshake.MAGIC) {
            if (b.get() != m) {
                throw new ProtocolException("the peer is not a yaostream party: its first bytes are "
                        + HexFormat.ofDelimiter(" ").formatHex(bytes, 0, 4));
            }
        }
        int version = b.getInt();
        if (version != Handshake.SHARDED) {
            throw new ProtocolException(ONE_SESSION);
        }
        channel.readFully(bytes, 8, BYTES - 8);
        long run = b.getLong();
        int shard = b.getInt();
        int shards = b.getInt();
        if (shards < 1 || shards > MAX_SHARDS || shard < 0 || shard > shards) {
            throw new ProtocolException("the peer's shard hello names shard " + shard + " of " + shards + " shards");
        }
        return new ShardHello(run, shard, shards);
    }

    /** What a sharded party says of a peer that runs one session. */
    static final String ONE_SESSION = "the peer runs one session, this party a sharded run: give both parties the same number of shards (--shards)";
}
