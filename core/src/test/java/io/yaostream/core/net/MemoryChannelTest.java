package io.yaostream.core.net;

import org.junit.jupiter.api.Test;

import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryChannelTest {
    @Test
    void deliversInOrderAcrossTheRingBoundaryBothWays() throws Exception {
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        Random rnd = new Random(1);
        long[] data = new long[3 * MemoryChannel.CAPACITY / 8 + 17]; // more than the ring holds
        for (int i = 0; i < data.length; i++) {
            data[i] = rnd.nextLong();
        }
        CompletableFuture<long[]> received = CompletableFuture.supplyAsync(() -> {
            long[] got = new long[data.length];
            ends[1].readLongs(got, 0, got.length);
            ends[1].write(new byte[] {42}, 0, 1);
            return got;
        });
        ends[0].writeLongs(data, 0, data.length);
        assertArrayEquals(data, received.get());
        byte[] reply = new byte[1];
        ends[0].readFully(reply, 0, 1);
        assertEquals(42, reply[0]);
        assertEquals(8L * data.length, ends[0].bytesWritten());
        assertEquals(8L * data.length, ends[1].bytesRead());
    }

    /**
     * Odd-sized byte writes leave the ring unaligned, so longs meet its end in pieces; reads are cut differently
     * from writes. What arrives is exactly what was sent, little-endian.
     */
    @Test
    void mixedBytesAndLongsArriveIntactWhereverTheyMeetTheRingsEnd() throws Exception {
        MemoryChannel[] ends = MemoryChannel.pair(10_000);
        Random rnd = new Random(2);
        int rounds = 40;
        long[] longs = new long[rounds * 9_001];
        for (int i = 0; i < longs.length; i++) {
            longs[i] = rnd.nextLong();
        }
        CompletableFuture<byte[]> received = CompletableFuture.supplyAsync(() -> {
            byte[] got = new byte[rounds * 3 + 8 * longs.length];
            int at = 0;
            for (int r = 0; r < rounds; r++) {
                ends[1].readFully(got, at, 3);
                at += 3;
                long[] chunk = new long[9_001];
                ends[1].readLongs(chunk, 0, chunk.length);
                for (long v : chunk) {
                    for (int b = 0; b < 8; b++) {
                        got[at++] = (byte) (v >>> 8 * b);
                    }
                }
            }
            return got;
        });
        byte[] expected = new byte[rounds * 3 + 8 * longs.length];
        int at = 0;
        for (int r = 0; r < rounds; r++) {
            byte[] three = {(byte) r, (byte) (r + 1), (byte) (r + 2)};
            ends[0].write(three, 0, 3);
            System.arraycopy(three, 0, expected, at, 3);
            at += 3;
            ends[0].writeLongs(longs, r * 9_001, 9_001);
            for (int i = r * 9_001; i < (r + 1) * 9_001; i++) {
                for (int b = 0; b < 8; b++) {
                    expected[at++] = (byte) (longs[i] >>> 8 * b);
                }
            }
        }
        assertArrayEquals(expected, received.get());
        assertEquals(expected.length, ends[0].bytesWritten());
        assertEquals(expected.length, ends[1].bytesRead());
    }

    @Test
    void aWriterWithoutAReaderWaitsThenTimesOut() {
        MemoryChannel[] ends = MemoryChannel.pair(200);
        byte[] big = new byte[MemoryChannel.CAPACITY + 1];
        ChannelException e = assertThrows(ChannelException.class, () -> ends[0].write(big, 0, big.length));
        assertTrue(e.getMessage().startsWith("write timed out after 200 ms: the peer stopped reading"), e.getMessage());
    }

    @Test
    void aClosedPeerEndsReadsWithWhatWasSent() {
        MemoryChannel[] ends = MemoryChannel.pair(5_000);
        ends[0].write(new byte[10], 0, 10);
        ends[0].close();
        byte[] buf = new byte[20];
        ChannelException e = assertThrows(ChannelException.class, () -> ends[1].readFully(buf, 0, 20));
        assertEquals("peer closed the channel after 10 bytes received", e.getMessage());
        ChannelException timeout = assertThrows(ChannelException.class,
                () -> MemoryChannel.pair(100)[0].readFully(buf, 0, 1));
        assertTrue(timeout.getMessage().startsWith("read timed out after 100 ms"), timeout.getMessage());
    }
}
