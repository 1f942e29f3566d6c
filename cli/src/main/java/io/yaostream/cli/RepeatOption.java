package io.yaostream.cli;

import picocli.CommandLine.Option;

/** {@code --repeat N}: how many times a session evaluates the circuit, at least once. */
final class RepeatOption {
    @Option(names = "--repeat", paramLabel = "N", defaultValue = "1", description = "Evaluate the circuit N times in one session (default: 1).")
    long times;

    /** The count; below 1 is a usage error. */
    long times() {
        if (times < 1) {
            throw new UsageError("--repeat: must be at least 1, got " + times);
        }
        return times;
    }
}
