package io.yaostream.core.threeparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProgramContext;
import io.yaostream.core.protocol.PartyLink;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * One party's connections to the two others of a three-party session, by party number (1 and 2 garble, 3 evaluates).
 * Closing closes both.
 */
public final class ThreeLinks implements AutoCloseable {
    private final int me;
    private final Channel[] byParty = new Channel[4];

    /** Party {@code me}'s links: {@code first} to the lower-numbered other party, {@code second} to the higher. */
    public ThreeLinks(int me, Channel first, Channel second) {
        ProgramContext.checkParty(me);
        this.me = me;
        int[] others = others(me);
        byParty[others[0]] = first;
        byParty[others[1]] = second;
    }

    /** The two other parties' numbers, lower first. */
    static int[] others(int me) {
        return switch (me) {
            case 1 -> new int[] {2, 3};
            case 2 -> new int[] {1, 3};
            default -> new int[] {1, 2};
        };
    }

    public int me() {
        return me;
    }

    /** The link to party {@code party} (not this one). */
    public Channel to(int party) {
        if (party == me || party < 1 || party > 3) {
            throw new IllegalArgumentException("party " + me + " has no link to party " + party);
        }
        return byParty[party];
    }

    /**
     * The message of a failure on one link, led by the link that went first where another did (its peer closed or reset
     * the connection before): so a party whose send to P3 failed after P2 died names P2, not P3.
     */
    String firstGone(String failure) {
        int first = 0;
        for (int p : others(me)) {
            String gone = byParty[p].peerGone();
            if (gone != null && (first == 0 || byParty[p].peerGoneNanos() - byParty[first].peerGoneNanos() < 0)) {
                first = p;
            }
        }
        String lead = "link to P" + first + ": ";
        if (first == 0 || failure.startsWith(lead)) {
            return failure;
        }
        return lead + byParty[first].peerGone() + "; then " + failure;
    }

    long bytesWritten() {
        long n = 0;
        for (int p : others(me)) {
            n += byParty[p].bytesWritten();
        }
        return n;
    }

    long bytesRead() {
        long n = 0;
        for (int p : others(me)) {
            n += byParty[p].bytesRead();
        }
        return n;
    }

    @Override
    public void close() {
        RuntimeException first = null;
        for (int p : others(me)) {
            try {
                byParty[p].close();
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
    }


    /** The party after {@code p} in the ring, which {@code p} connects to. */
    public static int next(int p) {
        return p % 3 + 1;
    }

    /**
     * Party {@code me}'s links: it accepts the party before it in the ring on {@code listener} while it connects to the
     * party after it at {@code host:port}; either failing closes the other.
     */
    public static ThreeLinks connect(int me, NettyTransport.Listener listener, String host, int port, TransportOptions options) {
        CompletableFuture<Channel> out = new CompletableFuture<>();
        Thread connector = new Thread(() -> {
            try {
                out.complete(NettyTransport.connect(host, port, options));
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
            }
        }, "yaostream-3pc-connect-" + me);
        connector.setDaemon(true);
        connector.start();
        Channel in;
        try {
            in = listener.accept();
        } catch (RuntimeException e) {
            out.thenAccept(Channel::close);
            throw e;
        }
        Channel outChannel;
        try {
            outChannel = out.get();
        } catch (ExecutionException e) {
            in.close();
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            in.close();
            throw new IllegalStateException("interrupted while connecting", e);
        }
        int prev = next(next(me));
        Channel toNext = new PartyLink(outChannel, next(me));
        Channel toPrev = new PartyLink(in, prev);
        return next(me) < prev ? new ThreeLinks(me, toNext, toPrev) : new ThreeLinks(me, toPrev, toNext);
    }

    /** Three parties' links over memory channels, index p - 1 for party p: for tests. */
    public static ThreeLinks[] inMemory(long timeoutMillis) {
        MemoryChannel[] a12 = MemoryChannel.pair(timeoutMillis);
        MemoryChannel[] a13 = MemoryChannel.pair(timeoutMillis);
        MemoryChannel[] a23 = MemoryChannel.pair(timeoutMillis);
        return new ThreeLinks[] {
                new ThreeLinks(1, new PartyLink(a12[0], 2), new PartyLink(a13[0], 3)),
                new ThreeLinks(2, new PartyLink(a12[1], 1), new PartyLink(a23[0], 3)),
                new ThreeLinks(3, new PartyLink(a13[1], 1), new PartyLink(a23[1], 2))};
    }

}
