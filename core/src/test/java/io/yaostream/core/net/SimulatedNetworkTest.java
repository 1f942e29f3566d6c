package io.yaostream.core.net;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Reading a network (good and bad forms, its canonical form) and the line model's arithmetic, without a clock. */
class SimulatedNetworkTest {
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "100mbit,30ms; 100000000; 30000000; 100mbit,30ms",
            "1gbit,5ms; 1000000000; 5000000; 1gbit,5ms",
            "500kbit,0ms; 500000; 0; 500kbit,0ms",
            "10mbit; 10000000; 0; 10mbit,0ms",
            "' 100MBit , 30MS '; 100000000; 30000000; 100mbit,30ms",
            "2.5mbit/s,0.5ms; 2500000; 500000; 2500kbit,500us",
            "1234567,250us; 1234567; 250000; 1234567bit,250us",
            "64kbit,1s; 64000; 1000000000; 64kbit,1s",
            "1gbit,0; 1000000000; 0; 1gbit,0ms",
            "1000bit,60s; 1000; 60000000000; 1kbit,60s",
    })
    void readsGoodForms(String text, long bitsPerSecond, long latencyNanos, String canonical) {
        SimulatedNetwork n = SimulatedNetwork.parse(text);
        assertTrue(n.simulates());
        assertEquals(bitsPerSecond, n.bitsPerSecond());
        assertEquals(Duration.ofNanos(latencyNanos), n.latency());
        assertEquals(canonical, n.toString());
        assertEquals(n, SimulatedNetwork.parse(n.toString()), "the canonical form reads back");
        assertEquals(n, SimulatedNetwork.of(bitsPerSecond, Duration.ofNanos(latencyNanos)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "loopback", " LOOPBACK "})
    void noneAndLoopbackSimulateNothing(String text) {
        SimulatedNetwork n = SimulatedNetwork.parse(text);
        assertSame(SimulatedNetwork.NONE, n);
        assertFalse(n.simulates());
        assertEquals("none", n.toString());
        assertEquals(Duration.ZERO, n.latency());
    }

    /** Each bad form is one line that quotes the part that is wrong; form errors show the accepted form too. */
    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "''; empty network; 100mbit,30ms",
            "100mb,30ms; rate '100mb'; 100mbit,30ms",
            "fast; rate 'fast'; 100mbit,30ms",
            "-5mbit; rate '-5mbit'; 100mbit,30ms",
            "100mbit,30; latency '30'; 100mbit,30ms",
            "100mbit,30ms,2; more than two comma-separated parts; 100mbit,30ms",
            "100mbit,; latency ''; 100mbit,30ms",
            "100mbit,-1ms; latency '-1ms'; 100mbit,30ms",
            "100mbit,2min; latency '2min'; 100mbit,30ms",
            "100mbit,30ms/s; latency '30ms/s'; 100mbit,30ms",
            "0mbit,30ms; rate '0mbit' is out of range; 1kbit",
            "999bit; rate '999bit' is out of range; 1000gbit",
            "2000gbit; rate '2000gbit' is out of range; 1000gbit",
            "99999999999999999999999gbit; is out of range; 1000gbit",
            "100mbit,61s; latency '61s' is out of range; 60s",
    })
    void badFormsSayWhatIsWrong(String text, String names, String shows) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SimulatedNetwork.parse(text));
        String m = e.getMessage();
        assertTrue(m.contains(names) && m.contains(shows), m);
        assertFalse(m.contains("\n"), m);
    }

    @Test
    void ofChecksItsRange() {
        assertThrows(IllegalArgumentException.class, () -> SimulatedNetwork.of(999, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> SimulatedNetwork.of(1_000_000, Duration.ofMillis(-1)));
        assertThrows(IllegalArgumentException.class, () -> SimulatedNetwork.of(1_000_000, Duration.ofSeconds(61)));
    }

    @Test
    void theWindowIsTheBandwidthDelayProductUpTo16MiB() {
        assertEquals(375_000, SimulatedNetwork.parse("100mbit,30ms").windowBytes());
        assertEquals(0, SimulatedNetwork.parse("1gbit").windowBytes());
        assertEquals(16 << 20, SimulatedNetwork.parse("10gbit,1s").windowBytes());
    }

    /** Messages sent together queue on the line one after another; each arrives one latency after it is carried. */
    @Test
    void messagesQueueOnTheLineAndArriveOneLatencyLater() {
        SimulatedLink line = new SimulatedLink(SimulatedNetwork.parse("100mbit,30ms"));
        long t0 = 1_000_000_000L;
        // 125,000 bytes at 100 Mbit/s take 10 ms.
        assertEquals(t0 + 10_000_000 + 30_000_000, line.due(t0, 125_000));
        assertEquals(t0 + 20_000_000 + 30_000_000, line.due(t0 + 1_000_000, 125_000), "waits for the first");
        assertEquals(t0 + 21_000_000 + 30_000_000, line.due(t0 + 20_000_000, 12_500), "right behind the second");
        assertEquals(t0 + 100_000_000 + 960 + 30_000_000, line.due(t0 + 100_000_000, 12), "an idle line starts at once");
    }

    /** Line time is kept to a fraction of a nanosecond, so many small messages add up exactly. */
    @Test
    void fractionsOfANanosecondAddUp() {
        SimulatedLink line = new SimulatedLink(SimulatedNetwork.parse("3kbit"));
        long due = 0;
        for (int i = 0; i < 3; i++) {
            due = line.due(0, 1); // 8/3000 s = 2,666,666.67 ns each
        }
        assertEquals(8_000_000, due);
        SimulatedLink big = new SimulatedLink(SimulatedNetwork.parse("1kbit"));
        assertEquals(8L * (1L << 30) * 1_000_000, big.due(0, 1L << 30), "a gigabyte does not overflow");
    }
}
