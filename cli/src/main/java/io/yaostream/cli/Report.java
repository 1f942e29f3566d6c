package io.yaostream.cli;

import io.yaostream.Result;
import io.yaostream.cli.bench.ProcessCpu;
import io.yaostream.cli.bench.Version;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.net.SimulatedNetwork;

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

    /**
     * The results on {@code out} and the summary on {@code err} (with {@code note} at its end), or one JSON object
     * of {@code extra}, then the results and figures, with this process's CPU since {@link ProcessCpu#mark} (or its
     * start), user and system, and per AND gate.
     */
    static void print(PrintWriter out, PrintWriter err, boolean json, String who, Optional<BitString>[] results, boolean msbFirst,
                      long andGates, long bytesSent, double seconds, long peakHeap, Map<String, Object> extra, String note) {
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
            m.put("cpu", ProcessCpu.sinceMark().fields(andGates));
            m.put("version", Version.get());
            out.println(Json.write(m));
            return;
        }
        for (Object h : hex) {
            if (h != null) {
                out.println(h);
            }
        }
        err.println(summary(who, andGates, bytesSent, seconds, peakHeap) + note);
    }

    /**
     * What a summary line adds for a simulated network ({@code ", simulated network 100mbit,30ms"} and what it
     * covered), or nothing without one, so a slow run is not mistaken for a slow machine.
     */
    static String networkNote(SimulatedNetwork network, String covering) {
        return network.simulates() ? ", simulated network " + network + " " + covering : "";
    }

    /**
     * A session's times and flights for JSON: {@code flights}, the one-way latencies this party waited for on the way to
     * its result (-1 where the channel does not count them); {@code connectSeconds}, the connection's own set-up (TCP, TLS)
     * before the session; {@code setupSeconds}, its handshake and base OTs; {@code onlineSeconds}, from there to the result;
     * {@code kernel} and {@code kernelPath}, what ran it ({@code native} on {@code vaes-512}, say).
     */
    static Map<String, Object> timing(Result<?> r) {
        return fields("flights", r.flights(), "connectSeconds", r.connectSeconds(), "setupSeconds", r.setupSeconds(),
                "onlineSeconds", r.onlineSeconds(), "kernel", r.kernel(), "kernelPath", r.kernelPath());
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
        return String.format("%s: %,d AND gates, %,d bytes sent, %.3f s, %s AND gates/s, peak heap %.1f MiB",
                who, andGates, bytesSent, seconds, rate(andGates, seconds), peakHeap / 1048576.0);
    }

    /**
     * {@code count / seconds} with three significant digits and a unit that fits (7.15 M, 412 K, 63.0): a short run
     * of a small circuit is thousands of gates a second, which one decimal of millions showed as 0.0 M.
     */
    static String rate(double count, double seconds) {
        if (!(seconds > 0) || count <= 0) {
            return "0";
        }
        double r = count / seconds;
        String[] units = {"", " K", " M", " G"};
        int u = 0;
        while (u < units.length - 1 && r >= 999.5) {
            r /= 1000;
            u++;
        }
        String digits = r >= 99.95 ? "%.0f" : r >= 9.995 ? "%.1f" : "%.2f";
        return String.format(java.util.Locale.ROOT, digits, r) + units[u];
    }
}
