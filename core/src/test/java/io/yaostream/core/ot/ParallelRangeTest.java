package io.yaostream.core.ot;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.concurrent.atomic.AtomicIntegerArray;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class ParallelRangeTest {
    @ParameterizedTest
    @ValueSource(ints = {0, 1, 2, 3, 7, 128})
    void coversEveryIndexOnce(int count) {
        AtomicIntegerArray hits = new AtomicIntegerArray(Math.max(count, 1));
        try (ParallelRange workers = new ParallelRange(3, "test-range")) {
            workers.forEach(count, (from, to) -> {
                for (int i = from; i < to; i++) {
                    hits.incrementAndGet(i);
                }
            });
        }
        for (int i = 0; i < count; i++) {
            assertEquals(1, hits.get(i), "index " + i);
        }
    }

    @Test
    void aWorkerFailureReachesTheCallerAndNoThreadIsLeft() {
        IllegalStateException e;
        try (ParallelRange workers = new ParallelRange(4, "test-range-failing")) {
            e = assertThrows(IllegalStateException.class, () -> workers.forEach(100, (from, to) -> {
                if (from > 0) {
                    throw new IllegalStateException("chunk from " + from);
                }
            }));
        }
        assertEquals("chunk from 25", e.getMessage(), "the first chunk in order that failed");
        assertEquals(0, Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("test-range-failing")).count());
    }
}
