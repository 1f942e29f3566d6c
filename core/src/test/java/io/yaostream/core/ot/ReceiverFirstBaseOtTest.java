package io.yaostream.core.ot;

import io.yaostream.core.curve.Edwards25519;
import io.yaostream.core.curve.Scalar25519;
import io.yaostream.core.net.MemoryChannel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static io.yaostream.core.ot.EcBaseOtTest.GROUPS;
import static io.yaostream.core.ot.EcBaseOtTest.K;
import static io.yaostream.core.ot.EcBaseOtTest.KERNEL;
import static io.yaostream.core.ot.EcBaseOtTest.POINT;
import static io.yaostream.core.ot.EcBaseOtTest.TIMEOUT_MS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The receiver-first base OTs: the chosen messages and only they, the receiver's message first, the peers' points checked. */
class ReceiverFirstBaseOtTest {

    /** Runs {@code count} OTs with random messages and choices; checks the receiver got each chosen one, not the other. */
    private static void runAndCheck(int count, int threads, long seed) {
        Random rnd = new Random(seed);
        long[] m0 = rnd.longs(2L * count).toArray();
        long[] m1 = rnd.longs(2L * count).toArray();
        boolean[] choices = new boolean[count];
        for (int i = 0; i < count; i++) {
            choices[i] = rnd.nextBoolean();
        }
        long[] out = new long[2 * count];
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        BaseOt ot = new ReceiverFirstBaseOt(threads, KERNEL);
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(ends[0], m0, m1, count));
        ot.receive(ends[1], choices, out, count);
        sender.join();
        for (int i = 0; i < count; i++) {
            long[] chosen = choices[i] ? m1 : m0;
            long[] other = choices[i] ? m0 : m1;
            assertEquals(chosen[2 * i], out[2 * i], "OT " + i + " low half");
            assertEquals(chosen[2 * i + 1], out[2 * i + 1], "OT " + i + " high half");
            assertFalse(other[2 * i] == out[2 * i] && other[2 * i + 1] == out[2 * i + 1], "OT " + i + " gave the other message");
        }
        assertEquals(ot.senderBytes(count), ends[0].bytesWritten(), "the sender's bytes as senderBytes says");
        assertEquals(ot.receiverBytes(count), ends[1].bytesWritten(), "the receiver's bytes as receiverBytes says");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void receiverGetsExactlyTheChosenMessages(int threads) {
        runAndCheck(K, threads, threads);
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3, 5, 130})
    void partialGroups(int count) {
        runAndCheck(count, 2, count);
    }

    @Test
    void theReceiverWritesItsMessageBeforeTheSenderSaysAnything() {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        BaseOt ot = new ReceiverFirstBaseOt(2, KERNEL);
        assertTrue(ot.receiverFirst());
        Runnable rest = ot.receiveInTwo(ends[1], new boolean[K], new long[2 * K], K); // no sender yet: must not block
        assertEquals(GROUPS * POINT, ends[1].bytesWritten());
        long[] m = new long[2 * K];
        CompletableFuture<Void> sender = CompletableFuture.runAsync(() -> ot.send(ends[0], m, m, K));
        rest.run();
        sender.join();
    }

    @Test
    void cIsAFixedPointOfOrderL() {
        Edwards25519.Point c = Edwards25519.hashToPoint("yaostream receiver-first base OT: C");
        assertFalse(c.isIdentity());
        Edwards25519.Point timesOrder = new Edwards25519.Point();
        Edwards25519.multiply(c, Scalar25519.digits(Scalar25519.ORDER), timesOrder);
        assertTrue(timesOrder.isIdentity(), "C has order l");
        assertTrue(Arrays.equals(EcBaseOtTest.encode(c), EcBaseOtTest.encode(Edwards25519.hashToPoint("yaostream receiver-first base OT: C"))));
        assertFalse(Arrays.equals(EcBaseOtTest.encode(c), EcBaseOtTest.encode(Edwards25519.hashToPoint("another domain"))));
    }

    /** A dishonest receiver's point B of group 5, each bad in its own way, with what the sender must say. */
    @ParameterizedTest
    @ValueSource(strings = {"off-curve", "small-order", "neutral", "a multiple of C"})
    void senderRejectsAnInvalidPointB(String bad) {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        byte[] points = new byte[GROUPS * POINT];
        for (int g = 0; g < GROUPS; g++) {
            System.arraycopy(EcBaseOtTest.validPoint(), 0, points, g * POINT, POINT);
        }
        int at = 5 * POINT;
        switch (bad) {
            case "off-curve" -> points[at + POINT - 2] ^= 1;
            case "small-order" -> System.arraycopy(EcBaseOtTest.orderTwo(), 0, points, at, POINT);
            case "neutral" -> System.arraycopy(EcBaseOtTest.neutral(), 0, points, at, POINT);
            default -> System.arraycopy(EcBaseOtTest.encode(Edwards25519.hashToPoint("yaostream receiver-first base OT: C")), 0, points, at,
                    POINT); // B = C: key 1 would be the neutral element
        }
        ends[1].write(points, 0, points.length);
        ends[1].flush();
        PeerFault e = assertThrows(PeerFault.class, () -> new ReceiverFirstBaseOt(2, KERNEL).send(ends[0], new long[2 * K], new long[2 * K], K));
        assertTrue(e.getMessage().startsWith("the peer sent an invalid base-OT point (message 1, point B of group 5 of 32): "), e.getMessage());
    }

    @ParameterizedTest
    @ValueSource(strings = {"off-curve", "small-order", "neutral"})
    void receiverRejectsAnInvalidPointU(String bad) {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        byte[] u = switch (bad) {
            case "off-curve" -> {
                byte[] p = EcBaseOtTest.validPoint();
                p[POINT - 2] ^= 1;
                yield p;
            }
            case "small-order" -> EcBaseOtTest.orderTwo();
            default -> EcBaseOtTest.neutral();
        };
        Runnable rest = new ReceiverFirstBaseOt(2, KERNEL).receiveInTwo(ends[1], new boolean[K], new long[2 * K], K);
        ends[0].write(u, 0, POINT);
        ends[0].flush();
        PeerFault e = assertThrows(PeerFault.class, rest::run);
        assertTrue(e.getMessage().startsWith("the peer sent an invalid base-OT point (message 2, point U): "), e.getMessage());
    }

    @Test
    void aSenderThatClosesIsNamed() {
        MemoryChannel[] ends = MemoryChannel.pair(TIMEOUT_MS);
        Runnable rest = new ReceiverFirstBaseOt(1, KERNEL).receiveInTwo(ends[1], new boolean[K], new long[2 * K], K);
        ends[0].close();
        io.yaostream.core.net.ChannelException e = assertThrows(io.yaostream.core.net.ChannelException.class, rest::run);
        assertTrue(e.getMessage().startsWith("base OT receiver: waiting for the sender's point U"), e.getMessage());
    }
}
