package io.yaostream.core.net;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.PKCS8Generator;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder;
import org.bouncycastle.operator.OutputEncryptor;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

import java.io.Writer;
import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.util.Date;
import java.util.HashMap;
import java.util.Map;

/** Test PKI: a CA and PEM files of certificates it signs (or self-signed ones nobody trusts). */
public final class TestCertificates {
    private final KeyPair caKeys;
    private final X509Certificate ca;
    private final Path dir;
    private final Map<String, KeyPair> keyPairs = new HashMap<>();

    public TestCertificates(Path dir, String caName) throws Exception {
        this.dir = dir;
        this.caKeys = keys();
        this.ca = certificate(caName, caKeys, caName, caKeys, true);
        pem(dir.resolve(caName + "-ca.pem"), ca);
    }

    /** The PEM file of the CA's certificate (what a party trusts). */
    public Path caFile() {
        return dir.resolve(nameOf(ca) + "-ca.pem");
    }

    /** A party's certificate signed by this CA, with its key: the TLS files of a party that trusts this CA. */
    public TlsFiles party(String name) throws Exception {
        return party(name, keys());
    }

    /** As {@link #party(String)} with an RSA key, whose key file can also be written as PKCS#1 ({@link #pkcs1Key}). */
    public TlsFiles rsaParty(String name) throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return party(name, g.generateKeyPair());
    }

    /** The key of a party made here, as a PKCS#1 file ({@code BEGIN RSA PRIVATE KEY} for RSA), which TLS refuses. */
    public Path pkcs1Key(String name) throws Exception {
        Path file = dir.resolve(name + "-key-pkcs1.pem");
        try (Writer w = Files.newBufferedWriter(file); JcaPEMWriter p = new JcaPEMWriter(w)) {
            p.writeObject(keyPairs.get(name).getPrivate());
        }
        return file;
    }

    /** The key of a party made here, as an encrypted PKCS#8 file ({@code BEGIN ENCRYPTED PRIVATE KEY}). */
    public Path encryptedKey(String name) throws Exception {
        Path file = dir.resolve(name + "-key-encrypted.pem");
        OutputEncryptor encryptor = new JceOpenSSLPKCS8EncryptorBuilder(PKCS8Generator.AES_256_CBC).setProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider()).setPassword("secret".toCharArray()).build();
        try (Writer w = Files.newBufferedWriter(file); JcaPEMWriter p = new JcaPEMWriter(w)) {
            p.writeObject(new JcaPKCS8Generator(keyPairs.get(name).getPrivate(), encryptor));
        }
        return file;
    }

    private TlsFiles party(String name, KeyPair k) throws Exception {
        keyPairs.put(name, k);
        X509Certificate cert = certificate(name, k, nameOf(ca), caKeys, false);
        Path certFile = dir.resolve(name + ".pem");
        Path keyFile = dir.resolve(name + "-key.pem");
        pem(certFile, cert);
        try (Writer w = Files.newBufferedWriter(keyFile); JcaPEMWriter p = new JcaPEMWriter(w)) {
            p.writeObject(new JcaPKCS8Generator(k.getPrivate(), null));
        }
        return new TlsFiles(certFile, keyFile, caFile());
    }

    private static String nameOf(X509Certificate c) {
        return c.getSubjectX500Principal().getName().substring(3);
    }

    private static KeyPair keys() throws Exception {
        KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
        g.initialize(new ECGenParameterSpec("secp256r1"));
        return g.generateKeyPair();
    }

    private static X509Certificate certificate(String subject, KeyPair subjectKeys, String issuer, KeyPair issuerKeys,
                                               boolean isCa) throws Exception {
        long now = System.currentTimeMillis();
        X509v3CertificateBuilder b = new JcaX509v3CertificateBuilder(new X500Name("CN=" + issuer), BigInteger.valueOf(now),
                new Date(now - 3_600_000), new Date(now + 86_400_000), new X500Name("CN=" + subject), subjectKeys.getPublic());
        b.addExtension(Extension.basicConstraints, true, new BasicConstraints(isCa));
        return new JcaX509CertificateConverter().getCertificate(
                b.build(new JcaContentSignerBuilder("SHA256withECDSA").build(issuerKeys.getPrivate())));
    }

    private static void pem(Path file, Object o) throws Exception {
        try (Writer w = Files.newBufferedWriter(file); JcaPEMWriter p = new JcaPEMWriter(w)) {
            p.writeObject(o);
        }
    }
}
