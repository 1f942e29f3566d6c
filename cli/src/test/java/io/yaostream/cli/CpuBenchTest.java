package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bench cpu} at its smallest: the AES circuit and AES through the program model, four blocks, as two processes each. */
@Timeout(180)
class CpuBenchTest {
    private static final String NUMBER = "(-?[0-9.eE-]+)";
    private static final Pattern PARTY = Pattern.compile("\\{\"cpuNsPerAnd\":" + NUMBER + ",\"userNsPerAnd\":" + NUMBER + ",\"systemNsPerAnd\":"
            + NUMBER + ",\"kernelNsPerAnd\":" + NUMBER + ",\"ratio\":" + NUMBER + ",\"peakHeapBytes\":(\\d+)\\}");

    private static String[] out(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = YaostreamCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new String[] {Integer.toString(status), out.toString(), err.toString()};
    }

    @Test
    void eachPartysCpuPerAndGateBesideTheKernels() {
        String circuits = System.getProperty("yaostream.circuits", "../circuits") + "/bristol";
        String[] r = out("bench", "cpu", "--workloads", "aes-circuit,aes", "--aes-blocks", "4", "--runs", "1", "--circuit-dir", circuits,
                "--heap", "256m", "--json");
        assertEquals("0", r[0], r[2]);
        String json = r[1];
        assertTrue(json.startsWith("{\"machine\":{\"cpu\":"), json);
        assertTrue(json.matches("(?s).*\"circuitKernels\":\\{\"aes_128.txt\":\\{\"garbleNsPerAnd\":[0-9.eE-]+,\"evaluateNsPerAnd\":[0-9.eE-]+\\}\\}.*"), json);
        // Four blocks of the 6,400-AND circuit; through the program model, AES's S-boxes in 5,120 AND gates a block.
        assertTrue(json.contains("{\"workload\":\"aes-circuit\",\"and\":25600,"), json);
        assertTrue(json.contains("{\"workload\":\"aes\",\"and\":20480,"), json);
        Matcher m = PARTY.matcher(json);
        int parties = 0;
        while (m.find()) {
            parties++;
            double all = Double.parseDouble(m.group(1));
            double user = Double.parseDouble(m.group(2));
            double system = Double.parseDouble(m.group(3));
            double kernel = Double.parseDouble(m.group(4));
            assertTrue(all > 0 && user > 0 && system >= 0 && kernel > 0, m.group());
            assertEquals(all, user + system, 1e-6 * all, m.group());
            // A whole process spends more per AND gate than the kernel alone, the more so on a run this small.
            assertTrue(Double.parseDouble(m.group(5)) > 1, m.group());
            assertTrue(Long.parseLong(m.group(6)) > 0, m.group());
        }
        assertEquals(4, parties, json);
    }

    @Test
    void anUnknownWorkloadIsAUsageError() {
        String[] r = out("bench", "cpu", "--workloads", "flat,sort");
        assertEquals("2", r[0], r[2]);
        assertTrue(r[2].startsWith("yaostream bench cpu: --workloads: each of flat, minimum, aes, aes-circuit, got 'sort'"), r[2]);
    }
}
