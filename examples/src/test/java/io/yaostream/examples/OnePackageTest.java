package io.yaostream.examples;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The programs a newcomer copies first need the package io.yaostream and the JDK alone: the README's program and the
 * second-price auction import nothing else (the API-surface test over the classes keeps the types they use API types).
 */
class OnePackageTest {
    private static List<String> foreignImports(String source) {
        return source.lines().filter(l -> l.startsWith("import "))
                .filter(l -> !l.equals("import io.yaostream.*;") && !l.matches("import io\\.yaostream\\.[A-Z]\\w*(\\.\\w+)?;")
                        && !l.startsWith("import java."))
                .toList();
    }

    @Test
    void theAuctionImportsIoYaostreamAlone() throws IOException {
        String source = Files.readString(Path.of("src/main/java/io/yaostream/examples/SecondPriceAuction.java"));
        assertEquals(List.of(), foreignImports(source));
    }

    @Test
    void theReadmeProgramImportsIoYaostreamAlone() throws IOException {
        String readme = Files.readString(Path.of("../README.md"));
        int start = readme.indexOf("```java\n", readme.indexOf("## The smallest program"));
        String program = readme.substring(start, readme.indexOf("```\n", start + 8));
        assertEquals(List.of(), foreignImports(program));
    }
}
