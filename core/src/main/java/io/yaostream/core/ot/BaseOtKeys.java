package io.yaostream.core.ot;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.curve.Edwards25519;
import org.bouncycastle.crypto.digests.SHA512Digest;

import java.nio.charset.StandardCharsets;

/**
 * Turns the Diffie–Hellman point K_j of key j of one group of base OTs into its 512-bit pad (four 128-bit
 * blocks): SHA-512(tag, A, group, B, j, K_j). Hashing the transcript (A, B) and the indices with the point,
 * as Chou and Orlandi's random-oracle proof asks, makes the pads of different keys, groups and sessions
 * independent even where their points coincide. The input is laid out so that what the 16 keys of a group
 * share fills the first SHA-512 block, which is compressed once a group. One instance per thread.
 */
final class BaseOtKeys {
    /** Longs of one pad. */
    static final int PAD_LONGS = 8;
    private static final byte[] TAG = "yaostream base OT v2".getBytes(StandardCharsets.US_ASCII);

    private final SHA512Digest digest = new SHA512Digest();
    private final SHA512Digest groupPrefix = new SHA512Digest();
    private final byte[] hash = new byte[64];
    private final byte[] pointA;

    /** @param pointA the sender's encoded point A, common to all OTs of the batch */
    BaseOtKeys(byte[] pointA) {
        this.pointA = pointA;
    }

    /** Starts a group: its receiver point B is {@code pointsB[offsetB .. offsetB + 64)}. */
    void startGroup(int group, byte[] pointsB, int offsetB) {
        groupPrefix.reset();
        groupPrefix.update(TAG, 0, TAG.length);
        groupPrefix.update(pointA, 0, pointA.length);
        groupPrefix.update((byte) (group >>> 24));
        groupPrefix.update((byte) (group >>> 16));
        groupPrefix.update((byte) (group >>> 8));
        groupPrefix.update((byte) group);
        groupPrefix.update(pointsB, offsetB, Edwards25519.POINT_BYTES);
    }

    /**
     * Writes the pad of key {@code j} of the current group, from the encoded point at
     * {@code points[offset ..]}, into {@code out[outOffset .. outOffset + 8)}.
     */
    void derive(int j, byte[] points, int offset, long[] out, int outOffset) {
        digest.reset(groupPrefix);
        digest.update((byte) j);
        digest.update(points, offset, Edwards25519.POINT_BYTES);
        digest.doFinal(hash, 0);
        for (int i = 0; i < PAD_LONGS; i++) {
            out[outOffset + i] = Blocks.getLong(hash, 8 * i);
        }
    }
}
