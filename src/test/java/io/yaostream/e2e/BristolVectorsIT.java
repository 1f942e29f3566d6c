package io.yaostream.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every Bristol file in the shared folder, through the command line: {@code info --json} reports the AND
 * count of the shared README's table, {@code eval} prints the verified outputs (FIPS-197, FIPS 180 "abc",
 * Java integer and IEEE-754 arithmetic), and compiling to a slot-ID file first gives the same answers.
 * Neither command garbles, so the kernel plays no part: the suite's Java-kernel pass skips this class (the vectors
 * run garbled under both kernels in {@code TwoPartyRunIT} and {@code GarbledEvalIT}).
 */
class BristolVectorsIT {
    @BeforeAll
    static void onceForBothKernels() {
        Cli.firstPassOnly("info and plaintext eval use no kernel");
    }

    /** AND counts from the shared README's inventory table. */
    private static final Map<String, Integer> README_AND = Map.ofEntries(
            Map.entry("adder64.txt", 63), Map.entry("adder_32bit.txt", 127), Map.entry("AES-non-expanded.txt", 6800),
            Map.entry("aes_128.txt", 6400), Map.entry("aes_192.txt", 7168), Map.entry("aes_256.txt", 8832),
            Map.entry("divide64.txt", 4664), Map.entry("FP-add.txt", 5385), Map.entry("FP-ceil.txt", 650),
            Map.entry("FP-eq.txt", 315), Map.entry("FP-f2i.txt", 1467), Map.entry("FP-floor.txt", 651),
            Map.entry("FP-i2f.txt", 2416), Map.entry("FP-lt.txt", 381), Map.entry("FP-mul.txt", 19626),
            Map.entry("LSSS_to_GC.txt", 2817), Map.entry("ModAdd512.txt", 3583), Map.entry("mult2_64.txt", 8128),
            Map.entry("mult64.txt", 4033), Map.entry("neg64.txt", 62), Map.entry("sha-1.txt", 37300),
            Map.entry("sub64.txt", 63), Map.entry("udivide64.txt", 4285), Map.entry("zero_equal.txt", 63));


    @TempDir
    static Path compiledDir;

    @TestFactory
    Stream<DynamicTest> infoReportsTheReadmeAndCountOnSourceAndCompiledFile() {
        return README_AND.entrySet().stream().sorted(Map.Entry.comparingByKey()).map(e -> DynamicTest.dynamicTest(e.getKey(), () -> {
            Path source = Cli.bristol(e.getKey());
            Cli.Result info = Cli.run("info", source.toString(), "--json");
            assertEquals(0, info.status(), info.err());
            assertTrue(info.out().startsWith("{\"gates\":"), info.out());
            assertTrue(info.out().contains("\"and\":" + e.getValue() + ","), "README AND count " + e.getValue() + " in " + info.out());
            assertTrue(info.out().matches("(?s).*\"workingSet\":[1-9][0-9]*.*"), info.out());
            Path compiled = compiled(e.getKey());
            Cli.Result again = Cli.run("info", compiled.toString(), "--json");
            assertEquals(info.out(), again.out(), "info on the compiled file differs");
        }));
    }

    /** Each vector on the source file; the first vector of each file also on its compiled slot-ID file. */
    @TestFactory
    Stream<DynamicTest> evalPrintsTheVerifiedOutputs() {
        java.util.Set<String> compiledChecked = new java.util.HashSet<>();
        return BristolVectors.all().stream().map(v -> DynamicTest.dynamicTest(v.file() + " " + v.in(), () -> {
            List<Path> files = compiledChecked.add(v.file()) ? List.of(Cli.bristol(v.file()), compiled(v.file())) : List.of(Cli.bristol(v.file()));
            for (Path file : files) {
                List<String> args = new ArrayList<>(List.of("eval", file.toString()));
                for (String in : v.in()) {
                    args.add("--in");
                    args.add(in);
                }
                if (v.msbFirst()) {
                    args.add("--msb-first");
                }
                Cli.Result r = Cli.run(args.toArray(String[]::new));
                assertEquals(0, r.status(), file + ": " + r.err());
                assertEquals(v.out(), r.lines(), file.toString());
            }
        }));
    }

    private static synchronized Path compiled(String file) {
        Path out = compiledDir.resolve(file.replace(".txt", ".sid"));
        if (!out.toFile().exists()) {
            Cli.Result r = Cli.run("compile", Cli.bristol(file).toString(), "-o", out.toString());
            assertEquals(0, r.status(), r.err());
        }
        return out;
    }
}
