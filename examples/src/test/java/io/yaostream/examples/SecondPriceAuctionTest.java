package io.yaostream.examples;

import io.yaostream.Party;
import io.yaostream.TwoParty;
import io.yaostream.examples.SecondPriceAuction.Bid;
import io.yaostream.examples.SecondPriceAuction.Outcome;
import org.junit.jupiter.api.Test;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The second-price auction against its plaintext reference, on random bids (with ties), garbled and in plaintext. */
class SecondPriceAuctionTest {
    private static List<Bid> bids(SplittableRandom rnd, int n) {
        List<Bid> bids = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            // a small range now and then, so that ties and equal second prices come up
            long amount = rnd.nextInt(4) == 0 ? rnd.nextLong(4) : rnd.nextLong(1L << SecondPriceAuction.AMOUNT);
            bids.add(new Bid(amount, rnd.nextInt(1 << SecondPriceAuction.BIDDER)));
        }
        return bids;
    }

    @Test
    void plaintextMatchesTheReferenceOnRandomBids() {
        long seed = new SecureRandom().nextLong();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int run = 0; run < 200; run++) {
            int n = 1 + rnd.nextInt(4);
            List<Bid> g = bids(rnd, n);
            List<Bid> e = bids(rnd, n);
            Outcome got = TwoParty.plain(SecondPriceAuction.auction(n), Party.EVALUATOR, SecondPriceAuction.inputs(g), SecondPriceAuction.inputs(e));
            assertEquals(SecondPriceAuction.reference(g, e), got, "seed " + seed + " run " + run + ": " + g + " " + e);
        }
    }

    @Test
    void bothHousesLearnTheWinnerAndThePrice() {
        long seed = new SecureRandom().nextLong();
        SplittableRandom rnd = new SplittableRandom(seed);
        for (int run = 0; run < 6; run++) {
            int n = 1 + rnd.nextInt(3);
            List<Bid> g = bids(rnd, n);
            List<Bid> e = bids(rnd, n);
            TwoParty.Both<Outcome> both = TwoParty.garbler().name("auction").runBoth(SecondPriceAuction.auction(n),
                    SecondPriceAuction.inputs(g), SecondPriceAuction.inputs(e));
            Outcome want = SecondPriceAuction.reference(g, e);
            assertEquals(want, both.garbler().value(), "seed " + seed);
            assertEquals(want, both.evaluator().value(), "seed " + seed);
        }
    }

    @Test
    void theHighestBidderPaysTheSecondHighestBid() {
        List<Bid> g = List.of(new Bid(500, 1), new Bid(900, 2));
        List<Bid> e = List.of(new Bid(700, 1), new Bid(650, 2));
        assertEquals(new Outcome(Party.GARBLER, 2, 700), TwoParty.plain(SecondPriceAuction.auction(2), Party.GARBLER,
                SecondPriceAuction.inputs(g), SecondPriceAuction.inputs(e)));
    }
}
