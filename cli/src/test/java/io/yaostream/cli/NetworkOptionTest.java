package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code --network}: the demo runs over the simulated network and says so; a bad value is a one-line usage error. */
@Timeout(60)
class NetworkOptionTest {
    private record Outcome(int status, String out, String err) {
    }

    private static Outcome run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Outcome(status, out.toString(), err.toString());
    }

    /**
     * The FIPS-197 vector still comes out, the JSON names the network, and the run took at least the one-way latencies a
     * session needs (3 to the evaluator's result: the garbler's hello and base-OT points, the evaluator's answer with its
     * corrections, the tables), 30 ms each, and says so in flights.
     */
    @Test
    void demoRunsOverASimulatedNetwork() {
        Outcome o = run("demo", "--network", "100mbit,30ms", "--json");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("\"result\":[\"" + DemoCommand.FIPS197_CIPHERTEXT + "\"]"), o.out());
        assertTrue(o.out().contains("\"network\":\"100mbit,30ms\""), o.out());
        Matcher seconds = Pattern.compile("\"seconds\":([0-9.eE+-]+)").matcher(o.out());
        assertTrue(seconds.find(), o.out());
        assertTrue(Double.parseDouble(seconds.group(1)) >= 3 * 0.030, "a run over 30 ms each way took " + seconds.group(1) + " s");
        assertTrue(o.out().contains("\"flights\":3,\"garblerFlights\":4"), o.out());
    }

    @Test
    void theDemosReportNamesTheNetwork() {
        Outcome o = run("demo", "--network", "1gbit,1ms");
        assertEquals(0, o.status(), o.err());
        assertTrue(o.out().contains("two parties over TCP loopback, simulated network 1gbit,1ms each way,"), o.out());
    }

    @Test
    void aBadNetworkIsAOneLineUsageError() {
        assertUsageError(run("demo", "--network", "100mb,30ms"), "yaostream demo: --network: rate '100mb' is not a number", "100mbit,30ms");
        assertUsageError(run("run", "--role", "garbler", "--circuit", "no-such-file.txt", "--listen", "0", "--network", "100mbit,30"),
                "yaostream run: --network: latency '30' is not a number", "100mbit,30ms");
        assertUsageError(run("hamming", "--demo", "--network", "0kbit"), "yaostream hamming: --network: rate '0kbit' is out of range", "1kbit");
    }

    private static void assertUsageError(Outcome o, String starts, String shows) {
        assertEquals(2, o.status(), o.err());
        String err = o.err().strip();
        assertTrue(err.startsWith(starts) && err.contains(shows), err);
        assertEquals(1, err.lines().count(), err);
        assertEquals("", o.out());
    }
}
