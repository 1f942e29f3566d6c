package io.yaostream.core.net;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * What a party says, or refuses, about links that are not bound to the party at their other end: the one place for
 * these lines, so every command and the API say the same.
 */
public final class LinkPolicy {
    /** A three-party run across machines whose links are not bound to the parties, refused unless asked for. */
    public static final String UNBOUND_ACROSS_MACHINES = "three parties across machines need every link bound to its party, or one"
            + " party can connect as another and the protocol's security against a malicious party does not hold: give mutual TLS"
            + " (--tls-cert, --tls-key, --tls-trust) and each other party's certificate (--peer-cert N=PEM), or --insecure-links to"
            + " run without";
    /** Said when a three-party run across machines goes on without bound links because it was told to. */
    public static final String PLAIN_INSECURE = "links are not authenticated (--insecure-links): any party can pose as another, and"
            + " security against a malicious party does not hold";
    /** Said when TLS is on but the peer's certificate is not named. */
    public static final String UNIDENTIFIED = "links are encrypted, but the peer is not identified: any certificate the trust file"
            + " signs is taken (give the peer's certificate with --peer-cert)";

    private LinkPolicy() {
    }

    /**
     * Whether {@code host} is this machine's loopback: {@code localhost}, or a literal loopback address. Any other name
     * counts as another machine (it is not resolved here).
     */
    public static boolean isLoopback(String host) {
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        if (h.equalsIgnoreCase("localhost")) {
            return true;
        }
        if (!NettyTransport.isAddressLiteral(h)) {
            return false;
        }
        try {
            return InetAddress.getByName(h).isLoopbackAddress(); // a literal: no lookup
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
