package io.yaostream.core.shard;

import io.yaostream.core.net.Channel;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs the sessions of a sharded run: the shards, each on a thread and a connection of its own, a bounded number at
 * once ({@link #running}), then the combining session. The connecting party sets the pace: it opens shard 0 first,
 * then the others in order, each once a running one has ended, so at most {@link #running(int)} of its connections
 * and sessions exist at a time whatever k is. The listening party runs each shard as its connection comes (at most
 * {@link #MAX_RUNNING} at once, more than any connecting party runs), so the two never wait on each other's order.
 * When a shard fails, the run stops the others at once (their peers are told which shard failed, so both parties
 * name the same one), starts no more, and waits for every thread to end before it reports the one failure that came
 * first, as a {@link ShardException}: no thread or connection outlives the call.
 */
public final class ShardRunner {
    /** Thread names of the shards' sessions, so tests can check none outlives its run. */
    public static final String THREAD_NAME = "yaostream-shard";
    /** How a stopped shard's peer learns which shard failed: "shard 2 failed: CAUSE". */
    private static final String FAILED = " failed: ";
    /**
     * The most shards a party runs at once, whatever its cores: each running shard holds a session's memory, a
     * connection and a thread at each party. The listening party runs up to this many, so it keeps up with any
     * connecting party.
     */
    public static final int MAX_RUNNING = 64;
    /**
     * The fewest shards a connecting party runs at once (where k is as large): a run whose links, not its cores,
     * bound it (a slow or distant network) keeps this many links busy even on a machine of two cores.
     */
    static final int MIN_RUNNING = 8;
    /** How often a waiting scheduler looks again at the run's failure. */
    private static final long POLL_MILLIS = 100;

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

    /**
     * How many shards of a run of {@code shards} the connecting party runs at once: one a core, at least
     * {@value #MIN_RUNNING} and at most {@value #MAX_RUNNING}, never more than the run has. Running more shards than
     * cores buys nothing on a run its cores bound, and costs a session's memory each.
     */
    public static int running(int shards) {
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.min(shards, Math.min(MAX_RUNNING, Math.max(MIN_RUNNING, cores)));
    }

    /** The first failure of a run, and the shard it came from. */
    /** {@code error}: an exception, or an error such as running out of heap, which ends the run as any failure does. */
    private record Failure(int shard, Throwable error) {
    }

    /**
     * Runs shards 0 to {@code links.shards()} − 1, a bounded number at once, and returns their results in shard order.
     *
     * @throws ShardException naming the shard that failed first and why, once every shard started has ended
     */
    public static <T> List<T> runShards(ShardLinks links, Session<T> session) {
        return new Run<>(links, session).go();
    }

    /** One party's shards of one run: which have started, which are running, and the first failure. */
    private static final class Run<T> {
        private final ShardLinks links;
        private final Session<T> session;
        private final int k;
        private final Object[] results;
        /** Running shards' connections (guarded by itself). */
        private final Channel[] open;
        /** Started shards' threads; null for a shard not started. */
        private final Thread[] threads;
        private final AtomicReference<Failure> first = new AtomicReference<>();
        /** Places for shards running at once. */
        private final Semaphore places;
        /** Shards started and not yet ended. */
        private final AtomicInteger running = new AtomicInteger();
        /** When a shard last ended (System.nanoTime): a listening party waits for its peer's next shard from then. */
        private volatile long lastEnd = System.nanoTime();
        /** Counted down once shard 0 has its connection, or has failed to get one. */
        private final CountDownLatch firstOpen = new CountDownLatch(1);

        Run(ShardLinks links, Session<T> session) {
            this.links = links;
            this.session = session;
            this.k = links.shards();
            this.results = new Object[k];
            this.open = new Channel[k];
            this.threads = new Thread[k];
            this.places = new Semaphore(links.takesConnections() ? Math.min(k, MAX_RUNNING) : running(k));
        }

        List<T> go() {
            try {
                if (links.takesConnections()) {
                    takeInTheirOrder();
                } else {
                    openInOrder();
                }
            } finally {
                joinAll(threads);
            }
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
         * The connecting party: shard 0 first (a peer that disagrees on the run, another number of shards or one
         * session, then meets one connection and says so, rather than racing many), then the others in order, each
         * as a place frees.
         */
        private void openInOrder() {
            if (!takePlace()) {
                return;
            }
            start(0);
            awaitUninterruptibly(firstOpen);
            for (int s = 1; s < k; s++) {
                if (!takePlace()) {
                    return;
                }
                start(s);
            }
        }

        /**
         * The listening party: each shard as its connection comes, in whatever order; the run waits in vain (and fails,
         * naming the first shard that has not come) only when no shard has run or come for the connect timeout.
         */
        private void takeInTheirOrder() {
            boolean[] started = new boolean[k];
            int count = 0;
            int lowest = 0; // the lowest shard not started
            long idleSince = System.nanoTime();
            long timeoutNanos = links.options.connectTimeout().toNanos();
            while (count < k) {
                if (!takePlace()) {
                    return;
                }
                int s;
                try {
                    s = links.nextConnected(POLL_MILLIS);
                } catch (RuntimeException e) {
                    places.release();
                    fail(new Failure(lowest, e));
                    return;
                }
                if (s < 0) {
                    places.release();
                    long since = Math.max(idleSince, lastEnd);
                    if (running.get() == 0 && System.nanoTime() - since > timeoutNanos) {
                        fail(new Failure(lowest, links.nobodyConnected(lowest)));
                        return;
                    }
                    continue;
                }
                idleSince = System.nanoTime();
                started[s] = true;
                count++;
                while (lowest < k && started[lowest]) {
                    lowest++;
                }
                start(s);
            }
        }

        /** Waits for a place for one more shard; false if the run has failed meanwhile (the place not taken). */
        private boolean takePlace() {
            boolean interrupted = false;
            try {
                while (first.get() == null) {
                    try {
                        if (places.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                            if (first.get() == null) {
                                return true;
                            }
                            places.release();
                            return false;
                        }
                    } catch (InterruptedException e) {
                        interrupted = true; // the run ends by itself, within its timeouts
                    }
                }
                return false;
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        /** Starts shard {@code s}'s thread, in a place taken for it. */
        private void start(int s) {
            running.incrementAndGet();
            Thread t = new Thread(() -> shard(s), THREAD_NAME + "-" + s);
            t.setDaemon(true);
            synchronized (open) {
                threads[s] = t;
            }
            t.start();
        }

        private void shard(int s) {
            Channel c = null;
            try {
                try {
                    c = links.open(s);
                } catch (RuntimeException | Error e) {
                    fail(new Failure(s, e)); // before shard 0 lets the others go: they see the run has failed
                    throw e;
                } finally {
                    if (s == 0) {
                        firstOpen.countDown();
                    }
                }
                synchronized (open) {
                    if (first.get() != null) {
                        c.abort(stopped(first.get()));
                        return;
                    }
                    open[s] = c;
                }
                results[s] = session.run(s, c);
                synchronized (open) {
                    open[s] = null;
                }
                c.close();
            } catch (RuntimeException | Error e) {
                fail(new Failure(s, e));
                if (c != null) {
                    synchronized (open) {
                        open[s] = null;
                    }
                    c.abort(stopped(first.get()));
                }
            } finally {
                lastEnd = System.nanoTime();
                running.decrementAndGet();
                places.release();
            }
        }

        /** Records {@code f} if it is the run's first failure, and then stops every other shard. */
        private void fail(Failure f) {
            if (first.compareAndSet(null, f)) {
                links.runFailed(stopped(f));
                stopOthers(f);
            }
        }

        /** Ends every other shard's session: those running are told why, those still connecting give up. */
        private void stopOthers(Failure f) {
            String reason = stopped(f);
            synchronized (open) {
                for (int j = 0; j < k; j++) {
                    if (j == f.shard()) {
                        continue;
                    }
                    if (open[j] != null) {
                        open[j].cancel(reason);
                    } else if (threads[j] != null) {
                        threads[j].interrupt(); // waiting for its connection; a finished thread ignores it
                    }
                }
            }
        }
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

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                latch.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void joinAll(Thread[] threads) {
        boolean interrupted = false;
        for (Thread t : threads) {
            while (t != null) {
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
