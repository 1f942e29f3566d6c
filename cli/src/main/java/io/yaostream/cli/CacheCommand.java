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

    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "Print the cache's directory, its entries and their size, and its cap.")
    static final class Info implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            CircuitCache cache = CacheOption.userCache(spec.commandLine().getErr());
            if (cache == null) {
                out.println("circuit cache: off (" + CircuitCache.DIR_ENV + "=off or " + CircuitCache.MAX_BYTES_ENV + "=0)");
                return 0;
            }
            long[] usage;
            try {
                usage = cache.usage();
            } catch (IOException e) {
                throw new UserError(cache.directory() + ": cannot read: " + e.getMessage());
            }
            out.println("directory: " + cache.directory());
            out.println("entries:   " + usage[0] + " (" + usage[1] + " bytes)");
            out.println("cap:       " + cache.maxBytes() + " bytes");
            return 0;
        }
    }

    @Command(name = "clear", mixinStandardHelpOptions = true,
            description = "Remove every entry of the cache (each source is compiled again on its next use).")
    static final class Clear implements Callable<Integer> {
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            CircuitCache cache = CacheOption.userCache(spec.commandLine().getErr());
            if (cache == null) {
                out.println("circuit cache: off; nothing to clear");
                return 0;
            }
            long removed;
            try {
                removed = cache.clear();
            } catch (IOException e) {
                throw new UserError(cache.directory() + ": cannot clear: " + e.getMessage());
            }
            out.println("cleared " + cache.directory() + ": " + removed + " bytes removed");
            return 0;
        }
    }
}
