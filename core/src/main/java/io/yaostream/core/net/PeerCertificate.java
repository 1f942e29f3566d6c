package io.yaostream.core.net;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * The certificate a peer must present: the SHA-256 fingerprint of its end-entity certificate, given as that
 * certificate's PEM file or as the fingerprint itself ({@code sha256:3F:A2:...}, colons optional). Mutual TLS alone
 * accepts any certificate that the trust file signs; a peer named this way is accepted only with this exact
 * certificate, checked in the TLS handshake on both the accepting and the connecting side, so a link is bound to the
 * party it claims to be.
 */
public final class PeerCertificate {
    private static final String PREFIX = "sha256:";
    private static final int FINGERPRINT_BYTES = 32;

    private final byte[] sha256;
    /** Where the certificate was named: its subject, or the fingerprint given. */
    private final String subject;

    private PeerCertificate(byte[] sha256, String subject) {
        this.sha256 = sha256;
        this.subject = subject;
    }

    /** The identity of {@code certificate}. */
    public static PeerCertificate of(X509Certificate certificate) {
        try {
            return new PeerCertificate(digest(certificate.getEncoded()), subject(certificate));
        } catch (CertificateEncodingException e) {
            throw new IllegalArgumentException("the certificate cannot be encoded: " + e.getMessage(), e);
        }
    }

    /**
     * A peer certificate from a PEM file (its first certificate: the peer's own, not its issuers') or from
     * {@code sha256:HEX}. A problem is one line naming the file or the value.
     *
     * @throws ChannelException if the file cannot be read or holds no certificate, or the fingerprint is malformed
     */
    public static PeerCertificate parse(String fileOrFingerprint) {
        String v = fileOrFingerprint.strip();
        if (v.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
            String hex = v.substring(PREFIX.length()).replace(":", "");
            byte[] bytes;
            try {
                bytes = HexFormat.of().parseHex(hex);
            } catch (IllegalArgumentException e) {
                bytes = null;
            }
            if (bytes == null || bytes.length != FINGERPRINT_BYTES) {
                throw new ChannelException("peer certificate '" + fileOrFingerprint + "': a SHA-256 fingerprint is sha256: and 64 hex"
                        + " digits (colons allowed), as openssl x509 -noout -fingerprint -sha256 -in cert.pem prints them");
            }
            return new PeerCertificate(bytes, null);
        }
        return of(Path.of(v));
    }

    /**
     * The first certificate of PEM file {@code file}.
     *
     * @throws ChannelException if the file cannot be read or holds no certificate
     */
    public static PeerCertificate of(Path file) {
        try {
            if (Files.size(file) > 1 << 20) {
                throw new ChannelException("peer certificate file " + file + ": larger than 1 MiB, not a certificate");
            }
            byte[] bytes = Files.readAllBytes(file);
            if (!new String(bytes, java.nio.charset.StandardCharsets.ISO_8859_1).contains("-----BEGIN CERTIFICATE-----")) {
                throw new ChannelException("peer certificate file " + file + ": not a PEM certificate (no -----BEGIN CERTIFICATE-----"
                        + " line); give the peer's certificate file, or its fingerprint as sha256:HEX");
            }
            X509Certificate c = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(new ByteArrayInputStream(bytes));
            return of(c);
        } catch (java.nio.file.NoSuchFileException e) {
            throw new ChannelException("peer certificate file " + file + ": does not exist");
        } catch (IOException e) {
            throw new ChannelException("peer certificate file " + file + ": cannot be read: " + TlsErrors.innermostMessage(e));
        } catch (CertificateException | ClassCastException e) {
            throw new ChannelException("peer certificate file " + file + ": its first certificate cannot be read: " + TlsErrors.innermostMessage(e));
        }
    }

    /** Whether {@code certificate} is this one. */
    public boolean matches(X509Certificate certificate) {
        try {
            return MessageDigest.isEqual(sha256, digest(certificate.getEncoded()));
        } catch (CertificateEncodingException e) {
            return false;
        }
    }

    /** The fingerprint in openssl's form, {@code 3F:A2:...}. */
    public String fingerprint() {
        return HexFormat.ofDelimiter(":").withUpperCase().formatHex(sha256);
    }

    /** {@code CN=p2 (SHA-256 3F:A2:…:9C)}: the subject where known, and the fingerprint shortened. */
    @Override
    public String toString() {
        String f = fingerprint();
        String shortened = f.substring(0, 11) + ":…:" + f.substring(f.length() - 5);
        return subject == null ? "SHA-256 " + shortened : subject + " (SHA-256 " + shortened + ")";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof PeerCertificate p && Arrays.equals(sha256, p.sha256);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(sha256);
    }

    private static String subject(X509Certificate c) {
        String s = c.getSubjectX500Principal().getName();
        return s.isEmpty() ? "a certificate without subject" : s.replaceAll("[^\\x20-\\x7e]", "?");
    }

    private static byte[] digest(byte[] der) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(der);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
