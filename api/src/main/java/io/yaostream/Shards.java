package io.yaostream;

import io.yaostream.core.shard.ShardHello;
import io.yaostream.core.shard.ShardLinks;
import io.yaostream.core.shard.ShardRunner;
import io.yaostream.core.twoparty.YaoSession;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;

/**
 * One computation as {@code k} two-party sessions, a bounded number at once, for more than one core (and, with each
 * party's shards on machines of their own, more than one machine): a shard program runs over each of k slices of the
 * inputs, each
 * shard its own connection, base OTs, Δ and thread; each ends in a shared result ({@link SecretValue#share()}) or
 * reveals what it may; then a combining session takes the shards' shares as inputs and reveals the final result.
 *
 * <pre>{@code
 * Shards run = TwoParty.garbler().listen(7000).shards(4);
 * BigInteger min = run.run(i -> c -> minimumOf(c.garbler().uints(32, n[i]), c.evaluator().uints(32, n[i])).share(),
 *                          i -> Inputs.of(slice(values, i), 32),
 *                          c -> minimumOf(c.shared().uints(32, 4)).reveal()).value();
 * }</pre>
 *
 * All shards use the one port the listening party gives: the connecting party draws a number for the run and opens
 * every connection with it and the shard it carries, so the listener refuses, in one line, a connection of another
 * run or a second one for a shard, and fails the run if the peer has another number of shards. A shard that fails
 * ends the run at both parties, naming the shard and the cause ({@link io.yaostream.core.shard.ShardException});
 * no thread or connection is left behind. A bounded number of shards run at once (the connecting party's cores, at
 * least 8 and at most 64: {@link io.yaostream.core.shard.ShardRunner#running}), the connecting party opening the
 * next as one ends, so memory is that many sessions', whatever k is.
 */
public final class Shards {
    private final TwoParty party;
    private final int count;

    Shards(TwoParty party, int count) {
        ShardHello.checkShards(count);
        this.party = party;
        this.count = count;
    }

    /**
     * The number of shards.
     *
     * @return k
     */
    public int count() {
        return count;
    }

    /**
     * Runs the shards, without a combining session: for computations whose shards reveal their own results (k
     * slices of blocks to encrypt, say).
     *
     * @param <S> a shard's result
     * @param shard the program of shard i (0 to k − 1), the same at both parties
     * @param inputs this party's inputs to shard i
     * @return each shard's result, in shard order
     * @throws io.yaostream.core.shard.ShardException if a shard fails, naming it and the cause
     */
    public <S> Sharded<List<S>> run(IntFunction<? extends SecureProgram<S>> shard, IntFunction<? extends Inputs> inputs) {
        try (ShardLinks links = party.shardLinks(count)) {
            return runOver(links, party.role(), shard, inputs, null);
        }
    }

    /**
     * Runs the shards, each ending in a shared result, then the combining session, whose inputs are this party's shares
     * in shard order ({@code c.shared()} takes them) and whose result is the run's.
     *
     * @param <R> the combining program's result
     * @param shard the program of shard i (0 to k − 1), the same at both parties
     * @param inputs this party's inputs to shard i
     * @param combine the combining program, the same at both parties
     * @return the combining program's result, with every session's costs
     * @throws io.yaostream.core.shard.ShardException if a shard or the combining session fails, naming it and the cause
     */
    public <R> Sharded<R> run(IntFunction<? extends SecureProgram<Shared>> shard, IntFunction<? extends Inputs> inputs, SecureProgram<R> combine) {
        try (ShardLinks links = party.shardLinks(count)) {
            return runOver(links, party.role(), shard, inputs, combine);
        }
    }

    /**
     * What each party of a sharded run in one process got.
     *
     * @param <R> the run's result
     * @param garbler the garbler's
     * @param evaluator the evaluator's
     */
    public record Both<R>(Sharded<R> garbler, Sharded<R> evaluator) {
    }

    /**
     * Both parties in this process over TCP loopback, with this configuration's scheme, kernel, name and transport
     * (its role and address are not used): for demonstrations, tests and benchmarks.
     *
     * @param <S> a shard's result
     * @param shard the program of shard i
     * @param garblerInputs the garbler's inputs to shard i
     * @param evaluatorInputs the evaluator's inputs to shard i
     * @return what each party got
     * @throws RuntimeException the evaluator's failure if it failed, else the garbler's, once both have ended
     */
    public <S> Both<List<S>> runBoth(IntFunction<? extends SecureProgram<S>> shard, IntFunction<? extends Inputs> garblerInputs,
                                     IntFunction<? extends Inputs> evaluatorInputs) {
        return both(shard, garblerInputs, evaluatorInputs, null);
    }

    /**
     * Both parties in this process over TCP loopback, shards then the combining session, as {@link #runBoth(IntFunction,
     * IntFunction, IntFunction)}.
     *
     * @param <R> the combining program's result
     * @param shard the program of shard i
     * @param garblerInputs the garbler's inputs to shard i
     * @param evaluatorInputs the evaluator's inputs to shard i
     * @param combine the combining program
     * @return what each party got
     * @throws RuntimeException the evaluator's failure if it failed, else the garbler's, once both have ended
     */
    public <R> Both<R> runBoth(IntFunction<? extends SecureProgram<Shared>> shard, IntFunction<? extends Inputs> garblerInputs,
                               IntFunction<? extends Inputs> evaluatorInputs, SecureProgram<R> combine) {
        return both(shard, garblerInputs, evaluatorInputs, combine);
    }

    private <S, R> Both<R> both(IntFunction<? extends SecureProgram<S>> shard, IntFunction<? extends Inputs> garblerInputs,
                                IntFunction<? extends Inputs> evaluatorInputs, SecureProgram<R> combine) {
        try (ShardLinks listening = ShardLinks.listeningQuietly("127.0.0.1", 0, party.transportOptions(), count)) {
            BothParties.Results<Sharded<R>> r = BothParties.run(() -> runOver(listening, Party.GARBLER, shard, garblerInputs, combine), () -> {
                try (ShardLinks connecting = ShardLinks.connecting("127.0.0.1", listening.port(), party.transportOptions(), count)) {
                    return runOver(connecting, Party.EVALUATOR, shard, evaluatorInputs, combine);
                }
            });
            return new Both<>(r.garbler(), r.evaluator());
        }
    }

    /**
     * The run over {@code links} as {@code role}: with a combining program, the shards' results are this party's
     * shares and the run's result is the combining session's; without, the run's result is the shards' results.
     */
    @SuppressWarnings("unchecked")
    private <S, R> Sharded<R> runOver(ShardLinks links, Party role, IntFunction<? extends SecureProgram<S>> shard,
                                      IntFunction<? extends Inputs> inputs, SecureProgram<R> combine) {
        long start = System.nanoTime();
        List<Result<S>> shards = ShardRunner.runShards(links,
                (i, channel) -> party.session(role, channel, shard.apply(i), inputs.apply(i), shardName(i)));
        List<S> values = new ArrayList<>(count);
        shards.forEach(r -> values.add(r.value()));
        Result<R> combined = null;
        if (combine != null) {
            Inputs shares = Inputs.of((List<Shared>) values);
            combined = ShardRunner.runCombine(links, (i, channel) -> party.session(role, channel, combine, shares, party.name() + " combine of " + count));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        return new Sharded<>(combine == null ? (R) java.util.Collections.unmodifiableList(values) : combined.value(), List.copyOf(shards), combined,
                seconds);
    }

    /** Shard i's name in its session's handshake: both parties must run the same shard of the same run over each link. */
    private String shardName(int i) {
        return party.name() + " shard " + i + " of " + count;
    }
}
