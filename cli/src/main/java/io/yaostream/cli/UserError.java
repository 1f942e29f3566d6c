package io.yaostream.cli;

/** A problem with what the user asked for; printed as one line, without a stack trace. */
final class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UserError(String message) {
        super(message);
    }
}
