package io.yaostream.spark;

import io.yaostream.internal.CoreBridge;
import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.Shared;
import io.yaostream.TwoParty;
import io.yaostream.core.circuit.Party;
import io.yaostream.core.garble.Schemes;
import io.yaostream.core.kernel.Kernels;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.PeerCertificate;
import io.yaostream.core.net.TlsFiles;
import io.yaostream.core.net.TransportOptions;
import io.yaostream.core.protocol.Openings;
import io.yaostream.core.shard.ShardHello;
import io.yaostream.core.twoparty.YaoSession;
import io.yaostream.examples.Minimum;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.rdd.RDD;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.storage.StorageLevel;
import scala.Tuple2;
import scala.reflect.ClassTag;
import scala.reflect.ClassTag$;

import java.math.BigInteger;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;

/**
 * One party of a secure computation run as a Spark application over its own data: partition i of this party's job
 * and partition i of the other party's are one shard pair, a barrier stage runs the K shard sessions at once, and the
 * two drivers run the combining session.
 *
 * <pre>{@code
 * // the garbler's application
 * BigInteger min = SparkParty.garbler(spark).listen(7000).minimum(values, 32, 4).value();
 * // the evaluator's application, elsewhere
 * BigInteger min = SparkParty.evaluator(spark).connect("garbler-driver.example", 7000).minimum(values, 32, 4).value();
 * }</pre>
 *
 * The evaluator's side knows one address, the garbler's driver, which runs a rendezvous there: the evaluator's driver
 * joins (computation, scheme and number of shards must match, or both runs fail in one line), each garbler task
 * registers where it listens, each evaluator task asks and connects to its peer task directly; no shard traffic passes
 * through a driver. The drivers keep their connection open while the stages run: a failed task cancels its job and
 * the peer's, in one line naming the shard and the cause; the secure stage is never retried (a retry would run one
 * party's shards without the other's). Each setter returns a new configuration.
 */
public final class SparkParty {
    /**
     * How long a failed stage's driver waits for the listener event of the task that failed (Spark delivers it apart
     * from the job's own failure, which names no task), so the run's error is the task's one line.
     */
    private static final long FAILURE_EVENT_MILLIS = 2000;
    /** How long a run waits for its cache's blocks to be removed before it returns or fails. */
    private static final long UNPERSIST_MILLIS = 5000;
    /** The local properties {@code setJobGroup} sets, which the run puts back as the caller had them. */
    private static final List<String> JOB_GROUP = List.of("spark.jobGroup.id", "spark.job.description", "spark.job.interruptOnCancel");

    private final Party role;
    private final JavaSparkContext sc;
    private final String host;
    private final int port;
    private final boolean listen;
    private final String scheme;
    private final Duration timeout;
    private final TlsFiles tls;
    /** The peer's certificate, as given (a PEM file's path or {@code sha256:HEX}), or null: the peer is then not identified. */
    private final String peer;
    private final String advertise;
    private final Consumer<String> notices;
    /** The ports garbler tasks may listen on, first to last; 0 to 0 for any the system chooses. */
    private final int[] taskPorts;

    private SparkParty(Party role, JavaSparkContext sc, String host, int port, boolean listen, String scheme, Duration timeout, TlsFiles tls,
                       String peer, String advertise, Consumer<String> notices, int[] taskPorts) {
        this.role = role;
        this.sc = sc;
        this.host = host;
        this.port = port;
        this.listen = listen;
        this.scheme = scheme;
        this.timeout = timeout;
        this.tls = tls;
        this.peer = peer;
        this.advertise = advertise;
        this.notices = notices;
        this.taskPorts = taskPorts;
    }

    /**
     * The garbler's side in this Spark application: say where its driver listens with {@link #listen}.
     *
     * @param spark the application's session
     * @return the garbler's configuration, with the defaults (half-gates, a 30-second timeout, no TLS)
     */
    public static SparkParty garbler(SparkSession spark) {
        return as(Party.GARBLER, JavaSparkContext.fromSparkContext(spark.sparkContext()));
    }

    /**
     * The evaluator's side in this Spark application: say where the garbler's driver is with {@link #connect}.
     *
     * @param spark the application's session
     * @return the evaluator's configuration, with the defaults
     */
    public static SparkParty evaluator(SparkSession spark) {
        return as(Party.EVALUATOR, JavaSparkContext.fromSparkContext(spark.sparkContext()));
    }

    /**
     * A party of role {@code role} in the application of {@code sc}.
     *
     * @param role the garbler or the evaluator
     * @param sc the application's context
     * @return the configuration, with the defaults
     */
    public static SparkParty as(Party role, JavaSparkContext sc) {
        return new SparkParty(role, sc, null, -1, false, Schemes.DEFAULT, TransportOptions.DEFAULT_TIMEOUT, null, null, null, TransportOptions.LOG,
                new int[] {0, 0});
    }

    /**
     * The garbler's driver listens on {@code port} of every interface (0: one the system chooses, said in a notice).
     *
     * @param port the rendezvous port
     * @return a new configuration
     */
    public SparkParty listen(int port) {
        return listen(null, port);
    }

    /**
     * The garbler's driver listens on {@code port} of {@code bindAddress}.
     *
     * @param bindAddress the interface, or null for every one
     * @param port the rendezvous port
     * @return a new configuration
     */
    public SparkParty listen(String bindAddress, int port) {
        if (role != Party.GARBLER) {
            throw new IllegalStateException("the evaluator's driver connects to the garbler's: connect(host, port)");
        }
        checkPort(port, 0);
        return new SparkParty(role, sc, bindAddress, port, true, scheme, timeout, tls, peer, advertise, notices, taskPorts);
    }

    /**
     * The evaluator's driver joins the garbler's at {@code host:port}.
     *
     * @param host the garbler's driver
     * @param port its rendezvous port
     * @return a new configuration
     */
    public SparkParty connect(String host, int port) {
        if (role != Party.EVALUATOR) {
            throw new IllegalStateException("the garbler's driver listens: listen(port)");
        }
        checkPort(port, 1);
        return new SparkParty(role, sc, host, port, false, scheme, timeout, tls, peer, advertise, notices, taskPorts);
    }

    /**
     * The garbling scheme, the same at both parties.
     *
     * @param scheme a scheme's name ({@code half-gates}, ...)
     * @return a new configuration
     */
    public SparkParty scheme(String scheme) {
        Schemes.byName(scheme);
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, tls, peer, advertise, notices, taskPorts);
    }

    /**
     * How long any wait may take: the join, a task's registration and lookup, a connection, a silent peer.
     *
     * @param timeout the timeout
     * @return a new configuration
     */
    public SparkParty timeout(Duration timeout) {
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the timeout must be positive");
        }
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, tls, peer, advertise, notices, taskPorts);
    }

    /**
     * Mutual TLS on the rendezvous, the drivers' link and every shard link: this party's certificate and PKCS#8 key and
     * the certificates that sign the peer's (PEM), readable at these paths by the driver and by every executor.
     *
     * @param certificate this party's certificate chain
     * @param key its private key
     * @param trust the certificates that sign the peer's
     * @return a new configuration
     */
    public SparkParty tls(Path certificate, Path key, Path trust) {
        TlsFiles files = new TlsFiles(certificate, key, trust);
        files.check();
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, files, peer, advertise, notices, taskPorts);
    }

    /**
     * The other party's certificate, which binds every link to it: the evaluator's at the garbler, the garbler's at the
     * evaluator. With it (and {@link #tls}), each link is checked in its TLS handshake to end at that certificate: the
     * evaluator's driver and tasks reach only the garbler's, the garbler's tasks take only the evaluator's tasks, and the
     * garbler's rendezvous takes joins and lookups only from the evaluator's certificate and registrations only from
     * its own (its tasks); each refusal names the certificate presented. Without it, TLS encrypts the links but takes any
     * certificate the trust file signs, and a run says so in a notice at its start. Needs {@link #tls}; each party needs
     * a certificate of its own.
     *
     * @param fileOrFingerprint the peer's certificate as a PEM file readable at this path by the driver and every
     *                          executor (ship it with {@code spark-submit --files}, as the TLS files), or its SHA-256
     *                          fingerprint, {@code sha256:HEX}
     * @return a new configuration
     */
    public SparkParty peerCertificate(String fileOrFingerprint) {
        PeerCertificate.parse(fileOrFingerprint); // a file that cannot be read, or a malformed fingerprint, fails here
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, tls, fileOrFingerprint, advertise, notices, taskPorts);
    }

    /**
     * The address the garbler's executors reach its driver at (default: the address given to {@link #listen(String, int)},
     * or {@code spark.driver.host} when it listens on every interface).
     *
     * @param driverHost the driver's host as the executors see it
     * @return a new configuration
     */
    public SparkParty advertise(String driverHost) {
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, tls, peer, driverHost, notices, taskPorts);
    }

    /**
     * The ports the garbler's tasks listen on for their peers, each task the first free one from {@code first} to
     * {@code last}: for a firewall between the organisations that opens a range (at least as many ports as tasks on an
     * executor). By default each task takes a port the system chooses.
     *
     * @param first the first port
     * @param last the last port
     * @return a new configuration
     */
    public SparkParty taskPorts(int first, int last) {
        if (role != Party.GARBLER) {
            throw new IllegalStateException("only the garbler's tasks listen: taskPorts is the garbler's setting");
        }
        checkPort(first, 1);
        checkPort(last, first);
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, tls, peer, advertise, notices, new int[] {first, last});
    }

    /**
     * Where one-line notices go (the rendezvous's port, requests it refused); the {@code io.yaostream.net} logger by default.
     *
     * @param sink the notices' destination
     * @return a new configuration
     */
    public SparkParty notices(Consumer<String> sink) {
        return new SparkParty(role, sc, host, port, listen, scheme, timeout, tls, peer, advertise, java.util.Objects.requireNonNull(sink), taskPorts);
    }

    /**
     * The minimum of both parties' values, revealed to both: this party's values in {@code shards} partitions.
     *
     * @param values this party's values, unsigned, below 2^bits
     * @param bits their width, 1 to 64, the same at both parties
     * @param shards K, the same at both parties
     * @return the minimum of all values of both parties
     */
    public SparkRun<BigInteger> minimum(Dataset<Long> values, int bits, int shards) {
        return minimum(values.toJavaRDD(), bits, shards);
    }

    /**
     * The minimum of both parties' values, revealed to both, as {@link #minimum(Dataset, int, int)}.
     *
     * @param values this party's values
     * @param bits their width
     * @param shards K
     * @return the minimum
     */
    public SparkRun<BigInteger> minimum(JavaRDD<Long> values, int bits, int shards) {
        SparkJobs.checkBits(bits);
        return run(values, shards, SparkJobs.minimum(bits), Minimum.combine(shards, bits));
    }

    /**
     * The garbler's side of AES-128: its key, over the evaluator's column of blocks in {@code shards} shards. The
     * garbler learns nothing (its result is empty).
     *
     * @param key the 16-byte key
     * @param shards K
     * @return the run, with an empty list
     */
    public SparkRun<List<byte[]>> aesKey(byte[] key, int shards) {
        requireRole(Party.GARBLER, "aesKey");
        JavaRDD<Object> none = sc.parallelize(List.of(), shards);
        SparkRun<List<ArrayList<SparkJobs.Placed>>> r = run(none, shards, SparkJobs.aesKey(key));
        return new SparkRun<>(List.of(), r.shards(), r.andGates(), r.bytes(), r.seconds(), r.prepareSeconds(), r.stageSeconds());
    }

    /**
     * The evaluator's side of AES-128: the ciphertexts of its blocks under the garbler's key, in the blocks' order.
     *
     * @param blocks 16-byte blocks
     * @param shards K
     * @return the ciphertexts, block i's at index i
     */
    public SparkRun<List<byte[]>> aes(JavaRDD<byte[]> blocks, int shards) {
        requireRole(Party.EVALUATOR, "aes");
        ShardHello.checkShards(shards);
        JavaRDD<Tuple2<byte[], Long>> placed = blocks.zipWithIndex().rdd().toJavaRDD();
        SparkRun<List<ArrayList<SparkJobs.Placed>>> r = run(placed, shards, SparkJobs.aesBlocks());
        List<SparkJobs.Placed> all = new ArrayList<>();
        r.value().forEach(all::addAll);
        all.sort(Comparator.comparingLong(SparkJobs.Placed::place));
        List<byte[]> out = new ArrayList<>(all.size());
        all.forEach(p -> out.add(p.ciphertext()));
        return new SparkRun<>(out, r.shards(), r.andGates(), r.bytes(), r.seconds(), r.prepareSeconds(), r.stageSeconds());
    }

    /**
     * The general form without a combining session: each shard's result, in shard order, for shards that reveal
     * their own results.
     *
     * @param <T> a row
     * @param <S> a shard's result, {@link java.io.Serializable}
     * @param rows this party's rows, cut into {@code shards} partitions (repartitioned if they are not)
     * @param shards K, the same at both parties
     * @param job this party's job
     * @return each shard's result
     */
    public <T, S> SparkRun<List<S>> run(JavaRDD<T> rows, int shards, ShardJob<T, S> job) {
        return runOver(rows, shards, job, null);
    }

    /**
     * The general form: each shard ends in a shared result, and the drivers' combining session takes this party's
     * shares in shard order ({@code c.shared()}) and gives the run's result.
     *
     * @param <T> a row
     * @param <R> the result
     * @param rows this party's rows, cut into {@code shards} partitions (repartitioned if they are not)
     * @param shards K, the same at both parties
     * @param job this party's job
     * @param combine the combining program, the same at both parties
     * @return the combining session's result
     */
    public <T, R> SparkRun<R> run(JavaRDD<T> rows, int shards, ShardJob<T, Shared> job, SecureProgram<R> combine) {
        return runOver(rows, shards, job, java.util.Objects.requireNonNull(combine, "combine"));
    }

    @SuppressWarnings("unchecked")
    private <T, R> SparkRun<R> runOver(JavaRDD<T> rows, int shards, ShardJob<T, ?> job, SecureProgram<R> combine) {
        ShardHello.checkShards(shards);
        if (!listen && host == null) {
            throw new IllegalStateException("say where the peer is: listen(port) at the garbler, connect(host, port) at the evaluator");
        }
        long start = System.nanoTime();
        LinkSettings settings = LinkSettings.of(timeout, tls, peer);
        Rendezvous.Roles roles = roles(settings);
        TransportOptions options = settings.options().withNotices(notices);
        JavaRDD<T> parts = rows.getNumPartitions() == shards ? rows : rows.repartition(shards);
        if (listen) {
            long run = new SecureRandom().nextLong();
            try (Rendezvous rendezvous = new Rendezvous(host, port, options, new Rendezvous.Expectation(job.name(), scheme, shards), run, roles)) {
                notices.accept("rendezvous listening on " + rendezvous.address());
                Channel link;
                try {
                    link = rendezvous.awaitPeerDriver();
                } catch (RuntimeException e) {
                    throw new SecureSparkException("the join: " + e.getMessage(), e);
                }
                String driverHost = advertise != null ? advertise : bound(host) ? host : sc.getConf().get("spark.driver.host", "127.0.0.1");
                return (SparkRun<R>) stage(parts, shards, job, combine, run, link, rendezvous::fail, driverHost, rendezvous.port(), options, start);
            }
        }
        RendezvousClient.Joined joined;
        try {
            joined = RendezvousClient.join(host, port, settings.toPeer(options, "the garbler"), job.name(), scheme, shards);
        } catch (RuntimeException e) {
            throw new SecureSparkException("the join: " + e.getMessage(), e);
        }
        return (SparkRun<R>) stage(parts, shards, job, combine, joined.run(), joined.link(), why -> { }, host, port, options, start);
    }

    /**
     * Over the drivers' link: this party's rows read and cut into K cached partitions, both parties ready, the secure
     * stage, then the combining session (if any) over the link. Any failure, here or at the peer, cancels this party's
     * jobs, tells the peer, and ends in one line.
     */
    private <T, R> SparkRun<?> stage(JavaRDD<T> parts, int shards, ShardJob<T, ?> job, SecureProgram<R> combine, long run, Channel linkChannel,
                                     Consumer<String> failRendezvous, String driverHost, int driverPort, TransportOptions options, long start) {
        String group = "yaostream-" + Long.toHexString(run);
        StageWatch watch = new StageWatch(sc, group, group + "-prepare");
        java.util.concurrent.atomic.AtomicBoolean running = new java.util.concurrent.atomic.AtomicBoolean(true);
        DriverLink link = new DriverLink(linkChannel, role == Party.GARBLER ? "the evaluator's" : "the garbler's", timeout, why -> {
            failRendezvous.accept(why);
            if (running.get()) {
                watch.cancel(why);
            }
        });
        // A barrier stage needs its K slots at once; Spark would otherwise retry its own check for minutes (every 15 s,
        // 40 times, by default) before failing the stage. Said to the peer at once, whose run then ends with this line.
        String shortage = slotShortage(shards);
        if (shortage != null) {
            failRendezvous.accept(shortage);
            link.fail(shortage);
            link.close();
            throw new SecureSparkException(shortage, null);
        }
        ShardTask<T> task = new ShardTask<>(role, job, shards, run, driverHost, driverPort, scheme, LinkSettings.of(timeout, tls, peer), taskPorts[0],
                taskPorts[1]);
        String description = "yaostream: " + job.name() + ", " + role.key() + ", " + shards + " shards";
        String[] callerGroup = JOB_GROUP.stream().map(sc::getLocalProperty).toArray(String[]::new);
        // Rows the caller cached already stay as they are, and cached, after the run.
        boolean persisted = parts.getStorageLevel().equals(StorageLevel.NONE());
        boolean secure = false;
        List<ShardTask.Outcome> outcomes;
        double prepareSeconds;
        long stageStart;
        sc.sc().addSparkListener(watch);
        try {
            if (persisted) {
                parts.persist(StorageLevel.MEMORY_AND_DISK());
            }
            sc.setJobGroup(group + "-prepare", description + ", reading the rows", true);
            parts.count(); // the rows read, checked as far as reading goes, and cut into K partitions, before the peer waits on them
            link.ready();
            stageStart = System.nanoTime();
            prepareSeconds = (stageStart - start) / 1e9;
            secure = true;
            sc.setJobGroup(group, description, true);
            ClassTag<ShardTask.Outcome> tag = ClassTag$.MODULE$.apply(ShardTask.Outcome.class);
            RDD<ShardTask.Outcome> out = parts.rdd().barrier().mapPartitions(task, false, tag);
            outcomes = out.toJavaRDD().collect();
        } catch (Throwable e) { // Spark's own exceptions are checked ones, thrown through Scala; an Error must end the peer's run too
            running.set(false);
            String why = watch.awaitFailure(secure, e instanceof io.yaostream.core.net.ChannelException ? 0 : FAILURE_EVENT_MILLIS);
            if (why == null || secure && watch.secureLostItsLink()) {
                // This side's tasks only saw the peer's stop: the peer's driver says what failed there.
                String peer = link.awaitPeerFailure(FAILURE_EVENT_MILLIS);
                why = peer != null ? peer : why != null ? why : StageWatch.firstLine(String.valueOf(e.getMessage()));
            }
            failRendezvous.accept(why);
            link.fail(why);
            link.close();
            if (e instanceof Error error) {
                throw error;
            }
            throw new SecureSparkException(why, e);
        } finally {
            running.set(false);
            for (int i = 0; i < JOB_GROUP.size(); i++) {
                sc.setLocalProperty(JOB_GROUP.get(i), callerGroup[i]); // the caller's job group, if it had one
            }
            sc.sc().removeSparkListener(watch);
            if (persisted) {
                unpersist(parts);
            }
        }
        double stageSeconds = (System.nanoTime() - stageStart) / 1e9;
        Channel free;
        try {
            free = link.finish();
        } catch (RuntimeException e) {
            link.close();
            throw new SecureSparkException(e.getMessage(), e);
        }
        List<SparkRun.ShardCosts> costs = outcomes.stream().map(ShardTask.Outcome::costs).toList();
        long and = costs.stream().mapToLong(SparkRun.ShardCosts::andGates).sum();
        long bytes = costs.stream().mapToLong(SparkRun.ShardCosts::bytes).sum();
        if (combine == null) {
            free.close();
            List<Object> values = new ArrayList<>();
            outcomes.forEach(o -> values.add(o.result(role)));
            return new SparkRun<>(values, costs, and, bytes, (System.nanoTime() - start) / 1e9, prepareSeconds, stageSeconds);
        }
        List<Shared> shares = new ArrayList<>();
        outcomes.forEach(o -> shares.add((Shared) o.result(role)));
        YaoSession.Result<R> combined;
        try {
            YaoSession.Config config = YaoSession.Config.of(scheme, Kernels.create(), job.name() + " combine of " + shards, List.of());
            combined = YaoSession.runOver(role, free, config, CoreBridge.engine(combine), CoreBridge.feed(Inputs.of(shares)));
        } catch (RuntimeException e) {
            throw new SecureSparkException("the combining session: " + e.getMessage(), e);
        }
        return new SparkRun<>(combined.value(), costs, and + combined.andGates(), bytes + combined.costs().bytes(),
                (System.nanoTime() - start) / 1e9, prepareSeconds, stageSeconds);
    }

    /**
     * Who is who on the links, where the peer is identified: this party's certificate and the peer's (checked to
     * differ, or the rendezvous could not tell the evaluator from the garbler's own tasks); null where it is not, said
     * in a notice when TLS is on.
     */
    private Rendezvous.Roles roles(LinkSettings settings) {
        if (peer != null && tls == null) {
            throw new IllegalStateException("a peer certificate is checked by TLS: give tls(certificate, key, trust) too"
                    + " (--tls-cert, --tls-key and --tls-trust on the example)");
        }
        if (!settings.identified()) {
            if (tls != null) {
                notices.accept(io.yaostream.core.net.LinkPolicy.UNIDENTIFIED);
            }
            return null;
        }
        PeerCertificate own = tls.ownCertificate();
        PeerCertificate other = settings.peerCertificate();
        if (own.equals(other)) {
            throw new IllegalStateException("the peer's certificate " + other + " is this party's own: each party needs a certificate of"
                    + " its own, or a link could not tell one party from the other");
        }
        return role == Party.GARBLER ? new Rendezvous.Roles(own, other) : new Rendezvous.Roles(other, own);
    }

    /**
     * Drops the run's cache and waits (a few seconds at most) until its blocks are gone. Dropped without waiting, a large
     * cached partition was still being removed by the block manager's own thread pool when a failed run's application
     * stopped right after; the stop cut the removal, and Spark printed that pool's refusal of the removal's reply as two
     * stack traces on standard error, beside the run's one line.
     */
    private static void unpersist(JavaRDD<?> parts) {
        Thread t = new Thread(() -> {
            try {
                parts.unpersist(true);
            } catch (RuntimeException stopped) {
                // the application is stopping: its blocks go with it
            }
        }, "yaostream-unpersist");
        t.setDaemon(true);
        t.start();
        try {
            t.join(UNPERSIST_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Why this application cannot run the secure stage's {@code shards} tasks at once, or null if it can. A local
     * master's slots are known at once; a cluster's executors may still be registering, so there the check waits for
     * them, up to the timeout.
     */
    private String slotShortage(int shards) {
        long deadline = System.nanoTime() + (sc.isLocal() ? 0 : timeout.toNanos());
        int slots = taskSlots();
        while (slots < shards && System.nanoTime() < deadline) {
            try {
                Thread.sleep(250);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            slots = taskSlots();
        }
        if (slots >= shards) {
            return null;
        }
        return "the " + role.key() + "'s application runs " + slots + " task" + (slots == 1 ? "" : "s") + " at once (master " + sc.master()
                + (sc.isLocal() ? "" : ", after " + Openings.seconds(timeout.toMillis())) + "), and the secure stage's " + shards
                + " tasks must all run at once (a barrier stage): give it at least " + shards + " task slots ("
                + (sc.isLocal() ? "local[" + shards + "]" : "executors × cores per executor / spark.task.cpus") + "), or run at most "
                + Math.max(1, slots) + " shards";
    }

    /**
     * How many tasks this application runs at once: Spark's own count for a barrier stage (its executors' cores over
     * {@code spark.task.cpus}, as the scheduler checks it), or where that is not to be had, its default parallelism.
     */
    private int taskSlots() {
        try {
            org.apache.spark.SparkContext c = sc.sc();
            return c.maxNumConcurrentTasks(c.resourceProfileManager().defaultResourceProfile());
        } catch (LinkageError | RuntimeException e) { // an internal method of Spark's, which another version may lack
            return sc.defaultParallelism();
        }
    }

    /** Whether the rendezvous listens on one address only (which its tasks must then be given), not on every interface. */
    private static boolean bound(String bindAddress) {
        if (bindAddress == null) {
            return false;
        }
        try {
            return !java.net.InetAddress.getByName(bindAddress).isAnyLocalAddress();
        } catch (java.net.UnknownHostException e) {
            return true; // the listener has failed on it already
        }
    }

    private void requireRole(Party expected, String what) {
        if (role != expected) {
            throw new IllegalStateException(what + " is the " + expected.key() + "'s side");
        }
    }

    private static void checkPort(int port, int lowest) {
        if (port < lowest || port > 65535) {
            throw new IllegalArgumentException("port: " + lowest + " to 65535, not " + port);
        }
    }
}
