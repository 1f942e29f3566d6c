package io.yaostream.spark;

import io.yaostream.core.net.Channel;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The rendezvous at the garbler's driver, without Spark: who may join, register and look up, and what is refused. */
class RendezvousTest {
    private static final long RUN = 0x1234_5678_9abcL;
    private final List<String> notices = new ArrayList<>();
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(3))
            .withNotices(line -> {
                synchronized (notices) {
                    notices.add(line);
                }
            });

    private Rendezvous rendezvous(int shards) {
        return new Rendezvous("127.0.0.1", 0, options, new Rendezvous.Expectation("minimum of unsigned 32-bit values", "half-gates", shards), RUN);
    }

    @Test
    void registeredShardsAreFoundAndTheJoinGetsTheRun() {
        try (Rendezvous r = rendezvous(2)) {
            CompletableFuture<RendezvousClient.Joined> joined = CompletableFuture.supplyAsync(() ->
                    RendezvousClient.join("127.0.0.1", r.port(), options, "minimum of unsigned 32-bit values", "half-gates", 2));
            try (Channel link = r.awaitPeerDriver()) {
                assertEquals(RUN, joined.join().run());
                joined.join().link().close();
            }
            // A lookup waits for its shard's registration.
            CompletableFuture<Rendezvous.Address> found = CompletableFuture.supplyAsync(() -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 1));
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 1, "10.1.2.3", 40001);
            assertEquals(new Rendezvous.Address("10.1.2.3", 40001), found.join());
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.1.2.4", 40002);
            assertEquals(new Rendezvous.Address("10.1.2.4", 40002), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
        }
    }

    @Test
    void wrongRunsShardsAndSecondRegistrationsAreRefused() {
        try (Rendezvous r = rendezvous(2)) {
            ProtocolException e = assertThrows(ProtocolException.class,
                    () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN + 1, 0, "10.0.0.1", 4000));
            assertTrue(e.getMessage().contains("is not the garbler's run"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN - 1, 0));
            assertTrue(e.getMessage().contains("is not the garbler's run"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 2, "10.0.0.1", 4000));
            assertTrue(e.getMessage().contains("the run has shards 0 to 1, not 2"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, -1));
            assertTrue(e.getMessage().contains("not -1"), e.getMessage());
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.1", 0));
            assertTrue(e.getMessage().contains("port 0 is not a port"), e.getMessage());
            RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.1", 4000);
            e = assertThrows(ProtocolException.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.6.6.6", 4666));
            assertTrue(e.getMessage().contains("shard 0 is registered already"), e.getMessage());
            // The first registration stands.
            assertEquals(new Rendezvous.Address("10.0.0.1", 4000), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
        }
    }

    @Test
    void aJoinWithAnotherComputationSchemeOrShardCountFailsBothSides() {
        String[][] joins = {
            {"minimum of unsigned 20-bit values", "half-gates", "2", "the garbler runs \"minimum of unsigned 32-bit values\", the evaluator \"minimum of unsigned 20-bit values\""},
            {"minimum of unsigned 32-bit values", "grr3", "2", "the garbler runs the scheme half-gates, the evaluator grr3"},
            {"minimum of unsigned 32-bit values", "half-gates", "3", "the garbler runs 2 shards, the evaluator 3"},
        };
        for (String[] j : joins) {
            try (Rendezvous r = rendezvous(2)) {
                ProtocolException evaluator = assertThrows(ProtocolException.class,
                        () -> RendezvousClient.join("127.0.0.1", r.port(), options, j[0], j[1], Integer.parseInt(j[2])));
                assertEquals(j[3], evaluator.getMessage());
                ProtocolException garbler = assertThrows(ProtocolException.class, r::awaitPeerDriver);
                assertEquals(j[3], garbler.getMessage());
            }
        }
    }

    @Test
    void onceTheRunHasFailedEveryRequestSaysWhyAndWaitingLookupsEnd() {
        try (Rendezvous r = rendezvous(2)) {
            CompletableFuture<Rendezvous.Address> waiting = CompletableFuture.supplyAsync(() -> RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 1));
            sleep(300);
            r.fail("shard 0 of 2: a.txt line 7: 'x' is not an unsigned decimal value");
            Throwable e = assertThrows(java.util.concurrent.CompletionException.class, waiting::join).getCause();
            assertEquals("the garbler's side failed: shard 0 of 2: a.txt line 7: 'x' is not an unsigned decimal value", e.getMessage());
            e = assertThrows(Wire.PeerRunFailed.class, () -> RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.1", 4000));
            assertTrue(e.getMessage().endsWith("'x' is not an unsigned decimal value"), e.getMessage());
        }
    }

    @Test
    void garbageAndSilenceCostOnlyThemselves() throws Exception {
        Random random = new Random(7);
        try (Rendezvous r = rendezvous(1)) {
            for (int i = 0; i < 40; i++) {
                byte[] junk = new byte[random.nextInt(64)];
                random.nextBytes(junk);
                if (i % 2 == 0 && junk.length >= 8) { // a rendezvous opening, then junk: strings of any claimed length
                    System.arraycopy(new byte[] {'Y', 'A', 'O', 'S', 0x4c, 0x4f, 0x4f, 0x4b}, 0, junk, 0, 8);
                }
                try (Channel c = NettyTransport.connect("127.0.0.1", r.port(), options)) {
                    c.write(junk, 0, junk.length);
                    c.flush();
                }
            }
            Channel silent = NettyTransport.connect("127.0.0.1", r.port(), options); // says nothing at all
            try {
                RendezvousClient.register("127.0.0.1", r.port(), options, RUN, 0, "10.0.0.9", 4009);
                assertEquals(new Rendezvous.Address("10.0.0.9", 4009), RendezvousClient.lookup("127.0.0.1", r.port(), options, RUN, 0));
            } finally {
                silent.close();
            }
        }
        synchronized (notices) {
            assertTrue(notices.stream().anyMatch(n -> n.contains("not a yaostream rendezvous message")), String.valueOf(notices));
        }
    }

    @Test
    void aLongStringIsRefusedWhereItIsRead() {
        try (Rendezvous r = rendezvous(1)) {
            try (Channel c = NettyTransport.connect("127.0.0.1", r.port(), options)) {
                Wire.writeOpening(c, Wire.REGISTER);
                Wire.writeLong(c, RUN);
                Wire.writeInt(c, 0);
                c.write(new byte[] {(byte) 0xff, (byte) 0xff}, 0, 2); // a host of 65,535 bytes
                c.flush();
                ProtocolException e = assertThrows(ProtocolException.class, () -> Wire.readAnswer(c, "the registration"));
                assertTrue(e.getMessage().contains("the peer's host is 65535 bytes, above the 1024 allowed"), e.getMessage());
            }
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
