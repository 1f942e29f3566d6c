package io.yaostream.cli.bench;

import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.fixtures.WideAndCircuit;

import java.util.concurrent.CompletableFuture;

/**
 * What a run cannot go below on this machine, measured in the same minutes as the runs it is a floor for: a round
 * trip over TCP loopback, loopback's bandwidth one way, and the kernel's garbling time per AND gate. An application's
 * floor is its round trips times the first, its bytes over the second, and its AND gates times the third.
 *
 * @param roundTripNs a one-byte message and its one-byte answer over a yaostream channel, median
 * @param bytesPerSecond one way over a yaostream channel, the best of three runs of 128 MiB in 256 KiB writes
 * @param garbleNsPerAnd half-gates garbling of a wide AND circuit by the kernel, median per AND gate
 */
public record LoopbackFloor(double roundTripNs, double bytesPerSecond, double garbleNsPerAnd) {
    private static final int ROUND_TRIPS = 2_000;
    private static final int BANDWIDTH_BYTES = 128 << 20;
    private static final int BANDWIDTH_RUNS = 3;
    private static final int WRITE_BYTES = 256 << 10;

    /** The floor of a run of {@code rounds} round trips, {@code bytes} bytes and {@code and} AND gates, in milliseconds. */
    public double millis(long rounds, long bytes, long and) {
        return (rounds * roundTripNs + bytes * 1e9 / bytesPerSecond + and * garbleNsPerAnd) / 1e6;
    }

    /** Measures the three figures now, with {@code kernel} garbling. */
    public static LoopbackFloor measure(TransportOptions transport, Kernel kernel) {
        double[] rtt = new double[ROUND_TRIPS];
        double seconds;
        try (NettyTransport.Listener listener = NettyTransport.listen("127.0.0.1", 0, transport)) {
            CompletableFuture<Channel> accepted = CompletableFuture.supplyAsync(listener::accept);
            try (Channel a = NettyTransport.connect("127.0.0.1", listener.port(), transport); Channel b = accepted.join()) {
                CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
                    byte[] one = new byte[1];
                    for (int i = 0; i < 2 * ROUND_TRIPS; i++) {
                        b.readFully(one, 0, 1);
                        b.write(one, 0, 1);
                        b.flush();
                    }
                    byte[] chunk = new byte[WRITE_BYTES];
                    for (int run = 0; run < BANDWIDTH_RUNS; run++) {
                        for (int left = BANDWIDTH_BYTES; left > 0; left -= WRITE_BYTES) {
                            b.readFully(chunk, 0, WRITE_BYTES);
                        }
                        b.write(one, 0, 1);
                        b.flush();
                    }
                });
                byte[] one = new byte[1];
                for (int i = 0; i < 2 * ROUND_TRIPS; i++) { // the first half warms up
                    long t0 = System.nanoTime();
                    a.write(one, 0, 1);
                    a.flush();
                    a.readFully(one, 0, 1);
                    if (i >= ROUND_TRIPS) {
                        rtt[i - ROUND_TRIPS] = System.nanoTime() - t0;
                    }
                }
                byte[] chunk = new byte[WRITE_BYTES];
                seconds = Double.MAX_VALUE;
                for (int run = 0; run < BANDWIDTH_RUNS; run++) { // the best run: the others met a busier machine
                    long t0 = System.nanoTime();
                    for (int left = BANDWIDTH_BYTES; left > 0; left -= WRITE_BYTES) {
                        a.write(chunk, 0, WRITE_BYTES);
                    }
                    a.flush();
                    a.readFully(one, 0, 1); // the reader has everything
                    seconds = Math.min(seconds, (System.nanoTime() - t0) / 1e9);
                }
                echo.join();
            }
        }
        io.yaostream.core.circuit.CompiledCircuit wide = WideAndCircuit.build();
        GarblingTiming.Result g = GarblingTiming.measure(Schemes.byName(Schemes.DEFAULT), kernel, kernel, wide, 3, 300, 5);
        return new LoopbackFloor(new Samples(rtt).median(), BANDWIDTH_BYTES / seconds, g.garbleNs().median() / wide.counts().and());
    }
}
