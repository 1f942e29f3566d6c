package io.yaostream.spark;

import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;

import java.io.Serializable;
import java.nio.file.Path;
import java.time.Duration;

/**
 * The transport settings a party's driver hands its tasks (transport options themselves hold buffers and callbacks,
 * which do not travel): the timeout, mutual TLS as three file paths, and the peer's certificate as its file's path (or
 * its {@code sha256:} fingerprint), all readable where the tasks run (ship them with {@code spark-submit --files}, or
 * keep them at the same path on every node).
 *
 * @param peer the other party's certificate as given ({@link PeerCertificate#parse}), or null: then the peer is not
 *             identified, only encrypted to (with TLS)
 */
record LinkSettings(long timeoutMillis, String certificate, String key, String trust, String peer) implements Serializable {
    private static final long serialVersionUID = 2L;

    static LinkSettings of(Duration timeout, TlsFiles tls, String peer) {
        return tls == null ? new LinkSettings(timeout.toMillis(), null, null, null, null)
                : new LinkSettings(timeout.toMillis(), tls.certificate().toString(), tls.privateKey().toString(), tls.trusted().toString(), peer);
    }

    TlsFiles tls() {
        return certificate == null ? null : new TlsFiles(Path.of(certificate), Path.of(key), Path.of(trust));
    }

    /** Whether links are bound to the parties: TLS on and the peer's certificate named. */
    boolean identified() {
        return certificate != null && peer != null;
    }

    /** The transport options of every link, before any identity is named. */
    TransportOptions options() {
        TransportOptions o = TransportOptions.defaults().withTimeout(Duration.ofMillis(timeoutMillis));
        return certificate == null ? o : o.withTls(tls());
    }

    /** The other party's certificate, or null. */
    PeerCertificate peerCertificate() {
        return identified() ? PeerCertificate.parse(peer) : null;
    }

    /** {@code base}, requiring the other party (called {@code role}) at the end of the link, where it is identified. */
    TransportOptions toPeer(TransportOptions base, String role) {
        return identified() ? base.withPeer(PeerIdentity.of(role, peerCertificate())) : base;
    }

    /**
     * {@code base}, requiring this party's own certificate at the end of the link (a garbler task reaching its own
     * driver's rendezvous), where links are identified.
     */
    TransportOptions toOwnDriver(TransportOptions base) {
        return identified() ? base.withPeer(PeerIdentity.of("the garbler's driver", tls().ownCertificate())) : base;
    }
}
