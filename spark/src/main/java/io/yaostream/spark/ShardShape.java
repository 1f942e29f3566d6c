package io.yaostream.spark;

/**
 * One shard as both parties see it: its number, the number of shards, and how many rows each party's partition holds.
 * The row counts are exchanged by the paired tasks before the shard's session, so both build the same program.
 *
 * @param shard the shard, from 0
 * @param shards the number of shards
 * @param garblerRows rows in the garbler's partition
 * @param evaluatorRows rows in the evaluator's partition
 */
public record ShardShape(int shard, int shards, long garblerRows, long evaluatorRows) {
}
