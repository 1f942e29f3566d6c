package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench latency} at its smallest: the millionaires, fresh and kept, at 0 and 10 ms, one timed execution each. */
@Timeout(120)
class LatencyBenchTest {
    private static final Pattern ROW = Pattern.compile("\\{\"app\":\"millionaires\",\"mode\":\"(fresh|kept)\",\"latencyMs\":([0-9.]+),"
            + "\"flights\":(\\d+),\"ms\":([0-9.eE-]+),\"boundMs\":([0-9.eE-]+),\"ratio\":([0-9.eE-]+),\"bytes\":(\\d+),\"connectMs\":([0-9.eE-]+|null)\\}");

    private record Row(String mode, double latencyMs, int flights, double ms, double boundMs, long bytes, String connectMs) {
    }

    private static String[] out(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void millionairesFreshPaysFourFlightsAndAKeptLinkTwo() {
        String[] r = out("bench", "latency", "--apps", "millionaires", "--latencies", "0,10", "--runs", "1", "--warmup", "0", "--json");
        assertEquals("0", r[0], r[2]);
        String json = r[1];
        assertTrue(json.startsWith("{\"machine\":{\"cpu\":"), json);
        assertTrue(json.contains("\"rate\":\"1gbit\",\"rateBitsPerSecond\":1000000000,\"runs\":1,\"warmup\":0,"), json);
        assertFalse(json.contains("NaN"), json);
        List<Row> rows = new ArrayList<>();
        Matcher m = ROW.matcher(json);
        while (m.find()) {
            rows.add(new Row(m.group(1), Double.parseDouble(m.group(2)), Integer.parseInt(m.group(3)), Double.parseDouble(m.group(4)),
                    Double.parseDouble(m.group(5)), Long.parseLong(m.group(7)), m.group(8)));
        }
        assertEquals(4, rows.size(), json);
        assertEquals(4, json.split("\\{\"app\":", -1).length - 1, "every row has all its fields: " + json);
        for (Row row : rows) {
            // The evaluator has inputs: a fresh session waits for hellos and base OTs too, a kept link only for the program.
            assertEquals(row.mode().equals("fresh") ? 3 : 2, row.flights(), row.toString());
            assertTrue(row.ms() > 0 && row.boundMs() > 0 && row.bytes() > 0, row.toString());
            assertEquals(row.mode().equals("kept"), row.connectMs().equals("null"), "connectMs only for fresh sessions: " + row);
            if (row.latencyMs() == 10) {
                assertTrue(row.ms() >= row.flights() * 10.0, "the simulated latency is waited out: " + row);
            } else {
                assertEquals(row.ms(), row.boundMs(), "the 0 ms row's bound is its own time: " + row);
            }
        }
        assertEquals(List.of("fresh 0.0", "fresh 10.0", "kept 0.0", "kept 10.0"), rows.stream().map(x -> x.mode() + " " + x.latencyMs()).toList());
    }

    @Test
    void anUnknownAppIsOneLine() {
        String[] r = out("bench", "latency", "--apps", "millionaires,chess");
        assertEquals("2", r[0], r[2]);
        assertTrue(r[2].startsWith("yaostream bench latency: --apps: unknown app 'chess' (known: "), r[2]);
        assertEquals(1, r[2].strip().lines().count(), r[2]);
    }
}
