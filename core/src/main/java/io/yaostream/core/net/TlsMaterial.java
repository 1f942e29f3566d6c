package io.yaostream.core.net;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;

import javax.net.ssl.SSLException;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * The contents of {@link TlsFiles}, read and checked: this party's certificate chain, its private key (which must
 * be the chain's first certificate's), and at least one trusted certificate. Every problem is a
 * {@link ChannelException} of one line that names the file, says what is wrong and how to fix it, so a party
 * finds out when it starts, not when (or after) its peer connects.
 */
final class TlsMaterial {
    /** Larger files are not certificates or keys a party would use; they are refused unread. */
    private static final long MAX_FILE_BYTES = 1 << 20;
    private static final String PKCS8_COMMAND = "openssl pkcs8 -topk8 -nocrypt -in %s -out key-pkcs8.pem";

    private final X509Certificate[] chain;
    private final PrivateKey key;
    private final X509Certificate[] trusted;

    private TlsMaterial(X509Certificate[] chain, PrivateKey key, X509Certificate[] trusted) {
        this.chain = chain;
        this.key = key;
        this.trusted = trusted;
    }

    /** Reads and checks the three files. */
    static TlsMaterial load(TlsFiles files) {
        X509Certificate[] chain = certificates(files.certificate(), "TLS certificate file");
        if (chain.length == 0) {
            throw new ChannelException("TLS certificate file " + files.certificate() + ": holds no certificate"
                    + (hasBlock(files.certificate(), "PRIVATE KEY") ? " but a private key (are the certificate and key files swapped?)"
                    : "; give this party's PEM certificate (-----BEGIN CERTIFICATE-----)"));
        }
        PrivateKey key = privateKey(files.privateKey(), chain[0]);
        checkPair(files, chain[0], key);
        X509Certificate[] trusted = certificates(files.trusted(), "TLS trust file");
        if (trusted.length == 0) {
            throw new ChannelException("TLS trust file " + files.trusted() + ": holds no certificate; put there the PEM certificate(s)"
                    + " that signed the peer's certificate (-----BEGIN CERTIFICATE-----)");
        }
        return new TlsMaterial(chain, key, trusted);
    }

    /** This party's own certificate, as a peer names it. */
    PeerCertificate own() {
        return PeerCertificate.of(chain[0]);
    }

    /**
     * The listening side: presents this party's certificate and requires one from the peer, signed by a trusted one and,
     * where {@code peer} is given, one of its certificates.
     */
    SslContext serverContext(PeerIdentity peer) {
        try {
            return SslContextBuilder.forServer(key, chain).trustManager(trust(peer)).clientAuth(ClientAuth.REQUIRE).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new ChannelException("cannot set up TLS with these files: " + TlsErrors.innermostMessage(e), e);
        }
    }

    /**
     * The connecting side: presents this party's certificate and checks the peer's against the trusted ones and, where
     * {@code peer} is given, against its certificates.
     */
    SslContext clientContext(PeerIdentity peer) {
        try {
            return SslContextBuilder.forClient().keyManager(key, chain).trustManager(trust(peer)).build();
        } catch (SSLException | IllegalArgumentException e) {
            throw new ChannelException("cannot set up TLS with these files: " + TlsErrors.innermostMessage(e), e);
        }
    }

    /** The JDK's PKIX check over the trusted certificates, then the peer's identity. */
    private PinnedTrust trust(PeerIdentity peer) {
        try {
            KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
            store.load(null, null);
            for (int i = 0; i < trusted.length; i++) {
                store.setCertificateEntry("trusted-" + i, trusted[i]);
            }
            TrustManagerFactory factory = TrustManagerFactory.getInstance("PKIX");
            factory.init(store);
            for (TrustManager m : factory.getTrustManagers()) {
                if (m instanceof X509ExtendedTrustManager pkix) {
                    return new PinnedTrust(pkix, peer);
                }
            }
            throw new IllegalStateException("the JDK's PKIX trust manager factory made no X509ExtendedTrustManager");
        } catch (GeneralSecurityException | IOException e) {
            throw new ChannelException("cannot set up TLS with these files: " + TlsErrors.innermostMessage(e), e);
        }
    }

    /** One PEM block: its label ({@code CERTIFICATE}, {@code PRIVATE KEY}, ...) and its decoded bytes. */
    private record Block(String label, byte[] der) {
    }

    private static String text(Path file, String what) {
        try {
            if (Files.isDirectory(file)) {
                throw new ChannelException(what + " " + file + ": is a directory, not a PEM file");
            }
            if (!Files.isReadable(file)) {
                throw new ChannelException(what + " " + file + ": " + (Files.exists(file) ? "cannot be read (check its permissions)" : "does not exist"));
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new ChannelException(what + " " + file + ": larger than 1 MiB, not a PEM file");
            }
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new ChannelException(what + " " + file + ": cannot be read: " + e.getMessage(), e);
        }
    }

    /** The PEM blocks of {@code file}; a file with none is refused as not PEM. */
    private static List<Block> blocks(Path file, String what, String expected) {
        String text = text(file, what);
        List<Block> blocks = new ArrayList<>();
        int at = 0;
        while (true) {
            int begin = text.indexOf("-----BEGIN ", at);
            if (begin < 0) {
                break;
            }
            int labelEnd = text.indexOf("-----", begin + 11);
            if (labelEnd < 0) {
                break;
            }
            String label = text.substring(begin + 11, labelEnd);
            String endLine = "-----END " + label + "-----";
            int end = text.indexOf(endLine, labelEnd + 5);
            if (end < 0) {
                throw new ChannelException(what + " " + file + ": the PEM block " + label + " has no " + endLine + " line");
            }
            String body = text.substring(labelEnd + 5, end);
            byte[] der;
            try {
                der = body.contains(":") ? null : Base64.getMimeDecoder().decode(body);
            } catch (IllegalArgumentException e) {
                throw new ChannelException(what + " " + file + ": the PEM block " + label + " is not valid base64");
            }
            blocks.add(new Block(label, der));
            at = end + endLine.length();
        }
        if (blocks.isEmpty()) {
            String der = expected.equals("CERTIFICATE") ? "openssl x509 -inform der -in " + file + " -out cert.pem"
                    : "openssl pkey -inform der -in " + file + " -out key-pkcs8.pem";
            throw new ChannelException(what + " " + file + ": not a PEM file (no -----BEGIN " + expected + "----- line); a DER file"
                    + " converts with: " + der);
        }
        return blocks;
    }

    private static boolean hasBlock(Path file, String label) {
        return blocks(file, "TLS file", label).stream().anyMatch(b -> b.label().endsWith(label));
    }

    private static X509Certificate[] certificates(Path file, String what) {
        List<X509Certificate> certs = new ArrayList<>();
        CertificateFactory factory;
        try {
            factory = CertificateFactory.getInstance("X.509");
        } catch (CertificateException e) {
            throw new IllegalStateException("every Java platform reads X.509 certificates", e);
        }
        for (Block b : blocks(file, what, "CERTIFICATE")) {
            if (!b.label().equals("CERTIFICATE")) {
                continue;
            }
            try {
                if (b.der() == null) {
                    throw new CertificateException("the block has headers");
                }
                certs.add((X509Certificate) factory.generateCertificate(new ByteArrayInputStream(b.der())));
            } catch (CertificateException e) {
                throw new ChannelException(what + " " + file + ": certificate " + (certs.size() + 1) + " cannot be read: "
                        + TlsErrors.innermostMessage(e));
            }
        }
        return certs.toArray(X509Certificate[]::new);
    }

    /** The PKCS#8 key of {@code file}, of the certificate's key type; other key formats are named with the fix. */
    private static PrivateKey privateKey(Path file, X509Certificate certificate) {
        String what = "TLS private key file";
        List<Block> blocks = blocks(file, what, "PRIVATE KEY");
        for (Block b : blocks) {
            switch (b.label()) {
                case "RSA PRIVATE KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY" -> throw new ChannelException(what + " " + file + ": a "
                        + (b.label().startsWith("RSA") ? "PKCS#1 RSA" : b.label().startsWith("EC") ? "SEC1 EC" : "traditional DSA")
                        + " key (-----BEGIN " + b.label() + "-----), not PKCS#8; convert it with: " + PKCS8_COMMAND.formatted(file));
                case "ENCRYPTED PRIVATE KEY" -> throw new ChannelException(what + " " + file + ": the key is encrypted; write it"
                        + " unencrypted (keep the file private) with: openssl pkey -in " + file + " -out key-pkcs8.pem");
                default -> {
                }
            }
        }
        Block pkcs8 = blocks.stream().filter(b -> b.label().equals("PRIVATE KEY")).findFirst().orElseThrow(() -> new ChannelException(
                what + " " + file + ": holds no private key (-----BEGIN PRIVATE KEY-----)"
                        + (blocks.stream().anyMatch(b -> b.label().equals("CERTIFICATE")) ? " but a certificate (are the certificate and key files swapped?)" : "")));
        String algorithm = certificate.getPublicKey().getAlgorithm();
        try {
            if (pkcs8.der() == null) {
                throw new GeneralSecurityException("the block has headers, as an encrypted traditional key does");
            }
            return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(pkcs8.der()));
        } catch (GeneralSecurityException e) {
            throw new ChannelException(what + " " + file + ": not a PKCS#8 " + algorithm + " key, the certificate's key type ("
                    + TlsErrors.innermostMessage(e) + ")");
        }
    }

    /** The key must be the certificate's: a signature made with it has to verify with the certificate's public key. */
    private static void checkPair(TlsFiles files, X509Certificate certificate, PrivateKey key) {
        String algorithm = switch (key.getAlgorithm()) {
            case "RSA" -> "SHA256withRSA";
            case "EC" -> "SHA256withECDSA";
            case "DSA" -> "SHA256withDSA";
            case "EdDSA", "Ed25519", "Ed448" -> "EdDSA";
            default -> null; // other key types (RSASSA-PSS, ...): left to the TLS handshake
        };
        if (algorithm == null) {
            return;
        }
        byte[] probe = "yaostream: does this key belong to the certificate?".getBytes(StandardCharsets.US_ASCII);
        boolean pair;
        try {
            Signature s = Signature.getInstance(algorithm);
            s.initSign(key);
            s.update(probe);
            byte[] signature = s.sign();
            PublicKey publicKey = certificate.getPublicKey();
            s.initVerify(publicKey);
            s.update(probe);
            pair = s.verify(signature);
        } catch (GeneralSecurityException e) {
            pair = false;
        }
        if (!pair) {
            throw new ChannelException("TLS private key file " + files.privateKey() + ": does not match the certificate in "
                    + files.certificate() + "; give the key that certificate was made for");
        }
    }
}
