package io.yaostream.core.net;

import io.netty.handler.ssl.NotSslRecordException;

import javax.net.ssl.SSLException;
import java.nio.channels.ClosedChannelException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * TLS failures in one line that says why: the JDK's own messages are nested several exceptions deep, run to
 * several lines (a plaintext client's whole first record in hex), or are null (a peer that hung up).
 */
final class TlsErrors {
    /** Netty's native transport names the system call before the reason: "recvAddress(..) failed: ". */
    private static final Pattern NATIVE_CALL = Pattern.compile("^\\w+\\(\\.\\.\\) failed: ");

    /** A yaostream greeting's magic as Netty shows a record that is not TLS: its length word, then YAOSTREAM, in hex. */
    private static final String GREETING_HEX = java.util.HexFormat.of().formatHex(Greeting.FRAME, 0, Greeting.FRAME.length - 1);

    /** What a TLS handshake that the peer (or a listener making room) cut off says. */
    static final String PEER_CLOSED_HANDSHAKE = "the peer closed the connection during the TLS handshake";

    private TlsErrors() {
    }

    /** Whether {@code t} or one of its causes is a TLS failure. */
    static boolean isTls(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof SSLException || c instanceof NotSslRecordException) {
                return true;
            }
        }
        return false;
    }

    /** Why a TLS handshake (or a TLS connection) failed, for a line that says which peer and which step. */
    static String describe(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = c.getMessage() == null ? "" : c.getMessage();
            if (c instanceof PinnedTrust.WrongPeerException) {
                return m;
            }
            if (c instanceof java.security.cert.CertificateException && m.startsWith("No subject alternative")
                    || m.startsWith("No name matching")) {
                return "the peer's certificate does not name the host connected to (" + m + "); give its certificate with --peer-cert,"
                        + " or connect by a name the certificate has";
            }
            if (c instanceof NotSslRecordException) {
                // Netty's message shows the record in hex: a yaostream greeting there is a peer with TLS off.
                return m.toLowerCase(Locale.ROOT).contains(GREETING_HEX) ? Greeting.PEER_SPEAKS_PLAIN
                        : "the peer does not speak TLS (is TLS off at the peer?)";
            }
            if (c instanceof CertificateExpiredException || c instanceof CertificateNotYetValidException) {
                return "a certificate is outside its validity dates: " + m;
            }
            if (c instanceof CertPathBuilderException || c instanceof CertPathValidatorException || m.contains("PKIX path")) {
                return "the peer's certificate is not signed by a certificate this party trusts";
            }
            if (m.contains("Empty client certificate chain") || m.contains("Empty server certificate chain")) {
                // The JDK sends only a certificate that one of the peer's trusted certificates signed, and none otherwise.
                return "the peer presented no certificate signed by a certificate this party trusts";
            }
            if (m.startsWith("Received fatal alert: ")) {
                return alert(m.substring("Received fatal alert: ".length()).strip());
            }
            if (c instanceof ClosedChannelException || m.contains("closed") && m.contains("SSLEngine")) {
                return PEER_CLOSED_HANDSHAKE;
            }
        }
        return innermostMessage(t);
    }

    /** A TLS alert from the peer, with what it means for this party. */
    private static String alert(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "bad_certificate", "certificate_unknown", "certificate_required", "unknown_ca", "access_denied",
                    "certificate_revoked", "unsupported_certificate" ->
                    "the peer refused this party's certificate (TLS alert " + name + ")";
            case "certificate_expired" -> "the peer found this party's certificate expired (TLS alert " + name + ")";
            default -> "the peer ended the TLS handshake (TLS alert " + name + ")";
        };
    }

    /** The message of the innermost cause that has one, else the innermost cause's class name. */
    static String innermostMessage(Throwable t) {
        String message = null;
        Throwable last = t;
        for (Throwable c = t; c != null; c = c.getCause()) {
            last = c;
            if (c.getMessage() != null && !c.getMessage().isBlank()) {
                message = c.getMessage();
            }
        }
        if (message == null) {
            return last.getClass().getSimpleName();
        }
        int newline = message.indexOf('\n');
        String line = newline < 0 ? message : message.substring(0, newline);
        // The reason after the system call's name is what a user needs.
        return NATIVE_CALL.matcher(line).replaceFirst("");
    }
}
