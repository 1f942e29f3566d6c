package io.yaostream.core.ot;

import io.yaostream.core.kernel.Blocks;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.math.ec.ECPoint;

import java.nio.charset.StandardCharsets;

/**
 * Turns a Diffie–Hellman point of one base OT into its 128-bit pad: the first 16 bytes of
 * SHA-256(tag, index, A, B_i, point). Hashing the OT index and the transcript (A, B_i) with the point, as
 * Chou and Orlandi's random-oracle proof asks, makes the pads of different OTs and of different sessions
 * independent even where their points coincide. One instance per thread (it keeps a digest and scratch).
 */
final class BaseOtKeys {
    private static final byte[] TAG = "yaostream base OT v1".getBytes(StandardCharsets.US_ASCII);

    private final SHA256Digest digest = new SHA256Digest();
    private final byte[] encoded = new byte[P256Group.POINT_BYTES];
    private final byte[] hash = new byte[32];
    private final byte[] pointA;

    /** @param pointA the sender's encoded point A, common to all OTs of the batch */
    BaseOtKeys(byte[] pointA) {
        this.pointA = pointA;
    }

    /**
     * Writes the pad of OT {@code index} from the affine point {@code shared} into block {@code block} of
     * {@code out}; the receiver's point B_i is {@code pointsB[offsetB .. offsetB + 65)}.
     */
    void derive(int index, byte[] pointsB, int offsetB, ECPoint shared, long[] out, int block) {
        P256Group.encode(shared, encoded, 0);
        digest.update(TAG, 0, TAG.length);
        digest.update((byte) (index >>> 24));
        digest.update((byte) (index >>> 16));
        digest.update((byte) (index >>> 8));
        digest.update((byte) index);
        digest.update(pointA, 0, pointA.length);
        digest.update(pointsB, offsetB, P256Group.POINT_BYTES);
        digest.update(encoded, 0, encoded.length);
        digest.doFinal(hash, 0);
        out[2 * block] = Blocks.getLong(hash, 0);
        out[2 * block + 1] = Blocks.getLong(hash, 8);
    }
}
