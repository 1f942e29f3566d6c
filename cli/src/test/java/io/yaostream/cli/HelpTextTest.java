package io.yaostream.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Every help text is made of whole sentences. A command's first description line stands alone in its parent's
 * command list, so a sentence split over two lines shows there cut in the middle; picocli also breaks the help
 * at every line of a description, so a line ending mid-sentence reads as a broken paragraph.
 */
class HelpTextTest {
    @Test
    void everyDescriptionLineIsWholeSentences() {
        List<String> cut = new ArrayList<>();
        walk(new CommandLine(new YaostreamCommand()), cut);
        assertEquals(List.of(), cut, "description lines that do not end a sentence");
    }

    private static void walk(CommandLine cl, List<String> cut) {
        CommandSpec spec = cl.getCommandSpec();
        String name = spec.qualifiedName();
        check(name, spec.usageMessage().description(), cut);
        for (OptionSpec o : spec.options()) {
            check(name + " " + o.longestName(), o.description(), cut);
        }
        for (PositionalParamSpec p : spec.positionalParameters()) {
            check(name + " " + p.paramLabel(), p.description(), cut);
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            walk(sub, cut);
        }
    }

    private static void check(String where, String[] lines, List<String> cut) {
        for (String line : lines) {
            if (!line.strip().endsWith(".")) {
                cut.add(where + ": '" + line + "'");
            }
        }
    }
}
