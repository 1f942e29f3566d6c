package io.yaostream.core.net;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.HexFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A peer's certificate named by its PEM file or its SHA-256 fingerprint, and every malformed way of naming it refused. */
class PeerCertificateTest {
    @Test
    void aFileAndItsFingerprintNameTheSameCertificate(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "ca");
        Path evaluator = pki.party("evaluator").certificate();
        X509Certificate cert;
        try (var in = Files.newInputStream(evaluator)) {
            cert = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
        // The fingerprint computed independently, as openssl x509 -fingerprint -sha256 prints it.
        String openssl = HexFormat.ofDelimiter(":").withUpperCase().formatHex(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
        PeerCertificate fromFile = PeerCertificate.parse(evaluator.toString());
        assertEquals(openssl, fromFile.fingerprint());
        assertEquals(fromFile, PeerCertificate.parse("sha256:" + openssl));
        assertEquals(fromFile, PeerCertificate.parse("SHA256:" + openssl.replace(":", "").toLowerCase()));
        assertTrue(fromFile.matches(cert));
        assertTrue(fromFile.toString().matches("CN=evaluator \\(SHA-256 [0-9A-F]{2}:[0-9A-F]{2}:[0-9A-F]{2}:[0-9A-F]{2}:…:[0-9A-F]{2}:[0-9A-F]{2}\\)"),
                fromFile.toString());
        PeerCertificate other = PeerCertificate.parse(pki.party("mallory").certificate().toString());
        assertNotEquals(fromFile, other);
        assertFalse(other.matches(cert));
    }

    @Test
    void malformedNamesAreOneLineEach(@TempDir Path dir) throws Exception {
        Path key = new TestCertificates(dir, "ca").party("p").privateKey();
        String[][] cases = {
            {"sha256:abcd", "a SHA-256 fingerprint is sha256: and 64 hex digits"},
            {"sha256:" + "zz".repeat(32), "a SHA-256 fingerprint is sha256: and 64 hex digits"},
            {dir.resolve("missing.pem").toString(), "missing.pem: does not exist"},
            {key.toString(), "not a PEM certificate (no -----BEGIN CERTIFICATE----- line)"},
        };
        for (String[] c : cases) {
            ChannelException e = assertThrows(ChannelException.class, () -> PeerCertificate.parse(c[0]));
            assertTrue(e.getMessage().contains(c[1]) && !e.getMessage().contains("\n"), c[0] + ": " + e.getMessage());
        }
    }
}
