package io.yaostream.core.net;

import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
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

/** Test PKI: a CA and PEM files of certificates it signs (or self-signed ones nobody trusts). */
public final class TestCertificates {
    private final KeyPair caKeys;
    private final X509Certificate ca;
    private final Path dir;

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
        KeyPair k = keys();
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
