package io.yaostream.cli;

/**
 * A command line that is wrong in itself: an option value out of its range or not one of its names, options that
 * conflict or that need another. Printed as one line like picocli's own parse errors, with exit status 2; errors
 * that depend on a file's content or on the values a circuit takes are {@link UserError}s (exit 1).
 */
final class UsageError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageError(String message) {
        super(message);
    }
}
