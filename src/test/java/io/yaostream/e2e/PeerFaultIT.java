package io.yaostream.e2e;

import io.yaostream.core.net.NettyTransport;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A fake peer that speaks the protocol up to the base OTs and then sends invalid points: the real party must end with
 * one line that blames the peer and exit 1, as for any failure the user can act on (not "internal error", exit 70).
 * The fake peer greets as the transport does, frames its bytes likewise (a 4-byte big-endian length, then the bytes) and
 * answers the party's hello with the same hello in the other role, so the handshake passes.
 */
@Timeout(120)
class PeerFaultIT {
    private static final int POINT = 64;
    private static final int GROUPS = 32; // 128 base OTs, four per group

    @Test
    void aFakeEvaluatorsInvalidBaseOtPointEndsTheGarblerWithOneLineAndExitOne() throws Exception {
        int port = Cli.freePort();
        Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, "run", "--role", "garbler", "--circuit", Cli.bristol("adder64.txt").toString(),
                "--in", "0000000000000005", "--listen", String.valueOf(port), "--timeout", "20");
        try (Socket s = connect(port)) {
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            answerHello(in, out, 1);
            byte[] a = new byte[POINT];
            java.util.Arrays.fill(a, (byte) 0xff); // the base-OT sender's point U, x = 2^255 - 1 after the top bit: not canonical
            frame(out, a);
            Cli.Result r = garbler.await(60);
            assertOneLine(r, "yaostream run: the peer sent an invalid base-OT point (message 2, point U): its x coordinate is not below 2^255 - 19");
        }
    }

    @Test
    void aFakeGarblersSmallOrderBaseOtPointEndsTheEvaluatorWithOneLineAndExitOne() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Cli.Running evaluator = Cli.launch(Cli.QUICK_JVM, "run", "--role", "evaluator", "--circuit", Cli.bristol("adder64.txt").toString(),
                    "--in", "0000000000000007", "--connect", "127.0.0.1:" + server.getLocalPort(), "--timeout", "20");
            CompletableFuture<Cli.Result> result = CompletableFuture.supplyAsync(() -> evaluator.await(60));
            try (Socket s = server.accept()) {
                DataInputStream in = new DataInputStream(s.getInputStream());
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                answerHello(in, out, 0); // the garbler speaks first in the base OTs: its points B ride with its hello
                byte[] points = new byte[GROUPS * POINT];
                for (int g = 0; g < GROUPS; g++) {
                    points[g * POINT + 32] = 1; // (0, 1), the neutral element: small order
                }
                frame(out, points);
                assertOneLine(result.get(), "yaostream run: the peer sent an invalid base-OT point (message 1, point B of group 0 of 32): it has small order");
            }
        }
    }

    /**
     * A peer that dies while sending leaves part of a frame: the party names the peer as having closed the connection
     * partway through it, not as having broken the protocol with a bad frame.
     */
    @Test
    void aPeerThatEndsInsideAFrameIsNamedAsGoneNotAsABadFrame() throws Exception {
        int port = Cli.freePort();
        Cli.Running garbler = Cli.launch(Cli.QUICK_JVM, "run", "--role", "garbler", "--circuit", Cli.bristol("adder64.txt").toString(),
                "--in", "0000000000000005", "--listen", String.valueOf(port), "--timeout", "20");
        try (Socket s = connect(port)) {
            DataInputStream in = new DataInputStream(s.getInputStream());
            DataOutputStream out = new DataOutputStream(s.getOutputStream());
            answerHello(in, out, 1);
            out.writeInt(POINT); // the frame of the evaluator's point U, of which only 10 bytes come
            out.write(new byte[10]);
            out.flush();
            s.shutdownOutput();
            in.readAllBytes(); // until the party closes: nothing left unread here, so the end is a clean one, not a reset
            Cli.Result r = garbler.await(60);
            assertOneLine(r, "yaostream run: ");
            assertTrue(r.err().contains("closed the connection partway through a frame (14 of " + (4 + POINT) + " bytes had arrived)"), r.err());
            assertTrue(!r.err().contains("bad frame"), r.err());
        }
    }

    private static void assertOneLine(Cli.Result r, String start) {
        assertEquals(1, r.status(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith(start), err);
    }

    private static Socket connect(int port) throws InterruptedException {
        for (int attempt = 0; ; attempt++) {
            try {
                return new Socket(InetAddress.getLoopbackAddress(), port);
            } catch (IOException e) {
                if (attempt == 300) {
                    throw new AssertionError("the party never listened on " + port, e);
                }
                Thread.sleep(100);
            }
        }
    }

    /**
     * Exchanges the transport's greeting, then reads the party's hello and sends it back as the peer's, with role
     * {@code role} (0 garbler, 1 evaluator).
     */
    private static void answerHello(DataInputStream in, DataOutputStream out, int role) throws IOException {
        byte[] greeting = NettyTransport.greeting();
        out.write(greeting);
        out.flush();
        assertArrayEquals(greeting, in.readNBytes(greeting.length), "the party's greeting");
        byte[] frame = readFrame(in);
        assertEquals('Y', frame[0], "a hello starts with the magic YAOS");
        // magic, version, role (9 bytes), scheme and program after a 2-byte length each, the 32-byte digest; a
        // garbler's then has its 16-byte key of π, and its first base-OT message (its points B) may follow in the same
        // frame. The answer is the party's hello up to the digest, with 16 bytes of key when it poses as the garbler.
        int scheme = 9 + 2 + ((frame[9] & 0xff) << 8 | frame[10] & 0xff);
        int length = scheme + 2 + ((frame[scheme] & 0xff) << 8 | frame[scheme + 1] & 0xff) + 32;
        byte[] hello = java.util.Arrays.copyOf(frame, length + (role == 0 ? 16 : 0));
        java.util.Arrays.fill(hello, length, hello.length, (byte) 0x5a);
        hello[8] = (byte) role;
        frame(out, hello);
    }

    private static byte[] readFrame(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt() & 0x00ff_ffff]; // the length bits of the word; the party stamps the bits above
        in.readFully(b);
        return b;
    }

    private static void frame(DataOutputStream out, byte[] b) throws IOException {
        out.writeInt(b.length);
        out.write(b);
        out.flush();
    }
}
