package io.yaostream.core.net;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A slower network than the one a channel really runs over, to see how a program behaves off loopback (e.g. the
 * 100 Mbit/s, 30 ms network of the one-hot garbling paper): {@code parse("100mbit,30ms")}, or {@link #NONE}.
 *
 * <p>Each direction of a link is simulated on its own, as a first-in-first-out line at {@link #bitsPerSecond}
 * with a one-way {@link #latency}: a message (what one flush sends) becomes readable at the peer once the line has
 * carried it, after every byte sent before it, plus the latency. Messages pipeline, so a stream of flushes is
 * limited by the rate, not by round trips, and a round trip of small messages takes twice the latency. The time is
 * counted from when the message was sent (a TCP channel: from when it reached this end, which on loopback is the
 * same moment), so the real network's own delay comes on top.
 *
 * <p>Where it applies: {@link TransportOptions#withNetwork} delays what a TCP channel <em>receives</em> (each party
 * simulates its incoming direction, so both give it to simulate both), and {@link MemoryChannel#pair(long,
 * SimulatedNetwork)} delays both directions of an in-memory pair. Time spent waiting for a simulated delivery does
 * not count toward a channel's timeout. Immutable.
 */
public final class SimulatedNetwork {
    /** No simulation: bytes are delivered as the real channel delivers them. */
    public static final SimulatedNetwork NONE = new SimulatedNetwork(0, 0);

    /** Slowest rate accepted: below it a single frame would take minutes and every timeout would fire. */
    public static final long MIN_BITS_PER_SECOND = 1_000;
    /** Fastest rate accepted (1,000 gbit), far beyond what a loopback channel itself carries. */
    public static final long MAX_BITS_PER_SECOND = 1_000_000_000_000L;
    /** Longest one-way latency accepted. */
    public static final Duration MAX_LATENCY = Duration.ofSeconds(60);
    /**
     * Most bytes a receiving end holds for the line beyond its usual buffer (see {@link #windowBytes}), as a TCP
     * window would: a link whose bandwidth-delay product is larger carries at most this much per latency.
     */
    static final long MAX_WINDOW_BYTES = 16 << 20;

    private static final String FORM = "expected RATE[,LATENCY] such as 100mbit,30ms (rate in bit, kbit, mbit or gbit"
            + " per second, latency in s, ms or us; no latency means 0), or none";
    private static final Pattern QUANTITY = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zµ]*)(/s)?");

    private final long bitsPerSecond;
    private final long latencyMicros;

    private SimulatedNetwork(long bitsPerSecond, long latencyMicros) {
        this.bitsPerSecond = bitsPerSecond;
        this.latencyMicros = latencyMicros;
    }

    /**
     * A network of {@code bitsPerSecond} (from {@value #MIN_BITS_PER_SECOND} to {@value #MAX_BITS_PER_SECOND}) each
     * way with a one-way {@code latency} (0 to {@link #MAX_LATENCY}, kept to the microsecond).
     */
    public static SimulatedNetwork of(long bitsPerSecond, Duration latency) {
        if (bitsPerSecond < MIN_BITS_PER_SECOND || bitsPerSecond > MAX_BITS_PER_SECOND) {
            throw new IllegalArgumentException("network rate must be from 1kbit to 1000gbit per second, got " + bitsPerSecond + " bit/s");
        }
        if (latency.isNegative() || latency.compareTo(MAX_LATENCY) > 0) {
            throw new IllegalArgumentException("network latency must be from 0 to " + MAX_LATENCY.toSeconds() + " s, got " + latency);
        }
        return new SimulatedNetwork(bitsPerSecond, (latency.toNanos() + 500) / 1000);
    }

    /**
     * Reads {@code RATE[,LATENCY]}: {@code 100mbit,30ms}, {@code 1gbit,5ms}, {@code 500kbit,0ms}, {@code 10mbit}
     * (latency 0), {@code 2.5mbit/s,0.5ms}; a rate without a unit is in bit/s. {@code none} or {@code loopback}
     * is {@link #NONE}. Case and spaces around the parts do not matter. A bad value is an {@link
     * IllegalArgumentException} whose one-line message names the part that is wrong and shows the accepted form.
     */
    public static SimulatedNetwork parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.equals("none") || t.equals("loopback")) {
            return NONE;
        }
        if (t.isEmpty()) {
            throw new IllegalArgumentException("empty network; " + FORM);
        }
        String[] parts = t.split(",", -1);
        if (parts.length > 2) {
            throw new IllegalArgumentException("'" + text.strip() + "' has more than two comma-separated parts; " + FORM);
        }
        long rate = rate(parts[0].strip());
        long latencyNanos = parts.length == 2 ? latencyNanos(parts[1].strip()) : 0;
        if (rate < MIN_BITS_PER_SECOND || rate > MAX_BITS_PER_SECOND) {
            throw new IllegalArgumentException("rate '" + parts[0].strip() + "' is out of range: from 1kbit to 1000gbit");
        }
        if (latencyNanos > MAX_LATENCY.toNanos()) {
            throw new IllegalArgumentException("latency '" + parts[1].strip() + "' is out of range: at most "
                    + MAX_LATENCY.toSeconds() + "s");
        }
        return of(rate, Duration.ofNanos(latencyNanos));
    }

    private static long rate(String part) {
        Matcher m = QUANTITY.matcher(part);
        BigDecimal scale = null;
        if (m.matches()) {
            scale = switch (m.group(2)) {
                case "", "bit" -> BigDecimal.ONE;
                case "kbit" -> BigDecimal.valueOf(1_000);
                case "mbit" -> BigDecimal.valueOf(1_000_000);
                case "gbit" -> BigDecimal.valueOf(1_000_000_000);
                default -> null;
            };
        }
        if (scale == null) {
            throw new IllegalArgumentException("rate '" + part + "' is not a number with a unit bit, kbit, mbit or gbit; " + FORM);
        }
        return clampedLong(new BigDecimal(m.group(1)).multiply(scale));
    }

    private static long latencyNanos(String part) {
        Matcher m = QUANTITY.matcher(part);
        BigDecimal scale = null;
        if (m.matches() && m.group(3) == null) {
            scale = switch (m.group(2)) {
                case "s" -> BigDecimal.valueOf(1_000_000_000);
                case "ms" -> BigDecimal.valueOf(1_000_000);
                case "us", "µs" -> BigDecimal.valueOf(1_000);
                // A bare zero needs no unit; any other bare number could mean seconds or milliseconds.
                case "" -> new BigDecimal(m.group(1)).signum() == 0 ? BigDecimal.ONE : null;
                default -> null;
            };
        }
        if (scale == null) {
            throw new IllegalArgumentException("latency '" + part + "' is not a number with a unit s, ms or us; " + FORM);
        }
        return clampedLong(new BigDecimal(m.group(1)).multiply(scale));
    }

    /** Rounded to a whole number, and held to the long range so the range checks see an absurd value as too large. */
    private static long clampedLong(BigDecimal v) {
        BigDecimal whole = v.setScale(0, RoundingMode.HALF_UP);
        return whole.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0 ? Long.MAX_VALUE : whole.longValueExact();
    }

    /** Whether this simulates anything (false for {@link #NONE}). */
    public boolean simulates() {
        return bitsPerSecond > 0;
    }

    /** The rate each way in bits per second; 0 for {@link #NONE}. */
    public long bitsPerSecond() {
        return bitsPerSecond;
    }

    /** The one-way latency; zero for {@link #NONE}. */
    public Duration latency() {
        return Duration.ofNanos(latencyNanos());
    }

    long latencyNanos() {
        return latencyMicros * 1000;
    }

    /**
     * The bytes the line holds while they travel: the bandwidth-delay product, at most {@link #MAX_WINDOW_BYTES}.
     * A receiving end holds this much beyond its usual buffer, so that the buffer (sized for loopback) does not
     * cap the throughput of a long line.
     */
    long windowBytes() {
        double bytes = bitsPerSecond / 8.0 * latencyMicros / 1e6;
        return (long) Math.min(MAX_WINDOW_BYTES, Math.ceil(bytes));
    }

    /** The form {@link #parse} reads: {@code 100mbit,30ms} in the largest units that are exact, or {@code none}. */
    @Override
    public String toString() {
        if (!simulates()) {
            return "none";
        }
        String rate = bitsPerSecond % 1_000_000_000 == 0 ? bitsPerSecond / 1_000_000_000 + "gbit"
                : bitsPerSecond % 1_000_000 == 0 ? bitsPerSecond / 1_000_000 + "mbit"
                : bitsPerSecond % 1_000 == 0 ? bitsPerSecond / 1_000 + "kbit" : bitsPerSecond + "bit";
        String latency = latencyMicros == 0 ? "0ms"
                : latencyMicros % 1_000_000 == 0 ? latencyMicros / 1_000_000 + "s"
                : latencyMicros % 1_000 == 0 ? latencyMicros / 1_000 + "ms" : latencyMicros + "us";
        return rate + "," + latency;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SimulatedNetwork n && n.bitsPerSecond == bitsPerSecond && n.latencyMicros == latencyMicros;
    }

    @Override
    public int hashCode() {
        return Long.hashCode(bitsPerSecond) * 31 + Long.hashCode(latencyMicros);
    }
}
