package io.yaostream.core.threeparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
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
    /** Each other party's certificate, by party number, where the links are bound to them; null otherwise. */
    private PeerCertificate[] identities;

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

    /** What a peer's goodbye looks like in its link's {@link Channel#peerGone}: "peer HOST:PORT ended the session: REASON". */
    private static final String ENDED = " ended the session: ";

    /**
     * How long a peer's goodbye that blames the third party waits for this party's own link to that party to show its
     * end too: a party that really failed is usually seen by both of its peers within milliseconds, and a little more
     * under load, when the event loop of that link has not run yet.
     */
    static final long BLAME_GRACE_MILLIS = 1000;

    /**
     * The message of a failure on one link, led by the link that went first where another did (its peer closed or reset
     * the connection before): so a party whose send to P3 failed after P2 died names P2, not P3. A peer that ended the
     * session because its own link to the third party failed said so before closing; that third party is named only if
     * this party's own link to it has failed too (within {@link #BLAME_GRACE_MILLIS}): a goodbye is the peer's word, and
     * a malicious peer's goodbye must not make this party blame an honest party whose link is healthy. Otherwise the
     * peer that said goodbye is named, with what it said.
     */
    String firstGone(String failure) {
        int first = 0;
        for (int p : others(me)) {
            String gone = byParty[p].peerGone();
            if (gone != null && (first == 0 || byParty[p].peerGoneNanos() - byParty[first].peerGoneNanos() < 0)) {
                first = p;
            }
        }
        if (first == 0) {
            return failure;
        }
        String gone = byParty[first].peerGone();
        int witness = first;
        int blamed = blamedIn(gone);
        if (blamed != 0 && blamed != me && blamed != witness && ownEndShows(blamed)) {
            first = blamed;
            gone = byParty[blamed].peerGone();
        }
        String lead = LINK_TO + first + ": ";
        if (failure.startsWith(lead)) {
            return failure;
        }
        for (int p : others(me)) {
            if (p != first && failure.startsWith(LINK_TO + p + ": ") && blamedIn(failure) == first) {
                return lead + gone + "; then P" + p + " ended the session for the same reason"; // its goodbye, said once
            }
        }
        return lead + gone + "; then " + failure;
    }

    private static final String LINK_TO = "link to P";

    /**
     * Whether this party's own link to {@code party} has failed, waiting up to {@link #BLAME_GRACE_MILLIS} for it to show:
     * closed, reset or broken, not ended by a goodbye of that party's (its own word, as the other peer's is).
     */
    private boolean ownEndShows(int party) {
        long deadline = System.nanoTime() + BLAME_GRACE_MILLIS * 1_000_000L;
        String gone;
        while ((gone = byParty[party].peerGone()) == null || gone.contains(ENDED)) {
            if (gone != null || System.nanoTime() - deadline >= 0) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }

    /** The party a peer's goodbye blames ("... ended the session: link to P2: ..."), or 0. */
    private static int blamedIn(String gone) {
        int at = gone.indexOf(ENDED);
        if (at < 0 || !gone.startsWith(LINK_TO, at + ENDED.length())) {
            return 0;
        }
        int digit = at + ENDED.length() + LINK_TO.length();
        return digit + 2 < gone.length() && gone.startsWith(": ", digit + 1) ? Character.digit(gone.charAt(digit), 10) : 0;
    }

    /**
     * Ends every link because the session failed for {@code reason}: each peer still there is told why before its
     * connection closes, so it can name the party at fault rather than this one.
     */
    void abort(String reason) {
        RuntimeException first = null;
        for (int p : others(me)) {
            try {
                if (byParty[p].peerGone() == null) {
                    byParty[p].abort(reason);
                } else {
                    byParty[p].close();
                }
            } catch (RuntimeException e) {
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
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


    /** How {@link NettyTransport.Listener#accept} starts its line when nobody came. */
    private static final String NO_PEER = "no peer connected to ";

    /** The party after {@code p} in the ring, which {@code p} connects to. */
    public static int next(int p) {
        return p % 3 + 1;
    }

    /**
     * The options of a link to {@code party}: with {@code identities} (by party number, as {@link #checkIdentities} takes
     * them), the transport accepts on it only that party's certificate; without them, as given.
     */
    public static TransportOptions toParty(TransportOptions options, PeerCertificate[] identities, int party) {
        return identities == null ? options : options.withPeer(PeerIdentity.of("P" + party, identities[party]));
    }

    /**
     * That {@code identities} (index p for party p; this party's own entry unused) name each other party by a
     * certificate of its own: two parties with one certificate, or one with this party's, could pose as each other.
     *
     * @throws IllegalArgumentException naming the parties that share a certificate, or the one without
     */
    public static void checkIdentities(int me, PeerCertificate[] identities, PeerCertificate own) {
        int[] others = others(me);
        for (int p : others) {
            if (identities[p] == null) {
                throw new IllegalArgumentException("P" + me + " has no certificate for P" + p + ": give each other party's certificate");
            }
            if (identities[p].equals(own)) {
                throw new IllegalArgumentException("P" + p + "'s certificate is this party's own (P" + me + "): each party needs a certificate"
                        + " of its own");
            }
        }
        if (identities[others[0]].equals(identities[others[1]])) {
            throw new IllegalArgumentException("P" + others[0] + " and P" + others[1] + " are given the same certificate: each party needs"
                    + " a certificate of its own, or one could pose as the other");
        }
    }

    /**
     * Party {@code me}'s links: it accepts the party before it in the ring on {@code listener} while it connects to the
     * party after it at {@code host:port}; either failing closes the other. With {@code identities} (see
     * {@link #checkIdentities}), the listener must have been opened with {@link #toParty} for the party before, and the
     * connection accepts only the certificate of the party after; the handshake then checks each hello's party number
     * against the certificate that carried it.
     */
    public static ThreeLinks connect(int me, NettyTransport.Listener listener, String host, int port, TransportOptions options,
                                     PeerCertificate[] identities) {
        CompletableFuture<Channel> out = new CompletableFuture<>();
        TransportOptions nextOptions = toParty(options, identities, next(me));
        Thread connector = new Thread(() -> {
            try {
                out.complete(NettyTransport.connect(host, port, nextOptions));
            } catch (RuntimeException e) {
                out.completeExceptionally(e);
            }
        }, "yaostream-3pc-connect-" + me);
        connector.setDaemon(true);
        connector.start();
        // A connection that fails (a refused certificate, say) stops the wait for the other at once.
        out.whenComplete((c, failure) -> {
            if (failure != null) {
                listener.close();
            }
        });
        int prev = previous(me);
        Channel in;
        try {
            in = listener.accept();
        } catch (ChannelException e) {
            out.thenAccept(Channel::close);
            if (out.isCompletedExceptionally()) {
                in = null; // the connection's own failure is the one to report
            } else {
            // The listener knows no party numbers: name the one that should have come.
                String m = e.getMessage();
                throw new ChannelException(m.startsWith(NO_PEER) ? "P" + prev + " never connected to " + m.substring(NO_PEER.length())
                        : LINK_TO + prev + ": " + m, e);
            }
        } catch (RuntimeException e) {
            out.thenAccept(Channel::close);
            throw e;
        }
        Channel outChannel;
        try {
            outChannel = out.get();
        } catch (ExecutionException e) {
            if (in != null) {
                in.close();
            }
            if (e.getCause() instanceof ChannelException c) {
                throw new ChannelException(LINK_TO + next(me) + ": " + c.getMessage(), c);
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (in != null) {
                in.close();
            }
            throw new IllegalStateException("interrupted while connecting", e);
        }
        Channel toNext = new PartyLink(outChannel, next(me));
        Channel toPrev = new PartyLink(in, prev);
        ThreeLinks links = next(me) < prev ? new ThreeLinks(me, toNext, toPrev) : new ThreeLinks(me, toPrev, toNext);
        links.identities = identities == null ? null : identities.clone();
        return links;
    }

    /** The party before {@code p} in the ring, which {@code p} accepts. */
    public static int previous(int p) {
        return next(next(p));
    }

    /** The certificate party {@code party} must have presented on its link, or null where links are not bound. */
    PeerCertificate identity(int party) {
        return identities == null ? null : identities[party];
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
