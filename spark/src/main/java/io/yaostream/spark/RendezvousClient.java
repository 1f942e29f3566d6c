package io.yaostream.spark;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;

/** The requests to a {@link Rendezvous}: the evaluator driver's join, a garbler task's registration, an evaluator task's lookup. */
final class RendezvousClient {
    private RendezvousClient() {
    }

    /** What a join gives the evaluator's driver: the run's number and the open link to the garbler's driver. */
    record Joined(long run, Channel link) {
    }

    /**
     * Joins the garbler's run at {@code host:port} with this party's computation, scheme and number of shards.
     *
     * @throws ProtocolException naming what differs, if the garbler's driver refused
     */
    static Joined join(String host, int port, TransportOptions options, String computation, String scheme, int shards) {
        Channel c = NettyTransport.connect(host, port, options);
        try {
            Wire.writeOpening(c, Wire.JOIN);
            Wire.writeString(c, computation);
            Wire.writeString(c, scheme);
            Wire.writeInt(c, shards);
            c.flush();
            int answer = Wire.readByte(c);
            if (answer == Wire.REFUSED) {
                throw new ProtocolException(Wire.readString(c, "reason"));
            }
            if (answer != Wire.OK) {
                throw new ProtocolException("the garbler's driver answered the join with byte " + answer + ", not a rendezvous answer");
            }
            return new Joined(Wire.readLong(c), c);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** Tells the garbler's driver that shard {@code shard} of run {@code run} listens on {@code listenHost:listenPort}. */
    static void register(String host, int port, TransportOptions options, long run, int shard, String listenHost, int listenPort) {
        try (Channel c = NettyTransport.connect(host, port, options)) {
            Wire.writeOpening(c, Wire.REGISTER);
            Wire.writeLong(c, run);
            Wire.writeInt(c, shard);
            Wire.writeString(c, listenHost);
            Wire.writeInt(c, listenPort);
            c.flush();
            Wire.readAnswer(c, "the registration of shard " + shard);
        }
    }

    /** Where the garbler's shard {@code shard} of run {@code run} listens, once it has registered. */
    static Rendezvous.Address lookup(String host, int port, TransportOptions options, long run, int shard) {
        try (Channel c = NettyTransport.connect(host, port, options)) {
            Wire.writeOpening(c, Wire.LOOKUP);
            Wire.writeLong(c, run);
            Wire.writeInt(c, shard);
            c.flush();
            Wire.readAnswer(c, "the lookup of shard " + shard);
            String peerHost = Wire.readString(c, "host");
            int peerPort = Wire.readInt(c);
            if (peerPort < 1 || peerPort > 65535) {
                throw new ProtocolException("the garbler's driver gave port " + peerPort + " for shard " + shard);
            }
            return new Rendezvous.Address(peerHost, peerPort);
        }
    }
}
