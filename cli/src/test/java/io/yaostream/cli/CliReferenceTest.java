package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * docs/cli.md keeps up with the commands: every command has a line in the synopsis at its top, and every option of
 * every command appears on that line or in the command's own section (for the applications, "The applications"),
 * so the reference cannot lag the help.
 */
class CliReferenceTest {
    @Test
    void everyCommandAndOptionIsInTheReference() throws IOException {
        Path reference = Path.of(System.getProperty("yaostream.root", "..")).resolve("docs/cli.md");
        assertTrue(Files.isRegularFile(reference), "no " + reference.toAbsolutePath());
        Reference doc = new Reference(Files.readString(reference));
        List<String> missing = new ArrayList<>();
        for (CommandLine top : new CommandLine(new YaostreamCommand()).getSubcommands().values()) {
            if (top.getCommandSpec().name().equals("help")) {
                continue;
            }
            walk(top, doc, missing);
        }
        assertEquals(List.of(), missing, "in the help but not in docs/cli.md (synopsis line or section)");
    }

    private static void walk(CommandLine cl, Reference doc, List<String> missing) {
        CommandSpec spec = cl.getCommandSpec();
        String name = spec.qualifiedName(" ").replaceFirst("^yaostream ", "");
        if (cl.getSubcommands().isEmpty()) {
            String synopsis = doc.synopsis(name);
            if (synopsis == null) {
                missing.add(name + " (no synopsis line)");
                return;
            }
            String section = doc.section(name, synopsis.contains("[application options]"));
            for (OptionSpec o : spec.options()) {
                if (!o.usageHelp() && !o.versionHelp() && !synopsis.contains(o.longestName()) && !section.contains(o.longestName())) {
                    missing.add(name + " " + o.longestName());
                }
            }
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            walk(sub, doc, missing);
        }
    }

    /** The reference split as this test reads it: the synopsis block, then sections by "## " heading. */
    private record Reference(String text) {
        /** The synopsis lines of {@code command} (with their continuation lines), or null. */
        String synopsis(String command) {
            String block = text.substring(text.indexOf("```sh") + 5, text.indexOf("```", text.indexOf("```sh") + 5));
            StringBuilder found = new StringBuilder();
            boolean in = false;
            for (String line : block.split("\n")) {
                if (line.startsWith("./yaostream ")) {
                    String words = line.substring("./yaostream ".length());
                    String[] first = words.split(" ", 3);
                    in = List.of(first[0].split("\\|")).contains(command.split(" ")[0])
                            && (!command.contains(" ") || (first.length > 1 && first[1].equals(command.split(" ")[1])));
                }
                if (in) {
                    found.append(line).append('\n');
                }
            }
            return found.length() == 0 ? null : found.toString();
        }

        /** The section whose heading names the command's first word, or "The applications"; empty if none. */
        String section(String command, boolean application) {
            String top = command.split(" ")[0];
            String[] sections = text.split("\n(?=## )");
            for (String sec : sections) {
                String heading = sec.lines().findFirst().orElse("");
                if (application ? heading.equals("## The applications") : List.of(heading.replace("## ", "").split("[ :,]+")).contains(top)) {
                    return sec;
                }
            }
            return "";
        }
    }
}
