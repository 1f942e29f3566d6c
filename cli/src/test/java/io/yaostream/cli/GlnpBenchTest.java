package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench glnp} at its smallest: one scheme, one circuit, loopback, one timed execution after one untimed. */
@Timeout(300)
class GlnpBenchTest {
    private static String[] out(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    private static String[] bench(String... more) {
        String dir = Path.of(System.getProperty("yaostream.circuits", "../circuits"), "bristol").toString();
        List<String> args = new java.util.ArrayList<>(List.of("bench", "glnp", "--schemes", "half-gates", "--circuits", "aes", "--networks",
                "loopback", "--runs", "1", "--warmup", "1", "--circuit-dir", dir));
        args.addAll(List.of(more));
        return out(args.toArray(new String[0]));
    }

    @Test
    void jsonHasOneEntryPerRowCircuitAndNetworkWithThePapersFigures() {
        String[] r = bench("--json");
        assertEquals("0", r[0], r[2]);
        String json = r[1];
        assertTrue(json.startsWith("{\"machine\":{\"cpu\":"), json);
        assertTrue(json.contains("\"settings\":{\"mode\":\"fresh\",\"runs\":1,\"warmup\":1,"), json);
        assertTrue(json.contains("\"circuits\":[{\"name\":\"aes\",\"file\":\"AES-non-expanded.txt\",\"and\":6800,\"xor\":25124,\"paperAnd\":6800,"
                + "\"paperXor\":25124,\"evaluatorBits\":128,\"paperOtBits\":128}]"), json);
        assertEquals(1, json.split("\\{\"row\":", -1).length - 1, "one row, one circuit, one network: " + json);
        assertTrue(json.contains("{\"row\":11,\"scheme\":\"half-gates\",\"paperScheme\":\"Fixed-key; free-XOR; HalfGates\",\"circuit\":\"aes\","
                + "\"ciphertexts\":13600,\"inputCiphertexts\":0,\"paperCiphertexts\":13600,\"perGate\":"), json);
        assertTrue(json.matches("(?s).*\"perXor\":0\\.0,\"paperPerXor\":null,\"prfPerXor\":0\\.0,\"paperPrfPerXor\":null,"
                + "\"network\":\"loopback\",\"link\":\"none\",\"ms\":[0-9.eE-]+,.*\"paperMs\":null,\"ratio\":null,.*"), json);
        assertFalse(json.contains("NaN"), json);
    }

    @Test
    void textHasTheTablesAndTheLegend() {
        String[] r = bench();
        assertEquals("0", r[0], r[2]);
        String text = r[1];
        assertTrue(text.contains("aes      AES-non-expanded.txt"), text);
        for (String table : List.of("Table 7:", "Table 4:", "Table 6:")) {
            assertTrue(text.contains("\n" + table), table + " in " + text);
        }
        assertTrue(text.matches("(?s).*\n  11  half-gates +Fixed-key; free-XOR; HalfGates +13,600 +0 +13,600\n.*"), text);
        assertTrue(text.matches("(?s).*\n  11  half-gates +0\\.43 \\(0\\.00\\) +- +0\\.00 +-\n.*"), text);
        assertTrue(text.matches("(?s).*\naes +11  half-gates +[0-9]+\\.[0-9]\n.*"), text);
        assertTrue(text.contains("\nloopback: TCP loopback"), text);
    }

    @Test
    void anUnknownSchemeIsOneLine() {
        String[] r = out("bench", "glnp", "--schemes", "half-gates,no-such-scheme");
        assertEquals("2", r[0], r[2]);
        assertTrue(r[2].startsWith("yaostream bench glnp: --schemes: unknown scheme 'no-such-scheme' (known: "), r[2]);
        assertEquals(1, r[2].strip().lines().count(), r[2]);
    }
}
