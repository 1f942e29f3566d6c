package io.yaostream.core.garble;

import io.yaostream.core.kernel.Kernel;

/**
 * The tweakable hash of Guo–Katz–Wang–Yu 2020 from fixed-key AES π: {@code H(x, i) = π(σ(x) ⊕ i) ⊕ σ(x)}
 * with the linear orthomorphism {@code σ(xL || xR) = (xL ⊕ xR) || xL} (xL the high 64 bits). It is
 * circular correlation robust if π is a random permutation, which is what half-gates and GRR3 need.
 *
 * <p>Callers batch: {@link #prepare} writes σ(x) and the AES input of many hashes, one kernel call encrypts
 * them all, {@link #finish} adds σ(x) back. The tweak block is {@code (index, domain)}: gates use domain 0,
 * output decoding domain 1, so no tweak is ever used for two purposes.
 */
final class CorrelationRobustHash {
    static final long GATE_DOMAIN = 0;
    static final long OUTPUT_DOMAIN = 1;

    private CorrelationRobustHash() {
    }

    /** Block k of {@code sigma} := σ(x), block k of {@code aesIn} := σ(x) ⊕ (tweak, domain). */
    static void prepare(long xLo, long xHi, long tweak, long domain, long[] sigma, long[] aesIn, int k) {
        long sLo = xHi;
        long sHi = xHi ^ xLo;
        sigma[2 * k] = sLo;
        sigma[2 * k + 1] = sHi;
        aesIn[2 * k] = sLo ^ tweak;
        aesIn[2 * k + 1] = sHi ^ domain;
    }

    /** Turns the AES outputs in {@code blocks} into hashes by adding σ(x) back. */
    static void finish(long[] blocks, long[] sigma, int count) {
        for (int i = 0; i < 2 * count; i++) {
            blocks[i] ^= sigma[i];
        }
    }

    /** One-off hash of {@code count} prepared blocks (the kernel call in the middle). */
    static void hash(Kernel kernel, long[] aesIn, long[] sigma, int count) {
        kernel.fixedKeyEncrypt(aesIn, aesIn, count);
        finish(aesIn, sigma, count);
    }
}
