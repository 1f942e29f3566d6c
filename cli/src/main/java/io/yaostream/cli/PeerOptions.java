package io.yaostream.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;

/**
 * What every two-party command asks alike: where the peer is, and the scheme both use. The checks below are
 * command-line mistakes (exit status 2), made before any file is read or socket opened.
 */
final class PeerOptions {
    @Option(names = "--listen", paramLabel = "PORT", description = "Wait for the peer on this port (0: any free port, "
            + "printed on standard error). Connections that are not a yaostream peer are dropped with a line on standard error.")
    Integer listenPort;

    @Option(names = "--bind", paramLabel = "ADDRESS", description = "With --listen: the address of the interface to listen on, "
            + "e.g. 127.0.0.1 (default: all interfaces).")
    String bind;

    @Option(names = "--connect", paramLabel = "HOST:PORT", description = "Connect to the peer (retrying until --timeout).")
    String connectTo;

    @Mixin
    SchemeOption scheme;

    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    /** Exactly one of {@code --listen} and {@code --connect}, and {@code --bind} only with the first. */
    void checkOneSide() {
        if ((listenPort == null) == (connectTo == null)) {
            throw usage("give exactly one of --listen PORT and --connect HOST:PORT");
        }
        if (bind != null && listenPort == null) {
            throw usage("--bind: only with --listen (it chooses the interface to listen on)");
        }
    }

    /** Whether this party listens (after {@link #checkOneSide}). */
    boolean listens() {
        return listenPort != null;
    }

    /** {@code --listen}'s port, 0 to 65535. */
    int listenPort() {
        if (listenPort < 0 || listenPort > 65535) {
            throw usage("--listen: port must be 0..65535, got " + listenPort);
        }
        return listenPort;
    }

    /**
     * {@code --bind}'s address as a literal, or null for all interfaces. It must be an address of this machine (or a
     * loopback one), so a typo is one line now rather than a refused bind later.
     */
    String bindAddress() {
        if (bind == null) {
            return null;
        }
        InetAddress a;
        try {
            a = InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw usage("--bind: '" + bind + "' is neither an IP address nor a known host name");
        }
        boolean local;
        try {
            local = a.isAnyLocalAddress() || a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
        } catch (SocketException e) {
            local = false;
        }
        if (!local) {
            throw usage("--bind: " + bind + " is not an address of this machine (give one of its interfaces' addresses, "
                    + "or leave --bind out to listen on all)");
        }
        return a.getHostAddress();
    }

    /** {@code --connect}'s host and port. */
    HostPort connectAddress() {
        HostPort address = HostPort.parse(connectTo);
        if (address == null) {
            throw usage("--connect: expected HOST:PORT, got '" + connectTo + "'");
        }
        return address;
    }

    /** A mistake in the command line itself: exit status 2, as for picocli's own errors. */
    private ParameterException usage(String message) {
        return new ParameterException(command.commandLine(), message);
    }
}
