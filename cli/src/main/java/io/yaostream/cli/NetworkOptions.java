package io.yaostream.cli;

import io.yaostream.Party;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.SimulatedNetwork;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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

    @Option(names = "--peer-cert", paramLabel = "PEM",
            description = "With mutual TLS: the certificate the peer must present, as its PEM file or sha256:FINGERPRINT. The link is"
                    + " then bound to that peer: any other certificate, even one --tls-trust signs, is refused in the TLS handshake."
                    + " Without it, TLS encrypts the link but does not identify the peer. run3 takes it once for each other party,"
                    + " as N=PEM (e.g. --peer-cert 1=p1.pem --peer-cert 2=p2.pem at P3).")
    List<String> peerCerts;

    @Option(names = "--network", paramLabel = "RATE,LATENCY", defaultValue = "none",
            description = "Simulate a slower network: " + NETWORK_FORM + ". This party delays the data it receives as such a "
                    + "line would (each direction of a link is a line of its own), so give it to both parties to simulate both "
                    + "directions (a command that runs both parties, such as --demo, simulates both). Default: none, the network "
                    + "as it is.")
    String network;

    /**
     * The transport of a command that runs every party itself ({@code --demo}): as {@link #base}, with no
     * {@code --peer-cert}, which names one party's peer.
     */
    TransportOptions transport(String who, PrintWriter err) {
        if (peerCerts != null && !peerCerts.isEmpty()) {
            throw new UsageError("--peer-cert: names the peer of a party that runs alone (--role with --listen or --connect), not with --demo");
        }
        return base(who, err);
    }

    /**
     * The transport of one party of a two-party run: as {@link #base}, and bound to the peer where {@code --peer-cert}
     * names its certificate.
     */
    TransportOptions twoParty(Party party, PrintWriter err) {
        TransportOptions o = base(party.key(), err);
        if (peerCerts == null || peerCerts.isEmpty()) {
            return o;
        }
        if (peerCerts.size() > 1) {
            throw new UsageError("--peer-cert: a two-party run has one peer; give its certificate once, got " + peerCerts.size());
        }
        String value = peerCerts.get(0);
        if (value.matches("[0-9]+=.*")) {
            throw new UsageError("--peer-cert: N=PEM names a party of run3; give the peer's certificate file or sha256:FINGERPRINT");
        }
        if (o.tls() == null) {
            throw new UsageError("--peer-cert: the peer's certificate is checked by mutual TLS; give --tls-cert, --tls-key and --tls-trust too");
        }
        return o.withPeer(PeerIdentity.of(party == Party.GARBLER ? "the evaluator" : "the garbler", PeerCertificate.parse(value)));
    }

    /** run3's {@code --peer-cert N=PEM} values: each other party's certificate by number (checked when the run starts). */
    Map<Integer, String> partyCertificates(int me) {
        Map<Integer, String> m = new TreeMap<>();
        for (String v : peerCerts == null ? List.<String>of() : peerCerts) {
            int eq = v.indexOf('=');
            int p = eq == 1 ? Character.digit(v.charAt(0), 10) : -1;
            if (p < 1 || p > 3) {
                throw new UsageError("--peer-cert: run3 takes N=PEM, the certificate of party N (1, 2 or 3), got '" + v + "'");
            }
            if (p == me) {
                throw new UsageError("--peer-cert " + v + ": names this party's own number; give the other two parties' certificates");
            }
            if (m.put(p, v.substring(2)) != null) {
                throw new UsageError("--peer-cert: P" + p + "'s certificate is given twice");
            }
        }
        return m;
    }

    /**
     * The transport these options ask for, its notices (dropped connections, connect retries, the port chosen for
     * {@code --listen 0}) going to {@code err} as lines that start with {@code who}. The TLS files are read and
     * checked here, at start-up: a problem is one line naming the file, exit status 1.
     */
    TransportOptions base(String who, PrintWriter err) {
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
