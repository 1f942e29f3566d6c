package io.yaostream.core.twoparty;

import io.netty.buffer.PoolArenaMetric;
import io.netty.buffer.PooledByteBufAllocator;
import io.yaostream.core.bits.BitString;
import io.yaostream.core.circuit.CompiledCircuit;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.circuit.Receiver;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.JavaKernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.ot.EcBaseOt;
import io.yaostream.core.plain.PlainContext;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.Program;
import io.yaostream.core.program.RepeatProgram;
import io.yaostream.core.program.Secret;
import io.yaostream.core.testing.TestCircuits;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sessions over real TCP: results, and that every thread and buffer is released after success and after failure. */
@Timeout(120)
class SessionOverTcpTest {
    private final PooledByteBufAllocator allocator = new PooledByteBufAllocator(true, 0, 1, 8192, 9, 0, 0, false);
    private final TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(10))
            .withFrames(64 << 10, 256 << 10).withAllocator(allocator);

    private Channel[] connect() throws Exception {
        try (NettyTransport.Listener l = NettyTransport.listen("127.0.0.1", 0, options)) {
            CompletableFuture<Channel> client = CompletableFuture.supplyAsync(() -> NettyTransport.connect("127.0.0.1", l.port(), options));
            Channel server = l.accept();
            return new Channel[] {server, client.get(20, TimeUnit.SECONDS)};
        }
    }

    private void assertReleased() throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (netThreads() > 0 && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(0, netThreads(), "event-loop threads still running");
        long active = allocator.metric().directArenas().stream().mapToLong(PoolArenaMetric::numActiveAllocations).sum();
        assertEquals(0, active, "direct buffers still allocated");
    }

    private static long netThreads() {
        return Thread.getAllStackTraces().keySet().stream().filter(t -> t.isAlive() && t.getName().startsWith(NettyTransport.THREAD_NAME)).count();
    }

    private static YaoSession.Config config(String program, CompiledCircuit c) {
        return new YaoSession.Config(Schemes.byName("half-gates"), new JavaKernel(), new EcBaseOt(1, new JavaKernel()), program, List.of(c));
    }

    @Test
    void aRepeatedCircuitOverTcpGivesThePlaintextResultAndReleasesEverything() throws Exception {
        Random rnd = new Random(5);
        CompiledCircuit c = TestCircuits.random(rnd, 2000);
        BitString[] in = new BitString[c.inputs().size()];
        for (int g = 0; g < in.length; g++) {
            boolean[] bits = new boolean[c.inputs().get(g).width()];
            for (int i = 0; i < bits.length; i++) {
                bits[i] = rnd.nextBoolean();
            }
            in[g] = BitString.fromBits(bits);
        }
        RepeatProgram plain = new RepeatProgram(c, 1);
        List<Optional<BitString>> plainGarbler = plain.run(new PlainContext(Party.GARBLER, InputFeed.of(owned(c, in, Party.GARBLER)), InputFeed.of(owned(c, in, Party.EVALUATOR))));
        List<Optional<BitString>> plainEvaluator = plain.run(new PlainContext(Party.EVALUATOR, InputFeed.of(owned(c, in, Party.GARBLER)), InputFeed.of(owned(c, in, Party.EVALUATOR))));
        RepeatProgram repeated = new RepeatProgram(c, 200);
        Channel[] ends = connect();
        TwoParties.Outcome o = TwoParties.run(ends, config(repeated.name(), c), config(repeated.name(), c), sink -> ctx -> sink.addAll(repeated.run(ctx)),
                InputFeed.of(owned(c, in, Party.GARBLER)), InputFeed.of(owned(c, in, Party.EVALUATOR)));
        assertEquals(plainGarbler, o.garbler());
        assertEquals(plainEvaluator, o.evaluator());
        for (int g = 0; g < c.outputs().size(); g++) {
            Receiver to = c.outputs().get(g).owner();
            assertEquals(to != Receiver.EVALUATOR, plainGarbler.get(g).isPresent());
            assertEquals(to != Receiver.GARBLER, plainEvaluator.get(g).isPresent());
        }
        assertReleased();
    }

    @Test
    void aPeerThatDisconnectsMidRunFailsTheSessionAndReleasesEverything() throws Exception {
        CompiledCircuit c = TestCircuits.random(new Random(9), 3000);
        Channel[] ends = connect();
        CompletableFuture<Void> garbler = CompletableFuture.runAsync(() -> {
            try (Channel ch = ends[0]) {
                new YaoSession(Party.GARBLER, ch, config("repeat forever", c), io.yaostream.core.kernel.AesCtrRandom.forTesting(1))
                        .run(ctx -> {
                            Secret[] in = new Secret[c.inputs().size()];
                            for (int g = 0; g < in.length; g++) {
                                in[g] = ctx.input(c.inputs().get(g).owner(), c.inputs().get(g).width());
                            }
                            for (int r = 0; r < 1_000_000; r++) {
                                ctx.call(c, in);
                            }
                            return null;
                        }, width -> BitString.zeros(width));
            }
        });
        ChannelException e;
        try (Channel ch = ends[1]) {
            e = assertThrows(ChannelException.class, () -> new YaoSession(Party.EVALUATOR, ch, config("repeat forever", c),
                    io.yaostream.core.kernel.AesCtrRandom.forTesting(2)).run((Program<Void>) ctx -> {
                Secret[] in = new Secret[c.inputs().size()];
                for (int g = 0; g < in.length; g++) {
                    in[g] = ctx.input(c.inputs().get(g).owner(), c.inputs().get(g).width());
                }
                for (int r = 0; r < 50; r++) {
                    ctx.call(c, in);
                }
                throw new ChannelException("the evaluator stops here");
            }, width -> BitString.zeros(width)));
        }
        assertTrue(e.getMessage().contains("the session had run"), e.getMessage());
        java.util.concurrent.ExecutionException g = assertThrows(java.util.concurrent.ExecutionException.class, () -> garbler.get(30, TimeUnit.SECONDS));
        assertTrue(g.getCause() instanceof ChannelException && g.getCause().getMessage().contains("AND gates in"), g.getCause().toString());
        assertReleased();
    }

    private static List<BitString> owned(CompiledCircuit c, BitString[] all, Party p) {
        List<BitString> mine = new java.util.ArrayList<>();
        for (int g = 0; g < all.length; g++) {
            if (c.inputs().get(g).owner() == p) {
                mine.add(all[g]);
            }
        }
        return mine;
    }
}
