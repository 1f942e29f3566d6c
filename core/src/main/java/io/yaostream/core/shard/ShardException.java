package io.yaostream.core.shard;

/**
 * A sharded run that failed: which shard failed first (or the combining session), and why, in one line. The run
 * stops every other shard when one fails, so this is the one failure it reports; the cause is the shard's own.
 */
public final class ShardException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final int shard;

    ShardException(int shard, String message, Throwable cause) {
        super(message, cause);
        this.shard = shard;
    }

    /** The shard that failed first, from 0; the number of shards for the combining session; -1 where unknown. */
    public int shard() {
        return shard;
    }
}
