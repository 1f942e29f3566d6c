package io.yaostream.spark.example;

import org.apache.spark.api.java.JavaRDD;
import org.apache.spark.sql.SparkSession;
import scala.Tuple2;

import java.util.HexFormat;

/**
 * The example's files as columns: one value a line, each checked where it is parsed, inside the secure stage's
 * task of the shard it falls in, so a bad line fails the run in one line naming the file and the line.
 */
final class Values {
    private Values() {
    }

    /** The unsigned {@code bits}-bit values of {@code file}, one a line (blank lines skipped), in {@code shards} partitions. */
    static JavaRDD<Long> read(SparkSession spark, String file, int bits, int shards) {
        return lines(spark, file, shards).filter(l -> !l._1().isBlank()).map(l -> parse(file, l._2() + 1, l._1().strip(), bits));
    }

    /** The 16-byte blocks of {@code file}, one as 32 hex digits a line (blank lines skipped). */
    static JavaRDD<byte[]> blocks(SparkSession spark, String file) {
        return spark.read().textFile(file).javaRDD().zipWithIndex().rdd().toJavaRDD()
                .filter(l -> !l._1().isBlank()).map(l -> hex16(l._1().strip(), file + " line " + (l._2() + 1)));
    }

    /** Lines with their numbers from 0, in {@code shards} partitions. */
    private static JavaRDD<Tuple2<String, Long>> lines(SparkSession spark, String file, int shards) {
        JavaRDD<Tuple2<String, Long>> numbered = spark.read().textFile(file).javaRDD().zipWithIndex().rdd().toJavaRDD();
        return numbered.getNumPartitions() == shards ? numbered : numbered.repartition(shards);
    }

    static long parse(String file, long line, String text, int bits) {
        long v;
        try {
            v = Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            v = -1;
            bits = Math.min(bits, 63);
            if (!text.isEmpty() && text.chars().allMatch(Character::isDigit)) {
                throw new IllegalArgumentException(file + " line " + line + ": " + text + " is above 2^" + bits + " - 1");
            }
            throw new IllegalArgumentException(file + " line " + line + ": '" + cut(text) + "' is not an unsigned decimal value");
        }
        if (bits < 64 && v >>> bits != 0) {
            throw new IllegalArgumentException(file + " line " + line + ": " + Long.toUnsignedString(v) + " does not fit in " + bits + " bits");
        }
        return v;
    }

    static byte[] hex16(String text, String where) {
        String t = text.startsWith("0x") ? text.substring(2) : text;
        if (t.length() != 32) {
            throw new IllegalArgumentException(where + ": a 16-byte value is 32 hex digits, not " + t.length());
        }
        try {
            return HexFormat.of().parseHex(t);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": '" + cut(text) + "' is not hex");
        }
    }

    private static String cut(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "...";
    }
}
