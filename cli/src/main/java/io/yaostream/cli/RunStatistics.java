package io.yaostream.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;
import java.util.function.LongSupplier;

/**
 * Peak heap and a progress line for two-party runs. The progress line appears on a terminal only, once a
 * run has taken more than two seconds, and is rewritten in place twice a second.
 */
final class RunStatistics implements AutoCloseable {
    private static final long QUIET_MILLIS = 2000;
    private static final long EVERY_MILLIS = 500;

    private final PrintWriter err;
    private final Thread progress;
    private volatile boolean done;
    private boolean shown;

    /**
     * The AND gates of the latest session a facade started ({@code TwoParty.progress}, {@code ThreeParty.progress}), 0
     * before the first.
     */
    static final class Progress implements Consumer<LongSupplier>, LongSupplier {
        private volatile LongSupplier session;

        @Override
        public void accept(LongSupplier session) {
            this.session = session;
        }

        @Override
        public long getAsLong() {
            LongSupplier s = session;
            return s == null ? 0 : s.getAsLong();
        }
    }

    /** Starts measuring; {@code andGates} reports progress towards {@code totalAnd}. */
    RunStatistics(LongSupplier andGates, long totalAnd, PrintWriter err) {
        this.err = err;
        io.yaostream.cli.bench.HeapPeak.reset();
        if (System.console() == null) {
            progress = null; // not a terminal: no progress line
            return;
        }
        long start = System.nanoTime();
        progress = new Thread(() -> {
            try {
                Thread.sleep(QUIET_MILLIS);
                while (!done) {
                    long and = andGates.getAsLong();
                    double s = (System.nanoTime() - start) / 1e9;
                    int pct = (int) (100 * and / Math.max(1, totalAnd));
                    String bar = "#".repeat(pct / 4) + " ".repeat(25 - pct / 4);
                    synchronized (this) {
                        if (!done) {
                            err.printf("\r[%s] %3d%%  %,d AND gates  %s AND/s ", bar, pct, and, Report.rate(and, s));
                            err.flush();
                            shown = true;
                        }
                    }
                    Thread.sleep(EVERY_MILLIS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "yaostream-progress");
        progress.setDaemon(true);
        progress.start();
    }

    /** The largest heap use since this object was made: the sum of the heap pools' peaks. */
    static long peakHeapBytes() {
        return io.yaostream.cli.bench.HeapPeak.bytes();
    }

    /** Stops the progress line and clears it. */
    @Override
    public void close() {
        synchronized (this) {
            done = true;
            if (shown) {
                err.print("\r" + " ".repeat(79) + "\r");
                err.flush();
            }
        }
        if (progress != null) {
            progress.interrupt();
        }
    }
}
