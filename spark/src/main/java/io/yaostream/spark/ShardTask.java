package io.yaostream.spark;

import io.yaostream.internal.CoreBridge;
import io.yaostream.PlainBits;
import io.yaostream.Shared;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import io.yaostream.core.net.NettyTransport;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.program.ProtocolException;
import io.yaostream.core.shard.ShardPair;
import io.yaostream.core.shard.ShardRunner;
import io.yaostream.core.twoparty.YaoSession;
import org.apache.spark.BarrierTaskContext;
import org.apache.spark.BarrierTaskInfo;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.AbstractFunction1;

import java.io.Serializable;
import java.util.List;

/**
 * One shard, as a task of a party's barrier stage: partition i is shard i. A garbler task listens on a port of its
 * executor, registers it at the garbler's driver and waits for its peer; an evaluator task asks the garbler's driver
 * where its peer listens and connects to it. The two say their row counts, then run the shard's session; the task's
 * result is the shard's, with its costs. A failure is one line naming the shard; a task that Spark stops (another
 * task failed, the job was cancelled) ends its session with a goodbye that says so, so the peer's task stops too.
 * A retried attempt of the stage fails at once: a shard's peer is the other party's first attempt, which has ended.
 */
final class ShardTask<T> extends AbstractFunction1<scala.collection.Iterator<T>, scala.collection.Iterator<ShardTask.Outcome>>
        implements Serializable {
    private static final long serialVersionUID = 1L;
    /** The most rows a party may say it has in a shard: beyond, its count is not believed. */
    static final long MAX_ROWS = 1L << 40;
    private static final long WATCH_MILLIS = 100;

    private final Party role;
    private final ShardJob<T, ?> job;
    private final int shards;
    private final long run;
    private final String driverHost;
    private final int driverPort;
    private final String scheme;
    private final LinkSettings link;
    /** The ports a garbler task may listen on, first to last; 0 to 0 for one the system chooses. */
    private final int firstPort;
    private final int lastPort;

    ShardTask(Party role, ShardJob<T, ?> job, int shards, long run, String driverHost, int driverPort, String scheme, LinkSettings link,
              int firstPort, int lastPort) {
        this.role = role;
        this.job = job;
        this.shards = shards;
        this.run = run;
        this.driverHost = driverHost;
        this.driverPort = driverPort;
        this.scheme = scheme;
        this.link = link;
        this.firstPort = firstPort;
        this.lastPort = lastPort;
    }

    /**
     * A shard's result as it travels to the driver: a share as its bits, anything else as it is.
     *
     * @param value the shard's result, or null when it is a share
     * @param share the share's bits as hex, with {@code shareWidth}, or null
     */
    record Outcome(Serializable value, String share, int shareWidth, SparkRun.ShardCosts costs) implements Serializable {
        private static final long serialVersionUID = 1L;

        Object result(Party role) {
            return share == null ? value : Shared.of(io.yaostream.Party.fromKey(role.key()), PlainBits.fromHex(share, shareWidth));
        }
    }

    /**
     * A shard that failed because its link to the peer's task did (closed, reset, silent, ended with a goodbye): most
     * often the peer's failure seen from here, so the driver asks the peer's driver what failed there first.
     */
    static final class LinkLost extends IllegalStateException {
        private static final long serialVersionUID = 1L;

        LinkLost(String message) {
            super(message);
        }
    }

    @Override
    public scala.collection.Iterator<Outcome> apply(scala.collection.Iterator<T> rows) {
        BarrierTaskContext ctx = BarrierTaskContext.get();
        int shard = ctx.partitionId();
        try {
            if (ctx.stageAttemptNumber() > 0 || ctx.attemptNumber() > 0) {
                throw new IllegalStateException("the secure stage is not retried: its peer, the other party's first attempt, has ended"
                        + " (attempt " + ctx.stageAttemptNumber() + "." + ctx.attemptNumber() + ")");
            }
            ShardInputs inputs = job.read(CollectionConverters.asJava(rows));
            return CollectionConverters.asScala(List.of(runShard(ctx, shard, inputs)).iterator());
        } catch (Wire.PeerRunFailed e) {
            throw new IllegalStateException(e.getMessage()); // the peer's failure, not this shard's
        } catch (ChannelException e) {
            throw new LinkLost(ShardRunner.failure(shard, shards, e).getMessage());
        } catch (RuntimeException | Error e) {
            throw new IllegalStateException(ShardRunner.failure(shard, shards, e).getMessage());
        }
    }

    private Outcome runShard(BarrierTaskContext ctx, int shard, ShardInputs inputs) {
        TransportOptions options = link.options();
        NettyTransport.Listener listener = null;
        Channel channel = null;
        Thread watch = null;
        try {
            // Where the peer is identified, each link names whom it must reach: the garbler's tasks take only the
            // evaluator's, and register at their own driver; the evaluator's tasks reach only the garbler.
            if (role == Party.GARBLER) {
                TransportOptions fromEvaluator = link.toPeer(options, "the evaluator");
                listener = listen(fromEvaluator);
                RendezvousClient.register(driverHost, driverPort, link.toOwnDriver(options), run, shard, executorHost(ctx, shard), listener.port());
                channel = ShardPair.accept(listener, fromEvaluator, run, shard, shards);
            } else {
                TransportOptions toGarbler = link.toPeer(options, "the garbler");
                Rendezvous.Address peer = RendezvousClient.lookup(driverHost, driverPort, toGarbler, run, shard);
                channel = ShardPair.connect(peer.host(), peer.port(), toGarbler, run, shard, shards);
            }
            watch = watch(ctx, channel, shard);
            long peerRows = exchangeRows(channel, inputs.rows());
            long garblerRows = role == Party.GARBLER ? inputs.rows() : peerRows;
            long evaluatorRows = role == Party.GARBLER ? peerRows : inputs.rows();
            ShardShape shape = new ShardShape(shard, shards, garblerRows, evaluatorRows);
            Kernel kernel = Kernels.create();
            YaoSession.Config config = YaoSession.Config.of(scheme, kernel, job.name() + " shard " + shard + " of " + shards, List.of());
            Channel own = channel;
            channel = null; // the run closes it
            YaoSession.Result<?> r = YaoSession.runOver(role, own, config, CoreBridge.engine(job.program(shape)), CoreBridge.feed(inputs.inputs()));
            SparkRun.ShardCosts costs = new SparkRun.ShardCosts(shard, garblerRows, evaluatorRows, r.andGates(), r.costs().bytes(), r.seconds());
            Object value = r.value();
            if (value instanceof Shared s) {
                return new Outcome(null, s.bits().toHex(), s.width(), costs);
            }
            if (value != null && !(value instanceof Serializable)) {
                throw new IllegalStateException("a shard's result must be Serializable to reach the driver, and " + value.getClass().getName() + " is not");
            }
            return new Outcome((Serializable) value, null, 0, costs);
        } finally {
            if (watch != null) {
                watch.interrupt();
            }
            if (channel != null) {
                channel.close();
            }
            if (listener != null) {
                listener.close();
            }
        }
    }

    /** A listener on the first free port of the task's range (or one the system chooses). */
    private NettyTransport.Listener listen(TransportOptions options) {
        for (int p = firstPort; p <= lastPort; p++) {
            try {
                return NettyTransport.listenForMany(null, p, options, 1);
            } catch (ChannelException taken) {
                // in use by another task or program: the next one
            }
        }
        throw new ChannelException("no free port from " + firstPort + " to " + lastPort + " on this executor for the shard's peer");
    }

    /** Says this party's row count and reads the peer's, checked. */
    private static long exchangeRows(Channel channel, long rows) {
        Wire.writeLong(channel, rows);
        channel.flush();
        long peer = Wire.readLong(channel);
        if (peer < 0 || peer > MAX_ROWS) {
            throw new ProtocolException("the peer's task says its partition has " + peer + " rows (0 to 2^40 allowed)");
        }
        return peer;
    }

    /**
     * A thread that ends the session when Spark stops this task (a barrier stage stops all its tasks when one fails,
     * and a cancelled job stops its tasks without always interrupting them), so the peer's task stops too.
     */
    private static Thread watch(BarrierTaskContext ctx, Channel channel, int shard) {
        Thread t = new Thread(() -> {
            try {
                while (!ctx.isInterrupted() && !ctx.isCompleted()) {
                    Thread.sleep(WATCH_MILLIS);
                }
                if (ctx.isInterrupted()) {
                    String why = ctx.getKillReason().isDefined() ? ctx.getKillReason().get() : "stopped by Spark";
                    channel.cancel("shard " + shard + " failed: its task was stopped: " + firstLine(why));
                }
            } catch (InterruptedException e) {
                // the session ended first
            }
        }, "yaostream-shard-watch");
        t.setDaemon(true);
        t.start();
        return t;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    /** The host this task's executor is reached at, as Spark's barrier context gives it. */
    private static String executorHost(BarrierTaskContext ctx, int shard) {
        BarrierTaskInfo[] infos = ctx.getTaskInfos();
        String address = infos.length > shard ? infos[shard].address() : null;
        if (address == null || address.isEmpty()) {
            try {
                return java.net.InetAddress.getLocalHost().getHostAddress();
            } catch (java.net.UnknownHostException e) {
                return "127.0.0.1";
            }
        }
        int colon = address.lastIndexOf(':');
        String host = colon > 0 ? address.substring(0, colon) : address;
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host; // an IPv6 literal
    }

}
