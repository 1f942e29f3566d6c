package io.yaostream.core.net;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;

import static org.junit.jupiter.api.Assertions.assertEquals;

class TlsErrorsTest {
    @Test
    void aNativeTransportErrorGivesItsReasonWithoutTheSystemCall() {
        // The message Netty's epoll transport gives when a peer resets the connection.
        IOException reset = new IOException("recvAddress(..) failed: Connection reset by peer");
        assertEquals("Connection reset by peer", TlsErrors.innermostMessage(new UncheckedIOException(reset)));
    }

    @Test
    void theInnermostMessageIsCutAtItsFirstLine() {
        assertEquals("first", TlsErrors.innermostMessage(new RuntimeException("outer", new IOException("first\nsecond"))));
    }

    @Test
    void aCauseWithoutAMessageIsNamedByItsClass() {
        assertEquals("IOException", TlsErrors.innermostMessage(new IOException((String) null)));
    }

    @Test
    void aMessageThatOnlyMentionsACallKeepsIt() {
        assertEquals("cannot bind: connect(..) failed: refused",
                TlsErrors.innermostMessage(new IOException("cannot bind: connect(..) failed: refused")));
    }
}
