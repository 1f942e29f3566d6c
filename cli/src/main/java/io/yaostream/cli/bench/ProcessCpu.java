package io.yaostream.cli.bench;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The CPU time this process has used since a mark, on every thread (the sessions', the network's, the JIT's and the
 * collector's): what a run costs a machine, which on a shared machine wall-clock time cannot show.
 */
public final class ProcessCpu {
    private static final AtomicLong MARK = new AtomicLong();

    private ProcessCpu() {
    }

    /** The process's CPU time so far, in nanoseconds; -1 where the platform does not tell. */
    public static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** Starts counting from now. */
    public static void mark() {
        MARK.set(nanos());
    }

    /** CPU seconds since the last {@link #mark}; -1 where the platform does not tell. */
    public static double secondsSinceMark() {
        long now = nanos();
        return now < 0 ? -1 : (now - MARK.get()) / 1e9;
    }
}
