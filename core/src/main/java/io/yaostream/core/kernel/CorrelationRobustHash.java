package io.yaostream.core.kernel;

/**
 * The tweakable correlation-robust hash of Guo–Katz–Wang–Yu 2020 from fixed-key AES π:
 * {@code H(x, t) = π(σ(x) ⊕ t) ⊕ σ(x)} with the linear orthomorphism {@code σ(xL || xR) = (xL ⊕ xR) || xL}
 * (xL the high 64 bits). Used by half-gates, output decoding and OT extension; callers keep their uses apart
 * through the tweak block {@code (index, domain)}.
 */
public final class CorrelationRobustHash {
    private CorrelationRobustHash() {
    }

    /**
     * {@code out[i] = H(in[i], (tweaks[i], domain))} for {@code n} blocks, in one kernel call. {@code scratch}
     * holds 2n longs; {@code out} must not be {@code in}.
     */
    public static void hash(Kernel kernel, long[] in, long[] tweaks, long domain, long[] out, long[] scratch, int n) {
        for (int i = 0; i < n; i++) {
            long sLo = in[2 * i + 1];
            long sHi = in[2 * i + 1] ^ in[2 * i];
            scratch[2 * i] = sLo;
            scratch[2 * i + 1] = sHi;
            out[2 * i] = sLo ^ tweaks[i];
            out[2 * i + 1] = sHi ^ domain;
        }
        kernel.fixedKeyEncrypt(out, out, n);
        for (int i = 0; i < 2 * n; i++) {
            out[i] ^= scratch[i];
        }
    }

    /**
     * {@code out[i] = H(in[i], (first + i, domain))} for {@code n} blocks, the consecutive tweaks of OT extension,
     * in one fixed-key call; σ is computed again afterwards rather than kept, so no scratch is needed.
     * {@code out} must not be {@code in}. This is the definition; {@link Kernel#crHashRange} may do it all at once.
     */
    public static void hashRange(Kernel kernel, long[] in, long first, long domain, long[] out, int n) {
        for (int i = 0; i < n; i++) {
            out[2 * i] = in[2 * i + 1] ^ (first + i);
            out[2 * i + 1] = in[2 * i + 1] ^ in[2 * i] ^ domain;
        }
        kernel.fixedKeyEncrypt(out, out, n);
        for (int i = 0; i < n; i++) {
            out[2 * i] ^= in[2 * i + 1];
            out[2 * i + 1] ^= in[2 * i + 1] ^ in[2 * i];
        }
    }

    /**
     * Both hashes of each of {@code n} blocks and of the block XOR an offset s, as the IKNP sender needs them:
     * {@code out[2i] = H(in[i], t_i)} and {@code out[2i + 1] = H(in[i] ⊕ s, t_i)} (blocks; four longs per i),
     * with {@code t_i = (first + i, domain)}. σ is linear, so {@code σ(x ⊕ s) = σ(x) ⊕ σ(s)}: one pass builds
     * all 2n AES inputs, one kernel call encrypts them and one pass adds σ back, with no scratch. This is the
     * definition; {@link Kernel#crHashRangeWithOffset} may do it all at once.
     */
    public static void hashRangeWithOffset(Kernel kernel, long[] in, long offsetLo, long offsetHi, long first,
                                           long domain, long[] out, int n) {
        long sigmaOffsetLo = offsetHi;
        long sigmaOffsetHi = offsetHi ^ offsetLo;
        for (int i = 0; i < n; i++) {
            long sLo = in[2 * i + 1];
            long sHi = in[2 * i + 1] ^ in[2 * i];
            out[4 * i] = sLo ^ (first + i);
            out[4 * i + 1] = sHi ^ domain;
            out[4 * i + 2] = sLo ^ sigmaOffsetLo ^ (first + i);
            out[4 * i + 3] = sHi ^ sigmaOffsetHi ^ domain;
        }
        kernel.fixedKeyEncrypt(out, out, 2 * n);
        for (int i = 0; i < n; i++) {
            long sLo = in[2 * i + 1];
            long sHi = in[2 * i + 1] ^ in[2 * i];
            out[4 * i] ^= sLo;
            out[4 * i + 1] ^= sHi;
            out[4 * i + 2] ^= sLo ^ sigmaOffsetLo;
            out[4 * i + 3] ^= sHi ^ sigmaOffsetHi;
        }
    }

    /**
     * Each of {@code n} blocks hashed under {@code m} tweaks of its own: {@code out[i·m + j] = H(in[from + i], (first +
     * i·m + j, domain))}, the expansion of a one-hot gate's tree nodes and leaves (HK21 Fig. 3). σ is computed once
     * per input block. {@code out} must not be {@code in}. This is the definition; {@link Kernel#crHashExpand} may do
     * it all at once.
     */
    public static void hashExpand(Kernel kernel, long[] in, int from, int n, int m, long first, long domain, long[] out) {
        for (int i = 0; i < n; i++) {
            long sLo = in[2 * (from + i) + 1];
            long sHi = in[2 * (from + i) + 1] ^ in[2 * (from + i)];
            for (int j = 0, k = i * m; j < m; j++, k++) {
                out[2 * k] = sLo ^ (first + k);
                out[2 * k + 1] = sHi ^ domain;
            }
        }
        kernel.fixedKeyEncrypt(out, out, n * m);
        for (int i = 0; i < n; i++) {
            long sLo = in[2 * (from + i) + 1];
            long sHi = in[2 * (from + i) + 1] ^ in[2 * (from + i)];
            for (int j = 0, k = i * m; j < m; j++, k++) {
                out[2 * k] ^= sLo;
                out[2 * k + 1] ^= sHi;
            }
        }
    }
}
