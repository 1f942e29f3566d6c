package io.yaostream.shards;

import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.Shared;
import io.yaostream.Sharded;
import io.yaostream.Shards;
import io.yaostream.TwoParty;
import io.yaostream.UInt;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.InputFeed;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.shard.ShardException;
import io.yaostream.core.shard.ShardLinks;
import io.yaostream.core.shard.ShardRunner;
import io.yaostream.internal.CoreBridge;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** Sharded runs over TCP loopback: results equal the unsharded ones, one port, refusals and faults in one line. */
class ShardsTest {
    private static final int BITS = 20;

    /** The minimum of this shard's values from each party (n each), shared; a shard with no values shares the largest value. */
    static SecureProgram<Shared> shard(int n) {
        return c -> {
            if (n == 0) {
                return c.constant((1L << BITS) - 1, BITS).share();
            }
            return minimum(c.garbler().uints(BITS, n), c.evaluator().uints(BITS, n)).share();
        };
    }

    static SecureProgram<BigInteger> combine(int k) {
        return c -> minimum(c.shared().uints(BITS, k)).reveal();
    }

    private static UInt minimum(UInt[]... groups) {
        UInt min = null;
        for (UInt[] g : groups) {
            for (UInt v : g) {
                min = min == null ? v : min.min(v);
            }
        }
        return min;
    }

    /** Slice i of n values in k slices: the first n % k slices one longer. */
    static int[] bounds(int n, int k, int i) {
        int base = n / k;
        int extra = n % k;
        int from = i * base + Math.min(i, extra);
        return new int[] {from, from + base + (i < extra ? 1 : 0)};
    }

    static IntFunction<Inputs> slices(long[] values, int k) {
        return i -> {
            int[] b = bounds(values.length, k, i);
            return Inputs.of(Arrays.copyOfRange(values, b[0], b[1]), BITS);
        };
    }

    private static long[] random(SplittableRandom rnd, int n) {
        long[] v = new long[n];
        for (int i = 0; i < n; i++) {
            v[i] = rnd.nextLong(1L << BITS);
        }
        return v;
    }

    private static TwoParty quick() {
        return TwoParty.garbler().timeout(Duration.ofSeconds(20)).name("minimum test");
    }

    @AfterEach
    void noThreadLeftBehind() throws InterruptedException {
        assertNoShardThreads(5);
    }

    /** That no shard or network thread is alive, waiting up to {@code seconds} for the last ones to end. */
    static void assertNoShardThreads(int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        List<String> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream().filter(Thread::isAlive).map(Thread::getName)
                    .filter(n -> n.startsWith(ShardRunner.THREAD_NAME) || n.startsWith(NettyTransport.THREAD_NAME)).toList();
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(50);
        } while (System.nanoTime() < deadline);
        fail("threads left behind: " + left);
    }

    static List<Object[]> cases() {
        List<Object[]> c = new ArrayList<>();
        int[][] kn = {{1, 7}, {2, 7}, {3, 7}, {5, 3}, {8, 13}};
        List<String> schemes = Schemes.names();
        for (int i = 0; i < kn.length; i++) {
            c.add(new Object[] {schemes.get(i % schemes.size()), kn[i][0], kn[i][1]});
        }
        for (String s : schemes) {
            c.add(new Object[] {s, 3, 10});
        }
        return c;
    }

    /** K = 1, 2, 3, 5, 8 over every scheme, uneven slices, and (K = 5 over 3 values) shards with no input. */
    @ParameterizedTest
    @MethodSource("cases")
    void theShardedMinimumIsTheMinimum(String scheme, int k, int n) {
        SplittableRandom rnd = new SplittableRandom();
        long[] g = random(rnd, n);
        long[] e = random(rnd, n);
        long expected = Math.min(Arrays.stream(g).min().orElseThrow(), Arrays.stream(e).min().orElseThrow());
        Shards.Both<BigInteger> both = quick().scheme(scheme).shards(k).runBoth(i -> shard(bounds(n, k, i)[1] - bounds(n, k, i)[0]),
                slices(g, k), slices(e, k), combine(k));
        assertEquals(expected, both.garbler().value().longValue());
        assertEquals(expected, both.evaluator().value().longValue());
        assertEquals(k, both.evaluator().shards().size());
        long perValue = 2L * BITS; // a comparison and a selection
        int empty = Math.max(0, k - n);
        assertEquals(perValue * (2L * n - 1 + empty), both.evaluator().andGates(),
                "the unsharded run's AND gates, and one minimum more for each empty shard's stand-in, nothing more");
    }

    /**
     * The bound on bytes: a sharded run sends at most the unsharded run's bytes, plus (K − 1) times a session's fixed
     * bytes, plus the combining session. A session's fixed bytes are those of an empty one (handshake, base OTs,
     * closing) and what each session pays once whatever its size: the digest of each circuit at its first call (32
     * bytes), the public zero's label (16), the first chunk header of the evaluator's corrections (8), and OT extension
     * rounded up to a multiple of 128 OTs (at most 127 columns of 16 bytes).
     */
    @Test
    void aShardedRunSendsWhatTheUnshardedDoesPlusFixedCostsPerShard() {
        int n = 3000;
        SplittableRandom rnd = new SplittableRandom(7);
        long[] g = random(rnd, n);
        long[] e = random(rnd, n);
        TwoParty config = quick();
        long unsharded = config.runBoth(shard(n), Inputs.of(g, BITS), Inputs.of(e, BITS)).evaluator().costs().bytes();
        long empty = config.runBoth(c -> null, Inputs.none(), Inputs.none()).evaluator().costs().bytes();
        long onceASession = 32 + 16 + 8 + 127 * 16; // one circuit here: the minimum of two values
        for (int k : new int[] {2, 4, 8}) {
            Sharded<BigInteger> r = quick().shards(k).runBoth(i -> shard(bounds(n, k, i)[1] - bounds(n, k, i)[0]), slices(g, k), slices(e, k),
                    combine(k)).evaluator();
            long shards = r.bytes() - r.combine().costs().bytes();
            long bound = unsharded + (k - 1) * (empty + onceASession);
            assertTrue(shards <= bound, k + " shards: " + shards + " bytes, above " + unsharded + " + " + (k - 1) + " x (" + empty + " + "
                    + onceASession + ")");
        }
    }

    @Test
    void shardsWithoutACombineGiveTheirResultsInOrder() {
        int k = 4;
        Shards.Both<List<Long>> both = quick().shards(k).runBoth(i -> c -> c.garbler().uint(16).add(c.evaluator().uint(16)).reveal().longValue(),
                i -> Inputs.of(1000 * i, 16), i -> Inputs.of(i, 16));
        assertEquals(List.of(0L, 1001L, 2002L, 3003L), both.evaluator().value());
        assertEquals(both.evaluator().value(), both.garbler().value());
    }

    /**
     * 1,024 shards over 1,500 values a party (some shards with one value, some with two): the run gives the minimum, each
     * party runs a bounded number of shards at once (the connecting evaluator {@link ShardRunner#running}, the
     * listening garbler each as it comes, so no more than that and a few ending), and no connection of the run is
     * dropped or refused on the way (each would be a notice). Before the shards were paced, every shard connected at
     * once and the listener cut hundreds of them.
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void aThousandShardsRunABoundedNumberAtOnce() {
        int k = 1024;
        int n = 1500;
        SplittableRandom rnd = new SplittableRandom(11);
        long[] g = random(rnd, n);
        long[] e = random(rnd, n);
        long expected = Math.min(Arrays.stream(g).min().orElseThrow(), Arrays.stream(e).min().orElseThrow());
        List<String> notices = new CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicIntegerArray now = new java.util.concurrent.atomic.AtomicIntegerArray(2);
        java.util.concurrent.atomic.AtomicIntegerArray most = new java.util.concurrent.atomic.AtomicIntegerArray(2);
        IntFunction<SecureProgram<Shared>> counted = i -> c -> {
            int p = c.party().ordinal();
            most.accumulateAndGet(p, now.incrementAndGet(p), Math::max);
            try {
                return shard(bounds(n, k, i)[1] - bounds(n, k, i)[0]).compute(c);
            } finally {
                now.decrementAndGet(p);
            }
        };
        long start = System.nanoTime();
        Shards.Both<BigInteger> both = CoreBridge.transport(TwoParty.garbler().timeout(Duration.ofSeconds(20)).name("minimum test"), TransportOptions.defaults()
                .withTimeout(Duration.ofSeconds(20)).withNotices(notices::add)).shards(k).runBoth(counted, slices(g, k), slices(e, k), combine(k));
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(expected, both.garbler().value().longValue());
        assertEquals(expected, both.evaluator().value().longValue());
        assertEquals(k, both.garbler().shards().size());
        assertEquals(List.of(), notices, "no connection dropped or refused");
        int running = ShardRunner.running(k);
        int evaluator = most.get(io.yaostream.core.circuit.Party.EVALUATOR.ordinal());
        int garbler = most.get(io.yaostream.core.circuit.Party.GARBLER.ordinal());
        assertTrue(evaluator >= 1 && evaluator <= running, "the connecting evaluator ran " + evaluator + " shards at once, above " + running);
        assertTrue(garbler >= 1 && garbler <= running + 2, "the listening garbler ran " + garbler + " shards at once, with its peer at " + running);
        System.out.printf("1024 shards in %.1f s, at most %d (garbler) and %d (evaluator) at once%n", seconds, garbler, evaluator);
    }

    /**
     * A shard that fails among 1,024 ends the run at both parties in one failure naming it, with no notice at either:
     * the others stop, and no more start.
     */
    @Test
    @org.junit.jupiter.api.Timeout(120)
    void aShardThatFailsAmongAThousandEndsBothPartiesInOneLine() {
        int k = 1024;
        long[] v = new long[k];
        Arrays.fill(v, 7);
        Sides<BigInteger> s = minimumRun(k, k, v, v, i -> i == 300 ? c -> {
            throw new ProtocolException("the evaluator's shard 300 gave up");
        } : shard(1), Duration.ofSeconds(20));
        Throwable e = failureOf(s.evaluator());
        Throwable g = failureOf(s.garbler());
        assertEquals("shard 300 of 1024: the evaluator's shard 300 gave up", e.getMessage());
        assertTrue(g instanceof ShardException && ((ShardException) g).shard() == 300, g.toString());
        assertTrue(g.getMessage().startsWith("shard 300 of 1024 (at the peer): "), g.getMessage());
        assertEquals(1, g.getMessage().lines().count(), g.getMessage());
        assertEquals(List.of(), s.notices(), "no notice besides the one failure");
    }

    /** Each party's side of a run on a thread of its own, the garbler listening on a port the system chooses. */
    private record Sides<R>(CompletableFuture<Sharded<R>> garbler, CompletableFuture<Sharded<R>> evaluator, List<String> notices) {
    }

    private static Sides<BigInteger> minimumRun(int garblerShards, int evaluatorShards, long[] g, long[] e, IntFunction<SecureProgram<Shared>> evaluatorShard) {
        return minimumRun(garblerShards, evaluatorShards, g, e, evaluatorShard, Duration.ofSeconds(10));
    }

    private static Sides<BigInteger> minimumRun(int garblerShards, int evaluatorShards, long[] g, long[] e, IntFunction<SecureProgram<Shared>> evaluatorShard,
                                                Duration timeout) {
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions quiet = TransportOptions.defaults().withTimeout(timeout).withNotices(notices::add);
        int port = freePort();
        CompletableFuture<Sharded<BigInteger>> gs = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.garbler(), quiet).name("m")
                .listen("127.0.0.1", port).shards(garblerShards)
                .run(i -> shard(bounds(g.length, garblerShards, i)[1] - bounds(g.length, garblerShards, i)[0]), slices(g, garblerShards),
                        combine(garblerShards)));
        CompletableFuture<Sharded<BigInteger>> es = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.evaluator(), quiet).name("m")
                .connect("127.0.0.1", port).shards(evaluatorShards)
                .run(evaluatorShard, slices(e, evaluatorShards), combine(evaluatorShards)));
        return new Sides<>(gs, es, notices);
    }

    private static Throwable failureOf(CompletableFuture<?> f) {
        try {
            f.join();
        } catch (java.util.concurrent.CompletionException e) {
            return e.getCause();
        }
        throw new AssertionError("the run did not fail");
    }

    /**
     * The connecting party is refused at once; the listening one, whose peer is not identified (no --peer-cert), waits
     * for a peer that agrees and, at its timeout, names what it refused (an identified peer fails it at once:
     * {@link ShardStrangersTest}).
     */
    @Test
    void aPeerWithAnotherNumberOfShardsIsRefusedInOneLine() {
        long[] v = {5, 6, 7, 8};
        Sides<BigInteger> s = minimumRun(4, 2, v, v, i -> shard(bounds(4, 2, i)[1] - bounds(4, 2, i)[0]), Duration.ofSeconds(3));
        Throwable g = failureOf(s.garbler());
        Throwable e = failureOf(s.evaluator());
        assertTrue(g.getMessage().contains("(refused 1 connection: the peer runs 2 shards, this party 4"), g.getMessage());
        assertTrue(e.getMessage().contains("refused: the listening party runs 4 shards, the connecting one 2"), e.getMessage());
        assertEquals(1, g.getMessage().lines().count());
    }

    @Test
    void aShardThatFailsEndsTheRunAtBothPartiesNamingIt() {
        long[] v = {5, 6, 7, 8, 9, 10};
        Sides<BigInteger> s = minimumRun(3, 3, v, v, i -> i == 1 ? c -> {
            throw new ProtocolException("the evaluator's shard 1 gave up");
        } : shard(2));
        Throwable g = failureOf(s.garbler());
        Throwable e = failureOf(s.evaluator());
        assertTrue(e instanceof ShardException && ((ShardException) e).shard() == 1, e.toString());
        assertTrue(e.getMessage().startsWith("shard 1 of 3: the evaluator's shard 1 gave up"), e.getMessage());
        assertTrue(g instanceof ShardException && ((ShardException) g).shard() == 1, g.toString());
        assertTrue(g.getMessage().contains("the evaluator's shard 1 gave up"), g.getMessage());
    }

    /** An error, not only an exception (a shard out of heap), ends the run the same way: no shard's result goes missing. */
    @Test
    void aShardOutOfMemoryEndsTheRunAtBothPartiesNamingIt() {
        long[] v = {5, 6, 7, 8, 9, 10};
        Sides<BigInteger> s = minimumRun(3, 3, v, v, i -> i == 2 ? c -> {
            throw new OutOfMemoryError("Java heap space");
        } : shard(2));
        Throwable e = failureOf(s.evaluator());
        Throwable g = failureOf(s.garbler());
        assertTrue(e instanceof ShardException && ((ShardException) e).shard() == 2, e.toString());
        assertTrue(e.getMessage().startsWith("shard 2 of 3: out of memory: Java heap space"), e.getMessage());
        assertTrue(g instanceof ShardException && g.getMessage().contains("out of memory"), g.toString());
    }

    @Test
    void aConnectionOfAnotherRunIsRefusedAndTheRunGoesOn() throws Exception {
        long[] v = {9, 3, 7, 5};
        List<String> notices = new CopyOnWriteArrayList<>();
        TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(10)).withNotices(notices::add);
        int port = freePort();
        java.util.concurrent.CountDownLatch started = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
        CompletableFuture<Sharded<BigInteger>> g = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.garbler(), options).name("m")
                .listen("127.0.0.1", port).shards(2).run(i -> shard(2), slices(v, 2), combine(2)));
        CompletableFuture<Sharded<BigInteger>> e = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.evaluator(), options).name("m")
                .connect("127.0.0.1", port).shards(2).run(i -> c -> {
                    started.countDown();
                    try {
                        go.await();
                    } catch (InterruptedException x) {
                        throw new AssertionError(x);
                    }
                    return shard(2).compute(c);
                }, slices(v, 2), combine(2)));
        started.await();
        ShardLinks stray = ShardLinks.connecting("127.0.0.1", port, options, 2);
        ChannelException refused = assertThrows(ChannelException.class, () -> stray.open(1));
        assertTrue(refused.getMessage().contains("refused: the listening party serves another run"), refused.getMessage());
        assertTrue(notices.stream().anyMatch(n -> n.matches("refused a connection from 127\\.0\\.0\\.1:\\d+: it belongs to another run.*")), notices.toString());
        go.countDown();
        assertEquals(3, e.get().value().longValue());
        assertEquals(3, g.get().value().longValue());
    }

    @Test
    void aOneSessionPeerAndAShardedOneSayWhatDiffers() {
        TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(3)).withNotices(n -> { });
        int port = freePort();
        SecureProgram<Object> one = c -> c.garbler().uint(8).add(c.evaluator().uint(8)).reveal();
        CompletableFuture<Sharded<List<Object>>> g = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.garbler(), options)
                .listen("127.0.0.1", port).shards(2).run(i -> one, i -> Inputs.of(1, 8)));
        CompletableFuture<Object> e = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.evaluator(), options)
                .connect("127.0.0.1", port).run(one, Inputs.of(2, 8)));
        assertTrue(failureOf(g).getMessage().contains("the peer runs one session, this party a sharded run"), failureOf(g).getMessage());
        assertTrue(failureOf(e).getMessage().contains("refused: the listening party runs 2 shards, the connecting one a single session"),
                failureOf(e).getMessage());
    }

    @Test
    void aShardedPeerAndAOneSessionListenerSayWhatDiffers() {
        TransportOptions options = TransportOptions.defaults().withTimeout(Duration.ofSeconds(3)).withNotices(n -> { });
        int port = freePort();
        SecureProgram<Object> one = c -> c.garbler().uint(8).add(c.evaluator().uint(8)).reveal();
        CompletableFuture<Object> g = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.garbler(), options)
                .listen("127.0.0.1", port).run(one, Inputs.of(1, 8)));
        CompletableFuture<Sharded<List<Object>>> e = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.evaluator(), options)
                .connect("127.0.0.1", port).shards(3).run(i -> one, i -> Inputs.of(2, 8)));
        assertTrue(failureOf(g).getMessage().contains("the peer runs a sharded computation, this party one session"), failureOf(g).getMessage());
        assertTrue(failureOf(e).getMessage().contains("the peer runs one session, this party a sharded run"), failureOf(e).getMessage());
    }

    /** Mutual TLS covers every shard's link and the combine's: a run with TLS at both gives the minimum. */
    @Test
    void everyLinkOfAShardedRunCanBeMutualTls(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        io.yaostream.core.net.TestCertificates pki = new io.yaostream.core.net.TestCertificates(dir, "parties-ca");
        io.yaostream.core.net.TlsFiles gTls = pki.party("garbler");
        io.yaostream.core.net.TlsFiles eTls = pki.party("evaluator");
        long[] g = {40, 17, 99, 23};
        long[] e = {58, 31, 12, 77};
        int port = freePort();
        TransportOptions quiet = TransportOptions.defaults().withTimeout(Duration.ofSeconds(20)).withNotices(n -> { });
        CompletableFuture<Sharded<BigInteger>> gs = CompletableFuture.supplyAsync(() -> CoreBridge.transport(TwoParty.garbler(), quiet.withTls(gTls))
                .name("m").listen("127.0.0.1", port).shards(3).run(i -> shard(bounds(4, 3, i)[1] - bounds(4, 3, i)[0]), slices(g, 3), combine(3)));
        Sharded<BigInteger> es = CoreBridge.transport(TwoParty.evaluator(), quiet.withTls(eTls)).name("m").connect("127.0.0.1", port).shards(3)
                .run(i -> shard(bounds(4, 3, i)[1] - bounds(4, 3, i)[0]), slices(e, 3), combine(3));
        assertEquals(12, es.value().longValue());
        assertEquals(12, gs.get().value().longValue());
    }

    static int freePort() {
        try (java.net.ServerSocket s = new java.net.ServerSocket(0)) {
            return s.getLocalPort();
        } catch (java.io.IOException x) {
            throw new java.io.UncheckedIOException(x);
        }
    }
}
