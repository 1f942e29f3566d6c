package io.yaostream.cli;

import io.yaostream.core.garble.GarblingScheme;
import io.yaostream.core.garble.Schemes;

import java.util.Iterator;

/** The garbling scheme names, for picocli's completion candidates and for parsing {@code --scheme}. */
final class SchemeNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
        return Schemes.names().iterator();
    }

    /**
     * Adds to the help of every command with {@code --scheme} (and of {@code yaostream} itself) the schemes, one line
     * each: GLNP15 Table 7 row, cost per gate and the assumption its security rests on ({@link GarblingScheme#summary}).
     */
    static void describeInHelp(picocli.CommandLine root) {
        int width = Schemes.names().stream().mapToInt(String::length).max().orElse(0);
        StringBuilder footer = new StringBuilder("%nGarbling schemes (--scheme), with their GLNP15 Table 7 row and assumption:%n");
        for (String name : Schemes.names()) {
            String[] parts = Schemes.byName(name).summary().split("; ", 2);
            footer.append(String.format("  %-" + width + "s  %s%n  %" + width + "s  %s%n", name, parts[0], "", parts[1]));
        }
        footer.append("Details: docs/garbling-schemes.md.");
        addFooter(root, footer.toString());
    }

    private static void addFooter(picocli.CommandLine cl, String footer) {
        picocli.CommandLine.Model.CommandSpec spec = cl.getCommandSpec();
        if (spec.parent() == null || spec.findOption("--scheme") != null) {
            spec.usageMessage().footer(footer);
        }
        for (picocli.CommandLine sub : cl.getSubcommands().values()) {
            addFooter(sub, footer);
        }
    }

    static GarblingScheme parse(String name) {
        try {
            return Schemes.byName(name);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--scheme: " + e.getMessage());
        }
    }
}
