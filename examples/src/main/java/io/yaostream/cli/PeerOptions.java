package io.yaostream.cli;

import io.yaostream.core.garble.Schemes;
import picocli.CommandLine.Option;

/** What every two-party command asks alike: where the peer is, and the scheme both use. */
final class PeerOptions {
    @Option(names = "--listen", paramLabel = "PORT", description = "Wait for the peer on this port.")
    Integer listenPort;

    @Option(names = "--connect", paramLabel = "HOST:PORT", description = "Connect to the peer (retrying until --timeout).")
    String connectTo;

    @Option(names = "--scheme", paramLabel = "S", defaultValue = Schemes.DEFAULT,
            description = "Garbling scheme, the same at both parties: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).",
            completionCandidates = SchemeNames.class)
    String scheme;
}
