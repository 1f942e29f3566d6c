package io.yaostream.spark;

import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The transport settings a party's driver hands its tasks (transport options themselves hold buffers and callbacks,
 * which do not travel): the timeout, and mutual TLS as three file paths that must be readable where the tasks run
 * (ship them with {@code spark-submit --files}, or keep them at the same path on every node).
 */
record LinkSettings(long timeoutMillis, String certificate, String key, String trust) implements Serializable {
    private static final long serialVersionUID = 1L;

    static LinkSettings of(Duration timeout, TlsFiles tls) {
        return tls == null ? new LinkSettings(timeout.toMillis(), null, null, null)
                : new LinkSettings(timeout.toMillis(), tls.certificate().toString(), tls.privateKey().toString(), tls.trusted().toString());
    }

    TlsFiles tls() {
        return certificate == null ? null : new TlsFiles(Path.of(certificate), Path.of(key), Path.of(trust));
    }

    TransportOptions options() {
        TransportOptions o = TransportOptions.defaults().withTimeout(Duration.ofMillis(timeoutMillis));
        return certificate == null ? o : o.withTls(tls());
    }
}
