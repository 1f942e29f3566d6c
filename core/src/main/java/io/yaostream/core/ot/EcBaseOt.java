package io.yaostream.core.ot;

import io.yaostream.core.curve.Edwards25519;
import io.yaostream.core.curve.EdwardsArithmetic;
import io.yaostream.core.curve.Scalar25519;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;

import java.math.BigInteger;

/**
 * Base OTs by Chou and Orlandi's "simplest OT" (CO15) in its 1-out-of-16 form over edwards25519, each
 * 1-out-of-16 OT carrying four 1-out-of-2 OTs; the public-key work is split over threads as in HS13 §3.1.
 *
 * <p>Protocol, for groups g = 0 .. ceil(count / 4) - 1 of four OTs, with one sender key for the whole batch
 * and c_g in [0, 16) the receiver's four choice bits of group g (bit t for OT 4g + t):
 * <ol>
 * <li>sender: a random, sends A = aG;</li>
 * <li>receiver: checks A, b_g random, sends B_g = b_g G + c_g [8]A (all B_g in one message);</li>
 * <li>sender: for j = 0 .. 15 the key K_j = a [8]B_g - j [64 a^2]G and the pad H(A, g, B_g, j, K_j) of four
 *     blocks, and sends pad_j XOR (the messages of the four OTs picked by the bits of j); the receiver's key
 *     is K_{c_g} = b_g [8]A, so it decrypts exactly the messages of its choices.</li>
 * </ol>
 *
 * <p>Why this protocol: the Diffie–Hellman 1-out-of-2 OTs (CO15, Naor–Pinkas) cost the sender one
 * variable-base multiplication by its secret per OT (128 of them, 100-400 µs each in Java, which alone missed
 * the 10 ms goal), while
 * CO15 gives 1-out-of-n OT for the same single multiplication plus n - 1 point additions (Chou and Orlandi,
 * LATINCRYPT 2015), and a 1-out-of-16 OT on concatenated messages is four 1-out-of-2 OTs
 * (the receiver learns the one concatenation its four bits select, nothing of the others). So the sender
 * makes 32 multiplications for 128 OTs, and the receiver, whose bases G and A are fixed, uses precomputed
 * tables. Against semi-honest parties CO15 is secure under CDH in the random-oracle model, which is all
 * {@link BaseOt} promises: B_g is uniform in the group whatever c_g, so the sender learns nothing, and a
 * receiver able to compute a second key would solve CDH. (Its known flaws concern the UC setting against
 * malicious parties: Genç, Iovino and Rial 2017; Byali, Patra, Ravi and Sarkar 2017.) Hashing the transcript
 * with each key follows their fix. Naor–Pinkas (NP01, which HS13 used) has the same costs per 1-out-of-2 OT
 * but no such batching. edwards25519 rather than secp256r1: complete, cheap formulas over a fast field
 * (see {@link Edwards25519}); a 128-bit curve either way.
 *
 * <p>The cofactor 8 (the group has order 8 l): each party multiplies the other's points by 8 before use,
 * which removes any small-order component the peer could add — from A, to learn the choices from B_g; from
 * B_g, to learn a mod 8 — at the cost of three doublings instead of a multiplication by l. Coordinates must be
 * canonical and on the curve; [8]A and [8]B_g must not be the neutral element, nor any key (B_g among
 * 0 .. 15 [8]A). A point that breaks these rules is a {@link PeerFault} naming the message (1: A, 2: the B_g)
 * and the group; the third message, the encrypted tuples, has no structure to check (any bytes decrypt).
 *
 * <p>Cost: the scalar multiplications, nearly all the work, go to the kernel's {@link EdwardsArithmetic} (in C
 * with the native kernel, about twice as fast as Java's); the checks of the peer's points, the few additions and
 * the hashing stay here. The groups are cut into pieces which {@code threads} threads claim one at a time
 * ({@link ParallelRange}), while every channel read and write stays with the calling thread, one flush per
 * protocol message. The receiver computes b_g G before it reads A, and builds the table of [8]A and computes
 * its keys after sending the B_g, so that work overlaps the sender's. Points are encoded a piece at a time with
 * one field inversion. Not for concurrent use of one channel by two calls; an instance itself holds no state
 * between calls.
 */
public final class EcBaseOt implements BaseOt {
    /** 1-out-of-2 OTs carried by one 1-out-of-16 OT. */
    static final int GROUP = 4;
    /** Keys (and messages) of a 1-out-of-16 OT. */
    static final int KEYS = 1 << GROUP;
    static final int POINT = Edwards25519.POINT_BYTES;
    static final int PAD = BaseOtKeys.PAD_LONGS;
    static final int DIGITS = EdwardsArithmetic.DIGITS;

    private final ParallelRange workers;
    private final EdwardsArithmetic curve;

    /**
     * @param threads threads for the public-key work, at least 1 (1 = all in the calling thread)
     * @param kernel  whose {@link Kernel#edwards25519()} does the scalar multiplications
     */
    public EcBaseOt(int threads, Kernel kernel) {
        workers = new ParallelRange(threads); // which refuses fewer than 1
        curve = kernel.edwards25519();
    }

    /** The point A, then per group of four OTs 16 pads of four blocks. */
    @Override
    public long senderBytes(int count) {
        return onePointAndPads(count);
    }

    /** One point B per group of four OTs. */
    @Override
    public long receiverBytes(int count) {
        return pointPerGroup(count);
    }

    /** The sender's bytes of either form: its one point, then per group of four OTs 16 pads of four blocks. */
    static long onePointAndPads(int count) {
        return POINT + (long) groups(count) * KEYS * PAD * Long.BYTES;
    }

    /** The receiver's bytes of either form: one point per group of four OTs. */
    static long pointPerGroup(int count) {
        return (long) groups(count) * POINT;
    }

    /** Splits the work over as many threads as the machine has cores. */
    public EcBaseOt(Kernel kernel) {
        this(Runtime.getRuntime().availableProcessors(), kernel);
    }

    @Override
    public void send(Channel channel, long[] m0, long[] m1, int count) {
        send(channel, m0, m1, count, () -> { });
    }

    @Override
    public void send(Channel channel, long[] m0, long[] m1, int count, Runnable beforeFirstRead) {
        checkCount(count);
        checkBlocks(m0, count, "m0");
        checkBlocks(m1, count, "m1");
        if (count == 0) {
            beforeFirstRead.run();
            return;
        }
        int groups = groups(count);
        AesCtrRandom random = AesCtrRandom.create();
        BigInteger a = Scalar25519.random(random::nextLong);
        byte[] aDigits = Scalar25519.digits(a);
        byte[] encodedA = new byte[POINT];
        curve.base().multiply(aDigits, 0, 1, encodedA, 0);
        write(channel, encodedA, "sender: sending its point A");

        // K_{j+1} = K_j - [64 a^2]G
        byte[] minusStep = new byte[POINT];
        curve.base().multiply(Scalar25519.digits(Scalar25519.negate(Scalar25519.multiply(a, a.shiftLeft(6)))), 0, 1,
                minusStep, 0);

        beforeFirstRead.run();
        byte[] pointsB = new byte[groups * POINT];
        read(channel, pointsB, "sender: waiting for the receiver's " + groups + " points B");

        long[] ciphertexts = new long[groups * KEYS * PAD];
        workers.forEach(groups, (from, to) -> encryptGroups(curve, encodedA, pointsB, from, to, groups, aDigits, minusStep, m0, m1, count,
                ciphertexts, "message 2", "the sender's [8]A"));
        try {
            channel.writeLongs(ciphertexts, 0, ciphertexts.length);
            channel.flush();
        } catch (ChannelException e) {
            throw fail("sender: sending the " + groups * KEYS + " encrypted message tuples", e);
        }
    }

    @Override
    public void receive(Channel channel, boolean[] choices, long[] out, int count) {
        receiveInTwo(channel, choices, out, count).run();
    }

    @Override
    public Runnable receiveInTwo(Channel channel, boolean[] choices, long[] out, int count) {
        checkCount(count);
        if (choices.length < count) {
            throw new IllegalArgumentException("choices has " + choices.length + " entries, fewer than count " + count);
        }
        checkBlocks(out, count, "out");
        if (count == 0) {
            return () -> { };
        }
        int groups = groups(count);
        int[] chosen = chosenPerGroup(choices, count);
        byte[] b = randomScalars(groups);
        // b_g G does not depend on A: computed while the sender makes A (or A is on its way).
        byte[] pointsBeforeA = new byte[groups * POINT];
        workers.forEach(groups, (from, to) -> curve.base().multiply(b, from, to, pointsBeforeA, from * POINT));

        byte[] encodedA = new byte[POINT];
        read(channel, encodedA, "receiver: waiting for the sender's point A");
        Edwards25519.Point eightA = eightTimes(encodedA, 0, "message 1, point A");
        Edwards25519.Multiples multiplesOfA = new Edwards25519.Multiples(eightA, KEYS - 1);
        byte[] pointsB = new byte[groups * POINT];
        long[] pads = new long[groups * PAD];
        workers.forEach(groups, (from, to) -> addChosenMultiples(pointsBeforeA, multiplesOfA, chosen, from, to, pointsB)); // B_g = b_g G + c_g [8]A
        write(channel, pointsB, "receiver: sending its " + groups + " points B");

        byte[] encodedEightA = new byte[POINT];
        Edwards25519.encode(new Edwards25519.Point[] {eightA}, 0, 1, encodedEightA, 0);
        EdwardsArithmetic.FixedPoint tableOfEightA = curve.fixedPoint(encodedEightA);
        workers.forEach(groups, (from, to) -> receiverPads(tableOfEightA, b, encodedA, pointsB, chosen, from, to, pads));

        return () -> readMessages(channel, groups, chosen, pads, out, count);
    }

    /**
     * The sender's work on groups [from, to) of a batch, the same for both forms of these base OTs: each point B checked
     * and made 8 times itself, the keys K_j = k [8]B_g + j S (one multiplication a group, then additions of S), their pads
     * (hashed with the transcript's first point) and each group's 16 ciphertexts into {@code ciphertexts}. {@code message}
     * names the B's message in a peer fault; {@code base} the point whose small multiples B must not be.
     */
    static void encryptGroups(EdwardsArithmetic curve, byte[] transcriptPoint, byte[] pointsB, int from, int to, int groups, byte[] digits,
                              byte[] step, long[] m0, long[] m1, int count, long[] ciphertexts, String message, String base) {
        int n = to - from;
        Edwards25519.Point[] eightB = new Edwards25519.Point[n];
        for (int g = from; g < to; g++) {
            eightB[g - from] = eightTimes(pointsB, g * POINT, message + ", point B of group " + g + " of " + groups);
        }
        byte[] encodedEightB = new byte[n * POINT];
        Edwards25519.encode(eightB, 0, n, encodedEightB, 0);
        byte[] keys = new byte[n * KEYS * POINT];
        curve.multiplyPoints(encodedEightB, 0, n, digits, step, KEYS, keys, 0);
        BaseOtKeys hash = new BaseOtKeys(transcriptPoint);
        long[] pad = new long[PAD];
        for (int g = from; g < to; g++) {
            hash.startGroup(g, pointsB, g * POINT);
            for (int j = 0; j < KEYS; j++) {
                int key = ((g - from) * KEYS + j) * POINT;
                if (isNeutral(keys, key)) {
                    throw new PeerFault(invalidPoint(message + ", point B of group " + g + " of " + groups)
                            + "[8]B is a small multiple of " + base + ", which would reveal the choices");
                }
                hash.derive(j, keys, key, pad, 0);
                int out = (g * KEYS + j) * PAD;
                for (int t = 0; t < GROUP; t++) {
                    int ot = GROUP * g + t;
                    long[] m = (j >>> t & 1) == 0 ? m0 : m1; // j is public: every j is sent
                    boolean real = ot < count;
                    ciphertexts[out + 2 * t] = pad[2 * t] ^ (real ? m[2 * ot] : 0);
                    ciphertexts[out + 2 * t + 1] = pad[2 * t + 1] ^ (real ? m[2 * ot + 1] : 0);
                }
            }
        }
    }

    /** The receiver's choices packed per group of four OTs: c_g, bit t for OT 4g + t. */
    static int[] chosenPerGroup(boolean[] choices, int count) {
        int[] chosen = new int[groups(count)];
        for (int i = 0; i < count; i++) {
            chosen[i / GROUP] |= (choices[i] ? 1 : 0) << i % GROUP;
        }
        return chosen;
    }

    /** The receiver's fresh secret scalars b_g, one a group, as {@link Scalar25519#digits}, side by side. */
    static byte[] randomScalars(int groups) {
        AesCtrRandom random = AesCtrRandom.create();
        byte[] b = new byte[groups * DIGITS];
        for (int g = 0; g < groups; g++) {
            System.arraycopy(Scalar25519.digits(Scalar25519.random(random::nextLong)), 0, b, g * DIGITS, DIGITS);
        }
        return b;
    }

    /** The receiver's points B_g = b_g G + c_g X of groups [from, to): {@code bG} holds the b_g G, {@code multiples} X's. */
    static void addChosenMultiples(byte[] bG, Edwards25519.Multiples multiples, int[] chosen, int from, int to, byte[] pointsB) {
        Edwards25519.Point[] piece = new Edwards25519.Point[to - from];
        Edwards25519.Cached c = new Edwards25519.Cached();
        Edwards25519.Multiples.Scratch scratch = Edwards25519.Multiples.scratch();
        for (int g = from; g < to; g++) {
            piece[g - from] = Edwards25519.decode(bG, g * POINT); // ours, so on the curve
            multiples.select(chosen[g], c, scratch);
            piece[g - from].add(c);
        }
        Edwards25519.encode(piece, 0, piece.length, pointsB, from * POINT);
    }

    /** The receiver's pads of groups [from, to): its keys b_g P from {@code table} (P the sender's point times 8), hashed. */
    static void receiverPads(EdwardsArithmetic.FixedPoint table, byte[] b, byte[] transcriptPoint, byte[] pointsB, int[] chosen, int from,
                             int to, long[] pads) {
        byte[] keys = new byte[(to - from) * POINT];
        table.multiply(b, from, to, keys, 0);
        BaseOtKeys hash = new BaseOtKeys(transcriptPoint);
        for (int g = from; g < to; g++) {
            hash.startGroup(g, pointsB, g * POINT);
            hash.derive(chosen[g], keys, (g - from) * POINT, pads, g * PAD);
        }
    }

    /** The receiver's second step: the sender's encrypted message tuples, each group's chosen one decrypted into {@code out}. */
    static void readMessages(Channel channel, int groups, int[] chosen, long[] pads, long[] out, int count) {
        long[] ciphertexts = new long[groups * KEYS * PAD];
        try {
            channel.readLongs(ciphertexts, 0, ciphertexts.length);
        } catch (ChannelException e) {
            throw fail("receiver: waiting for the " + groups * KEYS + " encrypted message tuples", e);
        }
        long[] mine = new long[PAD];
        for (int g = 0; g < groups; g++) {
            // Reads all 16 ciphertexts of the group so that the memory accessed does not depend on the choices.
            java.util.Arrays.fill(mine, 0);
            for (int j = 0; j < KEYS; j++) {
                long mask = ((j ^ chosen[g]) - 1L) >> 63;
                for (int i = 0; i < PAD; i++) {
                    mine[i] |= ciphertexts[(g * KEYS + j) * PAD + i] & mask;
                }
            }
            for (int t = 0; t < GROUP && GROUP * g + t < count; t++) {
                int ot = GROUP * g + t;
                out[2 * ot] = mine[2 * t] ^ pads[g * PAD + 2 * t];
                out[2 * ot + 1] = mine[2 * t + 1] ^ pads[g * PAD + 2 * t + 1];
            }
        }
    }

    /**
     * Decodes the peer's point at {@code offset}, checks it and returns 8 times it, which has no small-order
     * component: a non-canonical encoding, a point off the curve or one of small order (whose [8]P is the neutral
     * element, including the neutral element itself) is the peer's fault, named by {@code where}.
     */
    static Edwards25519.Point eightTimes(byte[] encoded, int offset, String where) {
        Edwards25519.Point p = Edwards25519.decode(encoded, offset);
        if (p == null) {
            throw new PeerFault(invalidPoint(where) + Edwards25519.whyInvalid(encoded, offset));
        }
        p.times2Power(3);
        if (p.isIdentity()) {
            throw new PeerFault(invalidPoint(where) + "it has small order (8 times it is the neutral element)");
        }
        return p;
    }

    static String invalidPoint(String where) {
        return "the peer sent an invalid base-OT point (" + where + "): ";
    }

    /** Whether the encoded point at {@code offset} is the neutral element (0, 1). */
    static boolean isNeutral(byte[] encoded, int offset) {
        for (int i = 0; i < POINT; i++) {
            if (encoded[offset + i] != (i == 32 ? 1 : 0)) {
                return false;
            }
        }
        return true;
    }

    static int groups(int count) {
        return (count + GROUP - 1) / GROUP;
    }

    static void write(Channel channel, byte[] bytes, String step) {
        try {
            channel.write(bytes, 0, bytes.length);
            channel.flush();
        } catch (ChannelException e) {
            throw fail(step, e);
        }
    }

    static void read(Channel channel, byte[] bytes, String step) {
        try {
            channel.readFully(bytes, 0, bytes.length);
        } catch (ChannelException e) {
            throw fail(step, e);
        }
    }

    static ChannelException fail(String step, ChannelException cause) {
        return new ChannelException("base OT " + step + ": " + cause.getMessage(), cause);
    }

    static void checkCount(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must not be negative, got " + count);
        }
    }

    static void checkBlocks(long[] blocks, int count, String name) {
        if (blocks.length < 2L * count) {
            throw new IllegalArgumentException(name + " holds " + blocks.length / 2 + " blocks, fewer than count " + count);
        }
    }
}
