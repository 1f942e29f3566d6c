package io.yaostream.cli;

import io.yaostream.CircuitCache;
import io.yaostream.SecureProgram;
import io.yaostream.examples.Aes;
import io.yaostream.examples.Hamming;

import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The plaintext run ahead of a session: it fills the circuit cache, stops at its cap and keeps every failure to itself. */
class AheadOfSessionTest {
    @Test
    void compilesTheProgramsCircuitsAndStopsAtTheCap() throws InterruptedException {
        Thread t = AheadOfSession.start(Aes.program(1000)); // 160,000 calls: stopped after the first block's
        t.join(60_000);
        assertFalse(t.isAlive(), "the run ahead stops at its cap");
        assertTrue(CircuitCache.size() > 0, "the S-box is in the cache");
    }

    @Test
    void aProgramThatFailsOnZerosEndsTheThreadQuietly() throws InterruptedException {
        AtomicInteger runs = new AtomicInteger();
        SecureProgram<Integer> failing = c -> {
            runs.incrementAndGet();
            throw new IllegalStateException("not on zeros");
        };
        Thread t = AheadOfSession.start(failing);
        t.join(10_000);
        assertFalse(t.isAlive());
        assertEquals(1, runs.get());
        Thread h = AheadOfSession.start(Hamming.program(8));
        h.join(10_000);
        assertFalse(h.isAlive());
    }
}
