package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.PeerIdentity;
import io.yaostream.core.net.TestCertificates;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One shard's connection where each shard listens on a port of its own (a Spark garbler task): what strangers on that
 * port can and cannot do to the shard that waits there.
 */
class ShardPairTest {
    private static final long RUN = 0x5eed_1234L;
    private final List<String> notices = new CopyOnWriteArrayList<>();
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(10)).withNotices(notices::add);

    /** The task's side: waits for shard 0 of 2 of {@link #RUN}, then reads one byte and answers it plus one. */
    private static CompletableFuture<Integer> task(NettyTransport.Listener listener, TransportOptions options) {
        return CompletableFuture.supplyAsync(() -> {
            try (Channel c = ShardPair.accept(listener, options, RUN, 0, 2)) {
                byte[] b = new byte[1];
                c.readFully(b, 0, 1);
                b[0]++;
                c.write(b, 0, 1);
                c.flush();
                return (int) b[0];
            }
        });
    }

    /** The real peer: connects as shard 0 of 2 of {@link #RUN}, sends 41 and reads the answer. */
    private static int peer(int port, TransportOptions options) {
        try (Channel c = ShardPair.connect("127.0.0.1", port, options, RUN, 0, 2)) {
            c.write(new byte[] {41}, 0, 1);
            c.flush();
            byte[] b = new byte[1];
            c.readFully(b, 0, 1);
            return b[0];
        }
    }

    @Test
    void silentConnectionsDoNotHoldUpThePeer() {
        try (NettyTransport.Listener listener = NettyTransport.listenForMany("127.0.0.1", 0, options, 1)) {
            CompletableFuture<Integer> task = task(listener, options);
            List<Channel> silent = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    silent.add(NettyTransport.connect("127.0.0.1", listener.port(), options)); // greets, then says nothing
                }
                long start = System.nanoTime();
                assertEquals(42, peer(listener.port(), options));
                assertEquals(42, task.join());
                // Read on the accepting thread, the first silent connection held the peer for the whole 10 s timeout.
                assertTrue(System.nanoTime() - start < 8_000_000_000L, "the peer waited " + (System.nanoTime() - start) / 1e9 + " s");
            } finally {
                silent.forEach(Channel::close);
            }
        }
    }

    @Test
    void aStrangerWithAnotherShardCountIsRefusedAndTheTaskGoesOn() {
        try (NettyTransport.Listener listener = NettyTransport.listenForMany("127.0.0.1", 0, options, 1)) {
            CompletableFuture<Integer> task = task(listener, options);
            ChannelException refused = assertThrows(ChannelException.class, () -> ShardPair.connect("127.0.0.1", listener.port(), options, RUN, 0, 3));
            assertTrue(refused.getMessage().contains("refused: the peer runs 3 shards, this party 2"), refused.getMessage());
            ChannelException otherRun = assertThrows(ChannelException.class, () -> ShardPair.connect("127.0.0.1", listener.port(), options, RUN + 1, 0, 2));
            assertTrue(otherRun.getMessage().contains("refused: it belongs to another run"), otherRun.getMessage());
            assertEquals(42, peer(listener.port(), options));
            assertEquals(42, task.join());
        }
        assertTrue(notices.stream().anyMatch(n -> n.replaceFirst(":\\d+: ", ":PORT: ").equals("refused a connection from 127.0.0.1:PORT: the peer runs 3 shards, this party 2: give both parties"
                + " the same number of shards")), notices.toString());
    }

    @Test
    void waitingInVainNamesTheLastRefusal() {
        TransportOptions shortWait = options.withTimeout(Duration.ofSeconds(2));
        try (NettyTransport.Listener listener = NettyTransport.listenForMany("127.0.0.1", 0, shortWait, 1)) {
            CompletableFuture<Integer> task = task(listener, shortWait);
            assertThrows(ChannelException.class, () -> ShardPair.connect("127.0.0.1", listener.port(), shortWait, RUN, 0, 3));
            Throwable e = assertThrows(CompletionException.class, task::join).getCause();
            assertTrue(e instanceof ChannelException, e.toString());
            assertTrue(e.getMessage().startsWith("no peer connected shard 0 to " + listener.address() + " within 2 s (refused 1 connection:"
                    + " the peer runs 3 shards, this party 2"), e.getMessage());
        }
    }

    @Test
    void anAuthenticatedPeerWithAnotherShardCountFailsTheTaskAtOnce(@TempDir Path dir) throws Exception {
        TestCertificates pki = new TestCertificates(dir, "shards-ca");
        TlsFiles garbler = pki.party("garbler");
        TlsFiles evaluator = pki.party("evaluator");
        TlsFiles mallory = pki.party("mallory");
        TransportOptions atGarbler = options.withTls(garbler).withPeer(PeerIdentity.of("the evaluator", PeerCertificate.of(evaluator.certificate())));
        TransportOptions atEvaluator = options.withTls(evaluator).withPeer(PeerIdentity.of("the garbler", PeerCertificate.of(garbler.certificate())));
        TransportOptions atMallory = options.withTimeout(Duration.ofSeconds(2)).withTls(mallory)
                .withPeer(PeerIdentity.of("the garbler", PeerCertificate.of(garbler.certificate())));
        try (NettyTransport.Listener listener = NettyTransport.listenForMany("127.0.0.1", 0, atGarbler, 1)) {
            CompletableFuture<Integer> task = task(listener, atGarbler);
            // Mallory's certificate is signed by the same CA, but it is not the evaluator's: refused in the TLS handshake.
            assertThrows(ChannelException.class, () -> ShardPair.connect("127.0.0.1", listener.port(), atMallory, RUN, 0, 2));
            assertTrue(notices.stream().anyMatch(n -> n.contains("CN=mallory")), notices.toString());
            long start = System.nanoTime();
            assertThrows(ChannelException.class, () -> ShardPair.connect("127.0.0.1", listener.port(), atEvaluator, RUN, 0, 3));
            Throwable e = assertThrows(CompletionException.class, task::join).getCause();
            assertTrue(e instanceof ProtocolException, e.toString());
            assertEquals("the peer runs 3 shards, this party 2: give both parties the same number of shards", e.getMessage());
            assertTrue(System.nanoTime() - start < 8_000_000_000L, "failed only after " + (System.nanoTime() - start) / 1e9 + " s");
        }
    }
}
