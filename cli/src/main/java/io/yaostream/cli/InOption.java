package io.yaostream.cli;

import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.WireGroup;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --in HEX}, repeatable: this party's input values (or every party's, in the commands that run them all), each
 * as {@link HexValues} reads it. What the values are differs by command: its help is the resource bundle's
 * {@code in} under the command's name ({@code Help.properties}).
 */
final class InOption {
    @Option(names = "--in", paramLabel = "HEX", descriptionKey = "in",
            description = "One value per input group, in order, as ceil(bits/4) hex digits, optionally after 0x.")
    List<String> values;

    /** The values given, in order (none if the option was not given). */
    List<String> values() {
        return values == null ? List.of() : values;
    }

    /** Whether the option was given at all. */
    boolean given() {
        return values != null;
    }

    /**
     * One value for each of {@code groups}, in order. A wrong count is {@code countError} (e.g. "the circuit takes 2 input
     * value(s)") with the groups' widths and the count given; a bad value names its position and group.
     */
    List<BitString> forGroups(List<WireGroup<Party>> groups, boolean msbFirst, String countError) {
        return parse(values(), groups, msbFirst, countError);
    }

    /** {@code v}, one value for each of {@code groups}, as {@link #forGroups} reads the option's. */
    static List<BitString> parse(List<String> v, List<WireGroup<Party>> groups, boolean msbFirst, String countError) {
        if (v.size() != groups.size()) {
            List<String> widths = groups.stream().map(g -> g.width() + " bits").toList();
            throw new UserError("--in: " + countError + (widths.isEmpty() ? "" : " (" + String.join(", ", widths) + ")") + ", got "
                    + v.size() + " value(s)");
        }
        List<BitString> parsed = new ArrayList<>();
        for (int i = 0; i < groups.size(); i++) {
            try {
                parsed.add(BitString.fromHex(v.get(i), groups.get(i).width(), msbFirst));
            } catch (IllegalArgumentException e) {
                throw new UserError("--in #" + (i + 1) + " (" + groups.get(i).name() + "): " + e.getMessage());
            }
        }
        return parsed;
    }
}
