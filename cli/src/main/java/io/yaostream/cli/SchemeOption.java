package io.yaostream.cli;

import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.Schemes;
import picocli.CommandLine.Option;

/**
 * {@code --scheme S}: the garbling scheme of a session, {@value Schemes#DEFAULT} unless given. Its help is the
 * two-party one below, or the resource bundle's {@code scheme} under the command's name ({@code Help.properties}).
 */
final class SchemeOption {
    @Option(names = "--scheme", paramLabel = "S", descriptionKey = "scheme", completionCandidates = SchemeNames.class,
            description = "Garbling scheme, the same at both parties: ${COMPLETION-CANDIDATES} (default: " + Schemes.DEFAULT + ").")
    String name;

    /** Whether the option was given (not just defaulted). */
    boolean given() {
        return name != null;
    }

    /** The scheme; an unknown name is a usage error. */
    GarblingScheme scheme() {
        return SchemeNames.parse(name == null ? Schemes.DEFAULT : name);
    }
}
