package io.yaostream.core.net;

import java.util.List;

/**
 * Which certificates the peer of a connection may present, and what that peer is called in messages ("P2", "the
 * evaluator"). With TLS on, the transport accepts a peer only if its end-entity certificate is one of these, on the
 * accepting and the connecting side alike, and refuses any other in the TLS handshake with one line that names the
 * certificate presented; the protocol above then checks that the role the peer claims is the one its certificate
 * carries ({@link Channel#peerIdentity}).
 *
 * @param role         what the peer is called in messages
 * @param certificates the certificates accepted (one per role the connection may carry: a rendezvous accepts its own
 *                     party's tasks and the other party's driver)
 */
public record PeerIdentity(String role, List<PeerCertificate> certificates) {
    public PeerIdentity {
        if (role == null || role.isBlank()) {
            throw new IllegalArgumentException("a peer identity needs the peer's name for messages");
        }
        certificates = List.copyOf(certificates);
        if (certificates.isEmpty()) {
            throw new IllegalArgumentException("a peer identity needs at least one certificate");
        }
    }

    /** The peer called {@code role} must present {@code certificate}. */
    public static PeerIdentity of(String role, PeerCertificate certificate) {
        return new PeerIdentity(role, List.of(certificate));
    }

    /** The accepted certificate {@code presented} is, or null if none. */
    PeerCertificate match(java.security.cert.X509Certificate presented) {
        for (PeerCertificate c : certificates) {
            if (c.matches(presented)) {
                return c;
            }
        }
        return null;
    }

    /** What was expected, for a refusal: "P2's certificate CN=p2 (SHA-256 …)". */
    String expected() {
        if (certificates.size() == 1) {
            return role + "'s certificate " + certificates.get(0);
        }
        StringBuilder b = new StringBuilder("one of the certificates of ").append(role).append(": ");
        for (int i = 0; i < certificates.size(); i++) {
            b.append(i == 0 ? "" : ", ").append(certificates.get(i));
        }
        return b.toString();
    }
}
