package io.yaostream.core.ot;

import io.yaostream.core.curve.Edwards25519;
import io.yaostream.core.curve.FixedBaseTable;
import io.yaostream.core.curve.Scalar25519;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.MemoryChannel;
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
    static final int K = 128;
    static final Kernel KERNEL = new JavaKernel();
    static final int POINT = Edwards25519.POINT_BYTES;
    /** The receiver sends one point a group of four OTs; the sender one 64-byte ciphertext per key, 16 a group. */
    static final int GROUPS = K / 4;
    static final long TIMEOUT_MS = 10_000;

    /** The two parties' messages and the receiver's choices of one run, and what each side got. */
    private static final class Run {
        final int count;
        final long[] m0;
        final long[] m1;
        final boolean[] choices;
        final long[] out;
        byte[] senderSaw;

        Run(long seed) {
            this(seed, K);
        }

        Run(long seed, int count) {
            this.count = count;
            m0 = new long[2 * count];
            m1 = new long[2 * count];
            choices = new boolean[count];
            out = new long[2 * count];
            Random rnd = new Random(seed);
            for (int i = 0; i < 2 * count; i++) {
                m0[i] = rnd.nextLong();
                m1[i] = rnd.nextLong();
            }
            for (int i = 0; i < count; i++) {
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
            BaseOt ot = new EcBaseOt(threads, KERNEL);
            CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(senderEnd, m0, m1, count));
            ot.receive(ends[1], choices, out, count);
            sender.join();
            senderSaw = senderEnd.seen();
            return this;
        }

        void assertReceiverGotItsChoice() {
            for (int i = 0; i < count; i++) {
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

    /** Counts that leave the last group of four short. */
    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 6, 7, 130})
    void partialGroups(int count) {
        new Run(count, count).execute(2).assertReceiverGotItsChoice();
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
        BaseOt ot = new EcBaseOt(3, KERNEL);
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(ends[0], m0, m1, 1));
        ot.receive(ends[1], new boolean[] {true}, out, 1);
        sender.join();
        assertArrayEquals(m1, out);

        ot.send(ends[0], m0, m1, 0);
        ot.receive(ends[1], new boolean[0], out, 0);
        assertEquals(POINT + 16 * 64, ends[0].bytesWritten(), "zero OTs send nothing");
        assertEquals(POINT, ends[1].bytesWritten());
    }

    /**
     * The sender's view (the receiver's points B) must not depend on the choices: with all-zero and all-one
     * choices it has the same shape, its bits are balanced, every point decodes, and no point repeats within
     * or across runs.
     */
    @Test
    void senderSeesTheSameKindOfBytesWhateverTheChoices() {
        byte[] zeros = new Run(11).choosing(false).execute(2).senderSaw;
        byte[] ones = new Run(11).choosing(true).execute(2).senderSaw;
        assertEquals(GROUPS * POINT, zeros.length);
        assertEquals(GROUPS * POINT, ones.length);
        Set<String> points = new HashSet<>();
        for (byte[] view : new byte[][] {zeros, ones}) {
            long bits = 0;
            for (int i = 0; i < GROUPS; i++) {
                assertTrue(Edwards25519.decode(view, i * POINT) != null, "point " + i + " is a curve point");
                for (int j = 0; j < POINT; j++) {
                    if (j == 31 || j == 63) {
                        continue; // the top bit of a coordinate below 2^255 is always clear
                    }
                    bits += Integer.bitCount(view[i * POINT + j] & 0xff);
                }
                assertTrue(points.add(Arrays.toString(Arrays.copyOfRange(view, i * POINT, (i + 1) * POINT))),
                        "point " + i + " repeats");
            }
            long total = (long) GROUPS * (POINT - 2) * 8;
            double sigma = Math.sqrt(total / 4.0);
            assertTrue(Math.abs(bits - total / 2.0) < 6 * sigma, "set bits " + bits + " of " + total);
        }
    }

    @Test
    void noWorkerThreadOutlivesACall() {
        new Run(3).execute(4).assertReceiverGotItsChoice();
        assertThrows(PeerFault.class, () -> senderAgainst(Corrupt.OFF_CURVE));
        assertEquals(0, Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("yaostream-base-ot")).count());
    }

    @Test
    void receiverReportsASenderThatClosesEarly() {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        ends[0].close();
        ChannelException e = assertThrows(ChannelException.class,
                () -> new EcBaseOt(2, KERNEL).receive(ends[1], new boolean[K], new long[2 * K], K));
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
        assertTrue(e.getMessage().contains("sender: waiting for the receiver's 32 points B"), e.getMessage());
        assertTrue(e.getMessage().contains("peer closed the channel after " + 10 * POINT + " bytes received"), e.getMessage());
    }

    @Test
    void silentPeerTimesOutInsteadOfHanging() {
        MemoryChannel[] ends = MemoryChannel.pair(200);
        ChannelException e = assertThrows(ChannelException.class,
                () -> new EcBaseOt(1, KERNEL).receive(ends[1], new boolean[K], new long[2 * K], K));
        assertTrue(e.getMessage().contains("timed out"), e.getMessage());
    }

    /** Ways a dishonest receiver corrupts point B of group 5, with what the sender must say. */
    private enum Corrupt {
        OFF_CURVE("not on edwards25519"), COORDINATE_TOO_LARGE("its x coordinate is not below 2^255 - 19"),
        Y_TOO_LARGE("its y coordinate is not below 2^255 - 19"), SMALL_ORDER("it has small order"),
        NEUTRAL("it has small order"), EIGHT_A("small multiple of the sender's [8]A"),
        TWENTY_FOUR_A("small multiple of the sender's [8]A");

        final String complaint;

        Corrupt(String complaint) {
            this.complaint = complaint;
        }
    }

    /** A bad point is the peer's fault, reported with the message, the group and what is wrong with it. */
    @ParameterizedTest
    @EnumSource(Corrupt.class)
    void senderRejectsAnInvalidPointB(Corrupt corrupt) {
        PeerFault e = assertThrows(PeerFault.class, () -> senderAgainst(corrupt));
        assertTrue(e.getMessage().startsWith("the peer sent an invalid base-OT point (message 2, point B of group 5 of 32): "),
                e.getMessage());
        assertTrue(e.getMessage().contains(corrupt.complaint), e.getMessage());
    }

    /** Ways a dishonest sender corrupts its point A, with what the receiver must say. */
    private enum BadA {
        OFF_CURVE("not on edwards25519"), X_TOO_LARGE("its x coordinate is not below 2^255 - 19"),
        ORDER_TWO("it has small order"), NEUTRAL("it has small order");

        final String complaint;

        BadA(String complaint) {
            this.complaint = complaint;
        }

        byte[] encoded() {
            return switch (this) {
                case OFF_CURVE -> {
                    byte[] a = validPoint();
                    a[POINT - 2] ^= 1; // y changed, x not: off the curve
                    yield a;
                }
                case X_TOO_LARGE -> {
                    byte[] a = validPoint();
                    Arrays.fill(a, 0, 32, (byte) 0xff);
                    yield a;
                }
                case ORDER_TWO -> orderTwo();
                case NEUTRAL -> neutral();
            };
        }
    }

    @ParameterizedTest
    @EnumSource(BadA.class)
    void receiverRejectsAnInvalidPointA(BadA bad) {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        ends[0].write(bad.encoded(), 0, POINT);
        PeerFault e = assertThrows(PeerFault.class,
                () -> new EcBaseOt(2, KERNEL).receive(ends[1], new boolean[K], new long[2 * K], K));
        assertTrue(e.getMessage().startsWith("the peer sent an invalid base-OT point (message 1, point A): " + bad.complaint),
                e.getMessage());
    }

    /**
     * A dishonest sender's A + T, T = (0, -1) of order 2, would reveal the choices through the order-2 part of
     * B_g = b_g G + c_g (A + T); the receiver works with [8](A + T) instead, so every B_g has order l.
     */
    @Test
    void pointsBHavePrimeOrderWhateverTheSendersA() {
        Edwards25519.Point a = Edwards25519.decode(validPoint(), 0);
        a.add(Edwards25519.decode(orderTwo(), 0).toCached());
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        CompletableFuture<Void> receiver = CompletableFuture.runAsync(() -> {
            boolean[] choices = new boolean[K];
            Arrays.fill(choices, true);
            new EcBaseOt(2, KERNEL).receive(ends[1], choices, new long[2 * K], K);
        });
        try {
            ends[0].write(encode(a), 0, POINT);
            ends[0].flush();
            byte[] points = new byte[GROUPS * POINT];
            ends[0].readFully(points, 0, points.length);
            byte[] orderDigits = Scalar25519.digits(Scalar25519.ORDER);
            for (int g = 0; g < GROUPS; g++) {
                Edwards25519.Point timesOrder = new Edwards25519.Point();
                Edwards25519.multiply(Edwards25519.decode(points, g * POINT), orderDigits, timesOrder);
                assertTrue(timesOrder.isIdentity(), "point B of group " + g + " has order l");
            }
        } finally {
            ends[0].close();
            assertThrows(CompletionException.class, receiver::join);
        }
    }

    @Test
    void rejectsBadArguments() {
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(0, KERNEL));
        Channel unused = MemoryChannel.pair(TIMEOUT_MS)[0];
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(1, KERNEL).send(unused, new long[2], new long[4], 2));
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(1, KERNEL).receive(unused, new boolean[1], new long[4], 2));
        assertThrows(IllegalArgumentException.class, () -> new EcBaseOt(1, KERNEL).receive(unused, new boolean[1], new long[2], -1));
    }

    static byte[] validPoint() {
        Edwards25519.Point p = new Edwards25519.Point();
        FixedBaseTable.base().multiply(Scalar25519.digits(Scalar25519.random(AesCtrRandom.forTesting(5)::nextLong)), p);
        return encode(p);
    }

    static byte[] encode(Edwards25519.Point p) {
        byte[] encoded = new byte[POINT];
        Edwards25519.encode(new Edwards25519.Point[] {p}, 0, 1, encoded, 0);
        return encoded;
    }

    static byte[] neutral() {
        byte[] encoded = new byte[POINT];
        encoded[32] = 1;
        return encoded;
    }

    /** (0, -1): y = p - 1 = 2^255 - 20, little-endian. */
    static byte[] orderTwo() {
        byte[] encoded = new byte[POINT];
        Arrays.fill(encoded, 32, 64, (byte) 0xff);
        encoded[32] = (byte) 0xec;
        encoded[63] = 0x7f;
        return encoded;
    }

    /** Runs an honest sender (4 threads) against {@code receiver} and rethrows the sender's failure. */
    private static void senderAgainst(Consumer<Channel> receiver) {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        CompletableFuture<Void> peer = CompletableFuture.runAsync(() -> receiver.accept(ends[1]));
        try {
            new EcBaseOt(4, KERNEL).send(ends[0], new long[2 * K], new long[2 * K], K);
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
            byte[] points = new byte[GROUPS * POINT];
            for (int i = 0; i < GROUPS; i++) {
                System.arraycopy(validPoint(), 0, points, i * POINT, POINT);
            }
            int at = 5 * POINT;
            switch (corrupt) {
                case OFF_CURVE -> points[at + POINT - 2] ^= 1;
                case COORDINATE_TOO_LARGE -> Arrays.fill(points, at, at + 32, (byte) 0xff);
                case Y_TOO_LARGE -> Arrays.fill(points, at + 32, at + 64, (byte) 0xff);
                case NEUTRAL -> System.arraycopy(neutral(), 0, points, at, POINT);
                case SMALL_ORDER -> System.arraycopy(orderTwo(), 0, points, at, POINT);
                case EIGHT_A, TWENTY_FOUR_A -> { // B = j [8]A: the receiver would hold key j with b = 0
                    Edwards25519.Point eightA = Edwards25519.decode(a, 0);
                    eightA.times2Power(3);
                    Edwards25519.Point b = new Edwards25519.Point();
                    b.set(eightA);
                    if (corrupt == Corrupt.TWENTY_FOUR_A) {
                        b.add(eightA.toCached());
                        b.add(eightA.toCached());
                    }
                    System.arraycopy(encode(b), 0, points, at, POINT);
                }
                default -> throw new AssertionError(corrupt);
            }
            peer.write(points, 0, points.length);
        });
    }
}
