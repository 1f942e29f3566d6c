package io.yaostream.cli;

import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;

/** {@code --timeout}, the mutual-TLS files and the simulated network of a two-party run. */
final class NetworkOptions {
    /** What {@code --network} takes, for every command that has it. */
    static final String NETWORK_FORM = "RATE[,LATENCY], e.g. 100mbit,30ms (rate in bit, kbit, mbit or gbit per second, "
            + "one-way latency in s, ms or us, 0 if left out)";

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the peer to connect, to send data or to take it (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--tls-cert", paramLabel = "PEM", description = "This party's certificate (mutual TLS; needs --tls-key and --tls-trust).")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "This party's private key, PEM PKCS#8 unencrypted (-----BEGIN PRIVATE KEY-----).")
    Path tlsKey;

    @Option(names = "--tls-trust", paramLabel = "PEM", description = "Certificates trusted to sign the peer's certificate.")
    Path tlsTrust;

    @Option(names = "--network", paramLabel = "RATE,LATENCY", defaultValue = "none",
            description = "Simulate a slower network: " + NETWORK_FORM + ". This party delays the data it receives as such a "
                    + "line would (each direction of a link is a line of its own), so give it to both parties to simulate both "
                    + "directions (a command that runs both parties, such as --demo, simulates both). Default: none, the network "
                    + "as it is.")
    String network;

    /**
     * The transport these options ask for, its notices (dropped connections, connect retries, the port chosen for
     * {@code --listen 0}) going to {@code err} as lines that start with {@code who}. The TLS files are read and
     * checked here, at start-up: a problem is one line naming the file, exit status 1.
     */
    TransportOptions transport(String who, PrintWriter err) {
        if (timeoutSeconds < 1) {
            throw new UsageError("--timeout: must be at least 1 second, got " + timeoutSeconds);
        }
        TransportOptions o = TransportOptions.defaults().withTimeout(Duration.ofSeconds(timeoutSeconds))
                .withNetwork(simulatedNetwork())
                .withNotices(line -> {
                    err.println(who + ": " + line);
                    err.flush();
                });
        int given = (tlsCert != null ? 1 : 0) + (tlsKey != null ? 1 : 0) + (tlsTrust != null ? 1 : 0);
        if (given == 0) {
            return o;
        }
        if (given < 3) {
            throw new UsageError("--tls-cert, --tls-key and --tls-trust: give all three for mutual TLS, or none");
        }
        TlsFiles files = new TlsFiles(tlsCert, tlsKey, tlsTrust);
        files.check();
        return o.withTls(files);
    }

    /** {@code --network}'s value; a bad one is a usage error. */
    SimulatedNetwork simulatedNetwork() {
        return simulatedNetwork(network);
    }

    /** {@code value} of a {@code --network} option; a bad one is a usage error, one line saying what is wrong. */
    static SimulatedNetwork simulatedNetwork(String value) {
        try {
            return SimulatedNetwork.parse(value);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--network: " + e.getMessage());
        }
    }
}
