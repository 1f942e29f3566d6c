package io.yaostream.core.protocol;

import io.yaostream.core.net.Channel;

/**
 * One party's connections to the two others of a three-party session, by party number (1 and 2 garble, 3 evaluates).
 * Closing closes both.
 */
public final class ThreeLinks implements AutoCloseable {
    private final int me;
    private final Channel[] byParty = new Channel[4];

    /** Party {@code me}'s links: {@code first} to the lower-numbered other party, {@code second} to the higher. */
    public ThreeLinks(int me, Channel first, Channel second) {
        ThreeParty.checkParty(me);
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
}
