package io.yaostream.cli.bench;

import com.sun.management.GarbageCollectionNotificationInfo;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The heap's peak use: reset before a run, read after it. The heap is fullest just before a collection, so the peak is
 * the largest total of the heap pools' use before any collection since the reset (from the collectors' notifications),
 * or the use now if that is larger. (The pools' own peaks come at different moments: their sum can exceed -Xmx.)
 */
public final class HeapPeak {
    private static final AtomicLong PEAK = new AtomicLong();
    /** The heap's pools by name (a collection reports every pool, metaspace and code cache too). */
    private static final Set<String> HEAP_POOLS = new HashSet<>();

    static {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                HEAP_POOLS.add(pool.getName());
            }
        }
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter emitter) {
                emitter.addNotificationListener((notification, handback) -> {
                    if (GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(notification.getType())) {
                        GarbageCollectionNotificationInfo info = GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
                        long before = 0;
                        for (Map.Entry<String, MemoryUsage> u : info.getGcInfo().getMemoryUsageBeforeGc().entrySet()) {
                            if (HEAP_POOLS.contains(u.getKey())) {
                                before += u.getValue().getUsed();
                            }
                        }
                        PEAK.accumulateAndGet(before, Math::max);
                    }
                }, null, null);
            }
        }
    }

    private HeapPeak() {
    }

    private static long usedNow() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    public static void reset() {
        PEAK.set(usedNow());
    }

    /** The largest heap use seen since the last {@link #reset()}: before a collection, or now. */
    public static long bytes() {
        return Math.max(PEAK.get(), usedNow());
    }
}
