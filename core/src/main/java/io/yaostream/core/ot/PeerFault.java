package io.yaostream.core.ot;

/**
 * The peer sent something the protocol does not allow: a value that does not parse, a point that is not a valid
 * group element, a count or length outside what the protocol makes, or garbled material that does not decode.
 * The message names the message and the field, so a party can report it in one line and blame the peer, not
 * itself (the command line exits 1, as for any failure the user can act on).
 *
 * <p>It lives here, the lowest package that parses the peer's messages, so that the OT code and the protocol
 * code above it ({@code io.yaostream.core.protocol}, which depends on this package) throw the same type without
 * a dependency cycle. A failure of the channel itself (peer gone, timeout) is a
 * {@link io.yaostream.core.net.ChannelException} instead.
 */
public class PeerFault extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public PeerFault(String message) {
        super(message);
    }

    public PeerFault(String message, Throwable cause) {
        super(message, cause);
    }
}
