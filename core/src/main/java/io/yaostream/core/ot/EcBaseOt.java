package io.yaostream.core.ot;

import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;
import org.bouncycastle.math.ec.ECPoint;

import java.math.BigInteger;

/**
 * Base OTs by Chou and Orlandi's "simplest OT" (CO15) over secp256r1, with the public-key work split over
 * threads as in HS13 §3.1.
 *
 * <p>Protocol, for OTs i = 0 .. count-1 with one sender key for the whole batch:
 * <ol>
 * <li>sender: a random, sends A = aG;</li>
 * <li>receiver: b_i random, sends B_i = b_i G + c_i A (all B_i in one message);</li>
 * <li>sender: pads k0_i = H(i, A, B_i, a B_i) and k1_i = H(i, A, B_i, a B_i - a A), sends m0_i ^ k0_i and
 *     m1_i ^ k1_i; receiver: its pad is H(i, A, B_i, b_i A).</li>
 * </ol>
 *
 * <p>Why CO15 rather than Naor–Pinkas (NP01, which HS13 used): for semi-honest parties both cost the same
 * public-key operations per OT (the sender one variable-base multiplication, the receiver two fixed-base
 * ones) and three messages, but CO15 sends one sender point instead of two and is the simpler to get right.
 * Its known flaws concern the UC setting against malicious parties (the claimed UC proof does not hold, see
 * Genç, Iovino and Rial 2017, and Byali, Patra, Ravi and Sarkar 2017); against semi-honest parties it is
 * secure under CDH in the random-oracle model, which is all {@link BaseOt} promises. B_i is uniform whatever
 * c_i is, so the sender learns nothing; the receiver cannot compute the other pad without solving CDH.
 * Points from the peer are validated (uncompressed, on the curve) before use.
 *
 * <p>Cost: where each party spends its time is the scalar multiplications; they run on {@code threads}
 * threads (a chunk of OTs each), while every channel read and write stays with the calling thread, one flush
 * per protocol message. The receiver computes its own pads after sending the B_i, so that work overlaps the
 * sender's. Fixed-base multiplications use comb tables (G's is built once per JVM, A's once per batch);
 * points are normalised a chunk at a time with one field inversion; the sender's aA is computed as (a·a)G.
 * Not for concurrent use of one channel by two calls; an instance itself holds no state between calls.
 */
public final class EcBaseOt implements BaseOt {
    private final int threads;

    /** Splits the work over as many threads as the machine has cores. */
    public EcBaseOt() {
        this(Runtime.getRuntime().availableProcessors());
    }

    /** @param threads threads for the public-key work, at least 1 (1 = all in the calling thread) */
    public EcBaseOt(int threads) {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, got " + threads);
        }
        this.threads = threads;
    }

    @Override
    public void send(Channel channel, long[] m0, long[] m1, int count) {
        checkCount(count);
        checkBlocks(m0, count, "m0");
        checkBlocks(m1, count, "m1");
        if (count == 0) {
            return;
        }
        AesCtrRandom random = AesCtrRandom.create();
        BigInteger a = P256Group.randomScalar(random);
        ECPoint pointA = P256Group.multiplyGenerator(a).normalize();
        ECPoint aA = P256Group.multiplyGenerator(P256Group.multiplyScalars(a, a));
        byte[] encodedA = new byte[P256Group.POINT_BYTES];
        P256Group.encode(pointA, encodedA, 0);
        write(channel, encodedA, "sender: sending its point A");

        byte[] pointsB = new byte[count * P256Group.POINT_BYTES];
        read(channel, pointsB, "sender: waiting for the receiver's " + count + " points B");

        long[] ciphertexts = new long[4 * count];
        try (ParallelRange workers = new ParallelRange(threads, "yaostream-base-ot-sender")) {
            workers.forEach(count, (from, to) -> {
                int n = to - from;
                ECPoint[] shared = new ECPoint[2 * n];
                for (int i = from; i < to; i++) {
                    ECPoint pointB = P256Group.decode(pointsB, i * P256Group.POINT_BYTES,
                            "base OT " + i + ": the receiver's point B");
                    ECPoint aB = P256Group.multiplyVariable(pointB, a);
                    ECPoint other = aB.subtract(aA);
                    if (other.isInfinity()) {
                        throw new IllegalStateException("base OT " + i + ": the receiver's point B equals the sender's A");
                    }
                    shared[2 * (i - from)] = aB;
                    shared[2 * (i - from) + 1] = other;
                }
                P256Group.normalize(shared, 0, 2 * n);
                BaseOtKeys keys = new BaseOtKeys(encodedA);
                long[] pads = new long[4];
                for (int i = from; i < to; i++) {
                    keys.derive(i, pointsB, i * P256Group.POINT_BYTES, shared[2 * (i - from)], pads, 0);
                    keys.derive(i, pointsB, i * P256Group.POINT_BYTES, shared[2 * (i - from) + 1], pads, 1);
                    ciphertexts[4 * i] = m0[2 * i] ^ pads[0];
                    ciphertexts[4 * i + 1] = m0[2 * i + 1] ^ pads[1];
                    ciphertexts[4 * i + 2] = m1[2 * i] ^ pads[2];
                    ciphertexts[4 * i + 3] = m1[2 * i + 1] ^ pads[3];
                }
            });
        }
        try {
            channel.writeLongs(ciphertexts, 0, ciphertexts.length);
            channel.flush();
        } catch (ChannelException e) {
            throw fail("sender: sending the " + count + " encrypted message pairs", e);
        }
    }

    @Override
    public void receive(Channel channel, boolean[] choices, long[] out, int count) {
        checkCount(count);
        if (choices.length < count) {
            throw new IllegalArgumentException("choices has " + choices.length + " entries, fewer than count " + count);
        }
        checkBlocks(out, count, "out");
        if (count == 0) {
            return;
        }
        byte[] encodedA = new byte[P256Group.POINT_BYTES];
        read(channel, encodedA, "receiver: waiting for the sender's point A");
        ECPoint pointA = P256Group.decode(encodedA, 0, "base OT (all " + count + "): the sender's point A");
        P256Group.precompute(pointA);
        AesCtrRandom random = AesCtrRandom.create();
        BigInteger[] b = new BigInteger[count];
        for (int i = 0; i < count; i++) {
            b[i] = P256Group.randomScalar(random);
        }

        byte[] pointsB = new byte[count * P256Group.POINT_BYTES];
        long[] pads = new long[2 * count];
        try (ParallelRange workers = new ParallelRange(threads, "yaostream-base-ot-receiver")) {
            workers.forEach(count, (from, to) -> {
                ECPoint[] chosen = new ECPoint[to - from];
                for (int i = from; i < to; i++) {
                    // Both candidates are computed whatever the choice, so the time taken does not depend on it.
                    ECPoint bG = P256Group.multiplyGenerator(b[i]);
                    ECPoint bGPlusA = bG.add(pointA);
                    chosen[i - from] = choices[i] ? bGPlusA : bG;
                }
                P256Group.normalize(chosen, 0, chosen.length);
                for (int i = from; i < to; i++) {
                    P256Group.encode(chosen[i - from], pointsB, i * P256Group.POINT_BYTES);
                }
            });
            write(channel, pointsB, "receiver: sending its " + count + " points B");
            workers.forEach(count, (from, to) -> {
                ECPoint[] shared = new ECPoint[to - from];
                for (int i = from; i < to; i++) {
                    shared[i - from] = P256Group.multiplyFixed(pointA, b[i]);
                }
                P256Group.normalize(shared, 0, shared.length);
                BaseOtKeys keys = new BaseOtKeys(encodedA);
                for (int i = from; i < to; i++) {
                    keys.derive(i, pointsB, i * P256Group.POINT_BYTES, shared[i - from], pads, i);
                }
            });
        }

        long[] ciphertexts = new long[4 * count];
        try {
            channel.readLongs(ciphertexts, 0, ciphertexts.length);
        } catch (ChannelException e) {
            throw fail("receiver: waiting for the " + count + " encrypted message pairs", e);
        }
        for (int i = 0; i < count; i++) {
            long one = choices[i] ? -1L : 0L;
            out[2 * i] = (ciphertexts[4 * i] & ~one | ciphertexts[4 * i + 2] & one) ^ pads[2 * i];
            out[2 * i + 1] = (ciphertexts[4 * i + 1] & ~one | ciphertexts[4 * i + 3] & one) ^ pads[2 * i + 1];
        }
    }

    private static void write(Channel channel, byte[] bytes, String step) {
        try {
            channel.write(bytes, 0, bytes.length);
            channel.flush();
        } catch (ChannelException e) {
            throw fail(step, e);
        }
    }

    private static void read(Channel channel, byte[] bytes, String step) {
        try {
            channel.readFully(bytes, 0, bytes.length);
        } catch (ChannelException e) {
            throw fail(step, e);
        }
    }

    private static ChannelException fail(String step, ChannelException cause) {
        return new ChannelException("base OT " + step + ": " + cause.getMessage(), cause);
    }

    private static void checkCount(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, got " + count);
        }
    }

    private static void checkBlocks(long[] blocks, int count, String name) {
        if (blocks.length < 2L * count) {
            throw new IllegalArgumentException(name + " holds " + blocks.length / 2 + " blocks, fewer than count " + count);
        }
    }
}
