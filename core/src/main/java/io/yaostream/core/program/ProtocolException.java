package io.yaostream.core.program;

/**
 * A session that cannot go on: the parties disagree (handshake), a program misuses its context, or the peer
 * sent something the protocol does not allow. The message says which.
 */
public class ProtocolException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ProtocolException(String message) {
        super(message);
    }

    public ProtocolException(String message, Throwable cause) {
        super(message, cause);
    }
}
