package io.yaostream.spark.example;

import io.yaostream.core.circuit.Party;
import io.yaostream.spark.SparkParty;
import io.yaostream.spark.SparkRun;
import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.SparkSession;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

import java.math.BigInteger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * The Spark example application: each organisation runs it over its own file, one as the garbler and one as the
 * evaluator, and both print the result. {@code minimum} prints the minimum of both parties' values (one unsigned
 * decimal value per line); {@code aes} encrypts the evaluator's blocks (one 32-digit hex block per line) under the
 * garbler's key and prints the ciphertexts at the evaluator, in order. Run it with {@code spark-submit} on a cluster, or
 * with {@code spark/run-example} on one machine without a Spark installation.
 */
@Command(name = "run-example", mixinStandardHelpOptions = true, subcommands = {RunExample.MinimumExample.class, RunExample.AesExample.class},
        description = "Two Spark applications, one per party, compute on their columns with K shards.")
public final class RunExample implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "say which example: minimum or aes");
    }

    /** A Spark session and the scratch folder it was given, if any: closing stops the session, then deletes the folder. */
    record Application(SparkSession spark, ScratchDir scratch) implements AutoCloseable {
        @Override
        public void close() {
            try {
                spark.stop();
            } finally {
                if (scratch != null) {
                    scratch.close();
                }
            }
        }
    }

    /** What both examples take. */
    abstract static class Common implements Callable<Integer> {
        @CommandLine.Spec
        CommandLine.Model.CommandSpec spec;

        @Option(names = "--role", required = true, paramLabel = "ROLE", description = "garbler or evaluator.")
        String role;

        @Option(names = "--shards", required = true, paramLabel = "K", description = "Shards: partitions of each party's job, the same at both.")
        int shards;

        @Option(names = "--listen", paramLabel = "PORT", description = "The garbler's driver: listen for the evaluator's side on this port.")
        Integer listen;

        @Option(names = "--connect", paramLabel = "HOST:PORT", description = "The evaluator's driver: the garbler's driver's address.")
        String connect;

        @Option(names = "--master", paramLabel = "URL", description = "Spark master (default: spark-submit's, else local[K]).")
        String master;

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30", description = "Longest wait for the peer (default: ${DEFAULT-VALUE}).")
        int timeout;

        @Option(names = "--scheme", paramLabel = "NAME", defaultValue = "half-gates", description = "Garbling scheme, the same at both (default: ${DEFAULT-VALUE}).")
        String scheme;

        @Option(names = "--tls-cert", paramLabel = "FILE", description = "Mutual TLS: this party's certificate (PEM), readable on every node.")
        Path tlsCert;

        @Option(names = "--tls-key", paramLabel = "FILE", description = "Mutual TLS: its PKCS#8 private key (PEM).")
        Path tlsKey;

        @Option(names = "--tls-trust", paramLabel = "FILE", description = "Mutual TLS: the certificates that sign the peer's (PEM).")
        Path tlsTrust;

        @Option(names = "--peer-cert", paramLabel = "PEM", description = "The other party's certificate (PEM, readable on every node,"
                + " or sha256:HEX): every link must end at it, checked in its TLS handshake (needs the --tls-* files).")
        String peerCert;

        @Option(names = "--task-ports", paramLabel = "FIRST-LAST", description = "The garbler: the ports its tasks listen on for "
                + "their peers, each the first free one (default: any the system chooses).")
        String taskPorts;

        @Option(names = "--json", description = "Print the result and costs as one JSON object.")
        boolean json;

        Party party() {
            try {
                return Party.fromKey(role.toLowerCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw usage("--role: garbler or evaluator, not '" + role + "'");
            }
        }

        ParameterException usage(String message) {
            return new ParameterException(spec.commandLine(), message);
        }

        /** The checked options, before Spark starts. */
        void check() {
            party();
            if (shards < 1 || shards > 4096) {
                throw usage("--shards: 1 to 4096, not " + shards);
            }
            if ((listen == null) == (connect == null)) {
                throw usage("give exactly one of --listen PORT (the garbler) and --connect HOST:PORT (the evaluator)");
            }
            if (listen != null && party() != Party.GARBLER || connect != null && party() != Party.EVALUATOR) {
                throw usage("the garbler's driver listens (--listen) and the evaluator's connects (--connect)");
            }
            if (listen != null && (listen < 0 || listen > 65535)) {
                throw usage("--listen: port 0 to 65535, not " + listen);
            }
            if (connect != null && hostPort() == null) {
                throw usage("--connect: HOST:PORT, not '" + connect + "'");
            }
            if (timeout < 1) {
                throw usage("--timeout: at least 1 second, not " + timeout);
            }
            if (taskPorts != null) {
                if (party() != Party.GARBLER) {
                    throw usage("--task-ports: only the garbler's tasks listen");
                }
                portRange();
            }
            int tls = (tlsCert != null ? 1 : 0) + (tlsKey != null ? 1 : 0) + (tlsTrust != null ? 1 : 0);
            if (tls != 0 && tls != 3) {
                throw usage("mutual TLS takes all three of --tls-cert, --tls-key and --tls-trust");
            }
            if (peerCert != null && tls == 0) {
                throw usage("--peer-cert is checked by TLS: give --tls-cert, --tls-key and --tls-trust too");
            }
            if (peerCert != null) {
                try {
                    io.yaostream.core.net.PeerCertificate.parse(peerCert); // before Spark starts
                } catch (io.yaostream.core.net.ChannelException e) {
                    throw usage("--peer-cert: " + e.getMessage());
                }
            }
        }

        /** {@code --task-ports} as its first and last port. */
        int[] portRange() {
            String[] parts = taskPorts.split("-", -1);
            try {
                int first = Integer.parseInt(parts[0].strip());
                int last = Integer.parseInt(parts[parts.length - 1].strip());
                if (parts.length <= 2 && first >= 1 && last >= first && last <= 65535) {
                    return new int[] {first, last};
                }
            } catch (NumberFormatException e) {
                // said below
            }
            throw usage("--task-ports: FIRST-LAST, ports from 1 to 65535, not '" + taskPorts + "'");
        }

        String[] hostPort() {
            int colon = connect.lastIndexOf(':');
            if (colon <= 0) {
                return null;
            }
            try {
                int port = Integer.parseInt(connect.substring(colon + 1));
                return port >= 1 && port <= 65535 ? new String[] {connect.substring(0, colon), String.valueOf(port)} : null;
            } catch (NumberFormatException e) {
                return null;
            }
        }

        /**
         * The application's Spark session. With a local master and no local folder configured, Spark's scratch folders go
         * in a folder of the application's own ({@link ScratchDir}), deleted when the session closes, and by the next
         * application here if this one is killed first.
         */
        Application session(String what) throws java.io.IOException {
            SparkSession.Builder b = SparkSession.builder().appName("yaostream " + what + " (" + party().key() + ")")
                    .config("spark.ui.showConsoleProgress", "false");
            String url = master != null ? master : System.getProperty("spark.master", "local[" + shards + "]");
            if (master != null) {
                b.master(master);
            } else if (System.getProperty("spark.master") == null) {
                b.master(url); // a barrier stage needs a slot for each of its K tasks at once
            }
            ScratchDir scratch = null;
            if (url.startsWith("local") && System.getProperty("spark.local.dir") == null && System.getenv("SPARK_LOCAL_DIRS") == null) {
                scratch = ScratchDir.create(Path.of(System.getProperty("java.io.tmpdir")));
                b.config("spark.local.dir", scratch.path().toString());
            }
            try {
                return new Application(b.getOrCreate(), scratch);
            } catch (RuntimeException e) {
                if (scratch != null) {
                    scratch.close();
                }
                throw e;
            }
        }

        SparkParty party(SparkSession spark) {
            SparkParty p = party() == Party.GARBLER ? SparkParty.garbler(spark).listen(listen) : SparkParty.evaluator(spark)
                    .connect(hostPort()[0], Integer.parseInt(hostPort()[1]));
            p = p.scheme(scheme).timeout(Duration.ofSeconds(timeout)).notices(line -> System.err.println("yaostream-spark: " + line));
            if (taskPorts != null) {
                int[] r = portRange();
                p = p.taskPorts(r[0], r[1]);
            }
            if (tlsCert != null) {
                p = p.tls(tlsCert, tlsKey, tlsTrust);
            }
            return peerCert == null ? p : p.peerCertificate(peerCert);
        }

        /**
         * The run as one JSON object: the result, K, AND gates and bytes of every session, the run's seconds (the join,
         * reading the rows, the secure stage, the combine), the secure stage's alone, the longest shard session's, the Spark
         * session's start, and
         * this process's CPU seconds over the run (with a local master, the executors' too).
         */
        static String json(String result, int shards, SparkRun<?> run, double startSeconds, double cpuSeconds) {
            return String.format(Locale.ROOT, "{\"result\":%s,\"shards\":%d,\"and\":%d,\"bytes\":%d,\"seconds\":%.3f,"
                    + "\"prepareSeconds\":%.3f,\"stageSeconds\":%.3f,\"sessionSeconds\":%.3f,\"sparkStartSeconds\":%.3f,\"cpuSeconds\":%.3f}",
                    result, shards, run.andGates(), run.bytes(), run.seconds(), run.prepareSeconds(), run.stageSeconds(),
                    run.shards().stream().mapToDouble(SparkRun.ShardCosts::seconds).max().orElse(0), startSeconds, cpuSeconds);
        }

        /** This process's CPU time so far, in seconds; -1 where the JVM cannot tell. */
        static double cpu() {
            java.lang.management.OperatingSystemMXBean os = java.lang.management.ManagementFactory.getOperatingSystemMXBean();
            return os instanceof com.sun.management.OperatingSystemMXBean m && m.getProcessCpuTime() >= 0 ? m.getProcessCpuTime() / 1e9 : -1;
        }
    }

    @Command(name = "minimum", mixinStandardHelpOptions = true, description = "The minimum of both parties' unsigned values, one decimal value a line.")
    static final class MinimumExample extends Common {
        @Option(names = "--values", required = true, paramLabel = "FILE", description = "This party's values, one a line (a path every executor reads).")
        String values;

        @Option(names = "--bits", defaultValue = "32", paramLabel = "W", description = "Width of the values, 1 to 64 (default: ${DEFAULT-VALUE}).")
        int bits;

        @Override
        public Integer call() throws java.io.IOException {
            check();
            if (bits < 1 || bits > 64) {
                throw usage("--bits: 1 to 64, not " + bits);
            }
            if (!values.contains("://") && !Files.isReadable(Path.of(values))) {
                // A file that is not there is a failure to act on (exit 1), as ./yaostream has it, not a bad command line.
                throw new IllegalArgumentException("--values: cannot read " + values);
            }
            long t0 = System.nanoTime();
            try (Application app = session("minimum")) {
                SparkSession spark = app.spark();
                double start = (System.nanoTime() - t0) / 1e9;
                JavaRDD<Long> column = Values.read(spark, values, bits, shards);
                double cpu = cpu();
                SparkRun<BigInteger> run = party(spark).minimum(column, bits, shards);
                System.out.println(json ? json(run.value().toString(), shards, run, start, cpu() - cpu) : run.value().toString());
            }
            return 0;
        }
    }

    @Command(name = "aes", mixinStandardHelpOptions = true, description = "AES-128 of the evaluator's blocks (32 hex digits a line) "
            + "under the garbler's key; the evaluator prints the ciphertexts in order.")
    static final class AesExample extends Common {
        @Option(names = "--key", paramLabel = "HEX", description = "The garbler's 16-byte key, 32 hex digits.")
        String key;

        @Option(names = "--blocks", paramLabel = "FILE", description = "The evaluator's blocks, one 32-digit hex block a line.")
        String blocks;

        @Override
        public Integer call() throws java.io.IOException {
            check();
            byte[] k = null;
            if (party() == Party.GARBLER) {
                if (key == null || blocks != null) {
                    throw usage("the garbler gives --key HEX (and no --blocks)");
                }
                k = Values.hex16(key, "--key");
            } else if (blocks == null || key != null) {
                throw usage("the evaluator gives --blocks FILE (and no --key)");
            } else if (!blocks.contains("://") && !Files.isReadable(Path.of(blocks))) {
                throw usage("--blocks: cannot read " + blocks);
            }
            long t0 = System.nanoTime();
            try (Application app = session("aes")) {
                SparkSession spark = app.spark();
                double start = (System.nanoTime() - t0) / 1e9;
                SparkParty p = party(spark);
                double cpu = cpu();
                SparkRun<List<byte[]>> run = k != null ? p.aesKey(k, shards) : p.aes(Values.blocks(spark, blocks), shards);
                HexFormat hex = HexFormat.of();
                List<String> out = run.value().stream().map(hex::formatHex).toList();
                if (json) {
                    String list = out.stream().map(s -> "\"" + s + "\"").reduce((a, b) -> a + "," + b).orElse("");
                    System.out.println(json("[" + list + "]", shards, run, start, cpu() - cpu));
                } else {
                    out.forEach(System.out::println);
                }
            }
            return 0;
        }
    }

    /**
     * Runs an example; a usage error is one line and exit 2, a failed run one line and exit 1.
     *
     * @param args the command line
     */
    public static void main(String[] args) {
        CommandLine cl = new CommandLine(new RunExample());
        cl.setExecutionExceptionHandler((e, line, parsed) -> {
            Throwable t = e;
            while (t instanceof org.apache.spark.SparkException && t.getCause() != null) {
                t = t.getCause();
            }
            System.err.println("yaostream-spark: " + firstLine(String.valueOf(t.getMessage())));
            return 1;
        });
        cl.setParameterExceptionHandler((e, a) -> {
            System.err.println("yaostream-spark: " + e.getMessage());
            System.err.println("(run-example " + (e.getCommandLine().getCommandName().equals("run-example") ? "" : e.getCommandLine().getCommandName() + " ")
                    + "--help lists the options)");
            return 2;
        });
        int code = cl.execute(args);
        System.exit(code);
    }

    static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
