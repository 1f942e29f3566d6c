package io.yaostream.core.ot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ParallelRangeTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 7, 128})
    void coversEveryIndexOnce(int count) {
        for (int threads : new int[] {1, 3}) {
            AtomicIntegerArray hits = new AtomicIntegerArray(Math.max(count, 1));
            new ParallelRange(threads).forEach(count, (from, to) -> {
                for (int i = from; i < to; i++) {
                    hits.incrementAndGet(i);
                }
            });
            for (int i = 0; i < count; i++) {
                assertEquals(1, hits.get(i), threads + " threads, index " + i);
            }
        }
    }

    @Test
    void theLowestFailingPieceReachesTheCallerAndNoPieceRunsOnAfterwards() {
        int pieces = 4 * ParallelRange.PIECES_PER_THREAD;
        Set<Thread> running = ConcurrentHashMap.newKeySet();
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> new ParallelRange(4).forEach(pieces * 10, (from, to) -> {
                    running.add(Thread.currentThread());
                    try {
                        if (from > 0) {
                            throw new IllegalStateException("piece from " + from);
                        }
                    } finally {
                        running.remove(Thread.currentThread());
                    }
                }));
        assertEquals("piece from 10", e.getMessage(), "pieces are claimed in order, so piece 1 ran and failed");
        assertTrue(running.isEmpty());
    }

    /**
     * The caller does not wait for a worker that has not started: it claims the pieces itself. Here the work
     * of every piece but the caller's first waits for a latch that only the caller's own later pieces release,
     * which a fixed split (one chunk per thread) could not finish.
     */
    @Test
    void theCallerTakesPiecesNoWorkerHasStarted() throws Exception {
        Thread caller = Thread.currentThread();
        CountDownLatch callerRanTwice = new CountDownLatch(2);
        AtomicIntegerArray hits = new AtomicIntegerArray(100);
        new ParallelRange(2).forEach(100, (from, to) -> {
            if (Thread.currentThread() == caller) {
                callerRanTwice.countDown();
            } else {
                try {
                    callerRanTwice.await(10, TimeUnit.SECONDS); // the worker is slow until the caller has run two pieces
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            for (int i = from; i < to; i++) {
                hits.incrementAndGet(i);
            }
        });
        assertEquals(0, callerRanTwice.getCount());
        for (int i = 0; i < 100; i++) {
            assertEquals(1, hits.get(i), "index " + i);
        }
    }

    @Test
    void workersAreDaemonsReusedByTheNextCall() {
        Set<Thread> workers = ConcurrentHashMap.newKeySet();
        for (int call = 0; call < 5; call++) {
            new ParallelRange(2).forEach(64, (from, to) -> {
                if (Thread.currentThread().getName().startsWith("yaostream-parallel-")) {
                    workers.add(Thread.currentThread());
                }
                long end = System.nanoTime() + 200_000;
                while (System.nanoTime() < end) {
                    Thread.onSpinWait(); // long enough for a worker to claim a piece
                }
            });
        }
        assertTrue(workers.stream().allMatch(Thread::isDaemon));
        assertTrue(workers.size() < 5, "a worker per call would make " + workers.size());
    }
}
