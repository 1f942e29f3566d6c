package io.yaostream.cli.bench;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ProcessCpuTest {
    /** Work the CPU for at least {@code millis} of this thread's CPU time. */
    private static long spin(long millis) {
        java.lang.management.ThreadMXBean t = java.lang.management.ManagementFactory.getThreadMXBean();
        long end = t.getCurrentThreadCpuTime() + millis * 1_000_000;
        long x = 1;
        while (t.getCurrentThreadCpuTime() < end) {
            for (int i = 0; i < 100_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        return x;
    }

    @Test
    void userAndSystemAddUpToTheTotalOnLinux() {
        assumeTrue(System.getProperty("os.name").equals("Linux"), "the split comes from /proc");
        ProcessCpu.mark();
        spin(300);
        ProcessCpu.Times t = ProcessCpu.sinceMark();
        // Seconds as doubles, subtracted: 0.3 may come out a few ulps short (0.29999999999999893 was seen).
        assertTrue(t.total() >= 0.3 - 1e-9, "total " + t.total());
        assertTrue(t.user() >= 0.2, "user " + t.user());
        assertTrue(t.system() >= 0, "system " + t.system());
        // The split counts in ticks of 10 ms and is read a moment after the total: they agree to a few ticks.
        assertEquals(t.total(), t.user() + t.system(), 0.05 + 0.05 * t.total(), t.toString());
    }

    @Test
    void fieldsGiveSecondsAndNanosecondsPerAndGate() {
        Map<String, Object> m = new ProcessCpu.Times(2.0, 1.5, 0.5).fields(1_000_000_000L);
        assertEquals(Map.of("seconds", 2.0, "userSeconds", 1.5, "systemSeconds", 0.5, "nsPerAnd", 2.0, "userNsPerAnd", 1.5,
                "systemNsPerAnd", 0.5), m);
        assertEquals(java.util.List.of("seconds", "userSeconds", "systemSeconds", "nsPerAnd", "userNsPerAnd", "systemNsPerAnd"),
                java.util.List.copyOf(m.keySet()));
        Map<String, Object> unsplit = new ProcessCpu.Times(2.0, Double.NaN, Double.NaN).fields(0);
        assertEquals(Map.of("seconds", 2.0), unsplit);
    }
}
