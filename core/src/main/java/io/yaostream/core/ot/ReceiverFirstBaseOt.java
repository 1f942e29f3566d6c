package io.yaostream.core.ot;

import io.yaostream.core.curve.Edwards25519;
import io.yaostream.core.curve.EdwardsArithmetic;
import io.yaostream.core.curve.Scalar25519;
import io.yaostream.core.kernel.AesCtrRandom;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.net.Channel;
import io.yaostream.core.net.ChannelException;

import java.math.BigInteger;

import static io.yaostream.core.ot.EcBaseOt.KEYS;
import static io.yaostream.core.ot.EcBaseOt.PAD;
import static io.yaostream.core.ot.EcBaseOt.POINT;

/**
 * Base OTs whose receiver speaks first: {@link EcBaseOt}'s 1-out-of-16 batches over edwards25519, with the sender's
 * first point A replaced by a fixed point C whose discrete logarithm nobody knows ({@link Edwards25519#hashToPoint}),
 * so that the receiver's message needs nothing from the sender. In OT extension the receiver of the base OTs is the
 * extension's sender (the garbler), so the garbler's first message carries them and the evaluator answers with the
 * pads and its extension columns at once: one flight fewer for the session.
 *
 * <p>Protocol, for groups g of four OTs, c_g in [0, 16) the receiver's four choice bits of group g:
 * <ol>
 * <li>receiver: b_g random, sends B_g = b_g G + c_g C (all B_g in one message);</li>
 * <li>sender: r random, sends U = r G and, for j = 0 .. 15, pad_j XOR (the messages of the four OTs the bits of j
 *     pick), where pad_j = H(U, g, B_g, j, K_j) and K_j = r [8]B_g - j [8 r]C; the receiver's key is
 *     K_{c_g} = b_g [8]U, so it decrypts exactly the messages of its choices.</li>
 * </ol>
 * This is the Bellare–Micali construction with a common random point, in CO15's batched form. Semi-honest security
 * under CDH in the random-oracle model, as {@link BaseOt} promises: B_g is uniform whatever c_g (b_g is), so the
 * sender learns nothing; a receiver that knew a second key K_j would know r (c_g - j) [8]C, the Diffie–Hellman point
 * of U and C, whose logarithms it does not know. Cost as CO15's: the sender one variable-base multiplication per group
 * (with 15 additions of the step), the receiver fixed-base ones.
 *
 * <p>The peer's points are checked as {@link EcBaseOt} checks them (canonical, on the curve, times 8 not neutral, no
 * key neutral), and a point that breaks the rules is a {@link PeerFault} naming the message (1: the B_g, 2: U) and
 * the group. Not for concurrent use of one channel by two calls; an instance holds no state between calls.
 */
public final class ReceiverFirstBaseOt implements BaseOt {
    /** C, times 8 already: in the subgroup of order l. */
    private static final Edwards25519.Point C = Edwards25519.hashToPoint("yaostream receiver-first base OT: C");
    /** C .. 15 C, for the receiver's B_g. */
    private static final Edwards25519.Multiples MULTIPLES_OF_C = new Edwards25519.Multiples(C, KEYS - 1);
    /** [8]C, encoded: the sender's step is -r times it. */
    private static final byte[] ENCODED_EIGHT_C = eightC();

    private final ParallelRange workers;
    private final EdwardsArithmetic curve;

    /**
     * @param threads threads for the public-key work, at least 1 (1 = all in the calling thread)
     * @param kernel  whose {@link Kernel#edwards25519()} does the scalar multiplications
     */
    public ReceiverFirstBaseOt(int threads, Kernel kernel) {
        workers = new ParallelRange(threads); // which refuses fewer than 1
        curve = kernel.edwards25519();
    }

    /** Splits the work over as many threads as the machine has cores. */
    public ReceiverFirstBaseOt(Kernel kernel) {
        this(Runtime.getRuntime().availableProcessors(), kernel);
    }

    private static byte[] eightC() {
        Edwards25519.Point p = new Edwards25519.Point();
        p.set(C);
        p.times2Power(3);
        byte[] encoded = new byte[POINT];
        Edwards25519.encode(new Edwards25519.Point[] {p}, 0, 1, encoded, 0);
        return encoded;
    }

    /** The receiver speaks first: its points B reach the sender before the sender writes anything. */
    @Override
    public boolean receiverFirst() {
        return true;
    }

    /** The point U, then per group of four OTs 16 pads of four blocks. */
    @Override
    public long senderBytes(int count) {
        return EcBaseOt.onePointAndPads(count);
    }

    /** One point B per group of four OTs. */
    @Override
    public long receiverBytes(int count) {
        return EcBaseOt.pointPerGroup(count);
    }

    @Override
    public void send(Channel channel, long[] m0, long[] m1, int count) {
        send(channel, m0, m1, count, () -> { });
    }

    /** {@code beforeFirstRead} runs first: the sender's first act is to read the receiver's points. */
    @Override
    public void send(Channel channel, long[] m0, long[] m1, int count, Runnable beforeFirstRead) {
        EcBaseOt.checkCount(count);
        EcBaseOt.checkBlocks(m0, count, "m0");
        EcBaseOt.checkBlocks(m1, count, "m1");
        beforeFirstRead.run();
        if (count == 0) {
            return;
        }
        int groups = EcBaseOt.groups(count);
        AesCtrRandom random = AesCtrRandom.create();
        BigInteger r = Scalar25519.random(random::nextLong);
        byte[] rDigits = Scalar25519.digits(r);
        byte[] encodedU = new byte[POINT];
        curve.base().multiply(rDigits, 0, 1, encodedU, 0);
        // K_{j+1} = K_j - [8 r]C, by the kernel's variable-base multiplication (steps = 1: no step is added)
        byte[] encodedStep = new byte[POINT];
        curve.multiplyPoints(ENCODED_EIGHT_C, 0, 1, Scalar25519.digits(Scalar25519.negate(r)), ENCODED_EIGHT_C, 1, encodedStep, 0);

        byte[] pointsB = new byte[groups * POINT];
        EcBaseOt.read(channel, pointsB, "sender: waiting for the receiver's " + groups + " points B");
        long[] ciphertexts = new long[groups * KEYS * PAD];
        workers.forEach(groups, (from, to) -> EcBaseOt.encryptGroups(curve, encodedU, pointsB, from, to, groups, rDigits, encodedStep, m0, m1,
                count, ciphertexts, "message 1", "[8]C"));
        try {
            channel.write(encodedU, 0, POINT);
            channel.writeLongs(ciphertexts, 0, ciphertexts.length);
            channel.flush();
        } catch (ChannelException e) {
            throw EcBaseOt.fail("sender: sending its point U and the " + groups * KEYS + " encrypted message tuples", e);
        }
    }

    @Override
    public void receive(Channel channel, boolean[] choices, long[] out, int count) {
        receiveInTwo(channel, choices, out, count).run();
    }

    /**
     * Writes the points B now, with whatever the caller wrote before them (its hello), and returns the step that reads U
     * and the pads, which the caller runs before it reads anything else from the sender.
     */
    @Override
    public Runnable receiveInTwo(Channel channel, boolean[] choices, long[] out, int count) {
        EcBaseOt.checkBlocks(out, count, "out");
        Prepared prepared = prepareReceiver(choices, count);
        if (count == 0) {
            return () -> { };
        }
        EcBaseOt.write(channel, prepared.message(), "receiver: sending its " + EcBaseOt.groups(count) + " points B");
        return prepared.finish(channel, out);
    }

    /** The points B_g = b_g G + c_g C, with what finishing needs (the b_g and the choices). */
    @Override
    public Prepared prepareReceiver(boolean[] choices, int count) {
        EcBaseOt.checkCount(count);
        if (choices.length < count) {
            throw new IllegalArgumentException("choices has " + choices.length + " entries, fewer than count " + count);
        }
        int groups = EcBaseOt.groups(count);
        int[] chosen = EcBaseOt.chosenPerGroup(choices, count);
        byte[] b = EcBaseOt.randomScalars(groups);
        byte[] bG = new byte[groups * POINT];
        workers.forEach(groups, (from, to) -> curve.base().multiply(b, from, to, bG, from * POINT));
        byte[] pointsB = new byte[groups * POINT];
        workers.forEach(groups, (from, to) -> EcBaseOt.addChosenMultiples(bG, MULTIPLES_OF_C, chosen, from, to, pointsB)); // B_g = b_g G + c_g C
        return new Prepared() {
            @Override
            public byte[] message() {
                return pointsB.clone();
            }

            @Override
            public Runnable finish(Channel channel, long[] out) {
                EcBaseOt.checkBlocks(out, count, "out");
                return () -> readAnswer(channel, groups, b, chosen, pointsB, out, count);
            }
        };
    }

    /** The receiver's second step: U, checked; the keys b_g [8]U and their pads; the chosen messages decrypted. */
    private void readAnswer(Channel channel, int groups, byte[] b, int[] chosen, byte[] pointsB, long[] out, int count) {
        if (count == 0) {
            return;
        }
        byte[] encodedU = new byte[POINT];
        EcBaseOt.read(channel, encodedU, "receiver: waiting for the sender's point U");
        Edwards25519.Point eightU = EcBaseOt.eightTimes(encodedU, 0, "message 2, point U");
        byte[] encodedEightU = new byte[POINT];
        Edwards25519.encode(new Edwards25519.Point[] {eightU}, 0, 1, encodedEightU, 0);
        EdwardsArithmetic.FixedPoint tableOfEightU = curve.fixedPoint(encodedEightU);
        long[] pads = new long[groups * PAD];
        workers.forEach(groups, (from, to) -> EcBaseOt.receiverPads(tableOfEightU, b, encodedU, pointsB, chosen, from, to, pads));
        EcBaseOt.readMessages(channel, groups, chosen, pads, out, count);
    }
}
