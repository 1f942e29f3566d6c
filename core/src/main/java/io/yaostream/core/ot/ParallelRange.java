package io.yaostream.core.ot;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Splits an index range into one contiguous chunk per thread and runs the chunks in parallel, the first in
 * the calling thread. It exists so the public-key work of the base OTs (HS13 §3.1) can use every core while
 * the channel stays with the caller. Its worker threads are daemons, created on first use and joined by
 * {@link #close}, so a call that closes it leaves no thread behind, even when a chunk fails.
 */
final class ParallelRange implements AutoCloseable {
    /** Work on the indices {@code from <= i < to}. */
    interface Chunk {
        void run(int from, int to);
    }

    private final int threads;
    private final String name;
    private final List<Thread> started = new ArrayList<>();
    private ExecutorService pool;

    ParallelRange(int threads, String name) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
        this.name = name;
    }

    /**
     * Runs {@code chunk} over {@code 0 <= i < count} split into up to {@code threads} chunks and returns when
     * all are done. The first failure of any chunk is rethrown here after every chunk has stopped.
     */
    void forEach(int count, Chunk chunk) {
        int parts = Math.min(threads, count);
        if (parts <= 1) {
            chunk.run(0, count);
            return;
        }
        List<Future<?>> others = new ArrayList<>(parts - 1);
        for (int p = 1; p < parts; p++) {
            int from = bound(p, parts, count);
            int to = bound(p + 1, parts, count);
            others.add(pool().submit(() -> chunk.run(from, to)));
        }
        RuntimeException failure = null;
        try {
            chunk.run(0, bound(1, parts, count));
        } catch (RuntimeException e) {
            failure = e;
        }
        for (Future<?> other : others) {
            try {
                other.get();
            } catch (ExecutionException e) {
                if (failure == null) {
                    failure = unwrap(e.getCause());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                others.forEach(f -> f.cancel(true));
                throw new IllegalStateException(name + ": interrupted while waiting for worker threads", e);
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private static int bound(int part, int parts, int count) {
        return (int) ((long) count * part / parts);
    }

    private static RuntimeException unwrap(Throwable cause) {
        if (cause instanceof RuntimeException) {
            return (RuntimeException) cause;
        }
        if (cause instanceof Error) {
            throw (Error) cause;
        }
        return new IllegalStateException(cause);
    }

    private ExecutorService pool() {
        if (pool == null) {
            pool = Executors.newFixedThreadPool(threads - 1, task -> {
                synchronized (started) {
                    Thread thread = new Thread(task, name + "-" + (started.size() + 1));
                    thread.setDaemon(true);
                    started.add(thread);
                    return thread;
                }
            });
        }
        return pool;
    }

    /** Stops the workers and waits until their threads have ended. */
    @Override
    public void close() {
        if (pool == null) {
            return;
        }
        pool.shutdownNow();
        List<Thread> threadsToJoin;
        synchronized (started) {
            threadsToJoin = new ArrayList<>(started);
        }
        boolean interrupted = false;
        for (Thread thread : threadsToJoin) {
            while (thread.isAlive()) {
                try {
                    thread.join();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
