package io.yaostream.examples;

import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.ThreeParty;
import io.yaostream.UInt;
import io.yaostream.core.program.InputFeed;

import java.math.BigInteger;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * A sealed-bid auction among three bidders, secure against any one of them cheating (MRZ15): each learns the highest
 * bid and which party made it (the lowest number on a tie), nothing about the other bids. Run, in three terminals,
 * {@code java -cp examples/target/yaostream.jar io.yaostream.examples.ThreePartyAuction 1 500} (then 2 and 3 with their
 * bids); with {@code all 500 700 650} it runs all three parties in this process.
 */
public final class ThreePartyAuction {
    /** The highest 32-bit bid and its bidder (1 to 3, in 2 bits). */
    static final SecureProgram<BigInteger[]> HIGHEST = c -> {
        UInt b1 = c.uint(1, 32);
        UInt b2 = c.uint(2, 32);
        UInt b3 = c.uint(3, 32);
        var twoBeatsOne = b2.greaterThan(b1);
        UInt best = twoBeatsOne.select(b2, b1);
        UInt who = twoBeatsOne.select(c.constant(2, 2), c.constant(1, 2));
        var threeBeatsBest = b3.greaterThan(best);
        return new BigInteger[] {threeBeatsBest.select(b3, best).reveal(), threeBeatsBest.select(c.constant(3, 2), who).reveal()};
    };

    private static final List<InetSocketAddress> PEERS = List.of(InetSocketAddress.createUnresolved("localhost", 7101),
            InetSocketAddress.createUnresolved("localhost", 7102), InetSocketAddress.createUnresolved("localhost", 7103));

    public static void main(String[] args) {
        if (args[0].equals("all")) {
            List<Inputs> bids = List.of(bid(args[1]), bid(args[2]), bid(args[3]));
            for (ThreeParty.Outcome<BigInteger[]> o : ThreeParty.as(1).name("auction").runAll(HIGHEST, bids)) {
                if (o.failure() != null) {
                    throw o.failure();
                }
                print("P" + o.party(), o.result().value());
            }
            return;
        }
        int me = Integer.parseInt(args[0]);
        print("P" + me, ThreeParty.as(me).name("auction").run(PEERS, HIGHEST, bid(args[1])).value());
    }

    private static Inputs bid(String value) {
        return Inputs.of(Long.parseLong(value), 32);
    }

    private static void print(String who, BigInteger[] result) {
        System.out.println(who + ": the highest bid is " + result[0] + ", made by P" + result[1]);
    }
}
