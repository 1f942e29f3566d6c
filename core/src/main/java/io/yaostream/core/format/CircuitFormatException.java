package io.yaostream.core.format;

import io.yaostream.core.text.Printable;

/**
 * A circuit file or value that cannot be read. The message is one line that starts with where the
 * problem is ({@code file:line}, {@code file: byte N} or the argument) and says what is wrong.
 */
public class CircuitFormatException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CircuitFormatException(String message) {
        super(Printable.escaped(message)); // messages quote pieces of the file, which may hold line breaks
    }
}
