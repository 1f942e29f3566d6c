package io.yaostream.core.ot;

import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs work on an index range in parallel: the range is cut into a few pieces per thread, which the calling thread
 * and up to {@code threads - 1} pool workers claim one at a time. It exists so the public-key work of the base
 * OTs (HS13 §3.1) can use every core while the channel stays with the caller.
 *
 * <p>Why pieces are claimed rather than handed out: a worker that is late to start (the pool must make it, or
 * the core is busy with the other party or another process) holds back nothing, since the caller takes every
 * piece nobody has started, and a thread that is descheduled delays only its current piece. Why a shared pool:
 * starting a thread costs about half a millisecond on a busy virtual machine, a tenth of a batch of base OTs, so
 * workers are kept for back-to-back calls; they are daemons and end after {@value #IDLE_SECONDS} s idle, so none
 * outlive a pause.
 */
final class ParallelRange {
    /** Work on the indices {@code from <= i < to}. */
    interface Chunk {
        void run(int from, int to);
    }

    /** Pieces per thread: enough to even out threads that start late or run slow, few enough that fixed costs per piece (a field inversion) stay small. */
    static final int PIECES_PER_THREAD = 4;
    private static final int IDLE_SECONDS = 1;
    private static final AtomicInteger WORKER_NUMBER = new AtomicInteger();
    private static final ThreadPoolExecutor POOL = new ThreadPoolExecutor(0, Integer.MAX_VALUE, IDLE_SECONDS,
            TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
                Thread thread = new Thread(task, "yaostream-parallel-" + WORKER_NUMBER.incrementAndGet());
                thread.setDaemon(true);
                return thread;
            });

    private final int threads;

    /** @param threads threads to use, the caller's included: at least 1 (1 = all in the caller) */
    ParallelRange(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    /**
     * Runs {@code chunk} over {@code 0 <= i < count}, cut into up to {@value #PIECES_PER_THREAD} pieces per thread,
     * and returns when all are done. After a piece fails no further piece starts; the failure of the lowest piece
     * that failed is rethrown here once every started piece has stopped.
     */
    void forEach(int count, Chunk chunk) {
        int pieces = threads == 1 ? Math.min(1, count) : Math.min(count, threads * PIECES_PER_THREAD);
        if (pieces <= 1) {
            chunk.run(0, count);
            return;
        }
        Job job = new Job(count, pieces, chunk);
        for (int t = 1; t < threads && t < pieces; t++) {
            POOL.execute(job::runPieces);
        }
        job.runPieces();
        job.awaitAndRethrow();
    }

    /** One call's pieces: which is next, how many have ended, and the failure of the lowest piece that failed. */
    private static final class Job {
        private final int count;
        private final int pieces;
        private final Chunk chunk;
        private int claimed;
        private int ended;
        private boolean stop;
        private int failedPiece = Integer.MAX_VALUE;
        private Throwable failure;

        Job(int count, int pieces, Chunk chunk) {
            this.count = count;
            this.pieces = pieces;
            this.chunk = chunk;
        }

        /** Claims and runs pieces until none is left or one has failed; run by the caller and by workers. */
        void runPieces() {
            for (int p = claim(); p >= 0; p = claim()) {
                Throwable failed = null;
                try {
                    chunk.run((int) ((long) count * p / pieces), (int) ((long) count * (p + 1) / pieces));
                } catch (RuntimeException | Error e) {
                    failed = e;
                }
                ended(p, failed);
            }
        }

        /** The next piece to run, or -1: under the lock, so that no piece starts once the caller stops waiting. */
        private synchronized int claim() {
            return stop || claimed == pieces ? -1 : claimed++;
        }

        private synchronized void ended(int piece, Throwable failed) {
            ended++;
            if (failed != null) {
                stop = true;
                if (piece < failedPiece) {
                    failedPiece = piece;
                    failure = failed;
                }
            }
            notifyAll();
        }

        /** Waits until every claimed piece has ended (the caller has claimed all others by now), then rethrows. */
        synchronized void awaitAndRethrow() {
            while (ended < claimed) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    stop = true;
                    Thread.currentThread().interrupt();
                    throw new IllegalStateException("interrupted while waiting for worker threads", e);
                }
            }
            if (failure instanceof Error) {
                throw (Error) failure;
            }
            if (failure != null) {
                throw (RuntimeException) failure;
            }
        }
    }
}
