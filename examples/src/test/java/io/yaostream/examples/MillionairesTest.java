package io.yaostream.examples;

import io.yaostream.Inputs;
import io.yaostream.TwoParty;
import io.yaostream.Party;
import io.yaostream.core.program.InputFeed;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The README's example: correct on both sides of the comparison, and as a user starts it (two mains). */
class MillionairesTest {
    private static boolean richer(long g, long e) {
        return TwoParty.garbler().runBoth(Millionaires.RICHER, Inputs.of(g, 64), Inputs.of(e, 64))
                .evaluator().value();
    }

    @Test
    void theRicherPartyIsNamed() {
        assertEquals(true, richer(5_000_000, 3_000_000));
        assertEquals(false, richer(3_000_000, 5_000_000));
        assertEquals(false, richer(7, 7));
        assertEquals(true, richer(Long.MAX_VALUE, 0));
        assertEquals(true, TwoParty.plain(Millionaires.RICHER, Party.EVALUATOR, Inputs.of(2, 64), Inputs.of(1, 64)));
    }

    @Test
    void twoMainsAgree() throws Exception {
        int port;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            port = s.getLocalPort();
        }
        PrintStream stdout = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setOut(new PrintStream(out, true));
        try {
            String p = Integer.toString(port);
            CompletableFuture<Void> garbler = CompletableFuture.runAsync(() -> Millionaires.main(new String[] {"garbler", p, "5000000"}));
            Millionaires.main(new String[] {"evaluator", p, "3000000"});
            garbler.get();
        } finally {
            System.setOut(stdout);
        }
        assertEquals("the garbler is richer\nthe garbler is richer\n", out.toString());
    }
}
