package io.yaostream.cli;

import io.yaostream.compiler.CircuitCache;
import picocli.CommandLine.Command;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;

/** The circuit cache: where it is and what it holds, and clearing it. */
@Command(name = "cache", mixinStandardHelpOptions = true,
        description = "The cache of compiled circuits (Bristol and ME-SFE sources compiled once per machine).",
        subcommands = {CacheCommand.Info.class, CacheCommand.Clear.class})
final class CacheCommand {
    private CacheCommand() {
    }

    /** A subcommand on the user's cache, which says so and does nothing when the cache is off. */
    abstract static class OnCache implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public final Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            CircuitCache cache = CacheOption.userCache(spec.commandLine().getErr());
            if (cache == null) {
                out.println("circuit cache: off (" + CircuitCache.DIR_ENV + "=off or " + CircuitCache.MAX_BYTES_ENV + "=0); " + whenOff());
                return 0;
            }
            try {
                run(out, cache);
            } catch (IOException e) {
                throw new UserError(cache.directory() + ": cannot " + verb() + ": " + e.getMessage());
            }
            return 0;
        }

        abstract void run(PrintWriter out, CircuitCache cache) throws IOException;

        /** What failed, for the one-line error: "read", "clear". */
        abstract String verb();

        abstract String whenOff();
    }

    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "Print the cache's directory, its entries and their size, and its cap.")
    static final class Info extends OnCache {
        @Override
        void run(PrintWriter out, CircuitCache cache) throws IOException {
            long[] usage = cache.usage();
            out.println("directory: " + cache.directory());
            out.println("entries:   " + usage[0] + " (" + usage[1] + " bytes)");
            out.println("cap:       " + cache.maxBytes() + " bytes");
        }

        @Override
        String verb() {
            return "read";
        }

        @Override
        String whenOff() {
            return "nothing cached";
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Remove every entry of the cache (each source is compiled again on its next use).")
    static final class Clear extends OnCache {
        @Override
        void run(PrintWriter out, CircuitCache cache) throws IOException {
            long removed = cache.clear();
            out.println("cleared " + cache.directory() + ": " + removed + " bytes removed");
        }

        @Override
        String verb() {
            return "clear";
        }

        @Override
        String whenOff() {
            return "nothing to clear";
        }
    }
}
