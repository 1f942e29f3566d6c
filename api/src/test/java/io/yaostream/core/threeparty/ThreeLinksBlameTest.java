package io.yaostream.core.threeparty;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.protocol.PartyLink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whom a party blames when a peer ends the session because of the third party: the third party, even before this
 * party's own link to it has shown anything (as under load, when the event loop of that link has not run yet).
 */
@Timeout(60)
class ThreeLinksBlameTest {
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(10));

    private Channel[] pair() throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen(0, options)) {
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), options));
            Channel server = l.accept();
            return new Channel[] {server, client.get(20, TimeUnit.SECONDS)};
        }
    }

    @Test
    void aPeerThatEndsTheSessionBecauseOfTheThirdPartyGetsTheThirdPartyNamed() throws Exception {
        Channel[] with2 = pair(); // P2's end stays open: P1 has not seen P2 go
        Channel[] with3 = pair();
        ThreeLinks p1 = new ThreeLinks(1, new PartyLink(with2[0], 2), new PartyLink(with3[0], 3));
        ThreeLinks p3 = new ThreeLinks(3, new PartyLink(with3[1], 1), new PartyLink(with2[1], 2)); // only its link to P1 is used
        try {
            p3.to(1).abort("link to P2: peer 127.0.0.1:9 closed the connection (5 bytes received, 0 sent)");
            ChannelException e = assertThrows(ChannelException.class, () -> p1.to(3).readFully(new byte[1], 0, 1));
            assertNull(p1.to(2).peerGone());
            String line = p1.firstGone(e.getMessage());
            assertTrue(line.startsWith("link to P2: P3 ended the session, having found: peer 127.0.0.1:9 closed the connection (5 bytes"), line);
        } finally {
            p1.close();
            with2[1].close();
        }
    }

    /** Where this party's own link to the third party has shown its end too, that end leads, and the goodbye is said once. */
    @Test
    void theOwnEndOfTheBlamedLinkLeadsWhereItShowed() throws Exception {
        Channel[] with2 = pair();
        Channel[] with3 = pair();
        ThreeLinks p1 = new ThreeLinks(1, new PartyLink(with2[0], 2), new PartyLink(with3[0], 3));
        ThreeLinks p3 = new ThreeLinks(3, new PartyLink(with3[1], 1), new PartyLink(with2[1], 2));
        try {
            with2[1].close(); // P2 goes
            assertThrows(ChannelException.class, () -> p1.to(2).readFully(new byte[1], 0, 1));
            p3.to(1).abort("link to P2: peer 127.0.0.1:9 closed the connection");
            ChannelException e = assertThrows(ChannelException.class, () -> p1.to(3).readFully(new byte[1], 0, 1));
            String line = p1.firstGone(e.getMessage());
            assertTrue(line.matches("link to P2: peer 127\\.0\\.0\\.1:\\d+ closed the connection; then P3 ended the session for the same reason"),
                    line);
        } finally {
            p1.close();
        }
    }

    @Test
    void aFailureWithNoPeerGoneIsLeftAsItIs() throws Exception {
        Channel[] with2 = pair();
        Channel[] with3 = pair();
        ThreeLinks p1 = new ThreeLinks(1, new PartyLink(with2[0], 2), new PartyLink(with3[0], 3));
        try {
            assertTrue(p1.firstGone("link to P3: no data").equals("link to P3: no data"));
        } finally {
            p1.close();
            with2[1].close();
            with3[1].close();
        }
    }
}
