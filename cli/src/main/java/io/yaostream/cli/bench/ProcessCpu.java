package io.yaostream.cli.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The CPU time this process has used since a mark, on every thread (the sessions', the network's, the JIT's and the
 * collector's): what a run costs a machine, which on a shared machine wall-clock time cannot show. On Linux it is
 * split into user and system time, which tells the work from the system calls that move it.
 */
public final class ProcessCpu {
    /** Linux reports a process's times in clock ticks of 1/100 s (USER_HZ, the same on every architecture it runs). */
    private static final double TICKS_PER_SECOND = 100;
    private static final Path STAT = Path.of("/proc/self/stat");

    private static volatile Times mark = new Times(0, 0, 0);

    /** CPU seconds: on every thread, and split into user and system where the platform tells (else NaN). */
    public record Times(double total, double user, double system) {
        Times minus(Times earlier) {
            return new Times(total - earlier.total, user - earlier.user, system - earlier.system);
        }

        /**
         * For JSON: the seconds, and the nanoseconds per AND gate of {@code andGates} (none where it is 0), user and
         * system (absent where the platform does not split them).
         */
        public Map<String, Object> fields(long andGates) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("seconds", total);
            if (!Double.isNaN(user)) {
                m.put("userSeconds", user);
                m.put("systemSeconds", system);
            }
            if (andGates > 0) {
                m.put("nsPerAnd", total * 1e9 / andGates);
                if (!Double.isNaN(user)) {
                    m.put("userNsPerAnd", user * 1e9 / andGates);
                    m.put("systemNsPerAnd", system * 1e9 / andGates);
                }
            }
            return m;
        }
    }

    private ProcessCpu() {
    }

    /** The process's CPU time so far, in nanoseconds; -1 where the platform does not tell. */
    public static long nanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return -1;
    }

    /** The process's CPU time so far; total -1 where the platform does not tell. */
    public static Times now() {
        long total = nanos();
        double[] split = userSystem();
        return new Times(total < 0 ? -1 : total / 1e9, split[0], split[1]);
    }

    /** Starts counting from now. */
    public static void mark() {
        mark = now();
    }

    /** CPU time since the last {@link #mark} (since the process started, without one). */
    public static Times sinceMark() {
        Times now = now();
        return now.total < 0 ? now : now.minus(mark);
    }

    /** CPU seconds since the last {@link #mark}; -1 where the platform does not tell. */
    public static double secondsSinceMark() {
        return sinceMark().total();
    }

    /** User and system seconds from /proc/self/stat (fields 14 and 15); NaN, NaN where there is none. */
    private static double[] userSystem() {
        try {
            String stat = Files.readString(STAT);
            // The command's name (field 2) is in parentheses and may hold spaces: count fields after its closing one.
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return new double[] {Long.parseLong(f[11]) / TICKS_PER_SECOND, Long.parseLong(f[12]) / TICKS_PER_SECOND};
        } catch (IOException | RuntimeException e) {
            return new double[] {Double.NaN, Double.NaN};
        }
    }
}
