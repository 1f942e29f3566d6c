package io.yaostream.spark;

import io.yaostream.Inputs;
import io.yaostream.core.program.InputFeed;

/**
 * A party's inputs to one shard: how many rows its partition had, and the inputs they give.
 *
 * @param rows rows read from the partition (the peer learns this number)
 * @param inputs the inputs, in the order the shard's program takes them
 */
public record ShardInputs(long rows, Inputs inputs) {
    public ShardInputs {
        if (rows < 0) {
            throw new IllegalArgumentException("negative number of rows: " + rows);
        }
        java.util.Objects.requireNonNull(inputs, "inputs");
    }
}
