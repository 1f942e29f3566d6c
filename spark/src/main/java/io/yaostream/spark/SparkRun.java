package io.yaostream.spark;

import java.util.List;

/**
 * What a run on Spark gave this party: the result, and what its sessions cost.
 *
 * @param <R> the result
 * @param value the combining session's result, or each shard's result in shard order
 * @param shards each shard's costs, in shard order, as this party's tasks counted them
 * @param andGates AND gates of every session, the combining one included
 * @param bytes bytes of every session, both ways, as this party counted them
 * @param seconds from the call to its return at this party's driver: the join, reading the rows, the secure stage, the
 *     combine
 * @param prepareSeconds from the call until both parties' rows were read and cut into K cached partitions (the join
 *     included): what comes before the secure stage
 * @param stageSeconds the secure stage alone, from its submission (both parties ready) to the last shard's result
 */
public record SparkRun<R>(R value, List<ShardCosts> shards, long andGates, long bytes, double seconds, double prepareSeconds,
                          double stageSeconds) {
    /**
     * One shard's session as its task counted it.
     *
     * @param shard the shard
     * @param garblerRows rows of the garbler's partition
     * @param evaluatorRows rows of the evaluator's partition
     * @param andGates AND gates of the shard's session
     * @param bytes bytes of its session, both ways
     * @param seconds the session's time in the task
     */
    public record ShardCosts(int shard, long garblerRows, long evaluatorRows, long andGates, long bytes, double seconds)
            implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }
}
