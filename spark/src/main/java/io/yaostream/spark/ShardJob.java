package io.yaostream.spark;

import io.yaostream.SecureProgram;

import java.io.Serializable;
import java.util.Iterator;

/**
 * What one party's shards compute, in the general form: how a partition's rows become this party's inputs, and the
 * program of a shard, which both parties build alike from the shard's {@link ShardShape} (both parties' row counts
 * in that shard are public, as the size of a circuit always is). Each party makes its own job, with its own private
 * data (a key, say) in it; Spark ships it to the party's own executors, never to the peer. {@link #name()} names the
 * computation and its parameters, and both parties' must be equal: the rendezvous checks it before any task starts.
 *
 * <p>A shard's result goes back to this party's driver: with a combining program it is a {@link io.yaostream.Shared}
 * share (the runner carries its bits); without one it must be {@link Serializable}.
 *
 * @param <T> a row of this party's data
 * @param <S> a shard's result
 */
public interface ShardJob<T, S> extends Serializable {
    /**
     * The computation and its parameters, the same at both parties (e.g. {@code "minimum of 32-bit values"}).
     *
     * @return the computation's name
     */
    String name();

    /**
     * This party's inputs from the rows of its partition, read once.
     *
     * @param rows the partition's rows
     * @return how many rows there were, and the inputs they give, in the order the program takes them
     * @throws IllegalArgumentException for a row that is not a valid input (say which)
     */
    ShardInputs read(Iterator<T> rows);

    /**
     * The program of one shard, the same at both parties for the same shape.
     *
     * @param shape which shard, and how many rows each party has in it
     * @return the shard's program
     */
    SecureProgram<S> program(ShardShape shape);
}
