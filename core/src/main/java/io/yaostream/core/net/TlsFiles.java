package io.yaostream.core.net;

import java.nio.file.Path;

/**
 * Mutual TLS from PEM files: this party's certificate chain and PKCS#8 private key, and the certificates it
 * trusts for its peer. Both ends present a certificate and both check the other's, so a peer whose
 * certificate no trusted certificate signed is refused during the TLS handshake, before any protocol byte.
 */
public record TlsFiles(Path certificate, Path privateKey, Path trusted) {
    public TlsFiles {
        for (Path p : new Path[] {certificate, privateKey, trusted}) {
            if (p == null) {
                throw new IllegalArgumentException("mutual TLS needs a certificate, a private key and trusted certificates");
            }
        }
    }

    /**
     * Reads and checks the three files: each readable PEM, the certificate file with a certificate, the key file with
     * an unencrypted PKCS#8 key that is the certificate's, the trust file with at least one certificate. A problem is
     * a {@link ChannelException} of one line naming the file, what is wrong and how to fix it (a PKCS#1 key, for
     * one, gives the openssl command that converts it). Listening and connecting check them anyway before they
     * open a socket; a program calls this to fail even earlier.
     */
    public void check() {
        TlsMaterial.load(this);
    }

    /** This party's own certificate (the first of the certificate file), as a peer would name it; checks the files first. */
    public PeerCertificate ownCertificate() {
        return TlsMaterial.load(this).own();
    }
}
