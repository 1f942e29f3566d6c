package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static io.yaostream.core.ot.OtTestPair.both;
import static io.yaostream.core.ot.OtTestPair.randomBits;
import static io.yaostream.core.ot.OtTestPair.randomBlocks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OtExtensionTest {
    /** Small blocks so a few thousand OTs cross several block boundaries. */
    private static final int M = 512;

    @Test
    void correlatedOtsDifferByDeltaExactlyWhereTheChoiceIsSet() {
        OtTestPair p = new OtTestPair(M, 1);
        int n = 3 * M + 77;
        long[] choices = randomBits(new Random(2), n);
        long[] x = new long[2 * n];
        long[] t = new long[2 * n];
        both(() -> p.sender.correlated(x, n), () -> p.receiver.correlated(choices, t, n));
        assertCorrelated(p, choices, 0, x, t, n);
        assertEquals(1, p.sender.deltaLo() & 1);
    }

    @Test
    void chosenOtsDeliverTheChosenMessageAndNotTheOther() {
        OtTestPair p = new OtTestPair(M, 3);
        int n = 2 * M + 300;
        Random rnd = new Random(4);
        long[] choices = randomBits(rnd, n);
        long[] m0 = randomBlocks(rnd, n);
        long[] m1 = randomBlocks(rnd, n);
        long[] out = new long[2 * n];
        both(() -> p.sender.chosen(m0, m1, n), () -> p.receiver.chosen(choices, out, n));
        assertChosen(choices, 0, m0, m1, out, n);
    }

    @Test
    void randomOtsGiveTheReceiverTheMessageOfItsRandomChoice() {
        OtTestPair p = new OtTestPair(M, 5);
        int n = 4 * M + 1;
        long[] r0 = new long[2 * n];
        long[] r1 = new long[2 * n];
        long[] c = new long[(n + 63) / 64];
        long[] rc = new long[2 * n];
        both(() -> p.sender.random(r0, r1, n), () -> p.receiver.random(c, rc, n));
        int ones = 0;
        for (int i = 0; i < n; i++) {
            int ci = Iknp.bit(c, i);
            ones += ci;
            assertBlock(ci == 0 ? r0 : r1, i, rc, i, true, "random OT " + i);
            assertBlock(ci == 0 ? r1 : r0, i, rc, i, false, "random OT " + i);
        }
        assertTrue(Math.abs(ones - n / 2) < 4 * Math.sqrt(n), ones + " of " + n + " random choices set");
        assertEquals(0, c[c.length - 1] >>> (n % 64), "choice bits beyond n are clear");
    }

    @Test
    void precomputedRandomOtsAreDerandomisedForRealChoicesInPieces() {
        OtTestPair p = new OtTestPair(M, 6);
        int n = 5000;
        long[] r0 = new long[2 * n];
        long[] r1 = new long[2 * n];
        long[] c = new long[(n + 63) / 64];
        long[] rc = new long[2 * n];
        both(() -> p.sender.random(r0, r1, n), () -> p.receiver.random(c, rc, n));
        RandomOtDerandomizer senderSide = new RandomOtDerandomizer(p.senderChannel);
        RandomOtDerandomizer receiverSide = new RandomOtDerandomizer(p.receiverChannel);
        Random rnd = new Random(7);
        int from = 0;
        for (int piece : new int[] {1, 63, 64, 4100, 772}) {
            long[] b = randomBits(rnd, piece);
            long[] x0 = randomBlocks(rnd, piece);
            long[] x1 = randomBlocks(rnd, piece);
            long[] out = new long[2 * piece];
            int start = from;
            both(() -> senderSide.send(x0, x1, r0, r1, start, piece),
                    () -> receiverSide.receive(b, c, rc, start, piece, out));
            assertChosen(b, 0, x0, x1, out, piece);
            from += piece;
        }
        assertEquals(n, from);
    }

    @Test
    void incrementalDrawsOfOddSizesAreCorrectAndNeverRepeatAnOt() {
        OtTestPair p = new OtTestPair(M, 8);
        Random rnd = new Random(9);
        Set<String> senderValues = new HashSet<>();
        long used = 0;
        for (int n : new int[] {1, 127, 128, 1000, M + 5}) {
            long[] choices = randomBits(rnd, n);
            long[] x = new long[2 * n];
            long[] t = new long[2 * n];
            both(() -> p.sender.correlated(x, n), () -> p.receiver.correlated(choices, t, n));
            assertCorrelated(p, choices, 0, x, t, n);
            collect(senderValues, x, n);

            long[] m0 = randomBlocks(rnd, n);
            long[] m1 = randomBlocks(rnd, n);
            long[] out = new long[2 * n];
            both(() -> p.sender.chosen(m0, m1, n), () -> p.receiver.chosen(choices, out, n));
            assertChosen(choices, 0, m0, m1, out, n);

            long[] r0 = new long[2 * n];
            long[] r1 = new long[2 * n];
            long[] c = new long[(n + 63) / 64];
            long[] rc = new long[2 * n];
            both(() -> p.sender.random(r0, r1, n), () -> p.receiver.random(c, rc, n));
            for (int i = 0; i < n; i++) {
                assertBlock(Iknp.bit(c, i) == 0 ? r0 : r1, i, rc, i, true, "random OT " + i + " of " + n);
            }
            collect(senderValues, r0, n);
            collect(senderValues, r1, n);
            used += 3L * paddedTotal(n);
        }
        assertEquals(used, p.sender.otsUsed());
        assertEquals(used, p.receiver.otsUsed());
        int drawn = 3 * (1 + 127 + 128 + 1000 + M + 5);
        assertEquals(drawn, senderValues.size(), "an OT output repeated across draws");
    }

    /** 10^7 correlated OTs in calls of 2^16, each checked as it streams past on both threads. */
    @Test
    void tenMillionCorrelatedOtsAreAllCorrect() {
        OtTestPair p = new OtTestPair(Iknp.DEFAULT_BLOCK_SIZE, 10);
        int total = 10_000_000;
        int call = 1 << 16;
        long[] digests = new long[2];
        both(() -> {
            Random choices = new Random(11);
            long[] x = new long[2 * call];
            long[] b = new long[call / 64];
            for (int done = 0; done < total; done += call) {
                int n = Math.min(call, total - done);
                fill(choices, b);
                p.sender.correlated(x, n);
                for (int i = 0; i < n; i++) {
                    long mask = -(long) Iknp.bit(b, i);
                    digests[0] = mix(mix(digests[0], x[2 * i] ^ (mask & p.deltaLo)), x[2 * i + 1] ^ (mask & p.deltaHi));
                }
            }
        }, () -> {
            Random choices = new Random(11);
            long[] t = new long[2 * call];
            long[] b = new long[call / 64];
            for (int done = 0; done < total; done += call) {
                int n = Math.min(call, total - done);
                fill(choices, b);
                p.receiver.correlated(b, t, n);
                for (int i = 0; i < n; i++) {
                    digests[1] = mix(mix(digests[1], t[2 * i]), t[2 * i + 1]);
                }
            }
        });
        assertEquals(digests[0], digests[1], "a correlated OT was wrong");
        assertEquals(paddedTotal(total), p.sender.otsUsed());
    }

    /** What the sender reads is pseudo-random whatever the choices: about half of the u bits are set. */
    @Test
    void theSendersViewDoesNotDependOnTheChoices() {
        for (long fill : new long[] {0, -1}) {
            MemoryChannel[] ends = MemoryChannel.pair(10_000);
            CountingChannel counting = new CountingChannel(ends[0]);
            OtTestPair p = new OtTestPair(M, 12, new Channel[] {counting, ends[1]});
            counting.reset();
            int n = 64 * M;
            long[] choices = new long[n / 64];
            java.util.Arrays.fill(choices, fill);
            long[] x = new long[2 * n];
            long[] t = new long[2 * n];
            both(() -> p.sender.correlated(x, n), () -> p.receiver.correlated(choices, t, n));
            assertCorrelated(p, choices, 0, x, t, n);
            double fraction = counting.onesFraction();
            assertEquals(128L * n, counting.bitsRead(), "the sender reads 128 bits per correlated OT");
            assertTrue(Math.abs(fraction - 0.5) < 0.002, "with choices " + fill + " the sender saw " + fraction + " ones");
        }
    }

    @Test
    void aPeerThatClosesMidRunGivesAChannelExceptionNotAHang() {
        OtTestPair p = new OtTestPair(M, 13);
        int n = 20 * M;
        long[] x = new long[2 * n];
        long[] choices = new long[n / 64];
        long[] t = new long[2 * n];
        ChannelException e = assertThrows(ChannelException.class, () -> both(
                () -> p.sender.correlated(x, n),
                () -> {
                    p.receiver.correlated(choices, t, 3 * M);
                    p.receiverChannel.close();
                }));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());

        OtTestPair q = new OtTestPair(M, 14);
        long[] m = new long[2 * n];
        ChannelException f = assertThrows(ChannelException.class, () -> both(
                () -> q.senderChannel.close(),
                () -> q.receiver.chosen(choices, m, n)));
        assertTrue(f.getMessage().contains("closed"), f.getMessage());
    }

    @Test
    void misuseIsRejected() {
        MemoryChannel[] ends = MemoryChannel.pair(1_000);
        assertThrows(IllegalArgumentException.class, () -> new OtExtensionSender(ends[0], new PlainBaseOtForTests(),
                new JavaKernel(), AesCtrRandom.forTesting(1), 1000));
        OtExtensionReceiver receiver = new OtExtensionReceiver(ends[1], new PlainBaseOtForTests(), new JavaKernel(),
                AesCtrRandom.forTesting(1), M);
        assertThrows(IllegalStateException.class, () -> receiver.correlated(new long[1], new long[2], 1));
        OtExtensionSender sender = new OtExtensionSender(ends[0], new PlainBaseOtForTests(), new JavaKernel(),
                AesCtrRandom.forTesting(1), M);
        assertThrows(IllegalArgumentException.class, () -> sender.setup(0, 0));
        assertThrows(IllegalArgumentException.class, () -> sender.correlated(new long[2], 2));
    }

    private static void assertCorrelated(OtTestPair p, long[] choices, int from, long[] x, long[] t, int n) {
        for (int i = 0; i < n; i++) {
            long mask = -(long) Iknp.bit(choices, from + i);
            assertEquals(x[2 * i] ^ (mask & p.deltaLo), t[2 * i], "correlated OT " + i + " low");
            assertEquals(x[2 * i + 1] ^ (mask & p.deltaHi), t[2 * i + 1], "correlated OT " + i + " high");
        }
    }

    private static void assertChosen(long[] choices, int from, long[] m0, long[] m1, long[] out, int n) {
        for (int i = 0; i < n; i++) {
            boolean b = Iknp.bit(choices, from + i) != 0;
            assertBlock(b ? m1 : m0, i, out, i, true, "chosen OT " + i);
            assertBlock(b ? m0 : m1, i, out, i, false, "chosen OT " + i);
        }
    }

    private static void assertBlock(long[] expected, int e, long[] actual, int a, boolean equal, String what) {
        boolean same = expected[2 * e] == actual[2 * a] && expected[2 * e + 1] == actual[2 * a + 1];
        assertEquals(equal, same, what + (equal ? " got the wrong message" : " got the other message"));
    }

    private static void collect(Set<String> seen, long[] blocks, int n) {
        for (int i = 0; i < n; i++) {
            seen.add(blocks[2 * i] + ":" + blocks[2 * i + 1]);
        }
    }

    private static long paddedTotal(int n) {
        long full = n / M;
        return full * M + Iknp.paddedWidth(n % M);
    }

    private static void fill(Random rnd, long[] words) {
        for (int i = 0; i < words.length; i++) {
            words[i] = rnd.nextLong();
        }
    }

    private static long mix(long h, long v) {
        return Long.rotateLeft((h ^ v) * 0x9E3779B97F4A7C15L, 29);
    }
}
