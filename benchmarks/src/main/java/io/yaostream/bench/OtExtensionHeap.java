package io.yaostream.bench;

import io.yaostream.fixtures.OtSessionPair;

/**
 * Heap use of OT extension as the number of OTs grows: runs correlated OTs between two threads and prints the
 * heap in use after a full GC at the start and at the end of the run, and the peak heap the JVM reports.
 * Run: {@code java -Xmx64m -cp benchmarks/target/benchmarks.jar io.yaostream.bench.OtExtensionHeap 100000000}.
 */
public final class OtExtensionHeap {
    private OtExtensionHeap() {
    }

    public static void main(String[] args) {
        long ots = args.length > 0 ? Long.parseLong(args[0]) : 100_000_000L;
        int blockSize = args.length > 1 ? Integer.parseInt(args[1]) : 1 << 14;
        try (OtSessionPair pair = new OtSessionPair(blockSize)) {
            long before = usedAfterGc();
            long start = System.nanoTime();
            pair.correlated(ots);
            double seconds = (System.nanoTime() - start) / 1e9;
            long after = usedAfterGc();
            long peak = 0;
            for (java.lang.management.MemoryPoolMXBean pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
                if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                    peak += pool.getPeakUsage().getUsed();
                }
            }
            System.out.printf("ots=%d blockSize=%d maxHeap=%dMiB usedAfterGcBefore=%.1fMiB usedAfterGcAfter=%.1fMiB "
                            + "peakHeapPools=%.1fMiB seconds=%.2f cotPerSec=%.1fM%n",
                    ots, blockSize, Runtime.getRuntime().maxMemory() >> 20, before / 1048576.0, after / 1048576.0,
                    peak / 1048576.0, seconds, ots / seconds / 1e6);
        }
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        System.gc();
        return rt.totalMemory() - rt.freeMemory();
    }
}
