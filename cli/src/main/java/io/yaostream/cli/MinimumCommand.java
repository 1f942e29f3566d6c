package io.yaostream.cli;

import io.yaostream.Inputs;
import io.yaostream.Party;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.text.Printable;
import io.yaostream.examples.Minimum;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.List;

@Command(name = "minimum", mixinStandardHelpOptions = true,
        description = {"Minimum of many unsigned values, half from each party, by one of the ME-SFE paper's three strategies.",
                "Strategies: a) all inputs first, one circuit; b) one value at a time; c) subsets of K values and the previous minimum.",
                "Both parties learn the minimum, printed in decimal."})
final class MinimumCommand extends AppCommand<BigInteger> {
    @Option(names = "--values", paramLabel = "FILE", description = "This party's values, decimal, one per line "
            + "(with --demo: the garbler's file, then the evaluator's).")
    List<Path> valueFiles;

    @Option(names = "--random", paramLabel = "N", description = "Instead of files: N values in all, each party drawing N/2 of its own "
            + "(N even, from 2 to 2,147,483,646).")
    Integer random;

    @Option(names = "--seed", paramLabel = "S", description = "Seed of --random (default: a fresh random seed; with --demo the evaluator uses S + 1).")
    Long seed;

    @Option(names = "--bits", paramLabel = "W", defaultValue = "20", description = "Width of every value, 1 to 63 (default: ${DEFAULT-VALUE}).")
    int bits;

    @Option(names = "--strategy", paramLabel = "a|b|c", defaultValue = "c", description = "a, b or c (default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(names = "--subset", paramLabel = "K", defaultValue = "500", description = "Values per call of the cached minimum circuit in strategies a and c, "
            + "even (default: ${DEFAULT-VALUE}).")
    int subset;

    @Mixin
    ShardsOption shards;

    @Override
    ShardsOption shardsOption() {
        return shards;
    }

    /**
     * Each party's values as the run takes them: {@code perParty} from each, from a file (held, and sliced by index)
     * or drawn from a seed (as the program takes them, the same values whatever the shards).
     */
    private record Values(int perParty, long[] garbler, long[] evaluator, Long garblerSeed, Long evaluatorSeed) {
        Inputs garblerFeed(int from, int to, int bits) {
            return garblerSeed != null ? Minimum.randomFeed(from, to - from, bits, garblerSeed) : Minimum.feed(garbler, from, to, bits);
        }

        Inputs evaluatorFeed(int from, int to, int bits) {
            return evaluatorSeed != null ? Minimum.randomFeed(from, to - from, bits, evaluatorSeed) : Minimum.feed(evaluator, from, to, bits);
        }
    }

    private Minimum.Strategy strategy() {
        HexValues.checkBits(bits, 63);
        Minimum.Strategy s;
        try {
            s = Minimum.Strategy.fromKey(strategy);
        } catch (IllegalArgumentException e) {
            throw new UsageError("--strategy: " + e.getMessage());
        }
        if (s != Minimum.Strategy.B && (subset < 2 || subset % 2 != 0)) {
            throw new UsageError("--subset: must be even and at least 2 (half from each party), got " + subset);
        }
        return s;
    }

    /** This party's values, or both parties' with {@code --demo} ({@code role} null), checked. */
    private Values values(Party role) {
        long[] garbler = new long[0];
        long[] evaluator = new long[0];
        if (random != null) {
            if (valueFiles != null) {
                throw new UsageError("give --values or --random, not both");
            }
            if (random < 2 || random % 2 != 0) {
                throw new UsageError("--random: N must be even and at least 2 (N/2 values from each party), got " + random);
            }
            long base = seed != null ? seed : new SecureRandom().nextLong();
            // Drawn as the program takes them, not held: the same values as Minimum.random.
            return new Values(random / 2, garbler, evaluator, role != Party.EVALUATOR ? base : null,
                    role != Party.GARBLER ? (role == null ? base + 1 : base) : null);
        }
        if (seed != null) {
            throw new UsageError("--seed: only with --random");
        }
        int files = valueFiles == null ? 0 : valueFiles.size();
        if (files != (role == null ? 2 : 1)) {
            throw new UsageError("--values: " + (role == null ? "--demo takes the garbler's file, then the evaluator's"
                    : "give this party's file") + ", or --random N: got " + files + " file(s)");
        }
        if (role != Party.EVALUATOR) {
            garbler = read(valueFiles.get(0));
        }
        if (role != Party.GARBLER) {
            evaluator = read(valueFiles.get(files - 1));
        }
        if (role == null && garbler.length != evaluator.length) {
            throw new UserError("--values: the garbler has " + garbler.length + " values and the evaluator " + evaluator.length
                    + "; each party gives half of them");
        }
        return new Values(role == Party.EVALUATOR ? evaluator.length : garbler.length, garbler, evaluator, null, null);
    }

    @Override
    Plan<BigInteger> plan(Party role) {
        Minimum.Strategy s = strategy();
        Values v = values(role);
        int n = v.perParty();
        return new Plan<>(Minimum.program(n, bits, s, subset), Minimum.name(n, bits, s, subset), v.garblerFeed(0, n, bits),
                v.evaluatorFeed(0, n, bits));
    }

    /** Each party's values cut into k slices; each shard shares the minimum of its slices, the combine takes the least. */
    @Override
    ShardPlan<BigInteger> shardPlan(Party role, int k) {
        Minimum.Strategy s = strategy();
        Values v = values(role);
        int n = v.perParty();
        return ShardPlan.combined(Minimum.name(n, bits, s, subset),
                i -> Minimum.shard(size(n, k, i), bits, s, subset), Minimum.combine(k, bits),
                i -> v.garblerFeed(Minimum.slice(n, k, i)[0], Minimum.slice(n, k, i)[1], bits),
                i -> v.evaluatorFeed(Minimum.slice(n, k, i)[0], Minimum.slice(n, k, i)[1], bits));
    }

    private static int size(int count, int k, int i) {
        int[] slice = Minimum.slice(count, k, i);
        return slice[1] - slice[0];
    }

    /** The file's values, checked: UTF-8 text, decimal, one per line (blank lines skipped), each below 2^bits. */
    private long[] read(Path file) {
        byte[] data;
        try {
            data = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UserError(file + ": " + whyUnreadable(file, e));
        }
        CharsetDecoder utf8 = StandardCharsets.UTF_8.newDecoder(); // reports malformed input rather than replacing it
        long[] v = new long[1024];
        int n = 0;
        int lineNo = 0;
        for (int start = 0; start < data.length; ) {
            int end = start;
            while (end < data.length && data[end] != '\n') {
                end++;
            }
            lineNo++;
            String t;
            try {
                t = utf8.decode(ByteBuffer.wrap(data, start, end - start)).toString().strip();
            } catch (CharacterCodingException e) {
                throw new UserError(file + ": not text (line " + lineNo + " is not UTF-8)");
            }
            start = end + 1;
            if (t.isEmpty()) {
                continue;
            }
            long x;
            try {
                x = Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw new UserError(file + ":" + lineNo + ": '" + Printable.clip(t) + "' is not a decimal number");
            }
            if (x < 0 || x >>> bits != 0) {
                throw new UserError(file + ":" + lineNo + ": " + x + " does not fit in " + bits + " unsigned bits (--bits)");
            }
            if (n == v.length) {
                v = java.util.Arrays.copyOf(v, 2 * n);
            }
            v[n++] = x;
        }
        if (n == 0) {
            throw new UserError(file + ": the file has no values");
        }
        return java.util.Arrays.copyOf(v, n);
    }

    /** Why {@code file} could not be read, in a few words. */
    static String whyUnreadable(Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "not readable (permission denied)";
        }
        if (Files.isDirectory(file)) {
            return "a directory, not a file";
        }
        return "cannot read (" + (e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName()) + ")";
    }

    @Override
    String format(BigInteger result) {
        return result.toString();
    }
}
