package io.yaostream.cli;

import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;

/** {@code --timeout} and the mutual-TLS files of a two-party run. */
final class NetworkOptions {
    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30",
            description = "How long to wait for the peer to connect, to send data or to take it (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--tls-cert", paramLabel = "PEM", description = "This party's certificate (mutual TLS; needs --tls-key and --tls-trust).")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "PEM", description = "This party's private key, PEM PKCS#8 unencrypted (-----BEGIN PRIVATE KEY-----).")
    Path tlsKey;

    @Option(names = "--tls-trust", paramLabel = "PEM", description = "Certificates trusted to sign the peer's certificate.")
    Path tlsTrust;

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
}
