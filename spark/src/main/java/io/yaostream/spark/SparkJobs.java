package io.yaostream.spark;

import io.yaostream.PlainBits;
import io.yaostream.Inputs;
import io.yaostream.SecureProgram;
import io.yaostream.Shared;
import io.yaostream.core.program.InputFeed;
import io.yaostream.examples.Aes;
import io.yaostream.examples.Minimum;
import scala.Tuple2;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** The ready-made jobs: the minimum of both parties' values, and AES of the evaluator's blocks under the garbler's key. */
final class SparkJobs {
    /** Values per subset of the minimum's shard program, half from each party (HS13's strategy C). */
    static final int SUBSET = 500;

    private SparkJobs() {
    }

    static String minimumName(int bits) {
        return "minimum of unsigned " + bits + "-bit values";
    }

    static void checkBits(int bits) {
        if (bits < 1 || bits > 64) {
            throw new IllegalArgumentException("bits: 1 to 64, not " + bits);
        }
    }

    /** Each party's values of one partition; the shard's minimum stays shared until the drivers combine. */
    static ShardJob<Long, Shared> minimum(int bits) {
        checkBits(bits);
        return new ShardJob<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public String name() {
                return minimumName(bits);
            }

            @Override
            public ShardInputs read(Iterator<Long> rows) {
                long[] values = new long[1024];
                int n = 0;
                while (rows.hasNext()) {
                    Long v = rows.next();
                    if (v == null || bits < 64 && (v < 0 || v >>> bits != 0)) {
                        throw new IllegalArgumentException("value " + (v == null ? "null" : Long.toUnsignedString(v)) + " is not an unsigned "
                                + bits + "-bit value");
                    }
                    if (n == values.length) {
                        values = java.util.Arrays.copyOf(values, Math.min(Integer.MAX_VALUE - 8, 2 * n));
                    }
                    values[n++] = v;
                }
                return new ShardInputs(n, Minimum.feed(values, 0, n, bits));
            }

            @Override
            public SecureProgram<Shared> program(ShardShape shape) {
                return Minimum.shard(shape.garblerRows(), shape.evaluatorRows(), bits, SUBSET);
            }
        };
    }

    static final String AES_NAME = "AES-128 of the evaluator's blocks under the garbler's key";

    /** The garbler's side of AES: its key, no rows. */
    static ShardJob<Object, ArrayList<Placed>> aesKey(byte[] key) {
        PlainBits roundKeys = Aes.toBits(Aes.expandKey(key));
        String hex = roundKeys.toHex();
        int width = roundKeys.width();
        return new ShardJob<>() {
            private static final long serialVersionUID = 1L;

            @Override
            public String name() {
                return AES_NAME;
            }

            @Override
            public ShardInputs read(Iterator<Object> rows) {
                if (rows.hasNext()) {
                    throw new IllegalArgumentException("the garbler's side of AES takes a key, not rows");
                }
                return new ShardInputs(0, Inputs.bits(PlainBits.fromHex(hex, width)));
            }

            @Override
            public SecureProgram<ArrayList<Placed>> program(ShardShape shape) {
                return aes(shape.evaluatorRows(), null);
            }
        };
    }

    /** A ciphertext and the place of its block in the evaluator's column. */
    record Placed(long place, byte[] ciphertext) implements java.io.Serializable {
        private static final long serialVersionUID = 1L;
    }

    /** The evaluator's side of AES: blocks with their places in the column, the places kept here. */
    static ShardJob<Tuple2<byte[], Long>, ArrayList<Placed>> aesBlocks() {
        return new ShardJob<>() {
            private static final long serialVersionUID = 1L;
            /** The places of this task's blocks: each task has its own copy of the job, so this is the task's. */
            private transient long[] places;

            @Override
            public String name() {
                return AES_NAME;
            }

            @Override
            public ShardInputs read(Iterator<Tuple2<byte[], Long>> rows) {
                List<PlainBits> blocks = new ArrayList<>();
                List<Long> at = new ArrayList<>();
                while (rows.hasNext()) {
                    Tuple2<byte[], Long> row = rows.next();
                    if (row._1() == null || row._1().length != 16) {
                        throw new IllegalArgumentException("block " + row._2() + " is " + (row._1() == null ? "null" : row._1().length + " bytes")
                                + ", not 16");
                    }
                    blocks.add(Aes.toBits(row._1()));
                    at.add(row._2());
                }
                places = at.stream().mapToLong(Long::longValue).toArray();
                return new ShardInputs(blocks.size(), Inputs.bits(blocks));
            }

            @Override
            public SecureProgram<ArrayList<Placed>> program(ShardShape shape) {
                return aes(shape.evaluatorRows(), places);
            }
        };
    }

    /**
     * AES of {@code blocks} blocks, the ciphertexts to the evaluator with the places of their blocks (the garbler's
     * list is empty, and it has no places).
     */
    private static SecureProgram<ArrayList<Placed>> aes(long blocks, long[] places) {
        if (blocks > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(blocks + " blocks in one shard: at most " + Integer.MAX_VALUE);
        }
        SecureProgram<List<PlainBits>> p = Aes.program((int) blocks);
        return c -> {
            ArrayList<Placed> out = new ArrayList<>();
            int i = 0;
            for (PlainBits b : p.compute(c)) {
                out.add(new Placed(places[i++], Aes.toBytes(b)));
            }
            return out;
        };
    }
}
