package io.yaostream.cli;

import io.yaostream.compiler.CircuitCache;
import io.yaostream.compiler.CircuitLoader;
import io.yaostream.compiler.ir.Compiler;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.format.CircuitFiles;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;

/**
 * {@code --no-cache}: compile a Bristol or ME-SFE source without the circuit cache. Without it, a source is compiled
 * once per machine and read from the cache's slot-ID entry afterwards ({@link CircuitCache}; docs/cli.md says where
 * it is, how large it may grow and how to clear it).
 */
final class CacheOption {
    @Option(names = "--no-cache", description = "Compile a Bristol or ME-SFE source anew, neither reading nor writing the "
            + "circuit cache (YAOSTREAM_CACHE_DIR=off turns the cache off for every command).")
    boolean off;

    /** The user's circuit cache, or null when it is turned off; its one possible notice goes to {@code err}. */
    CircuitCache cache(PrintWriter err) {
        return off ? null : userCache(err);
    }

    static CircuitCache userCache(PrintWriter err) {
        return CircuitCache.userCache(line -> {
            err.println(line);
            err.flush();
        });
    }

    /** Loads for running, as {@link CircuitLoader#load(Path)} with the memory budget, through the cache. */
    CompiledCircuit load(Path file, PrintWriter err) {
        return load(file, null, Compiler.Options.DEFAULT, CircuitFiles.memoryBudget(), err);
    }

    CompiledCircuit load(Path file, CircuitLoader.SourceFormat from, Compiler.Options options, long memoryBudget, PrintWriter err) {
        return CircuitLoader.load(file, from, options, memoryBudget, cache(err));
    }
}
