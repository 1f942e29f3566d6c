package io.yaostream.examples;

import io.yaostream.Inputs;
import io.yaostream.TwoParty;
import io.yaostream.core.program.InputFeed;
import org.junit.jupiter.api.Test;

import java.math.BigInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one-hot example: the same result as the standard circuits and as plain arithmetic, with fewer bytes. */
class OneHotProductTest {
    @Test
    void bothProgramsGiveTheProductModuloTheirPrimeAndTheOneHotOneSendsLess() {
        long x = 4_000_000_007L & 0xffffffffL;
        long y = 2_718_281_828L;
        BigInteger want = BigInteger.valueOf(x).multiply(BigInteger.valueOf(y)).mod(BigInteger.ONE.shiftLeft(32)).mod(BigInteger.valueOf(65521));
        TwoParty parties = TwoParty.garbler().name("one-hot product test");
        TwoParty.Both<BigInteger> oneHot = parties.runBoth(OneHotProduct.ONE_HOT, Inputs.of(x, 32), Inputs.of(y, 32));
        TwoParty.Both<BigInteger> standard = parties.runBoth(OneHotProduct.STANDARD, Inputs.of(x, 32),
                Inputs.of(y, 32));
        assertEquals(want, oneHot.evaluator().value());
        assertEquals(want, oneHot.garbler().value());
        assertEquals(want, standard.evaluator().value());
        assertTrue(oneHot.evaluator().costs().tableBytes() * 3 < standard.evaluator().costs().tableBytes() * 2,
                oneHot.evaluator().costs().tableBytes() + " against " + standard.evaluator().costs().tableBytes());
    }
}
