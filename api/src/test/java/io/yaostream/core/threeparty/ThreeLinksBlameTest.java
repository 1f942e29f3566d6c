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
 * Whom a party blames when a peer ends the session because of the third party: the third party only if this party's own
 * link to it fails too (within a short grace, as under load, when the event loop of that link has not run yet);
 * otherwise the peer that said goodbye, whose word it was.
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

    /**
     * A malicious P3 frames the honest P2: its goodbye to P1 blames P2 while P1's link to P2 is healthy. P1 names P3,
     * with what P3 said, not P2.
     */
    @Test
    void aGoodbyeThatFramesAPartyWhoseLinkIsHealthyNamesTheSender() throws Exception {
        Channel[] with2 = pair(); // P2's end stays open: its link to P1 is healthy
        Channel[] with3 = pair();
        ThreeLinks p1 = new ThreeLinks(1, new PartyLink(with2[0], 2), new PartyLink(with3[0], 3));
        ThreeLinks p3 = new ThreeLinks(3, new PartyLink(with3[1], 1), new PartyLink(with2[1], 2)); // only its link to P1 is used
        try {
            p3.to(1).abort("link to P2: peer 127.0.0.1:9 closed the connection (5 bytes received, 0 sent)");
            ChannelException e = assertThrows(ChannelException.class, () -> p1.to(3).readFully(new byte[1], 0, 1));
            String line = p1.firstGone(e.getMessage());
            assertNull(p1.to(2).peerGone());
            assertTrue(line.matches("link to P3: peer 127\\.0\\.0\\.1:\\d+ ended the session: link to P2: peer 127\\.0\\.0\\.1:9 closed"
                    + " the connection \\(5 bytes.*"), line);
        } finally {
            p1.close();
            with2[1].close();
        }
    }

    /** Where P2 really failed and this party's own link to it shows so shortly after P3's goodbye, P2 is named. */
    @Test
    void aGoodbyeThatBlamesAPartyWhoseLinkFailsSoonAfterNamesThatParty() throws Exception {
        Channel[] with2 = pair();
        Channel[] with3 = pair();
        ThreeLinks p1 = new ThreeLinks(1, new PartyLink(with2[0], 2), new PartyLink(with3[0], 3));
        ThreeLinks p3 = new ThreeLinks(3, new PartyLink(with3[1], 1), new PartyLink(with2[1], 2));
        try {
            p3.to(1).abort("link to P2: peer 127.0.0.1:9 closed the connection");
            ChannelException e = assertThrows(ChannelException.class, () -> p1.to(3).readFully(new byte[1], 0, 1));
            CompletableFuture.runAsync(() -> {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException ignored) {
                    Thread.currentThread().interrupt();
                }
                with2[1].close(); // P2 goes, and P1's own link to it shows so within the grace
            });
            String line = p1.firstGone(e.getMessage());
            assertTrue(line.matches("link to P2: peer 127\\.0\\.0\\.1:\\d+ closed the connection.*"), line);
        } finally {
            p1.close();
        }
    }

    /** P2's own goodbye on the link to P1 is P2's word, not a failure of that link: it does not turn the blame to P2. */
    @Test
    void theBlamedPartysOwnGoodbyeDoesNotCountAsItsLinkFailing() throws Exception {
        Channel[] with2 = pair();
        Channel[] with3 = pair();
        ThreeLinks p1 = new ThreeLinks(1, new PartyLink(with2[0], 2), new PartyLink(with3[0], 3));
        try {
            with3[1].abort("link to P2: peer 127.0.0.1:9 closed the connection");
            ChannelException e = assertThrows(ChannelException.class, () -> p1.to(3).readFully(new byte[1], 0, 1));
            with2[1].abort("link to P3: peer 127.0.0.1:9 ended the session");
            String line = p1.firstGone(e.getMessage());
            assertTrue(line.startsWith("link to P3: "), line);
        } finally {
            p1.close();
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
