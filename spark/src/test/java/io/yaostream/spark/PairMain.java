package io.yaostream.spark;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.sql.SparkSession;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * One party's Spark application for the two-application tests: runs the steps it is given in order, each on a port of
 * its own, and prints a line per step, {@code STEP name ok RESULT and=N bytes=N} or {@code STEP name failed MESSAGE},
 * then {@code TIME name SECONDS}. Arguments: {@code garbler|evaluator BASE_PORT CERT_DIR|- STEP...}; the master is
 * {@code local[4]}, or the system property {@code pair.master}. The step {@code slots} is a minimum of 4 shards.
 */
public final class PairMain {
    private PairMain() {
    }

    public static void main(String[] args) throws java.io.IOException {
        boolean garbler = args[0].equals("garbler");
        int base = Integer.parseInt(args[1]);
        Path certs = args[2].equals("-") ? null : Path.of(args[2]);
        String master = System.getProperty("pair.master", "local[4]");
        // Spark's scratch folders in one of the application's own, as the example application has them
        io.yaostream.spark.example.ScratchDir scratch = io.yaostream.spark.example.ScratchDir.create(Path.of(System.getProperty("java.io.tmpdir")));
        try (scratch; SparkSession spark = SparkSession.builder().appName("pair test " + args[0]).master(master)
                .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                .config("spark.local.dir", scratch.path().toString()).getOrCreate()) {
            JavaSparkContext sc = JavaSparkContext.fromSparkContext(spark.sparkContext());
            for (int i = 3; i < args.length; i++) {
                String step = args[i];
                SparkParty party = garbler ? SparkParty.garbler(spark).listen("127.0.0.1", base + i) : SparkParty.evaluator(spark).connect("127.0.0.1", base + i);
                party = party.timeout(Duration.ofSeconds(10)).notices(line -> { });
                if (step.equals("tls") && garbler) {
                    party = party.taskPorts(base + 100, base + 110); // the garbler's tasks on a range, as through a firewall
                }
                if (step.equals("tls") || step.equals("mismatch")) { // each link bound to the other party's certificate
                    String me = garbler ? "garbler" : "evaluator";
                    party = party.tls(certs.resolve(me + ".crt"), certs.resolve(me + ".key"), certs.resolve("ca.crt"))
                            .peerCertificate(certs.resolve((garbler ? "evaluator" : "garbler") + ".crt").toString());
                }
                System.out.println("STEP " + step + " started");
                long began = System.nanoTime();
                List<io.yaostream.core.net.Channel> silent = step.equals("stray") && !garbler ? strangers(base + i) : List.of();
                try {
                    System.out.println("STEP " + step + " ok " + run(step, garbler, party, spark, sc));
                } catch (SecureSparkException e) {
                    System.out.println("STEP " + step + " failed " + e.getMessage());
                } finally {
                    silent.forEach(io.yaostream.core.net.Channel::close);
                    System.out.printf("TIME %s %.1f%n", step, (System.nanoTime() - began) / 1e9);
                }
            }
        }
    }

    /**
     * Strangers at the garbler's rendezvous before the evaluator joins (the step "stray", K = 2): a join of another
     * computation, refused; then 2K + 70 connections that greet and say nothing, more than the rendezvous reads at
     * once, held open through the run.
     */
    private static List<io.yaostream.core.net.Channel> strangers(int port) {
        io.yaostream.core.net.TransportOptions options = io.yaostream.core.net.TransportOptions.defaults().withTimeout(Duration.ofSeconds(10))
                .withNotices(line -> { });
        try {
            RendezvousClient.join("127.0.0.1", port, options, "a stray computation", "half-gates", 2).link().close();
            throw new IllegalStateException("the stray join was taken");
        } catch (io.yaostream.core.program.ProtocolException refused) {
            System.err.println("stray join refused: " + refused.getMessage());
        }
        List<io.yaostream.core.net.Channel> silent = new ArrayList<>();
        for (int i = 0; i < 2 * 2 + 70; i++) {
            silent.add(io.yaostream.core.net.NettyTransport.connect("127.0.0.1", port, options));
        }
        return silent;
    }

    private static String run(String step, boolean garbler, SparkParty party, SparkSession spark, JavaSparkContext sc) {
        switch (step) {
            case "prepare" -> { // the evaluator's rows take 20 s to read, 20 ms a row, so its run is still preparing them
                List<Long> v = PairData.values(garbler, 2000);
                JavaRDD<Long> column = garbler ? sc.parallelize(v, 2) : sc.parallelize(v, 2).map(x -> {
                    Thread.sleep(20);
                    return x;
                });
                SparkRun<java.math.BigInteger> r = party.minimum(column, PairData.BITS, 2);
                return costs(r, r.value().toString());
            }
            case "min1", "min2", "min4", "again", "tls", "stray", "long", "bad", "mismatch", "cached", "slots" -> {
                int k = step.equals("min1") ? 1 : step.equals("min4") || step.equals("slots") ? 4 : step.equals("mismatch") && !garbler ? 3 : 2;
                List<Long> v = PairData.values(garbler, step.equals("long") ? 300_000 : garbler ? 700 : 500);
                if (step.equals("bad") && garbler) {
                    v = new ArrayList<>(v);
                    v.set(5, 1L << PairData.BITS);
                }
                JavaRDD<Long> column = step.equals("cached") // K partitions, cached by the caller at a level of its own
                        ? sc.parallelize(v, k).persist(org.apache.spark.storage.StorageLevel.MEMORY_ONLY()) : sc.parallelize(v, 3);
                SparkRun<java.math.BigInteger> r = step.equals("min2") // a Dataset, as an application holds its column
                        ? party.minimum(spark.createDataset(v, org.apache.spark.sql.Encoders.LONG()), PairData.BITS, k)
                        : party.minimum(column, PairData.BITS, k);
                if (step.equals("cached") && !column.getStorageLevel().equals(org.apache.spark.storage.StorageLevel.MEMORY_ONLY())) {
                    return "the caller's cache was dropped";
                }
                return costs(r, r.value().toString());
            }
            default -> {
                int k = Integer.parseInt(step.substring("aes".length()));
                if (garbler) {
                    return costs(party.aesKey(PairData.KEY, k), "");
                }
                SparkRun<List<byte[]>> r = party.aes(sc.parallelize(PairData.blocks(PairData.aesBlocks(k)), 2), k);
                return costs(r, String.join(",", r.value().stream().map(HexFormat.of()::formatHex).toList()));
            }
        }
    }

    private static String costs(SparkRun<?> r, String value) {
        return value + " and=" + r.andGates() + " bytes=" + r.bytes();
    }
}
