package io.yaostream.examples;

import io.yaostream.Inputs;
import io.yaostream.ThreeParty;
import io.yaostream.core.program.InputFeed;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** The three-party auction: every party learns the highest bid and its bidder, ties going to the lowest number. */
class ThreePartyAuctionTest {
    @Test
    void everyPartyLearnsTheHighestBidAndWhoMadeIt() {
        SplittableRandom rnd = new SplittableRandom(3);
        long[][] cases = {{500, 700, 650}, {9, 9, 9}, {0, 0, 1}, {4_294_967_295L, 1, 4_294_967_295L}, {rnd.nextLong(1L << 32),
                rnd.nextLong(1L << 32), rnd.nextLong(1L << 32)}};
        for (long[] bids : cases) {
            int winner = 1;
            for (int p = 2; p <= 3; p++) {
                if (bids[p - 1] > bids[winner - 1]) {
                    winner = p;
                }
            }
            List<Inputs> feeds = List.of(Inputs.of(bids[0], 32), Inputs.of(bids[1], 32), Inputs.of(bids[2], 32));
            for (ThreeParty.Outcome<BigInteger[]> o : ThreeParty.as(1).name("auction").runAll(ThreePartyAuction.HIGHEST, feeds)) {
                assertNull(o.failure());
                assertEquals(BigInteger.valueOf(bids[winner - 1]), o.result().value()[0], "P" + o.party());
                assertEquals(BigInteger.valueOf(winner), o.result().value()[1], "P" + o.party());
            }
        }
    }
}
