package io.yaostream;

import java.util.List;

/**
 * What a sharded run gave this party ({@link Shards}): the result, and what each session cost.
 *
 * @param <R> the result
 * @param value what the run gave this party: the combining session's result, or the shards' results in order
 * @param shards each shard's session, in shard order (its value is what the shard program returned here)
 * @param combine the combining session, or null for a run without one
 * @param seconds from the first connection to the end of the last session, as this party timed it
 */
public record Sharded<R>(R value, List<Result<?>> shards, Result<?> combine, double seconds) {
    /**
     * The shards and the combining session, in that order.
     *
     * @return every session of the run
     */
    public List<Result<?>> sessions() {
        if (combine == null) {
            return shards;
        }
        List<Result<?>> all = new java.util.ArrayList<>(shards);
        all.add(combine);
        return List.copyOf(all);
    }

    /**
     * AND gates of every session.
     *
     * @return the run's AND gates
     */
    public long andGates() {
        return sessions().stream().mapToLong(Result::andGates).sum();
    }

    /**
     * Bytes of every session, both ways, as this party counted them.
     *
     * @return the run's bytes
     */
    public long bytes() {
        return sessions().stream().mapToLong(r -> r.costs().bytes()).sum();
    }

    /**
     * Bytes this party sent, over every session.
     *
     * @return the bytes this party's connections carried out
     */
    public long bytesSent() {
        return sessions().stream().mapToLong(Result::bytesSent).sum();
    }
}
