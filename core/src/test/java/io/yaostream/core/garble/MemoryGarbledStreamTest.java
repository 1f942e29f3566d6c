package io.yaostream.core.garble;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MemoryGarbledStreamTest {
    /**
     * Random interleavings of every way in and out (blocks from arrays and into space, single bytes that leave
     * blocks unaligned, reads into arrays and in place), with the buffer growing and compacting on the way: every
     * value comes out in the order it went in.
     */
    @Test
    void everyWayInAndOutKeepsTheOrder() {
        Random rnd = new Random(7);
        for (int trial = 0; trial < 50; trial++) {
            MemoryGarbledStream s = new MemoryGarbledStream();
            Deque<long[]> pending = new ArrayDeque<>(); // {BYTE, value} or {LONG, value}: a block is two longs
            long written = 0;
            for (int step = 0; step < 400; step++) {
                int blocks = rnd.nextInt(3) == 0 ? rnd.nextInt(5000) : rnd.nextInt(8);
                switch (rnd.nextInt(6)) {
                    case 0 -> {
                        long[] src = random(rnd, 2 * blocks + 2);
                        s.writeBlocks(src, 1, blocks);
                        for (int i = 2; i < 2 * blocks + 2; i++) {
                            pending.add(new long[] {LONG, src[i]});
                        }
                        written += 16L * blocks;
                    }
                    case 1 -> {
                        ByteBuffer space = s.blockSpace(blocks);
                        assertTrue(space.isDirect() && space.remaining() >= 16 * blocks, "room for " + blocks);
                        int commit = blocks == 0 ? 0 : rnd.nextInt(blocks + 1);
                        for (int i = 0; i < 2 * commit; i++) {
                            long v = rnd.nextLong();
                            space.putLong(space.position() + 8 * i, v);
                            pending.add(new long[] {LONG, v});
                        }
                        s.commitBlocks(commit);
                        written += 16L * commit;
                    }
                    case 2 -> {
                        int b = rnd.nextInt(256);
                        s.writeByte(b);
                        pending.add(new long[] {BYTE, b});
                        written++;
                    }
                    default -> readSome(s, pending, rnd);
                }
                assertEquals(written, s.bytesWritten());
            }
            while (!pending.isEmpty()) {
                readSome(s, pending, rnd);
            }
            assertEquals(0, s.available());
        }
    }

    private static final long BYTE = 0;
    private static final long LONG = 1;

    /** Reads whatever comes next: a byte, or some of the blocks written before the next byte (at least one). */
    private static void readSome(MemoryGarbledStream s, Deque<long[]> pending, Random rnd) {
        if (pending.isEmpty()) {
            return;
        }
        if (pending.peek()[0] == BYTE) {
            assertEquals(pending.poll()[1], s.readByte());
            return;
        }
        int longs = 0;
        for (java.util.Iterator<long[]> it = pending.iterator(); it.hasNext() && it.next()[0] == LONG && longs < 20000; ) {
            longs++;
        }
        int blocks = 1 + rnd.nextInt(longs / 2);
        long[] expected = new long[2 * blocks];
        for (int i = 0; i < expected.length; i++) {
            expected[i] = pending.poll()[1];
        }
        long[] got = new long[2 * blocks + 2];
        if (rnd.nextBoolean()) {
            s.readBlocks(got, 1, blocks);
        } else {
            ByteBuffer in = s.blocksInPlace(blocks);
            for (int i = 0; i < 2 * blocks; i++) {
                got[2 + i] = in.getLong(in.position() + 8 * i);
            }
        }
        assertArrayEquals(expected, java.util.Arrays.copyOfRange(got, 2, 2 + 2 * blocks));
    }

    @Test
    void readingPastTheEndIsAGarblingError() {
        MemoryGarbledStream s = new MemoryGarbledStream();
        s.writeBlocks(new long[2], 0, 1);
        assertThrows(GarblingException.class, () -> s.blocksInPlace(2));
        assertThrows(GarblingException.class, () -> s.readBlocks(new long[4], 0, 2));
        assertEquals(16, s.available(), "a failed read consumes nothing");
    }

    @Test
    void committingMoreThanTheSpaceIsRefused() {
        MemoryGarbledStream s = new MemoryGarbledStream();
        int room = s.blockSpace(1).remaining() / 16;
        assertThrows(IllegalArgumentException.class, () -> s.commitBlocks(room + 1));
        assertThrows(IllegalArgumentException.class, () -> s.commitBlocks(-1));
    }

    private static long[] random(Random rnd, int n) {
        long[] a = new long[n];
        for (int i = 0; i < n; i++) {
            a[i] = rnd.nextLong();
        }
        return a;
    }
}
