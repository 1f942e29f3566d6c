package io.yaostream.e2e;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A man in the middle on loopback: each connection it accepts it forwards to the listening party's port, byte for
 * byte both ways, except on one of them (the {@code victim}-th it accepts, from 1), where it alters the listening
 * party's data: in the payload of the first frame of at least {@code minFrame} bytes that starts once {@code after}
 * bytes have gone that way, it flips one bit of every 16-byte block (bit 3 of the block's byte 5), so every label or
 * ciphertext in the frame is off by one bit. (One bit in a whole frame would not do: a garbled gate's rows are read
 * only as the evaluator's colour bits say, so a flip in a row it does not read changes nothing, and a run with or
 * without shards then rightly gives the true result; and a flip of a block's lowest bit went unnoticed in every trial.)
 *
 * <p>It parses that direction as the transport frames it: a 4-byte big-endian length word whose low 24 bits are the
 * length (the bits above them carry the frame's flights stamp), then that many bytes (the greeting is such a frame too);
 * a length word with its top bit set is a goodbye whose reason's length is the low 16 bits.
 * An end closing its side is passed on as a half-close, so a goodbye still reaches the other end; a reset, or the
 * relay closing, closes both sockets of the connection.
 */
final class TamperingRelay implements AutoCloseable {
    private static final int GOODBYE = 0x8000_0000;
    /** A frame's length bits; the bits above them up to the goodbye bit are its flights stamp. */
    private static final int LENGTH = 0x00ff_ffff;

    private final int target;
    private final int victim;
    private final long after;
    private final int minFrame;
    private final ServerSocket server;
    private final Thread acceptor;
    private final AtomicInteger accepted = new AtomicInteger();
    private final AtomicReference<String> tampered = new AtomicReference<>();
    private final List<Socket> sockets = new ArrayList<>();
    private volatile boolean closed;

    TamperingRelay(int target, int victim, long after, int minFrame) throws IOException {
        this.target = target;
        this.victim = victim;
        this.after = after;
        this.minFrame = minFrame;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        this.acceptor = new Thread(this::acceptAll, "tampering-relay-accept");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The port the relay listens on: the connecting party's address. */
    int port() {
        return server.getLocalPort();
    }

    /** How many connections the relay has accepted. */
    int accepted() {
        return accepted.get();
    }

    /** What the relay altered, in words, or null while it has altered nothing. */
    String tampered() {
        return tampered.get();
    }

    private void acceptAll() {
        while (!closed) {
            Socket down;
            try {
                down = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            int number = accepted.incrementAndGet();
            Thread t = new Thread(() -> relay(down, number), "tampering-relay-" + number);
            t.setDaemon(true);
            t.start();
        }
    }

    private void relay(Socket down, int number) {
        Socket up;
        try {
            up = connectUpstream();
        } catch (IOException e) {
            closeQuietly(down);
            return;
        }
        synchronized (sockets) {
            sockets.add(down);
            sockets.add(up);
            if (closed) {
                closeQuietly(down);
                closeQuietly(up);
                return;
            }
        }
        Thread toListener = new Thread(() -> pump(down, up, false, number), "tampering-relay-" + number + "-up");
        toListener.setDaemon(true);
        toListener.start();
        pump(up, down, number == victim, number);
    }

    /** The listening party's port; it may still be starting, so refused connections are retried for 30 s. */
    private Socket connectUpstream() throws IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                Socket s = new Socket(InetAddress.getLoopbackAddress(), target);
                s.setTcpNoDelay(true);
                return s;
            } catch (IOException e) {
                if (closed || System.nanoTime() > deadline) {
                    throw e;
                }
                try {
                    Thread.sleep(50);
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                    throw e;
                }
            }
        }
    }

    /** Copies {@code from} to {@code to} until {@code from} ends, flipping a bit on the way where {@code tamper}. */
    private void pump(Socket from, Socket to, boolean tamper, int number) {
        try {
            InputStream in = from.getInputStream();
            OutputStream out = to.getOutputStream();
            if (tamper) {
                pumpFrames(new DataInputStream(in), out, number);
            } else {
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) >= 0; ) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            }
            to.shutdownOutput(); // the end closed its side: pass the half-close on, after every byte it sent
        } catch (IOException e) {
            // a reset, or the relay closing: end the connection both ways
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private void pumpFrames(DataInputStream in, OutputStream out, int number) throws IOException {
        long passed = 0;
        byte[] header = new byte[4];
        while (true) {
            try {
                in.readFully(header);
            } catch (EOFException end) {
                return;
            }
            int word = ((header[0] & 0xff) << 24) | ((header[1] & 0xff) << 16) | ((header[2] & 0xff) << 8) | (header[3] & 0xff);
            long length = (word & GOODBYE) != 0 ? word & 0xffff : word & LENGTH;
            byte[] payload = new byte[(int) length];
            in.readFully(payload);
            if ((word & GOODBYE) == 0 && tampered.get() == null && passed >= after && length >= minFrame) {
                for (int at = 5; at < payload.length; at += 16) {
                    payload[at] ^= 1 << 3;
                }
                tampered.set("connection " + number + ": one bit in each 16-byte block of a frame of " + length + " bytes, "
                        + passed + " bytes into the listening party's data");
            }
            out.write(header);
            out.write(payload);
            out.flush();
            passed += 4 + length;
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException ignored) {
            // closing anyway
        }
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing anyway
        }
        synchronized (sockets) {
            sockets.forEach(TamperingRelay::closeQuietly);
        }
    }
}
