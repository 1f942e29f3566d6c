package io.yaostream.core.net;

/** A channel that cannot deliver: the peer closed or vanished, a timeout passed, or this end was closed. */
public class ChannelException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ChannelException(String message) {
        super(message);
    }

    public ChannelException(String message, Throwable cause) {
        super(message, cause);
    }
}
