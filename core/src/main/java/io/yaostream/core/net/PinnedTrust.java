package io.yaostream.core.net;

import javax.net.ssl.SSLEngine;
import javax.net.ssl.X509ExtendedTrustManager;
import java.net.Socket;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;

/**
 * The trust check of one listener or one connection: the peer's chain must be signed by a trusted certificate (the
 * JDK's PKIX check, with its endpoint identification where the engine asks for it), and then, where a
 * {@link PeerIdentity} is given, the end-entity certificate must be one of the identity's. Checked inside the TLS
 * handshake, so a peer with another certificate is refused before it can send a protocol byte.
 */
final class PinnedTrust extends X509ExtendedTrustManager {
    /** A refusal for the wrong certificate; its message is the line {@link TlsErrors#describe} gives. */
    static final class WrongPeerException extends CertificateException {
        WrongPeerException(String message) {
            super(message);
        }
    }

    private final X509ExtendedTrustManager pkix;
    private final PeerIdentity peer;

    PinnedTrust(X509ExtendedTrustManager pkix, PeerIdentity peer) {
        this.pkix = pkix;
        this.peer = peer;
    }

    private void pinned(X509Certificate[] chain) throws CertificateException {
        if (peer != null && (chain == null || chain.length == 0 || peer.match(chain[0]) == null)) {
            String presented = chain == null || chain.length == 0 ? "no certificate" : PeerCertificate.of(chain[0]).toString();
            throw new WrongPeerException("the peer presented " + presented + ", not " + peer.expected());
        }
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        pkix.checkClientTrusted(chain, authType, engine);
        pinned(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine) throws CertificateException {
        pkix.checkServerTrusted(chain, authType, engine);
        pinned(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        pkix.checkClientTrusted(chain, authType, socket);
        pinned(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
        pkix.checkServerTrusted(chain, authType, socket);
        pinned(chain);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkClientTrusted(chain, authType);
        pinned(chain);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
        pkix.checkServerTrusted(chain, authType);
        pinned(chain);
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
        return pkix.getAcceptedIssuers();
    }
}
