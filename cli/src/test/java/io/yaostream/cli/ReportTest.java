package io.yaostream.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The run summary's rate: three significant digits in a unit that fits, never "0.0 M" for a short run. */
class ReportTest {
    @Test
    void ratesKeepThreeSignificantDigitsInAUnitThatFits() {
        assertEquals("63.0", Report.rate(63, 1));
        assertEquals("5.12 K", Report.rate(5_120, 1));
        assertEquals("412 K", Report.rate(5_120, 0.01243));
        assertEquals("1.00 M", Report.rate(999_999, 1));
        assertEquals("7.15 M", Report.rate(7_150_000, 1));
        assertEquals("1.50 G", Report.rate(1.5e9, 1));
        assertEquals("0", Report.rate(5_120, 0));
        assertEquals("0", Report.rate(0, 1));
    }

    @Test
    void aShortRunOfASmallCircuitIsNotZero() {
        String s = Report.summary("evaluator", 5_120, 241_958, 0.004, 26 << 20);
        assertTrue(s.contains(", 1.28 M AND gates/s,"), s);
        String slow = Report.summary("evaluator", 63, 4_000, 0.050, 26 << 20);
        assertTrue(slow.contains(", 1.26 K AND gates/s,"), slow);
    }
}
