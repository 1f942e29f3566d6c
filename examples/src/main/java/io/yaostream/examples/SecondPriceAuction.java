package io.yaostream.examples;

import io.yaostream.*;

import java.util.List;

/**
 * A sealed-bid second-price (Vickrey) auction between two auction houses: each house holds its own bidders' sealed
 * bids; both learn who won and the price, the second-highest bid, and nothing else about the bids. A tie goes to the
 * bidder named first (the garbler's house first). Run {@code garbler 7000 500:1 900:2} and
 * {@code evaluator 7000 700:1 650:2}: each house's bids as {@code amount:bidder}, the same number at both.
 */
public final class SecondPriceAuction {
    /** Bits of a bid's amount, and of a bidder's number within its house. */
    static final int AMOUNT = 32;
    static final int BIDDER = 8;

    /** A house's bid: its amount and the bidder's number within the house. */
    public record Bid(long amount, int bidder) {
    }

    /** The outcome both houses learn: the winning bidder (its house and number) and the price it pays. */
    public record Outcome(Party house, int bidder, long price) {
    }

    /** The auction of {@code bidsPerHouse} bids from each house. */
    public static SecureProgram<Outcome> auction(int bidsPerHouse) {
        return c -> {
            UInt best = c.constant(0, AMOUNT);
            UInt second = c.constant(0, AMOUNT);
            UInt winner = c.constant(0, BIDDER + 1); // the house in the top bit, the bidder below it
            for (Party house : Party.values()) {
                for (int i = 0; i < bidsPerHouse; i++) {
                    UInt amount = c.uint(house, AMOUNT);
                    UInt bidder = c.uint(house, BIDDER).resize(BIDDER + 1).add(house == Party.GARBLER ? 0 : 1 << BIDDER);
                    Bool beatsBest = amount.greaterThan(best);
                    second = beatsBest.select(best, amount.greaterThan(second).select(amount, second));
                    best = beatsBest.select(amount, best);
                    winner = beatsBest.select(bidder, winner);
                }
            }
            int w = winner.reveal().intValueExact();
            return new Outcome(w >> BIDDER == 0 ? Party.GARBLER : Party.EVALUATOR, w & ((1 << BIDDER) - 1), second.reveal().longValueExact());
        };
    }

    /** A house's bids as its inputs, in the order the auction takes them: amount, then bidder, bid by bid. */
    public static Inputs inputs(List<Bid> bids) {
        Inputs in = Inputs.none();
        for (Bid b : bids) {
            in = in.and(b.amount(), AMOUNT).and(b.bidder(), BIDDER);
        }
        return in;
    }

    public static void main(String[] args) {
        TwoParty house = TwoParty.as(args[0]).name("second-price auction");
        int port = Integer.parseInt(args[1]);
        house = house.isGarbler() ? house.listen(port) : house.connect("localhost", port);
        List<Bid> bids = java.util.Arrays.stream(args, 2, args.length).map(SecondPriceAuction::bid).toList();
        Result<Outcome> r = house.run(auction(bids.size()), inputs(bids));
        Outcome o = r.value();
        System.out.println("bidder " + o.bidder() + " of the " + o.house().key() + "'s house wins and pays " + o.price()
                + " (" + r.andGates() + " AND gates, " + r.kernel() + " kernel on " + r.kernelPath() + ")");
    }

    private static Bid bid(String amountColonBidder) {
        String[] p = amountColonBidder.split(":", 2);
        if (p.length != 2) {
            throw new IllegalArgumentException("a bid is amount:bidder, got '" + amountColonBidder + "'");
        }
        return new Bid(Long.parseLong(p[0]), Integer.parseInt(p[1]));
    }

    /** The outcome in plaintext: the reference the tests compare with. */
    public static Outcome reference(List<Bid> garbler, List<Bid> evaluator) {
        long best = 0;
        long second = 0;
        Party house = Party.GARBLER;
        int bidder = 0;
        for (Party h : Party.values()) {
            for (Bid b : h == Party.GARBLER ? garbler : evaluator) {
                if (b.amount() > best) {
                    second = best;
                    best = b.amount();
                    house = h;
                    bidder = b.bidder();
                } else if (b.amount() > second) {
                    second = b.amount();
                }
            }
        }
        return new Outcome(house, bidder, second);
    }
}
