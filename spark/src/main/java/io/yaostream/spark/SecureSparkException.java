package io.yaostream.spark;

/**
 * A run on Spark that failed, in one line: which shard (or the join, or the combining session) and why, whichever side
 * it started at. Both parties' runs fail; neither returns a partial result.
 */
public final class SecureSparkException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    SecureSparkException(String message, Throwable cause) {
        super(message, cause);
    }
}
