package io.yaostream.core.garble;

/** Garbled material that does not decode: a tampered table or label, a short stream, a wrong input. */
public class GarblingException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public GarblingException(String message) {
        super(message);
    }
}
