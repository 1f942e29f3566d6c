package io.yaostream.core.threeparty;

import io.yaostream.core.bits.Blocks;
import io.yaostream.core.kernel.Kernel;
import io.yaostream.core.kernel.PolynomialHash;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;

/**
 * The hashes of the three-party protocol:
 * <ul>
 *   <li>the input commitment {@code Com(label; ρ) = SHA-256("yaostream 3pc commit" ‖ crs ‖ wire ‖ a ‖ label ‖ ρ)},
 *       hiding for any crs (ρ is 128 secret bits) and binding (a collision of SHA-256 otherwise), SHA-256 as a random
 *       oracle as MRZ15 §4.1 commits;</li>
 *   <li>the chunk digest with which a garbler vouches for a chunk of garbled material that the other garbler sends: the
 *       {@link PolynomialHash} of the chunk, its length and index under a key P3 drew for that garbler alone and sent it
 *       privately. MRZ15 §3.4 hashes with SHA-256 (collision resistant); a universal hash under a key the sending garbler
 *       never sees is enough under one corruption, and at the kernel's speed rather than SHA-256's it keeps the check
 *       off the critical path (the argument is in docs/three-party.md);</li>
 *   <li>the derivation of the garblers' generators from their shared seed (SHA-256).</li>
 * </ul>
 * Not thread-safe: one per party.
 */
public final class ThreeHashes {
    static final int COMMITMENT_BYTES = 32;
    public static final int DIGEST_BYTES = 16;
    private static final byte[] COMMIT = "yaostream 3pc commit".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DERIVE = "yaostream 3pc seed ".getBytes(StandardCharsets.US_ASCII);

    private final MessageDigest sha = sha256();
    private final byte[] crs;
    private final Kernel kernel;
    private final byte[] scratch = new byte[16 + 16 + 8 + 1];
    private final long[] digest = new long[2];

    ThreeHashes(byte[] crs, Kernel kernel) {
        this.crs = crs.clone();
        this.kernel = kernel;
    }

    static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /**
     * The commitment to the label at block {@code labelBlock} of {@code labels} as index {@code a} of input wire
     * {@code wire}, with coins at block {@code rhoBlock} of {@code rho}, into {@code out} at {@code at}.
     */
    void commit(long wire, int a, long[] labels, int labelBlock, long[] rho, int rhoBlock, byte[] out, int at) {
        sha.update(COMMIT);
        sha.update(crs);
        Blocks.putLong(scratch, 0, wire);
        scratch[8] = (byte) a;
        Blocks.toBytes(labels, labelBlock, scratch, 9, 1);
        Blocks.toBytes(rho, rhoBlock, scratch, 25, 1);
        sha.update(scratch, 0, 41);
        digestInto(out, at);
    }

    /**
     * The digest of chunk {@code index} under the vouching garbler's {@code key}: {@code length} bytes of {@code bytes}
     * from 0, into {@code out} at {@code at}.
     */
    void chunk(PolynomialHash key, long index, byte[] bytes, int length, byte[] out, int at) {
        kernel.polynomialHash(key, bytes, length, index, digest);
        Blocks.toBytes(digest, 0, out, at, 1);
    }

    /** A 16-byte key for the garblers' generator {@code purpose}, from their shared seed. */
    static byte[] derive(byte[] seed, String purpose) {
        MessageDigest sha = sha256();
        sha.update(DERIVE);
        sha.update(purpose.getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) 0);
        sha.update(seed);
        return Arrays.copyOf(sha.digest(), 16);
    }

    private void digestInto(byte[] out, int at) {
        try {
            sha.digest(out, at, 32);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("the output has room for a SHA-256 digest", e);
        }
    }
}
