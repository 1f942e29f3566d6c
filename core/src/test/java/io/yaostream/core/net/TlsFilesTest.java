package io.yaostream.core.net;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TLS files are checked when a party starts, each problem one line that names the file and says what to do. */
@Timeout(60)
class TlsFilesTest {
    @TempDir
    Path dir;
    private TestCertificates pki;
    private TlsFiles good;

    @BeforeEach
    void pki() throws Exception {
        pki = new TestCertificates(dir, "parties-ca");
        good = pki.party("garbler");
    }

    /** Checks {@code files}, expects a refusal, and returns its message (one line, naming {@code named}). */
    private static String refused(TlsFiles files, Path named) {
        ChannelException e = assertThrows(ChannelException.class, files::check);
        String m = e.getMessage();
        assertTrue(!m.contains("\n") && m.contains(named.toString()), m);
        return m;
    }

    @Test
    void goodFilesPass() throws Exception {
        good.check();
        pki.rsaParty("evaluator").check();
    }

    @Test
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("nope.pem");
        String m = refused(new TlsFiles(good.certificate(), missing, good.trusted()), missing);
        assertEquals("TLS private key file " + missing + ": does not exist", m);
    }

    @Test
    void aDirectoryIsNotAFile() {
        String m = refused(new TlsFiles(dir, good.privateKey(), good.trusted()), dir);
        assertTrue(m.endsWith(": is a directory, not a PEM file"), m);
    }

    @Test
    void aFileThatIsNotPemSaysHowToConvertDer() throws Exception {
        Path der = dir.resolve("cert.der");
        Files.write(der, new byte[] {0x30, (byte) 0x82, 0x01, 0x22, 0x30, 0x0d});
        String m = refused(new TlsFiles(der, good.privateKey(), good.trusted()), der);
        assertTrue(m.contains("not a PEM file (no -----BEGIN CERTIFICATE----- line)") && m.contains("openssl x509 -inform der -in " + der), m);
    }

    @Test
    void aPkcs1KeySaysHowToConvertIt() throws Exception {
        TlsFiles rsa = pki.rsaParty("evaluator");
        Path pkcs1 = pki.pkcs1Key("evaluator");
        assertTrue(Files.readString(pkcs1).startsWith("-----BEGIN RSA PRIVATE KEY-----"));
        String m = refused(new TlsFiles(rsa.certificate(), pkcs1, rsa.trusted()), pkcs1);
        assertEquals("TLS private key file " + pkcs1 + ": a PKCS#1 RSA key (-----BEGIN RSA PRIVATE KEY-----), not PKCS#8; convert it with: "
                + "openssl pkcs8 -topk8 -nocrypt -in " + pkcs1 + " -out key-pkcs8.pem", m);
    }

    @Test
    void aSec1EcKeySaysHowToConvertIt() throws Exception {
        Path sec1 = pki.pkcs1Key("garbler");
        String m = refused(new TlsFiles(good.certificate(), sec1, good.trusted()), sec1);
        assertTrue(m.contains("a SEC1 EC key (-----BEGIN EC PRIVATE KEY-----)") && m.contains("openssl pkcs8 -topk8 -nocrypt -in " + sec1), m);
    }

    @Test
    void anEncryptedKeySaysHowToDecryptIt() throws Exception {
        Path encrypted = pki.encryptedKey("garbler");
        String m = refused(new TlsFiles(good.certificate(), encrypted, good.trusted()), encrypted);
        assertEquals("TLS private key file " + encrypted + ": the key is encrypted; write it unencrypted (keep the file private) with: "
                + "openssl pkey -in " + encrypted + " -out key-pkcs8.pem", m);
    }

    @Test
    void aKeyOfAnotherCertificateIsRefused() throws Exception {
        TlsFiles other = pki.party("evaluator");
        String m = refused(new TlsFiles(good.certificate(), other.privateKey(), good.trusted()), other.privateKey());
        assertEquals("TLS private key file " + other.privateKey() + ": does not match the certificate in " + good.certificate()
                + "; give the key that certificate was made for", m);
        TlsFiles rsa = pki.rsaParty("rsa");
        String type = refused(new TlsFiles(good.certificate(), rsa.privateKey(), good.trusted()), rsa.privateKey());
        assertTrue(type.contains("not a PKCS#8 EC key, the certificate's key type"), type);
    }

    @Test
    void anEmptyTrustFileIsRefused() throws Exception {
        Path empty = dir.resolve("empty.pem");
        Files.writeString(empty, "\n");
        String m = refused(new TlsFiles(good.certificate(), good.privateKey(), empty), empty);
        assertTrue(m.startsWith("TLS trust file " + empty + ": not a PEM file"), m);
        Path keyOnly = dir.resolve("key-only.pem");
        Files.copy(good.privateKey(), keyOnly);
        String noCertificate = refused(new TlsFiles(good.certificate(), good.privateKey(), keyOnly), keyOnly);
        assertTrue(noCertificate.startsWith("TLS trust file " + keyOnly + ": holds no certificate; put there the PEM certificate(s)"),
                noCertificate);
    }

    @Test
    void swappedCertificateAndKeyAreNamed() {
        String m = refused(new TlsFiles(good.privateKey(), good.certificate(), good.trusted()), good.privateKey());
        assertTrue(m.endsWith("holds no certificate but a private key (are the certificate and key files swapped?)"), m);
    }

    @Test
    void aDamagedCertificateIsRefused() throws Exception {
        Path damaged = dir.resolve("damaged.pem");
        Files.writeString(damaged, "-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIG\n-----END CERTIFICATE-----\n");
        String m = refused(new TlsFiles(damaged, good.privateKey(), good.trusted()), damaged);
        assertTrue(m.startsWith("TLS certificate file " + damaged + ": certificate 1 cannot be read: "), m);
    }

    /** Both sides check before they open a socket: a listener with a bad key never binds its port. */
    @Test
    void listeningAndConnectingCheckTheFilesBeforeAnySocket() throws Exception {
        Path pkcs1 = pki.pkcs1Key("garbler");
        TransportOptions bad = TransportOptions.defaults().withTimeout(Duration.ofSeconds(2))
                .withTls(new TlsFiles(good.certificate(), pkcs1, good.trusted()));
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        ChannelException listen = assertThrows(ChannelException.class, () -> NettyTransport.listen("127.0.0.1", port, bad));
        assertTrue(listen.getMessage().contains("not PKCS#8"), listen.getMessage());
        try (ServerSocket stillFree = new ServerSocket(port)) {
            assertEquals(port, stillFree.getLocalPort());
        }
        long start = System.nanoTime();
        ChannelException connect = assertThrows(ChannelException.class, () -> NettyTransport.connect("127.0.0.1", port, bad));
        assertTrue(connect.getMessage().contains("not PKCS#8"), connect.getMessage());
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "connect retried before checking its files");
        NettyTransportTest.assertNoNetThreads();
    }
}
