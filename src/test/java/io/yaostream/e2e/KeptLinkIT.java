package io.yaostream.e2e;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code run --sessions N --link}: N executions as programs on one kept link between two processes over TCP, beside N
 * fresh sessions, each party's flights counted on the wire; and the link's faults: garbage inside a program, a frozen
 * peer, a killed peer, each ending both parties in one line with no result printed. One pass: the link's messages do
 * not depend on the kernel.
 */
@Timeout(120)
class KeptLinkIT {
    private static final String AES_KEY = "000102030405060708090a0b0c0d0e0f";
    private static final String AES_BLOCK = "00112233445566778899aabbccddeeff";
    private static final String AES_OUT = "69c4e0d86a7b0430d8cdb78070b4c55a";

    private static List<String> party(String role, int port, String... more) {
        List<String> args = new ArrayList<>(List.of("run", "--role", role, "--circuit", Cli.bristol("aes_128.txt").toString(),
                "--in", role.equals("garbler") ? AES_KEY : AES_BLOCK));
        args.addAll(role.equals("garbler") ? List.of("--listen", Integer.toString(port), "--bind", "127.0.0.1")
                : List.of("--connect", "127.0.0.1:" + port));
        args.addAll(List.of(more));
        return args;
    }

    /**
     * Until the link on {@code port} is open and its programs run one after another: connected, then a second and a
     * half for the handshake and base OTs, which take a fifth of that on a quiet machine.
     */
    private static void awaitPrograms(int port) throws Exception {
        Cli.awaitEstablished(java.util.Set.of(port), "the two parties");
        Thread.sleep(1500);
    }

    private static Cli.Running[] start(int port, String... more) {
        Cli.Running g = Cli.launch(Cli.QUICK_JVM, party("garbler", port, more).toArray(String[]::new));
        Cli.Running e = Cli.launch(Cli.QUICK_JVM, party("evaluator", port, more).toArray(String[]::new));
        return new Cli.Running[] {g, e};
    }

    /** The integers of a JSON array field, as {@code run --json} prints it on one line. */
    private static List<Integer> ints(String json, String field) {
        int at = json.indexOf("\"" + field + "\":[");
        assertTrue(at >= 0, "no " + field + " in " + json);
        String body = json.substring(at + field.length() + 4, json.indexOf(']', at));
        List<Integer> out = new ArrayList<>();
        for (String s : body.split(",")) {
            out.add(Integer.parseInt(s.strip()));
        }
        return out;
    }

    private static List<String> errorLines(Cli.Result r) {
        return r.err().isBlank() ? List.of()
                : r.err().strip().lines().filter(l -> !l.matches("(garbler|evaluator): (waiting for |links are encrypted, but ).*")).toList();
    }

    /** A party that failed as it must: exit 1, no result, one line; the line. */
    private static String failure(Cli.Result r, String who) {
        List<String> err = errorLines(r);
        assertEquals(1, r.status(), who + " exit status; stderr: " + r.err());
        assertTrue(r.out().isBlank(), who + " printed a result: " + r.out());
        assertEquals(1, err.size(), who + ": one line on standard error: " + r.err());
        assertTrue(err.get(0).startsWith("yaostream run: "), who + ": " + err.get(0));
        return err.get(0);
    }

    @Test
    void programsOnAKeptLinkWaitTwoFlightsWhereFreshSessionsWaitThree() {
        Cli.firstPassOnly("the link's messages do not depend on the kernel");
        for (String mode : new String[] {"kept", "fresh"}) {
            List<String> more = new ArrayList<>(List.of("--sessions", "6", "--json", "--network", "1gbit,2ms"));
            if (mode.equals("kept")) {
                more.add("--link");
            }
            Cli.Running[] p = start(Cli.freePort(), more.toArray(String[]::new));
            Cli.Result e = p[1].await(90);
            Cli.Result g = p[0].await(30);
            for (Cli.Result r : new Cli.Result[] {g, e}) {
                assertEquals(0, r.status(), mode + ": " + r.err());
                assertTrue(r.out().contains("\"mode\":\"" + mode + "\""), r.out());
                assertTrue(r.out().contains("\"result\":[\"" + AES_OUT + "\"]"), r.out());
            }
            // The circuit's output goes to both parties: the evaluator decodes it, the garbler one flight later.
            List<Integer> evaluator = ints(e.out(), "sessionFlights");
            List<Integer> garbler = ints(g.out(), "sessionFlights");
            assertEquals(6, evaluator.size());
            for (int i = 0; i < 6; i++) {
                assertEquals(mode.equals("kept") ? 2 : 3, evaluator.get(i), mode + ": the evaluator's flights in execution " + (i + 1));
                assertEquals(mode.equals("kept") ? 3 : 4, garbler.get(i), mode + ": the garbler's flights in execution " + (i + 1));
            }
        }
    }

    @Test
    void garbageInsideAProgramEndsTheLinkAtBothParties() throws Exception {
        Cli.firstPassOnly("the link's checks do not depend on the kernel");
        int port = Cli.freePort();
        // The garbler's data is altered from its third program or so on (each AES program is about 260 KB).
        try (TamperingRelay relay = new TamperingRelay(port, 1, 600 << 10, 16 << 10)) {
            Cli.Running g = Cli.launch(Cli.QUICK_JVM, party("garbler", port, "--sessions", "20", "--link", "--timeout", "20")
                    .toArray(String[]::new));
            Cli.Result e = Cli.launch(Cli.QUICK_JVM, party("evaluator", relay.port(), "--sessions", "20", "--link", "--timeout", "20")
                    .toArray(String[]::new)).await(60);
            Cli.Result gr = g.await(30);
            assertNotNull(relay.tampered(), "the relay altered nothing");
            String el = failure(e, "the evaluator");
            String gl = failure(gr, "the garbler");
            assertTrue(el.contains("program ") && el.contains(" on the link"), "the evaluator names the program: " + el);
            assertTrue(el.contains("do not decode") || el.contains("peer"), "the evaluator blames the peer: " + el);
            assertTrue(gl.contains("peer") || gl.contains("evaluator"), "the garbler says the peer ended it: " + gl);
        }
    }

    @Test
    void aFrozenPeerEndsTheLinkAtItsTimeout() throws Exception {
        Cli.firstPassOnly("a silent peer does not depend on the kernel");
        int port = Cli.freePort();
        Cli.Running[] p = start(port, "--sessions", "100000", "--link", "--timeout", "5");
        try {
            awaitPrograms(port);
            p[1].freeze();
            long frozen = System.nanoTime();
            Cli.Result g = p[0].await(30);
            double seconds = (System.nanoTime() - frozen) / 1e9;
            String line = failure(g, "the garbler");
            assertTrue(line.contains("program ") && line.contains("on the link"), "the garbler names the program: " + line);
            assertTrue(seconds >= 4 && seconds < 5 + 5, "the garbler ended " + seconds + " s after its peer froze (--timeout 5)");
        } finally {
            p[1].kill();
        }
    }

    @Test
    void aKilledPeerEndsTheLinkInOneLine() throws Exception {
        Cli.firstPassOnly("a peer's end does not depend on the kernel");
        int port = Cli.freePort();
        Cli.Running[] p = start(port, "--sessions", "100000", "--link", "--timeout", "10");
        awaitPrograms(port);
        p[0].process().destroyForcibly();
        p[0].process().waitFor(10, TimeUnit.SECONDS);
        long killed = System.nanoTime();
        Cli.Result e = p[1].await(30);
        double seconds = (System.nanoTime() - killed) / 1e9;
        String line = failure(e, "the evaluator");
        assertTrue(line.contains("program ") && line.contains("on the link"), "the evaluator names the program: " + line);
        assertTrue(seconds < 5, "the evaluator took " + seconds + " s to see its peer gone");
        p[0].await(1);
    }
}
