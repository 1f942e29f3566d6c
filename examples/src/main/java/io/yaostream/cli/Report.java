package io.yaostream.cli;

import io.yaostream.core.bits.BitString;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The results and summary of a two-party run, as lines (results on standard output) or one JSON object. */
final class Report {
    private Report() {
    }

    static void print(PrintWriter out, PrintWriter err, boolean json, String who, Optional<BitString>[] results, boolean msbFirst,
                      long andGates, long bytesSent, double seconds, long peakHeap, Map<String, Object> extra) {
        List<Object> hex = new ArrayList<>();
        for (Optional<BitString> r : results) {
            hex.add(r.map(b -> b.toHex(msbFirst)).orElse(null));
        }
        double andPerSec = seconds > 0 ? andGates / seconds : 0;
        if (json) {
            Map<String, Object> m = new LinkedHashMap<>(extra);
            m.put("result", hex);
            m.put("and", andGates);
            m.put("bytes", bytesSent);
            m.put("seconds", seconds);
            m.put("andPerSec", andPerSec);
            m.put("peakHeapBytes", peakHeap);
            out.println(Json.write(m));
            return;
        }
        for (Object h : hex) {
            if (h != null) {
                out.println(h);
            }
        }
        err.println(summary(who, andGates, bytesSent, seconds, peakHeap));
    }

    /** Fields in the order given (JSON output keeps it): key, value, key, value... */
    static Map<String, Object> fields(Object... keyValues) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            m.put((String) keyValues[i], keyValues[i + 1]);
        }
        return m;
    }

    static String summary(String who, long andGates, long bytesSent, double seconds, long peakHeap) {
        return String.format("%s: %,d AND gates, %,d bytes sent, %.3f s, %.1f M AND gates/s, peak heap %.1f MiB",
                who, andGates, bytesSent, seconds, seconds > 0 ? andGates / seconds / 1e6 : 0.0, peakHeap / 1048576.0);
    }
}
