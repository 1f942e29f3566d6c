package io.yaostream.core.net;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

import javax.net.ssl.SSLException;
import java.nio.file.Files;
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

    SslContext serverContext() {
        check();
        try {
            return SslContextBuilder.forServer(certificate.toFile(), privateKey.toFile())
                    .trustManager(trusted.toFile()).clientAuth(ClientAuth.REQUIRE).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new ChannelException("cannot use the TLS files: " + e.getMessage(), e);
        }
    }

    SslContext clientContext() {
        check();
        try {
            return SslContextBuilder.forClient().keyManager(certificate.toFile(), privateKey.toFile())
                    .trustManager(trusted.toFile()).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new ChannelException("cannot use the TLS files: " + e.getMessage(), e);
        }
    }

    /** A missing file is named rather than reported as Netty's nested parse failure. */
    private void check() {
        for (Path p : new Path[] {certificate, privateKey, trusted}) {
            if (!Files.isReadable(p)) {
                throw new ChannelException("TLS file " + p + " does not exist or cannot be read");
            }
        }
    }
}
