package io.yaostream.examples;

import io.yaostream.Inputs;
import io.yaostream.Computation;
import io.yaostream.SecretValue;
import io.yaostream.SecureProgram;
import io.yaostream.Shared;
import io.yaostream.UInt;
import io.yaostream.compiler.dsl.Bits;
import io.yaostream.compiler.dsl.CircuitBuilder;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.program.InputFeed;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * The minimum of 2n unsigned w-bit values, n from each party (HS13 §4.2.4), in any of the paper's three
 * strategies; each costs 2·(2n − 1)·w AND gates (a comparison and a selection per value but the first):
 * <ul>
 *   <li>{@link Strategy#A}: all inputs first, in one exchange per party, then the minimum over all of them: the
 *       fewest round trips, memory linear in the number of values (the labels of every input bit). HS13 evaluates
 *       one flat circuit here; at a million values that circuit has 1.2·10^8 gates, and compiling it as one piece
 *       ran out of a 6 GiB heap, so the values held in memory go through the same cached k-value circuit as
 *       strategy C (with k values per call), which computes the same function with the same AND gates;</li>
 *   <li>{@link Strategy#B}: one value at a time, alternately from each party, folded into the running minimum
 *       with one cached two-value circuit: memory constant;</li>
 *   <li>{@link Strategy#C}: subsets of k values (k/2 from each party) at a time, each reduced by one cached
 *       k-value circuit and then folded into the running minimum: memory linear in k.</li>
 * </ul>
 * Both parties learn the minimum.
 */
public final class Minimum {
    public static final long DEFAULT_COUNT = 1_000_000;
    public static final int DEFAULT_BITS = 20;
    public static final int DEFAULT_SUBSET = 500;

    /** The three strategies of HS13 §4.2.4. */
    public enum Strategy {
        A, B, C;

        public static Strategy fromKey(String key) {
            for (Strategy s : values()) {
                if (s.name().equalsIgnoreCase(key)) {
                    return s;
                }
            }
            throw new IllegalArgumentException("unknown strategy '" + key + "' (expected a, b or c)");
        }

        public String key() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    private Minimum() {
    }

    /**
     * The program for {@code perParty} values of {@code bits} bits from each party.
     *
     * @param subset values per subset in strategies A and C (even: half from each party); ignored by B
     */
    public static SecureProgram<BigInteger> program(int perParty, int bits, Strategy strategy, int subset) {
        if (perParty < 1) {
            throw new IllegalArgumentException("each party needs at least one value, not " + perParty);
        }
        if (strategy != Strategy.B && (subset < 2 || subset % 2 != 0)) {
            throw new IllegalArgumentException("the subset size must be even and at least 2 (half from each party), not " + subset);
        }
        return c -> minimum(c, perParty, bits, strategy, subset).reveal();
    }

    /** The minimum of {@code perParty} values from each party, by {@code strategy}, still secret. */
    private static UInt minimum(Computation c, int perParty, int bits, Strategy strategy, int subset) {
        return switch (strategy) {
            case A -> bySubsets(c, perParty, bits, subset / 2, true);
            case B -> oneAtATime(c, perParty, bits);
            case C -> bySubsets(c, perParty, bits, subset / 2, false);
        };
    }

    /**
     * One shard of a sharded minimum ({@link io.yaostream.Shards}): the minimum of this shard's {@code perParty} values
     * from each party, shared rather than revealed. A shard with no values shares the largest {@code bits}-bit value,
     * which leaves the minimum as it is.
     */
    public static SecureProgram<Shared> shard(int perParty, int bits, Strategy strategy, int subset) {
        if (perParty == 0) {
            return c -> c.constant(largest(bits), bits).share();
        }
        program(perParty, bits, strategy, subset); // checks the parameters
        return c -> minimum(c, perParty, bits, strategy, subset).share();
    }

    /**
     * One shard where the parties hold different numbers of values (a partition of each party's data, say): the
     * minimum of the garbler's {@code garblerValues} and the evaluator's {@code evaluatorValues} values, shared. Values
     * go in subsets of up to {@code subset / 2} from each party, the party with more values filling the last subsets
     * alone, so it costs 2·(n − 1)·w AND gates for n values in all, as the other forms do. A shard with no values
     * shares the largest {@code bits}-bit value.
     */
    public static SecureProgram<Shared> shard(long garblerValues, long evaluatorValues, int bits, int subset) {
        if (garblerValues < 0 || evaluatorValues < 0) {
            throw new IllegalArgumentException("negative numbers of values: " + garblerValues + " and " + evaluatorValues);
        }
        if (subset < 2 || subset % 2 != 0) {
            throw new IllegalArgumentException("the subset size must be even and at least 2 (half from each party), not " + subset);
        }
        if (garblerValues + evaluatorValues == 0) {
            return c -> c.constant(largest(bits), bits).share();
        }
        int half = subset / 2;
        return c -> {
            UInt min = null;
            for (long g = 0, e = 0; g < garblerValues || e < evaluatorValues; ) {
                int kg = (int) Math.min(half, garblerValues - g);
                int ke = (int) Math.min(half, evaluatorValues - e);
                SecretValue[] values = new SecretValue[kg + ke];
                System.arraycopy(c.garbler().uints(bits, kg), 0, values, 0, kg);
                System.arraycopy(c.evaluator().uints(bits, ke), 0, values, kg, ke);
                UInt m = values.length == 1 ? values[0].asUInt() : minimumOf(c, values);
                min = min == null ? m : min.min(m);
                g += kg;
                e += ke;
            }
            return min.share();
        };
    }

    /** The combining session of a sharded minimum: the minimum of the k shards' shared minima, revealed to both. */
    public static SecureProgram<BigInteger> combine(int shards, int bits) {
        return c -> {
            UInt[] minima = c.shared().uints(bits, shards);
            UInt min = minima[0];
            for (int i = 1; i < shards; i++) {
                min = min.min(minima[i]);
            }
            return min.reveal();
        };
    }

    private static long largest(int bits) {
        return bits == 64 ? -1L : (1L << bits) - 1;
    }

    /** Slice {@code i} of {@code count} values cut into {@code k}: {@code [from, to)}, the first {@code count % k} slices one longer. */
    public static int[] slice(int count, int k, int i) {
        int base = count / k;
        int extra = count % k;
        int from = i * base + Math.min(i, extra);
        return new int[] {from, from + base + (i < extra ? 1 : 0)};
    }

    /** The handshake's name: both parties must agree on every parameter, their own value counts included. */
    public static String name(int perParty, int bits, Strategy strategy, int subset) {
        return "minimum " + perParty + "+" + perParty + " values of " + bits + " bits, strategy " + strategy.key()
                + (strategy != Strategy.B ? ", subsets of " + subset : "");
    }

    private static UInt oneAtATime(Computation c, int perParty, int bits) {
        UInt min = c.garbler().uint(bits);
        min = min.min(c.evaluator().uint(bits));
        for (int i = 1; i < perParty; i++) {
            min = min.min(c.garbler().uint(bits));
            min = min.min(c.evaluator().uint(bits));
        }
        return min;
    }

    /**
     * Subsets of {@code half} values from each party, each reduced by the cached circuit and folded into the
     * running minimum; with {@code inputsFirst} (strategy A) every input is taken before the first subset.
     */
    private static UInt bySubsets(Computation c, int perParty, int bits, int half, boolean inputsFirst) {
        UInt[] allG = inputsFirst ? c.garbler().uints(bits, perParty) : null;
        UInt[] allE = inputsFirst ? c.evaluator().uints(bits, perParty) : null;
        UInt min = null;
        for (int done = 0; done < perParty; done += half) {
            int k = Math.min(half, perParty - done);
            UInt[] g = inputsFirst ? Arrays.copyOfRange(allG, done, done + k) : c.garbler().uints(bits, k);
            UInt[] e = inputsFirst ? Arrays.copyOfRange(allE, done, done + k) : c.evaluator().uints(bits, k);
            SecretValue[] subset = new SecretValue[2 * k];
            System.arraycopy(g, 0, subset, 0, k);
            System.arraycopy(e, 0, subset, k, k);
            UInt m = minimumOf(c, subset);
            min = min == null ? m : min.min(m);
        }
        return min;
    }

    /** One cached circuit per count ({@link #fold}): 2(count − 1)·w AND gates. */
    private static UInt minimumOf(Computation c, SecretValue[] values) {
        return c.apply(List.of("minimum", values.length), Minimum::fold, values)[0].asUInt();
    }

    /** The most running minima {@link #fold} advances together. */
    private static final int LANES = 16;

    /**
     * The minimum of {@code in}, within the working set of the inputs plus two (ME-SFE's 10,002 for 500 values of 20
     * bits), with AND gates in batches. Folding the values in order is a chain: each comparison's n ANDs wait on one
     * another, and on the comparison before, so the kernel pays an AES pipeline's latency per AND gate. Here up to
     * {@link #LANES} running minima each take the next value in rounds, their comparisons bit by bit together
     * ({@link CircuitBuilder#minEach}), and at the end the lanes' minima are paired off. Every input is alive until it
     * is compared, so a round of L comparisons, which needs 2L temporaries, waits for the slots the rounds before it
     * freed (a comparison frees a value's n): the first round is one comparison and each doubles the lanes. The same
     * comparisons as a fold in order, in another order: 2(count − 1)·w AND gates. (Package-private for its test.)
     */
    static Bits[] fold(CircuitBuilder b, Bits[] in) {
        List<Bits> lanes = new java.util.ArrayList<>(List.of(in[0]));
        int next = 1;
        while (next < in.length) {
            int round = Math.min(lanes.size(), in.length - next);
            Bits[] min = b.minEach(lanes.subList(0, round).toArray(new Bits[0]), Arrays.copyOfRange(in, next, next + round));
            for (int j = 0; j < round; j++) {
                lanes.set(j, min[j]);
            }
            next += round;
            int start = Math.min(Math.min(lanes.size(), LANES - lanes.size()), in.length - next);
            for (int j = 0; j < start; j++) {
                lanes.add(in[next++]);
            }
        }
        while (lanes.size() > 1) {
            int half = lanes.size() / 2;
            Bits[] min = b.minEach(lanes.subList(0, half).toArray(new Bits[0]), lanes.subList(half, 2 * half).toArray(new Bits[0]));
            List<Bits> rest = new java.util.ArrayList<>(List.of(min));
            rest.addAll(lanes.subList(2 * half, lanes.size()));
            lanes = rest;
        }
        return new Bits[] {lanes.get(0)};
    }

    /** A party's values as a feed that can be read ahead. */
    public static Inputs feed(long[] values, int bits) {
        int[] next = {0};
        return feed(values.length, bits, () -> values[next[0]++]);
    }

    /** {@code count} values of {@code bits} bits, each taken from {@code value} as the program (or the feed's look-ahead) asks. */
    private static Inputs feed(int count, int bits, java.util.function.LongSupplier value) {
        return Inputs.generate(count, bits, value);
    }

    /** {@code count} values below 2^bits from a seeded generator (each party draws its own). */
    public static long[] random(int count, int bits, long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        long[] v = new long[count];
        for (int i = 0; i < count; i++) {
            v[i] = draw(rnd, bits);
        }
        return v;
    }

    /** The next value below 2^bits (below 2^63 for 64 bits) from {@code rnd}. */
    private static long draw(java.util.SplittableRandom rnd, int bits) {
        return bits == 64 ? rnd.nextLong() & Long.MAX_VALUE : rnd.nextLong(1L << bits);
    }

    /**
     * The values {@link #random} gives, as a feed that draws each as it is taken: the same values in the same order,
     * without holding them all (at half a million values, 4 MB a party would otherwise hold for the whole run).
     */
    public static Inputs randomFeed(int count, int bits, long seed) {
        return randomFeed(0, count, bits, seed);
    }

    /**
     * Values {@code from} to {@code from + count} of those {@link #random} gives for {@code seed}: a shard's slice of
     * them, drawn as it is taken (the ones before it are drawn and dropped first).
     */
    public static Inputs randomFeed(int from, int count, int bits, long seed) {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
        for (int i = 0; i < from; i++) {
            draw(rnd, bits);
        }
        return feed(count, bits, () -> draw(rnd, bits));
    }

    /** Values {@code from} to {@code to} of {@code values}, as a feed. */
    public static Inputs feed(long[] values, int from, int to, int bits) {
        int[] next = {from};
        return feed(to - from, bits, () -> values[next[0]++]);
    }

    /** The minimum in plaintext, by sorting: the reference the tests compare with. */
    public static long reference(long[] garbler, long[] evaluator) {
        long[] all = Arrays.copyOf(garbler, garbler.length + evaluator.length);
        System.arraycopy(evaluator, 0, all, garbler.length, evaluator.length);
        Arrays.sort(all);
        return all[0];
    }
}
