package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
import org.bouncycastle.math.ec.ECPoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EcBaseOtTest {
    private static final int K = 128;
    private static final int POINT = P256Group.POINT_BYTES;
    private static final long TIMEOUT_MS = 10_000;

    /** The two parties' messages and the receiver's choices of one run, and what each side got. */
    private static final class Run {
        final long[] m0 = new long[2 * K];
        final long[] m1 = new long[2 * K];
        final boolean[] choices = new boolean[K];
        final long[] out = new long[2 * K];
        byte[] senderSaw;

        Run(long seed) {
            Random rnd = new Random(seed);
            for (int i = 0; i < 2 * K; i++) {
                m0[i] = rnd.nextLong();
                m1[i] = rnd.nextLong();
            }
            for (int i = 0; i < K; i++) {
                choices[i] = rnd.nextBoolean();
            }
        }

        Run choosing(boolean all) {
            Arrays.fill(choices, all);
            return this;
        }

        /** Sender in another thread, receiver in this one, over an in-memory pair. */
        Run execute(int threads) {
            MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
            RecordingChannel senderEnd = new RecordingChannel(ends[0]);
            BaseOt ot = new EcBaseOt(threads);
            CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(senderEnd, m0, m1, K));
            ot.receive(ends[1], choices, out, K);
            sender.join();
            senderSaw = senderEnd.seen();
            return this;
        }

        void assertReceiverGotItsChoice() {
            for (int i = 0; i < K; i++) {
                long[] chosen = choices[i] ? m1 : m0;
                long[] other = choices[i] ? m0 : m1;
                assertEquals(chosen[2 * i], out[2 * i], "OT " + i + " low half");
                assertEquals(chosen[2 * i + 1], out[2 * i + 1], "OT " + i + " high half");
                assertFalse(other[2 * i] == out[2 * i] && other[2 * i + 1] == out[2 * i + 1], "OT " + i + " gave the other message");
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void receiverGetsExactlyTheChosenMessages(int threads) {
        new Run(threads).execute(threads).assertReceiverGotItsChoice();
    }

    @ParameterizedTest
    @ValueSource(booleans = {false, true})
    void uniformChoices(boolean all) {
        new Run(7).choosing(all).execute(2).assertReceiverGotItsChoice();
    }

    @Test
    void oneOtAndZeroOts() {
        long[] m0 = {1, 2};
        long[] m1 = {3, 4};
        long[] out = new long[2];
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        BaseOt ot = new EcBaseOt(3);
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(ends[0], m0, m1, 1));
        ot.receive(ends[1], new boolean[] {true}, out, 1);
        sender.join();
        assertArrayEquals(m1, out);

        ot.send(ends[0], m0, m1, 0);
        ot.receive(ends[1], new boolean[0], out, 0);
        assertEquals(POINT + 4 * 8, ends[0].bytesWritten(), "zero OTs send nothing");
        assertEquals(POINT, ends[1].bytesWritten());
    }

    /**
     * The sender's view (the receiver's points B) must not depend on the choices: with all-zero and all-one
     * choices it has the same shape, its bits are balanced, and no point repeats within or across runs.
     */
    @Test
    void senderSeesTheSameKindOfBytesWhateverTheChoices() {
        byte[] zeros = new Run(11).choosing(false).execute(2).senderSaw;
        byte[] ones = new Run(11).choosing(true).execute(2).senderSaw;
        assertEquals(K * POINT, zeros.length);
        assertEquals(K * POINT, ones.length);
        Set<String> points = new HashSet<>();
        for (byte[] view : new byte[][] {zeros, ones}) {
            long bits = 0;
            for (int i = 0; i < K; i++) {
                assertEquals(0x04, view[i * POINT], "point " + i + " is uncompressed");
                for (int j = 1; j < POINT; j++) {
                    bits += Integer.bitCount(view[i * POINT + j] & 0xff);
                }
                assertTrue(points.add(Arrays.toString(Arrays.copyOfRange(view, i * POINT, (i + 1) * POINT))),
                        "point " + i + " repeats");
            }
            long total = (long) K * (POINT - 1) * 8;
            double sigma = Math.sqrt(total / 4.0);
            assertTrue(Math.abs(bits - total / 2.0) < 6 * sigma, "set bits " + bits + " of " + total);
        }
    }

    @Test
    void noWorkerThreadOutlivesACall() {
        new Run(3).execute(4).assertReceiverGotItsChoice();
        assertThrows(IllegalStateException.class, () -> senderAgainst(Corrupt.OFF_CURVE));
        assertEquals(0, Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("yaostream-base-ot")).count());
    }

    @Test
    void receiverReportsASenderThatClosesEarly() {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        ends[0].close();
        ChannelException e = assertThrows(ChannelException.class,
                () -> new EcBaseOt(2).receive(ends[1], new boolean[K], new long[2 * K], K));
        assertTrue(e.getMessage().contains("receiver: waiting for the sender's point A"), e.getMessage());
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
    }

    @Test
    void senderReportsAReceiverThatClosesAfterReadingA() {
        ChannelException e = assertThrows(ChannelException.class, () -> senderAgainst(peer -> {
            peer.readFully(new byte[POINT], 0, POINT);
            peer.write(new byte[10 * POINT], 0, 10 * POINT);
            peer.close();
        }));
        assertTrue(e.getMessage().contains("sender: waiting for the receiver's 128 points B"), e.getMessage());
        assertTrue(e.getMessage().contains("peer closed the channel after " + 10 * POINT + " bytes received"), e.getMessage());
    }

    @Test
    void silentPeerTimesOutInsteadOfHanging() {
        MemoryChannel[] ends = MemoryChannel.pair(200);
        ChannelException e = assertThrows(ChannelException.class,
                () -> new EcBaseOt(1).receive(ends[1], new boolean[K], new long[2 * K], K));
        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
    }

    /** Ways a dishonest receiver corrupts point B of OT 5. */
    private enum Corrupt {
        OFF_CURVE, COMPRESSED, COORDINATE_TOO_LARGE, EQUALS_A
    }

    @ParameterizedTest
    @EnumSource(Corrupt.class)
    void senderRejectsAnInvalidPointB(Corrupt corrupt) {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> senderAgainst(corrupt));
        assertTrue(e.getMessage().startsWith("base OT 5: the receiver's point B"), e.getMessage());
    }

    @Test
    void receiverRejectsAnInvalidPointA() {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        byte[] a = validPoint();
        a[POINT - 1] ^= 1; // y + 1 or - 1: off the curve
        ends[0].write(a, 0, POINT);
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new EcBaseOt(2).receive(ends[1], new boolean[K], new long[2 * K], K));
        assertTrue(e.getMessage().contains("the sender's point A is not a point of secp256r1"), e.getMessage());
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(0));
        Channel unused = MemoryChannel.pair(TIMEOUT_MS)[0];
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(1).send(unused, new long[2], new long[4], 2));
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(1).receive(unused, new boolean[1], new long[4], 2));
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(1).receive(unused, new boolean[1], new long[2], -1));
    }

    private static byte[] validPoint() {
        ECPoint p = P256Group.multiplyGenerator(P256Group.randomScalar(AesCtrRandom.forTesting(5))).normalize();
        byte[] encoded = new byte[POINT];
        P256Group.encode(p, encoded, 0);
        return encoded;
    }

    /** Runs an honest sender (4 threads) against {@code receiver} and rethrows the sender's failure. */
    private static void senderAgainst(Consumer<Channel> receiver) {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        CompletableFuture<Void> peer = CompletableFuture.runAsync(() -> receiver.accept(ends[1]));
        try {
            new EcBaseOt(4).send(ends[0], new long[2 * K], new long[2 * K], K);
        } finally {
            ends[0].close();
            try {
                peer.join();
            } catch (CompletionException ignored) {
                // The fake receiver's own failure after the sender gave up does not matter here.
            }
        }
    }

    private static void senderAgainst(Corrupt corrupt) {
        senderAgainst(peer -> {
            byte[] a = new byte[POINT];
            peer.readFully(a, 0, POINT);
            byte[] points = new byte[K * POINT];
            for (int i = 0; i < K; i++) {
                System.arraycopy(validPoint(), 0, points, i * POINT, POINT);
            }
            int at = 5 * POINT;
            switch (corrupt) {
                case OFF_CURVE -> points[at + POINT - 1] ^= 1;
                case COMPRESSED -> points[at] = 0x02;
                case COORDINATE_TOO_LARGE -> Arrays.fill(points, at + 1, at + 33, (byte) 0xff);
                case EQUALS_A -> System.arraycopy(a, 0, points, at, POINT);
                default -> throw new AssertionError(corrupt);
            }
            peer.write(points, 0, points.length);
        });
    }
}
