package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the sessions of a sharded run: the shards at once, each on a thread and a connection of its own, then the
 * combining session. When a shard fails, the run stops the others at once (their peers are told which shard
 * failed, so both parties name the same one) and waits for every thread to end before it reports the one failure
 * that came first, as a {@link ShardException}: no thread or connection outlives the call.
 */
public final class ShardRunner {
    /** Thread names of the shards' sessions, so tests can check none outlives its run. */
    public static final String THREAD_NAME = "yaostream-shard";
    /** How a stopped shard's peer learns which shard failed: "shard 2 failed: CAUSE". */
    private static final String FAILED = " failed: ";

    /**
     * One session of the run over its connection, as this party plays it.
     *
     * @param <T> what the session gives
     */
    @FunctionalInterface
    public interface Session<T> {
        /** Runs the session of {@code shard} over {@code channel}, which the runner closes afterwards. */
        T run(int shard, Channel channel);
    }

    private ShardRunner() {
    }

    /** The first failure of a run, and the shard it came from. */
    /** {@code error}: an exception, or an error such as running out of heap, which ends the run as any failure does. */
    private record Failure(int shard, Throwable error) {
    }

    /**
     * Runs shards 0 to {@code links.shards()} − 1 at once and returns their results in shard order.
     *
     * @throws ShardException naming the shard that failed first and why, once every shard has ended
     */
    public static <T> List<T> runShards(ShardLinks links, Session<T> session) {
        int k = links.shards();
        Object[] results = new Object[k];
        Channel[] open = new Channel[k];
        Thread[] threads = new Thread[k];
        AtomicReference<Failure> first = new AtomicReference<>();
        // Shard 0 connects first: a peer that disagrees on the run (another number of shards, one session) then meets
        // one connection and says so, rather than racing k of them.
        CountDownLatch firstOpen = new CountDownLatch(1);
        for (int i = 0; i < k; i++) {
            int shard = i;
            threads[i] = new Thread(() -> {
                Channel c = null;
                try {
                    if (shard == 0) {
                        try {
                            c = links.open(shard);
                        } catch (RuntimeException | Error e) {
                            // Recorded before the others go on, so they see the run has failed and do not connect.
                            if (first.compareAndSet(null, new Failure(shard, e))) {
                                stopOthers(first.get(), open, threads);
                            }
                            return;
                        } finally {
                            firstOpen.countDown();
                        }
                    } else {
                        awaitFirst(firstOpen);
                        if (first.get() != null) {
                            return;
                        }
                        c = links.open(shard);
                    }
                    synchronized (open) {
                        if (first.get() != null) {
                            c.abort(stopped(first.get()));
                            return;
                        }
                        open[shard] = c;
                    }
                    results[shard] = session.run(shard, c);
                    synchronized (open) {
                        open[shard] = null;
                    }
                    c.close();
                } catch (RuntimeException | Error e) {
                    Failure f = new Failure(shard, e);
                    boolean wasFirst = first.compareAndSet(null, f);
                    if (wasFirst) {
                        stopOthers(f, open, threads);
                    }
                    if (c != null) {
                        synchronized (open) {
                            open[shard] = null;
                        }
                        c.abort(stopped(first.get()));
                    }
                }
            }, THREAD_NAME + "-" + i);
            threads[i].setDaemon(true);
        }
        for (Thread t : threads) {
            t.start();
        }
        joinAll(threads);
        Failure f = first.get();
        if (f != null) {
            throw failure(f.shard(), k, f.error());
        }
        List<T> out = new ArrayList<>(k);
        for (Object r : results) {
            @SuppressWarnings("unchecked")
            T t = (T) r;
            out.add(t);
        }
        return out;
    }

    /**
     * Runs the combining session on this thread over connection number {@code links.shards()}.
     *
     * @throws ShardException naming the combining session and why it failed
     */
    public static <T> T runCombine(ShardLinks links, Session<T> session) {
        int k = links.shards();
        Channel c = null;
        try {
            c = links.open(k);
            T t = session.run(k, c);
            c.close();
            return t;
        } catch (RuntimeException | Error e) {
            if (c != null) {
                c.abort(ShardHello.name(k, k) + FAILED + describe(e));
            }
            throw failure(k, k, e);
        }
    }

    /** Ends every other shard's session: those running are told why, those still connecting give up. */
    private static void stopOthers(Failure f, Channel[] open, Thread[] threads) {
        String reason = stopped(f);
        synchronized (open) {
            for (int j = 0; j < open.length; j++) {
                if (j == f.shard()) {
                    continue;
                }
                if (open[j] != null) {
                    open[j].cancel(reason);
                } else {
                    threads[j].interrupt(); // waiting for its connection; a finished thread ignores it
                }
            }
        }
    }

    /** What the peers of stopped shards are told: which shard failed first, and why. */
    private static String stopped(Failure f) {
        return "shard " + f.shard() + FAILED + describe(f.error());
    }

    /**
     * The run's failure: the shard's own, unless it was the peer stopping this shard because another shard failed at
     * its side: then that shard, in the peer's words.
     */
    public static ShardException failure(int shard, int shards, Throwable e) {
        String message = describe(e);
        int said = message.indexOf(" ended the session: shard ");
        if (said >= 0) {
            String told = message.substring(said + " ended the session: ".length());
            int end = told.indexOf(FAILED);
            if (end > 0) {
                try {
                    int blamed = Integer.parseInt(told.substring("shard ".length(), end));
                    return new ShardException(blamed, "shard " + blamed + " of " + shards + " (at the peer): " + told.substring(end + FAILED.length()), e);
                } catch (NumberFormatException notANumber) {
                    // not our words: report as it came
                }
            }
        }
        String what = shard == shards ? "the combining session" : "shard " + shard + " of " + shards;
        return new ShardException(shard, what + ": " + message, e);
    }

    /** A failure in words: an exception's message; for an error, what it is too ("out of memory: Java heap space"). */
    private static String describe(Throwable e) {
        if (e instanceof OutOfMemoryError) {
            return "out of memory: " + e.getMessage() + " (each shard needs a session's memory: give the JVM more, e.g. JAVA_OPTS=-Xmx2g)";
        }
        if (e instanceof Error) {
            return e.toString();
        }
        return String.valueOf(e.getMessage());
    }

    private static void awaitFirst(CountDownLatch firstOpen) {
        try {
            firstOpen.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new io.yaostream.core.net.ChannelException("stopped before connecting", e);
        }
    }

    private static void joinAll(Thread[] threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (true) {
                try {
                    t.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true; // the shards end by themselves, within their timeouts; wait for them
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        Arrays.fill(threads, null);
    }
}
