package io.yaostream.cli.bench;

/**
 * A party's CPU per AND gate over its run, as its JSON line's {@code cpu} reports it: user and system time, every thread
 * of its process, from the run's start to its report; and its peak heap.
 */
public record PartyCpu(double userNsPerAnd, double systemNsPerAnd, long peakHeapBytes) {
    /** User and system together. */
    public double nsPerAnd() {
        return userNsPerAnd + systemNsPerAnd;
    }

    /** From a party's JSON line; NaN where it has no split (a platform without /proc). */
    static PartyCpu of(String json) {
        return new PartyCpu(numberOrNaN(json, "userNsPerAnd"), numberOrNaN(json, "systemNsPerAnd"), (long) PartyProcess.number(json, "peakHeapBytes"));
    }

    private static double numberOrNaN(String json, String key) {
        return json.contains("\"" + key + "\":") ? PartyProcess.number(json, key) : Double.NaN;
    }
}
