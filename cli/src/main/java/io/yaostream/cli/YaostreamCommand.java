package io.yaostream.cli;

import io.yaostream.cli.bench.Version;
import io.yaostream.core.format.CircuitFormatException;
import io.yaostream.core.garble.GarblingException;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.ot.PeerFault;
import io.yaostream.core.program.ProtocolException;
import picocli.CommandLine.Command;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** The {@code yaostream} command. Errors print one line on standard error and exit non-zero. */
@Command(name = "yaostream", mixinStandardHelpOptions = true, resourceBundle = "io.yaostream.cli.Help", versionProvider = Version.Provider.class,
        description = "Secure two- and three-party computation with garbled circuits.",
        exitCodeListHeading = "Exit status:%n",
        exitCodeList = {"0:success", "1:a failure to act on: a bad file or input value, the peer, the network",
                "2:a bad command line: unknown option, bad option value, options that conflict or are missing",
                "70:an internal error (a bug; YAOSTREAM_DEBUG=1 prints the stack trace)"},
        subcommands = {CompileCommand.class, InfoCommand.class, EvalCommand.class, RunCommand.class, DemoCommand.class,
                Run3Command.class, Demo3Command.class, HammingCommand.class, AesCommand.class, PresentCommand.class, KaratsubaCommand.class,
                MinimumCommand.class, BenchCommand.class, CacheCommand.class})
public final class YaostreamCommand implements Runnable {
    /** Exit status for a bad command line. */
    static final int EXIT_USAGE = 2;
    /** Exit status for a failure the user can act on (bad file, bad value). */
    static final int EXIT_FAILURE = 1;
    /** Exit status for a bug. */
    static final int EXIT_INTERNAL = 70;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int status;
        try {
            status = execute(args, out, err);
        } catch (OutOfMemoryError e) {
            err.println("yaostream: out of memory (raise -Xmx through JAVA_OPTS)");
            status = EXIT_FAILURE;
        }
        System.exit(status);
    }

    /** Runs the command line with the given streams; returns the exit status. */
    public static int execute(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cl = new CommandLine(new YaostreamCommand());
        SchemeNames.describeInHelp(cl);
        cl.setOut(out);
        cl.setErr(err);
        cl.setParameterExceptionHandler((ex, a) -> {
            String cmd = ex.getCommandLine().getCommandSpec().qualifiedName();
            err.println(cmd + ": " + usageMessage(ex) + " (see '" + cmd + " --help')");
            return EXIT_USAGE;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            String cmd = commandLine.getCommandSpec().qualifiedName();
            Throwable failure = unwrap(ex);
            if (failure instanceof UsageError) {
                err.println(cmd + ": " + oneLine(failure.getMessage()) + " (see '" + cmd + " --help')");
                return EXIT_USAGE;
            }
            String message = failureMessage(failure);
            if (message != null) {
                err.println(cmd + ": " + oneLine(message));
                return EXIT_FAILURE;
            }
            if (System.getenv("YAOSTREAM_DEBUG") != null) {
                ex.printStackTrace(err);
            }
            err.println(cmd + ": internal error: " + oneLine(String.valueOf(failure)) + " (set YAOSTREAM_DEBUG=1 for the stack trace)");
            return EXIT_INTERNAL;
        });
        return cl.execute(args);
    }

    /**
     * picocli's message for a bad command line, made plainer where it says too little: an unknown command is named with
     * the commands there are and the nearest one; a number out of its type's range says the range.
     */
    static String usageMessage(CommandLine.ParameterException ex) {
        if (ex instanceof CommandLine.UnmatchedArgumentException u && !u.getUnmatched().isEmpty()) {
            String first = u.getUnmatched().get(0);
            Map<String, CommandLine> commands = ex.getCommandLine().getSubcommands();
            List<String> nearest = u.getSuggestions();
            String suggestion = nearest.isEmpty() ? "" : "; did you mean '" + nearest.get(0) + "'?";
            if (!first.startsWith("-") && !commands.isEmpty()) {
                return "unknown command '" + first + "' (the commands: " + String.join(", ", commands.keySet()) + ")" + suggestion;
            }
            if (first.startsWith("-")) {
                return "unknown option '" + first + "'" + suggestion;
            }
        }
        String m = ex.getMessage();
        if (m.endsWith("is not an int")) {
            return m + " (a whole number from -2,147,483,648 to 2,147,483,647)";
        }
        if (m.endsWith("is not a long")) {
            return m + " (a whole number from -9,223,372,036,854,775,808 to 9,223,372,036,854,775,807)";
        }
        return m;
    }

    /**
     * What to tell the user of a failure they can act on, or null for a bug (exit {@value #EXIT_INTERNAL}): a bad
     * command value or file, the channel failing (peer gone, timeout), the parties disagreeing, anything the peer
     * sent that the protocol does not allow ({@link PeerFault}: invalid points, counts, garbled material), and a
     * shard of a sharded run failing for any of these (which names the shard).
     */
    static String failureMessage(Throwable ex) {
        if (ex instanceof UserError || ex instanceof CircuitFormatException || ex instanceof ChannelException
                || ex instanceof PeerFault || ex instanceof ProtocolException || ex instanceof GarblingException
                || ex instanceof io.yaostream.core.shard.ShardException) {
            return ex.getMessage() != null ? ex.getMessage() : ex.toString();
        }
        if (ex instanceof UncheckedIOException io) {
            return String.valueOf(io.getCause().getMessage());
        }
        return null;
    }

    /** The failure inside a wrapper of another thread's failure (a party run on a thread of its own). */
    private static Throwable unwrap(Throwable ex) {
        Throwable t = ex;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** The documented contract is one line on standard error, whatever a message holds. */
    private static String oneLine(String message) {
        return message == null ? "" : message.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
