package io.yaostream.core.protocol;

import io.yaostream.core.kernel.Blocks;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * The three hashes of the three-party protocol, each SHA-256 under a domain of its own (collision resistant, and a
 * random oracle where the protocol's proof needs one; never the kernel's fixed-key AES hash, MRZ15 §4.1 footnote 5):
 * <ul>
 *   <li>the input commitment {@code Com(label; ρ) = SHA-256("yaostream 3pc commit" ‖ crs ‖ wire ‖ a ‖ label ‖ ρ)},
 *       hiding for any crs (ρ is 128 secret bits) and binding (a collision of SHA-256 otherwise);</li>
 *   <li>the chunk digest {@code SHA-256("yaostream 3pc chunk" ‖ crs ‖ index ‖ length ‖ bytes)} with which a garbler
 *       vouches for a chunk of garbled material that the other garbler sends;</li>
 *   <li>the derivation of the garblers' generators from their shared seed.</li>
 * </ul>
 * Not thread-safe: one per party.
 */
final class ThreeHashes {
    static final int COMMITMENT_BYTES = 32;
    static final int DIGEST_BYTES = 32;
    private static final byte[] COMMIT = "yaostream 3pc commit".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CHUNK = "yaostream 3pc chunk".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] DERIVE = "yaostream 3pc seed ".getBytes(StandardCharsets.US_ASCII);

    private final MessageDigest sha = sha256();
    private final byte[] crs;
    private final byte[] scratch = new byte[16 + 16 + 8 + 1];

    ThreeHashes(byte[] crs) {
        this.crs = crs.clone();
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

    /** The digest of chunk {@code index}: {@code length} bytes of {@code bytes} from 0, into {@code out} at {@code at}. */
    void chunk(long index, byte[] bytes, int length, byte[] out, int at) {
        sha.update(CHUNK);
        sha.update(crs);
        Blocks.putLong(scratch, 0, index);
        Blocks.putLong(scratch, 8, length);
        sha.update(scratch, 0, 16);
        sha.update(bytes, 0, length);
        digestInto(out, at);
    }

    /** A 16-byte key for the garblers' generator {@code purpose}, from their shared seed. */
    static byte[] derive(byte[] seed, String purpose) {
        MessageDigest sha = sha256();
        sha.update(DERIVE);
        sha.update(purpose.getBytes(StandardCharsets.US_ASCII));
        sha.update((byte) 0);
        sha.update(seed);
        return java.util.Arrays.copyOf(sha.digest(), 16);
    }

    private void digestInto(byte[] out, int at) {
        try {
            sha.digest(out, at, 32);
        } catch (java.security.DigestException e) {
            throw new IllegalStateException("the output has room for a SHA-256 digest", e);
        }
    }
}
